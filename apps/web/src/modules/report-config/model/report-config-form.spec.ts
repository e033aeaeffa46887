import type { ReportConfig } from '@valuation/contracts';
import { formValuesOf, pickedImageError, pickedKinds, reportTypeFrom, saveBody } from './report-config-form';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const file = (bytes: Uint8Array<ArrayBuffer>, name: string, size = bytes.length) =>
  new File([bytes, new Uint8Array(size - bytes.length)], name);

describe('report configuration form', () => {
  it('remembers the consulting report and falls back to the inquiry report', () => {
    expect(reportTypeFrom('2')).toBe(2);
    expect(reportTypeFrom('1')).toBe(1);
    expect(reportTypeFrom(null)).toBe(1);
    expect(reportTypeFrom('x')).toBe(1);
  });

  it('edits the texts of a loaded configuration', () => {
    const config: ReportConfig = {
      id: 3,
      reportType: 2,
      reportName: '咨询报告',
      reportStatement: '声明',
      reportSign: '落款',
      images: { 1: true, 2: false, 3: false, 4: false, 5: false },
    };
    expect(formValuesOf(config)).toEqual({ reportType: 2, reportName: '咨询报告', reportStatement: '声明', reportSign: '落款' });
  });

  it('sends the id on update, and the sign and images of the consulting report only', () => {
    const licence = file(PNG, 'a.png');
    const seal = file(PNG, 'b.png');
    const values = { reportType: 2 as const, reportName: '名', reportStatement: '声明', reportSign: '落款' };
    expect(saveBody({ id: null, values, files: { 1: licence, 5: seal } })).toEqual({
      reportType: 2,
      reportName: '名',
      reportStatement: '声明',
      reportSign: '落款',
      licenseFile: licence,
      reportSignImgFile: seal,
    });
    expect(saveBody({ id: 9, values: { ...values, reportType: 1 }, files: { 1: licence } })).toEqual({
      id: 9,
      reportType: 1,
      reportName: '名',
      reportStatement: '声明',
    });
    expect(pickedKinds({ 5: seal, 1: licence })).toEqual([1, 5]);
  });

  it('checks a picked image by content and size before it is sent', async () => {
    expect(await pickedImageError(1, file(PNG, '执照.png'))).toBeNull();
    expect(await pickedImageError(1, file(new TextEncoder().encode('%PDF-1.7 xxxx'), '执照.png'))).toBe(
      '图片格式仅支持png、jpg、jpeg、gif',
    );
    expect(await pickedImageError(3, file(PNG, 'sign.png', 2 * 1024 * 1024 + 1))).toBe('估价师签名1图片不能超过2M');
  });
});
