import {
  answerForKind,
  appraisalAnswerSchema,
  appraisalQueueQuerySchema,
  appraisalRefuseSchema,
  AppraisalMsg,
  unitPriceOf,
} from './appraisal-answer.rules';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('appraisal answer rules', () => {
  const base = { id: 5, version: 2, reply: '参考同小区近期成交' };

  it('accepts prices in yuan with up to two decimals, as numbers or strings', () => {
    const parsed = appraisalAnswerSchema.parse({ ...base, totalPrice: '5120000.5', unitPrice: 57207.82 });
    expect(parsed).toEqual({ id: 5, version: 2, totalPrice: 5120000.5, unitPrice: 57207.82, reply: '参考同小区近期成交' });
    expect(appraisalAnswerSchema.parse({ ...base, totalPrice: 0, unitPrice: '0' })).toMatchObject({ totalPrice: 0, unitPrice: 0 });
  });

  it.each([
    [{ totalPrice: -1, unitPrice: 1 }, AppraisalMsg.totalPriceInvalid],
    [{ totalPrice: 1.234, unitPrice: 1 }, AppraisalMsg.totalPriceInvalid],
    [{ totalPrice: 'abc', unitPrice: 1 }, AppraisalMsg.totalPriceInvalid],
    [{ totalPrice: 1, unitPrice: '1.005' }, AppraisalMsg.unitPriceInvalid],
    [{ totalPrice: 1e15, unitPrice: 1 }, AppraisalMsg.totalPriceTooLarge],
    [{ totalPrice: 1, unitPrice: 1e11 }, AppraisalMsg.unitPriceTooLarge],
  ])('refuses the prices %j', (prices, message) => {
    expect(firstMessage(appraisalAnswerSchema.safeParse({ ...base, ...prices }))).toBe(message);
  });

  it('requires a reply of at most 2000 characters', () => {
    expect(firstMessage(appraisalAnswerSchema.safeParse({ ...base, reply: '   ' }))).toBe(AppraisalMsg.replyRequired);
    expect(firstMessage(appraisalAnswerSchema.safeParse({ id: 5, version: 2 }))).toBe(AppraisalMsg.replyRequired);
    expect(firstMessage(appraisalAnswerSchema.safeParse({ ...base, reply: '价'.repeat(2001) }))).toBe(AppraisalMsg.replyTooLong);
    expect(appraisalAnswerSchema.safeParse({ ...base, reply: '价'.repeat(2000) }).success).toBe(true);
  });

  it('requires both prices except for objections, which take the reply only', () => {
    const noPrices = appraisalAnswerSchema.parse({ ...base, totalPrice: '' });
    expect(answerForKind('artificial', noPrices)).toEqual({ ok: false, message: AppraisalMsg.totalPriceRequired });
    expect(answerForKind('review', { ...noPrices, totalPrice: 100 })).toEqual({ ok: false, message: AppraisalMsg.unitPriceRequired });
    expect(answerForKind('objection', { ...noPrices, totalPrice: 100 })).toEqual({ ok: true, answer: { reply: base.reply } });
    expect(answerForKind('review', { ...noPrices, totalPrice: 100, unitPrice: 1 })).toEqual({
      ok: true,
      answer: { totalPrice: 100, unitPrice: 1, reply: base.reply },
    });
  });

  it('requires a refusal reason of at most 500 characters and a version', () => {
    expect(firstMessage(appraisalRefuseSchema.safeParse({ id: 1, version: 1, reason: '' }))).toBe(AppraisalMsg.reasonRequired);
    expect(firstMessage(appraisalRefuseSchema.safeParse({ id: 1, version: 1, reason: '因'.repeat(501) }))).toBe(AppraisalMsg.reasonTooLong);
    expect(firstMessage(appraisalRefuseSchema.safeParse({ id: 1, reason: '资料不全' }))).toBe(AppraisalMsg.versionInvalid);
  });

  it('computes the unit price from the total and the area', () => {
    expect(unitPriceOf(5_120_000, 89.5)).toBe(57206.7);
    expect(unitPriceOf(100, 0)).toBeNull();
    expect(unitPriceOf(null, 80)).toBeNull();
  });

  it('reads the queue filters with their defaults', () => {
    expect(appraisalQueueQuerySchema.parse({})).toEqual({
      pageIndex: 1,
      pageSize: 10,
      kind: 'all',
      state: 'open',
      city: undefined,
      age: undefined,
      mine: false,
    });
    expect(
      appraisalQueueQuerySchema.parse({ kind: 'review', state: 'answered', city: ' 北京 ', age: 'older:7', mine: 'true', pageSize: '50' }),
    ).toMatchObject({
      kind: 'review',
      state: 'answered',
      city: '北京',
      age: { olderThan: 7 },
      mine: true,
      pageSize: 50,
    });
    expect(appraisalQueueQuerySchema.parse({ age: 'within:3' }).age).toEqual({ within: 3 });
    expect(firstMessage(appraisalQueueQuerySchema.safeParse({ age: 'soon' }))).toBe(AppraisalMsg.ageInvalid);
    expect(firstMessage(appraisalQueueQuerySchema.safeParse({ kind: 'other' }))).toBe(AppraisalMsg.kindInvalid);
    expect(firstMessage(appraisalQueueQuerySchema.safeParse({ pageSize: 20 }))).toBe('每页条数只能为10、50、100、200');
  });
});
