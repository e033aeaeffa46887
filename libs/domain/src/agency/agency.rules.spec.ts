import {
  AGENCY_FILE_ACCEPT,
  AGENCY_LIMITS,
  AGENCY_REPORT_TYPE_LABELS,
  AGENCY_STATE_FILTER_LABELS,
  AGENCY_STATE_LABELS,
  agencyFileTypeOf,
  agencyFilterSchema,
  agencyListQuerySchema,
  AgencyMsg,
  agencyPickedFilesProblem,
  agencyPushReportSchema,
  agencyReceiveSchema,
  agencyReportTypeOf,
  agencyRequestSchema,
  checkAgencyFile,
  checkAgencyFiles,
  checkAgencyRequestForm,
  isAgencyPhone,
  matchesAgencyReportType,
} from './agency.rules';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error?.issues[0].message;

const house = {
  cityCode: '440300',
  cityName: '深圳',
  haInfo: { haCode: 'SZ0001', haName: '万科城' },
  cardAddress: '',
  bldgArea: '89.5',
  floor: '6',
};
const request = {
  reportType: '1',
  customerName: '张三',
  customerPhone: '13800138000',
  remark: '',
  evalType: '1',
  houseInfo: JSON.stringify(house),
};

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const zip = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0]);
const pdf = new TextEncoder().encode('%PDF-1.7\n');
/** The header of an OLE2 compound document: signature, class id, minor version 0x3e, major 3, byte order 0xfffe. */
const doc = Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...Array(16).fill(0), 0x3e, 0, 3, 0, 0xfe, 0xff]);
const rar = Uint8Array.from([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x01, 0x00]);
const exe = Uint8Array.from([0x4d, 0x5a, 0x90, 0x00]);
const MB10 = 10 * 1024 * 1024;

describe('institution valuation request (POST api/org/req)', () => {
  it('accepts the modal fields and reads the house information from JSON text', () => {
    const ok = agencyRequestSchema.parse({ ...request, customerName: ' 张三 ', remark: ' 加急 ' });
    expect(ok).toMatchObject({
      reportType: 1,
      customerName: '张三',
      customerPhone: '13800138000',
      remark: '加急',
      evalType: 1,
      houseInfo: { cityCode: '440300', bldgArea: 89.5, floor: '6', haInfo: { haName: '万科城' } },
    });
    expect(agencyRequestSchema.parse({ ...request, reportType: '0', evalType: '2', houseInfo: house })).toMatchObject({
      reportType: 0,
      evalType: 2,
    });
    expect(agencyRequestSchema.parse({ ...request, reportType: false }).reportType).toBe(0);
    expect(agencyRequestSchema.parse({ ...request, evalType: undefined }).evalType).toBe(1);
  });

  it('needs a report type of 1 or 0', () => {
    for (const reportType of [undefined, '', '2', 'formal']) {
      expect(firstMessage(agencyRequestSchema.safeParse({ ...request, reportType }))).toBe('请选择报告类型');
    }
  });

  it('needs a customer name of at most 10 characters', () => {
    expect(firstMessage(agencyRequestSchema.safeParse({ ...request, customerName: '   ' }))).toBe('请输入客户姓名');
    expect(firstMessage(agencyRequestSchema.safeParse({ ...request, customerName: undefined }))).toBe('请输入客户姓名');
    expect(firstMessage(agencyRequestSchema.safeParse({ ...request, customerName: '欧'.repeat(11) }))).toBe('请输入客户姓名');
    expect(agencyRequestSchema.safeParse({ ...request, customerName: '欧'.repeat(10) }).success).toBe(true);
  });

  it('needs a valid contact phone', () => {
    expect(firstMessage(agencyRequestSchema.safeParse({ ...request, customerPhone: '12800138000' }))).toBe('请输入正确联系电话');
    expect(firstMessage(agencyRequestSchema.safeParse({ ...request, customerPhone: '' }))).toBe('请输入正确联系电话');
    expect(agencyRequestSchema.parse({ ...request, customerPhone: ' 0755-12345678 ' }).customerPhone).toBe('0755-12345678');
  });

  it('limits the remark to 2000 characters', () => {
    expect(agencyRequestSchema.safeParse({ ...request, remark: '字'.repeat(2000) }).success).toBe(true);
    expect(firstMessage(agencyRequestSchema.safeParse({ ...request, remark: '字'.repeat(2001) }))).toBe('备注不能超过2000个字');
  });

  it('checks the house information like a manual enquiry', () => {
    const noAddress = JSON.stringify({ ...house, haInfo: { haName: '' }, cardAddress: '' });
    expect(firstMessage(agencyRequestSchema.safeParse({ ...request, houseInfo: noAddress }))).toBe('请输入小区名称或证载地址！');
    expect(firstMessage(agencyRequestSchema.safeParse({ ...request, houseInfo: '{not json' }))).toBe(AgencyMsg.houseInfoInvalid);
    expect(firstMessage(agencyRequestSchema.safeParse({ ...request, houseInfo: '42' }))).toBe(AgencyMsg.houseInfoInvalid);
    expect(firstMessage(agencyRequestSchema.safeParse({ ...request, evalType: '3' }))).toBe(AgencyMsg.evalTypeInvalid);
  });
});

describe('contact phones', () => {
  it.each(['13800138000', '19912345678', '0755-12345678', '010-123456789', '075512345678', '+861381380000'])('accepts %s', (phone) => {
    expect(isAgencyPhone(phone)).toBe(true);
  });

  const refused = [
    '12800138000',
    '1380013800',
    '1380013800012',
    '010-12345678',
    '0755-1234567-',
    '0755--1234567',
    '+86138001380001',
    '1380013800a',
    '',
  ];
  it.each(refused)('refuses %s', (phone) => {
    expect(isAgencyPhone(phone)).toBe(false);
  });
});

describe('receive and reply', () => {
  it('receives with a receiver name of at most 10 characters and a valid phone', () => {
    expect(agencyReceiveSchema.parse({ detailID: '12', receiverName: ' 王五 ', receiverPhone: '13800138000' })).toEqual({
      detailID: 12,
      receiverName: '王五',
      receiverPhone: '13800138000',
    });
    expect(firstMessage(agencyReceiveSchema.safeParse({ detailID: 12, receiverName: '', receiverPhone: '13800138000' }))).toBe(
      '请输入接收人姓名',
    );
    expect(firstMessage(agencyReceiveSchema.safeParse({ detailID: 12, receiverName: '王'.repeat(11), receiverPhone: '13800138000' }))).toBe(
      '请输入接收人姓名',
    );
    expect(firstMessage(agencyReceiveSchema.safeParse({ detailID: 12, receiverName: '王五', receiverPhone: '800-800' }))).toBe(
      '请输入正确联系电话',
    );
    expect(firstMessage(agencyReceiveSchema.safeParse({ detailID: 'x', receiverName: '王五', receiverPhone: '13800138000' }))).toBe(
      AgencyMsg.detailInvalid,
    );
  });

  it('reads the prices of a reply: reportResult the total, reportResultSingle the unit price', () => {
    expect(agencyPushReportSchema.parse({ detailID: 3, reportResult: '3250000.5', reportResultSingle: '36500.25' })).toEqual({
      detailID: 3,
      reportResult: 3250000.5,
      reportResultSingle: 36500.25,
    });
    expect(agencyPushReportSchema.parse({ detailID: 3, reportResult: 0, reportResultSingle: '0.00' })).toMatchObject({
      reportResult: 0,
      reportResultSingle: 0,
    });
  });

  it.each([
    [{ reportResult: '' }, '请输入评估总价'],
    [{ reportResultSingle: undefined }, '请输入评估单价'],
    [{ reportResult: '-1' }, '评估总价不可小于0！'],
    [{ reportResultSingle: '-0.5' }, '评估单价不可小于0！'],
    [{ reportResult: '1.234' }, AgencyMsg.totalPriceInvalid],
    [{ reportResultSingle: '1e5' }, AgencyMsg.unitPriceInvalid],
    [{ reportResult: '123456789012.34' }, AgencyMsg.totalPriceTooLong],
    [{ reportResultSingle: '12345678901' }, AgencyMsg.unitPriceTooLong],
  ])('refuses a reply with %o', (change, message) => {
    expect(firstMessage(agencyPushReportSchema.safeParse({ detailID: 3, reportResult: '100', reportResultSingle: '10', ...change }))).toBe(
      message,
    );
  });

  it('takes the version the caller saw, when it sends one', () => {
    expect(agencyReceiveSchema.parse({ detailID: 12, receiverName: '王五', receiverPhone: '13800138000', version: '3' }).version).toBe(3);
    expect(
      agencyReceiveSchema.parse({ detailID: 12, receiverName: '王五', receiverPhone: '13800138000', version: '' }).version,
    ).toBeUndefined();
    expect(agencyPushReportSchema.parse({ detailID: 3, reportResult: '100', reportResultSingle: '10', version: 2 }).version).toBe(2);
    expect(
      firstMessage(agencyPushReportSchema.safeParse({ detailID: 3, reportResult: '100', reportResultSingle: '10', version: '0' })),
    ).toBe(AgencyMsg.versionInvalid);
    expect(
      firstMessage(agencyReceiveSchema.safeParse({ detailID: 12, receiverName: '王五', receiverPhone: '13800138000', version: 'x' })),
    ).toBe(AgencyMsg.versionInvalid);
  });

  it('allows the longest prices the form allows', () => {
    expect(
      agencyPushReportSchema.safeParse({ detailID: 3, reportResult: '12345678901.34', reportResultSingle: '1234567.89' }).success,
    ).toBe(true);
    expect('12345678901.34'.length).toBe(AGENCY_LIMITS.totalPrice);
  });
});

describe('agency list filters', () => {
  it('uses the spec parameter names, drops blanks and defaults the report type to 2 (all)', () => {
    expect(
      agencyListQuerySchema.parse({
        cityName: ' 深圳 ',
        haName: '',
        cardAddress: 'all',
        beginTime: '2026/01/01',
        endTime: '2026/03/31',
        reportStatus: '0',
      }),
    ).toEqual({
      cityName: '深圳',
      haName: undefined,
      cardAddress: undefined,
      beginTime: '2026/01/01',
      endTime: '2026/03/31',
      reportType: 2,
      reportStatus: undefined,
      pageIndex: 1,
      pageSize: 10,
    });
  });

  it('keeps report type 0 (preliminary) as a real filter', () => {
    expect(agencyFilterSchema.parse({ reportType: '0' }).reportType).toBe(0);
    expect(agencyFilterSchema.parse({ reportType: 1 }).reportType).toBe(1);
    expect(firstMessage(agencyFilterSchema.safeParse({ reportType: '3' }))).toBe(AgencyMsg.reportTypeInvalid);
    expect([matchesAgencyReportType(2, 0), matchesAgencyReportType(0, 0), matchesAgencyReportType(1, 0)]).toEqual([true, true, false]);
  });

  it('checks the state, the dates and the page', () => {
    expect(agencyListQuerySchema.parse({ reportStatus: '3', pageIndex: '2', pageSize: '50' })).toMatchObject({
      reportStatus: 3,
      pageIndex: 2,
      pageSize: 50,
    });
    expect(firstMessage(agencyListQuerySchema.safeParse({ reportStatus: '4' }))).toBe(AgencyMsg.reportStatusInvalid);
    expect(firstMessage(agencyListQuerySchema.safeParse({ beginTime: '2026/03/01', endTime: '2026/02/01' }))).toBe(
      AgencyMsg.dateRangeInvalid,
    );
    expect(firstMessage(agencyListQuerySchema.safeParse({ beginTime: '2017/12/31' }))).toBe('日期不能早于2018/01/01');
    expect(firstMessage(agencyListQuerySchema.safeParse({ endTime: '2026-02-30' }))).toBe(AgencyMsg.dateInvalid);
    expect(agencyListQuerySchema.safeParse({ pageSize: '20' }).success).toBe(false);
  });

  it('labels states and report types', () => {
    expect(AGENCY_STATE_LABELS).toEqual({ 1: '待评估', 2: '评估中', 3: '评估完成' });
    expect(AGENCY_STATE_FILTER_LABELS[0]).toBe('全部');
    expect(AGENCY_REPORT_TYPE_LABELS[agencyReportTypeOf(true)]).toBe('正式报告');
    expect(AGENCY_REPORT_TYPE_LABELS[agencyReportTypeOf(false)]).toBe('预评估报告');
    expect(agencyReportTypeOf(0)).toBe(0);
  });
});

describe('agency attachments', () => {
  it('tells the type by content, a zip named docx being a Word document', () => {
    expect(agencyFileTypeOf(pdf, 'a.pdf')).toBe('application/pdf');
    expect(agencyFileTypeOf(doc, 'a.doc')).toBe('application/msword');
    expect(agencyFileTypeOf(zip, 'a.docx')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(agencyFileTypeOf(zip, 'a.zip')).toBe('application/zip');
    expect(agencyFileTypeOf(exe, 'a.exe')).toBeNull();
  });

  it('takes images, PDF, Word and archives with a request', () => {
    expect(checkAgencyFile('request', '房产证.JPG', 1024, Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toEqual({
      ok: true,
      type: 'image/jpeg',
    });
    expect(checkAgencyFile('request', '合同.pdf', 1024, pdf)).toEqual({ ok: true, type: 'application/pdf' });
    expect(checkAgencyFile('request', '说明.doc', 1024, doc).ok).toBe(true);
    expect(checkAgencyFile('request', '材料.rar', 1024, rar).ok).toBe(true);
    expect(checkAgencyFile('request', '程序.exe', 1024, exe)).toEqual({ ok: false, message: AgencyMsg.requestFileType });
    expect(checkAgencyFile('request', '伪装.pdf', 1024, png)).toEqual({ ok: false, message: AgencyMsg.requestFileType });
  });

  it('refuses a PDF, a Word document or an archive whose head holds HTML or script, whatever its name', () => {
    const withPage = (head: Uint8Array) => Uint8Array.from([...head, ...new TextEncoder().encode('\n<html><script>alert(1)</script>')]);
    for (const [name, head] of [
      ['报告.pdf', pdf],
      ['报告.doc', doc],
      ['报告.docx', zip],
      ['报告.zip', zip],
    ] as const) {
      expect(checkAgencyFile('reply', name, 1024, head).ok).toBe(true);
      expect(checkAgencyFile('reply', name, 1024, withPage(head))).toEqual({ ok: false, message: AgencyMsg.replyFileType });
      expect(checkAgencyFile('request', name, 1024, withPage(head))).toEqual({ ok: false, message: AgencyMsg.requestFileType });
    }
    expect(agencyFileTypeOf(new TextEncoder().encode('%PDF-x<svg>'), 'a.pdf')).toBeNull();
  });

  it('takes only PDF, Word and archives with a reply', () => {
    expect(checkAgencyFile('reply', '报告.pdf', 1024, pdf).ok).toBe(true);
    expect(checkAgencyFile('reply', '报告.docx', 1024, zip).ok).toBe(true);
    expect(checkAgencyFile('reply', '报告.zip', 1024, zip).ok).toBe(true);
    expect(checkAgencyFile('reply', '照片.png', 1024, png)).toEqual({ ok: false, message: AgencyMsg.replyFileType });
    expect(checkAgencyFile('reply', '报告.doc', 1024, pdf)).toEqual({ ok: false, message: AgencyMsg.replyFileType });
  });

  it('refuses empty files and files over 10 MB', () => {
    expect(checkAgencyFile('reply', '报告.pdf', MB10, pdf).ok).toBe(true);
    expect(checkAgencyFile('reply', '报告.pdf', MB10 + 1, pdf)).toEqual({ ok: false, message: '单个文件不可大于10M' });
    expect(checkAgencyFile('request', '报告.pdf', 0, pdf)).toEqual({ ok: false, message: AgencyMsg.fileEmpty });
  });

  it('counts files: a request takes 0 to 5, a reply 1 to 5', () => {
    const file = { name: 'a.pdf', size: 10, head: pdf };
    expect(checkAgencyFiles('request', [])).toEqual({ ok: true, types: [] });
    expect(checkAgencyFiles('request', Array(5).fill(file)).ok).toBe(true);
    expect(checkAgencyFiles('request', Array(6).fill(file))).toEqual({ ok: false, message: AgencyMsg.tooManyFiles });
    expect(checkAgencyFiles('reply', [])).toEqual({ ok: false, message: '请上传评估文件' });
    expect(checkAgencyFiles('reply', [file, { name: 'b.png', size: 10, head: png }])).toEqual({
      ok: false,
      message: AgencyMsg.replyFileType,
    });
    expect(checkAgencyFiles('reply', Array(6).fill(file))).toEqual({ ok: false, message: AgencyMsg.tooManyFiles });
  });

  it('gives the pickers their accept lists and a name-and-size check', () => {
    expect(AGENCY_FILE_ACCEPT.request.split(',')).toEqual(
      expect.arrayContaining(['.png', '.jpg', '.pdf', '.doc', '.docx', '.zip', '.rar']),
    );
    expect(AGENCY_FILE_ACCEPT.reply.split(',')).not.toContain('.png');
    expect(AGENCY_FILE_ACCEPT.reply.split(',')).toEqual(expect.arrayContaining(['.pdf', '.doc', '.docx', '.zip', '.7z']));
    expect(agencyPickedFilesProblem('reply', [{ name: 'a.png', size: 1 }])).toBe(AgencyMsg.replyFileType);
    expect(agencyPickedFilesProblem('request', [{ name: 'a.png', size: MB10 + 1 }])).toBe(AgencyMsg.fileTooBig);
    expect(agencyPickedFilesProblem('request', [{ name: 'noextension', size: 1 }])).toBe(AgencyMsg.requestFileType);
    expect(agencyPickedFilesProblem('request', [{ name: 'a.png', size: 1 }])).toBeNull();
  });
});

describe('agency form checks', () => {
  const form = { reportType: 1, customerName: '张三', customerPhone: '13800138000', remark: '', files: [] };

  it('checks the institution modal in order and returns the first message', () => {
    expect(checkAgencyRequestForm(form)).toEqual({ ok: true });
    expect(checkAgencyRequestForm({ ...form, reportType: null, customerName: '' })).toEqual({ ok: false, message: '请选择报告类型' });
    expect(checkAgencyRequestForm({ ...form, customerName: '', customerPhone: '1' })).toEqual({ ok: false, message: '请输入客户姓名' });
    expect(checkAgencyRequestForm({ ...form, customerName: '张'.repeat(11) })).toEqual({ ok: false, message: '请输入客户姓名' });
    expect(checkAgencyRequestForm({ ...form, customerPhone: '1380013800' })).toEqual({ ok: false, message: '请输入正确联系电话' });
    expect(checkAgencyRequestForm({ ...form, remark: '字'.repeat(2001) })).toEqual({ ok: false, message: AgencyMsg.remarkTooLong });
    expect(checkAgencyRequestForm({ ...form, files: [{ name: 'a.pdf', size: MB10 + 1 }] })).toEqual({
      ok: false,
      message: '单个文件不可大于10M',
    });
  });
});
