import {
  artificialAddSchema,
  artificialIdAddSchema,
  artificialListQuerySchema,
  ArtificialMsg,
  artificialStatusOf,
  checkArtificialForm,
  hasArtificialAddress,
} from './artificial.rules';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error?.issues[0].message;

const house = {
  cityCode: '110100',
  cityName: '北京',
  haInfo: { haCode: '', haName: '春晓花园' },
  cardAddress: '',
  bldgArea: '89.5',
  floor: '6',
};

describe('manual enquiry rules', () => {
  it('accepts a request with a community or a card address and keeps the other house fields', () => {
    const ok = artificialAddSchema.parse({ evalType: '1', reason: '1', otherReason: '', remark: ' 急 ', houseInfo: house });
    expect(ok).toMatchObject({
      evalType: 1,
      reason: 1,
      remark: '急',
      houseInfo: { cityCode: '110100', bldgArea: 89.5, floor: '6', haInfo: { haName: '春晓花园' } },
    });
    const byAddress = artificialAddSchema.safeParse({
      evalType: 2,
      reason: 2,
      houseInfo: { cityCode: '110100', cardAddress: '朝阳区团结湖路385号' },
    });
    expect(byAddress.success).toBe(true);
  });

  it('asks for a community name or a card address', () => {
    const r = artificialAddSchema.safeParse({
      evalType: 1,
      reason: 1,
      houseInfo: { cityCode: '110100', haInfo: { haName: '  ' }, cardAddress: ' ' },
    });
    expect(firstMessage(r)).toBe('请输入小区名称或证载地址！');
  });

  it('needs the other reason for reason 3 and limits the texts', () => {
    expect(firstMessage(artificialAddSchema.safeParse({ evalType: 1, reason: 3, otherReason: ' ', houseInfo: house }))).toBe(
      '请输入其他原因',
    );
    expect(firstMessage(artificialAddSchema.safeParse({ evalType: 1, reason: 3, otherReason: '字'.repeat(201), houseInfo: house }))).toBe(
      ArtificialMsg.otherReasonTooLong,
    );
    expect(firstMessage(artificialAddSchema.safeParse({ evalType: 1, reason: 1, remark: '字'.repeat(2001), houseInfo: house }))).toBe(
      ArtificialMsg.remarkTooLong,
    );
    expect(artificialAddSchema.safeParse({ evalType: 1, reason: 1, remark: '字'.repeat(2000), houseInfo: house }).success).toBe(true);
    expect(firstMessage(artificialAddSchema.safeParse({ evalType: 1, reason: 4, houseInfo: house }))).toBe(ArtificialMsg.reasonInvalid);
    expect(firstMessage(artificialAddSchema.safeParse({ evalType: 3, reason: 1, houseInfo: house }))).toBe(ArtificialMsg.evalTypeInvalid);
  });

  it('checks a request from a valuation: initiate 1 and an evalCode', () => {
    expect(artificialIdAddSchema.parse({ sourceId: 'GZ202611220001', evalType: '2', reason: '2' })).toMatchObject({
      initiate: 1,
      sourceId: 'GZ202611220001',
      evalType: 2,
    });
    expect(firstMessage(artificialIdAddSchema.safeParse({ initiate: 2, sourceId: 'X1', evalType: 1, reason: 1 }))).toBe(
      ArtificialMsg.initiateInvalid,
    );
    expect(firstMessage(artificialIdAddSchema.safeParse({ sourceId: "1' OR 1=1", evalType: 1, reason: 1 }))).toBe(
      ArtificialMsg.sourceInvalid,
    );
  });

  it('checks the modal like the server', () => {
    // Nothing is chosen for the user: submitting without a reason is refused.
    expect(checkArtificialForm({ reason: null, otherReason: '', remark: '' })).toEqual({ ok: false, message: '请选择询价原因' });
    expect(checkArtificialForm({ reason: 3, otherReason: '', remark: '' })).toEqual({ ok: false, message: '请输入其他原因' });
    expect(checkArtificialForm({ reason: 1, otherReason: '', remark: '字'.repeat(2001) })).toEqual({
      ok: false,
      message: ArtificialMsg.remarkTooLong,
    });
    expect(checkArtificialForm({ reason: 2, otherReason: '', remark: '' })).toEqual({ ok: true });
    expect(hasArtificialAddress({ haInfo: { haName: '' }, cardAddress: ' ' })).toBe(false);
    expect(hasArtificialAddress({ haInfo: null, cardAddress: '团结湖路' })).toBe(true);
  });

  it('reads the list filters: status 0 is all, 1 unprocessed, 2 processed, 3 withdrawn', () => {
    expect(artificialListQuerySchema.parse({ status: '0', beginDate: '2026/01/01', pageSize: '50' })).toMatchObject({
      status: undefined,
      beginDate: '2026/01/01',
      pageIndex: 1,
      pageSize: 50,
    });
    expect(artificialListQuerySchema.parse({ status: '2' }).status).toBe(2);
    expect(artificialListQuerySchema.parse({ status: '3' }).status).toBe(3);
    expect(artificialListQuerySchema.safeParse({ status: '4' }).success).toBe(false);
    expect(artificialListQuerySchema.safeParse({ pageSize: '20' }).success).toBe(false);
    expect([1, 2, 3, 4].map(artificialStatusOf)).toEqual([1, 2, 2, 3]);
  });
});
