import { validate } from '../validation/validate';
import {
  REPORT_CONFIG_DEFAULTS,
  REPORT_TYPE_LABELS,
  reportConfigQuerySchema,
  reportConfigTextSchema,
  reportConfigUpdateSchema,
  ReportConfigMsg,
  textLength,
} from './report-config.rules';

const form = (over: Record<string, unknown> = {}) => ({
  reportType: '2',
  reportName: '咨询报告',
  reportStatement: '声明',
  reportSign: '某某估价公司',
  ...over,
});
const messageOf = (input: unknown, schema: typeof reportConfigTextSchema | typeof reportConfigUpdateSchema = reportConfigTextSchema) => {
  const r = validate(schema, input);
  return r.ok ? null : r.message;
};

describe('report configuration texts', () => {
  it('accepts a form, trimming the texts and turning the report type into a number', () => {
    expect(validate(reportConfigTextSchema, form({ reportName: '  询价报告 ', reportType: 1 }))).toEqual({
      ok: true,
      value: { reportType: 1, reportName: '询价报告', reportStatement: '声明', reportSign: '某某估价公司' },
    });
  });

  it('requires a name of at most 20 characters', () => {
    expect(messageOf(form({ reportName: '' }))).toBe('请输入报告名称');
    expect(messageOf(form({ reportName: '   ' }))).toBe('请输入报告名称');
    expect(messageOf(form({ reportName: undefined }))).toBe('请输入报告名称');
    expect(messageOf(form({ reportName: '报'.repeat(20) }))).toBeNull();
    expect(messageOf(form({ reportName: '报'.repeat(21) }))).toBe('报告名称不能超过20个字');
  });

  it('allows an empty statement and at most 2000 characters, counting line ends once', () => {
    expect(messageOf(form({ reportStatement: '' }))).toBeNull();
    expect(messageOf(form({ reportStatement: undefined }))).toBeNull();
    expect(messageOf(form({ reportStatement: '声'.repeat(2000) }))).toBeNull();
    expect(messageOf(form({ reportStatement: '声'.repeat(2001) }))).toBe('报告声明不能超过2000个字');
    const crlf = `${'声'.repeat(999)}\r\n${'明'.repeat(1000)}`;
    const parsed = validate(reportConfigTextSchema, form({ reportStatement: crlf }));
    expect(parsed.ok && parsed.value.reportStatement).toBe(`${'声'.repeat(999)}\n${'明'.repeat(1000)}`);
  });

  it('allows a sign of at most 50 characters', () => {
    expect(messageOf(form({ reportSign: '' }))).toBeNull();
    expect(messageOf(form({ reportSign: '落'.repeat(50) }))).toBeNull();
    expect(messageOf(form({ reportSign: '落'.repeat(51) }))).toBe('落款不能超过50个字');
  });

  it('counts characters as the database does, an emoji once', () => {
    expect(textLength('估价😀')).toBe(3);
    expect(messageOf(form({ reportName: '😀'.repeat(20) }))).toBeNull();
  });

  it('names every failing field', () => {
    const r = validate(reportConfigTextSchema, form({ reportName: '', reportStatement: '声'.repeat(2001), reportSign: '落'.repeat(51) }));
    expect(r).toMatchObject({
      ok: false,
      message: ReportConfigMsg.nameRequired,
      errors: { reportName: '请输入报告名称', reportStatement: '报告声明不能超过2000个字', reportSign: '落款不能超过50个字' },
    });
  });

  it('takes report type 1 or 2 only', () => {
    expect(validate(reportConfigQuerySchema, { reportType: '1' })).toEqual({ ok: true, value: { reportType: 1 } });
    for (const bad of [undefined, '', '3', '0', 'x', '1.5']) {
      expect(validate(reportConfigQuerySchema, { reportType: bad })).toMatchObject({ ok: false, message: '报告类型不正确' });
    }
  });

  it('needs the id of the configuration on update', () => {
    expect(messageOf(form(), reportConfigUpdateSchema)).toBe(ReportConfigMsg.idRequired);
    expect(messageOf(form({ id: 'abc' }), reportConfigUpdateSchema)).toBe(ReportConfigMsg.idRequired);
    expect(validate(reportConfigUpdateSchema, form({ id: '7' }))).toMatchObject({ ok: true, value: { id: 7, reportType: 2 } });
  });

  it('has defaults for both report types that pass the rules', () => {
    expect(REPORT_TYPE_LABELS).toEqual({ 1: '询价报告', 2: '咨询报告' });
    expect(REPORT_CONFIG_DEFAULTS[1].reportName).toBe('询价报告');
    expect(REPORT_CONFIG_DEFAULTS[2].reportName).toBe('咨询报告');
    for (const type of [1, 2] as const) {
      expect(validate(reportConfigTextSchema, { reportType: type, ...REPORT_CONFIG_DEFAULTS[type] }).ok).toBe(true);
      expect(REPORT_CONFIG_DEFAULTS[type].reportStatement.length).toBeGreaterThan(50);
    }
  });
});
