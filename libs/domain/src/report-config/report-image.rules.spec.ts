import { validate } from '../validation/validate';
import {
  checkReportImage,
  detectImageFormat,
  REPORT_IMAGE_LARGE_BYTES,
  REPORT_IMAGE_RULES,
  REPORT_IMAGE_SMALL_BYTES,
  reportImageDeleteSchema,
  reportImageQuerySchema,
  reportImageDeleteConfirm,
  reportImageRule,
} from './report-image.rules';

const bytes = (...b: number[]) => new Uint8Array([...b, 0, 0, 0, 0, 0, 0, 0, 0]);
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0);
/** GIF89a and GIF87a of 1 x 1 pixel. */
const GIF89 = bytes(0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0);
const GIF87 = bytes(0x47, 0x49, 0x46, 0x38, 0x37, 0x61, 1, 0, 1, 0);
const PDF = new TextEncoder().encode('%PDF-1.7\n');

describe('report configuration images', () => {
  it('has the five image types of the spec with their fields and limits', () => {
    expect(REPORT_IMAGE_RULES.map((r) => [r.type, r.name, r.field, r.maxBytes])).toEqual([
      [1, '营业执照', 'licenseFile', 10485760],
      [2, '资质证书', 'certificateFile', 10485760],
      [3, '估价师签名1', 'appraiserSign1File', 2097152],
      [4, '估价师签名2', 'appraiserSign2File', 2097152],
      [5, '报告印章', 'reportSignImgFile', 2097152],
    ]);
  });

  it('recognises png, jpeg and gif by content only', () => {
    expect(detectImageFormat(PNG)).toBe('png');
    expect(detectImageFormat(JPEG)).toBe('jpeg');
    expect(detectImageFormat(GIF89)).toBe('gif');
    expect(detectImageFormat(GIF87)).toBe('gif');
    expect(detectImageFormat(PDF)).toBeNull();
    expect(detectImageFormat(new Uint8Array())).toBeNull();
    expect(detectImageFormat(PNG.slice(0, 4))).toBeNull();
  });

  it('refuses a file whose name or content is not an allowed image', () => {
    const format = '图片格式仅支持png、jpg、jpeg、gif';
    expect(checkReportImage(1, { name: '执照.pdf.png', size: 100, head: PDF })).toEqual({ ok: false, message: format });
    expect(checkReportImage(1, { name: '执照.pdf', size: 100, head: PNG })).toEqual({ ok: false, message: format });
    expect(checkReportImage(1, { name: '执照', size: 100, head: PNG })).toEqual({ ok: false, message: format });
    expect(checkReportImage(3, { name: 'sign.bmp', size: 100, head: bytes(0x42, 0x4d) })).toEqual({ ok: false, message: format });
  });

  it('refuses an image whose head holds markup, and a GIF header without a size', () => {
    const svg = Uint8Array.from([...PNG, ...new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">')]);
    expect(detectImageFormat(svg)).toBeNull();
    expect(checkReportImage(5, { name: 'seal.png', size: 100, head: svg })).toEqual({
      ok: false,
      message: '图片格式仅支持png、jpg、jpeg、gif',
    });
    expect(detectImageFormat(bytes(0x47, 0x49, 0x46, 0x38, 0x39, 0x61))).toBeNull();
  });

  it('accepts each extension in any case and gives the content type of the content', () => {
    expect(checkReportImage(1, { name: 'a.PNG', size: 100, head: PNG })).toEqual({ ok: true, format: 'png', contentType: 'image/png' });
    expect(checkReportImage(2, { name: 'a.jpg', size: 100, head: JPEG })).toEqual({ ok: true, format: 'jpeg', contentType: 'image/jpeg' });
    expect(checkReportImage(5, { name: 'a.jpeg', size: 100, head: JPEG })).toMatchObject({ ok: true });
    expect(checkReportImage(4, { name: 'a.gif', size: 100, head: GIF89 })).toEqual({ ok: true, format: 'gif', contentType: 'image/gif' });
    expect(checkReportImage(2, { name: 'a.png', size: 100, head: JPEG })).toMatchObject({ ok: true, contentType: 'image/jpeg' });
  });

  it('allows 10M for the licence and certificate and 2M for signatures and the seal, naming the image', () => {
    expect(checkReportImage(1, { name: 'a.png', size: REPORT_IMAGE_LARGE_BYTES, head: PNG }).ok).toBe(true);
    expect(checkReportImage(1, { name: 'a.png', size: REPORT_IMAGE_LARGE_BYTES + 1, head: PNG })).toEqual({
      ok: false,
      message: '营业执照图片不能超过10M',
    });
    expect(checkReportImage(2, { name: 'a.png', size: REPORT_IMAGE_LARGE_BYTES + 1, head: PNG })).toEqual({
      ok: false,
      message: '资质证书图片不能超过10M',
    });
    expect(checkReportImage(3, { name: 'a.png', size: REPORT_IMAGE_SMALL_BYTES, head: PNG }).ok).toBe(true);
    expect(checkReportImage(3, { name: 'a.png', size: REPORT_IMAGE_SMALL_BYTES + 1, head: PNG })).toEqual({
      ok: false,
      message: '估价师签名1图片不能超过2M',
    });
    expect(checkReportImage(4, { name: 'a.png', size: REPORT_IMAGE_SMALL_BYTES + 1, head: PNG })).toEqual({
      ok: false,
      message: '估价师签名2图片不能超过2M',
    });
    expect(checkReportImage(5, { name: 'a.png', size: REPORT_IMAGE_SMALL_BYTES + 1, head: PNG })).toEqual({
      ok: false,
      message: '报告印章图片不能超过2M',
    });
    expect(reportImageRule(5).name).toBe('报告印章');
    expect(reportImageDeleteConfirm(3)).toBe('确定要删除估价师签名1图片吗？删除后立即生效。');
  });

  it('checks the image queries', () => {
    expect(validate(reportImageQuerySchema, { reportType: '2', imageType: '3' })).toEqual({
      ok: true,
      value: { reportType: 2, imageType: 3 },
    });
    expect(validate(reportImageQuerySchema, { reportType: '2', imageType: '6' })).toMatchObject({ ok: false, message: '图片类型不正确' });
    expect(validate(reportImageQuerySchema, { reportType: '2' })).toMatchObject({ ok: false, message: '图片类型不正确' });
    expect(validate(reportImageDeleteSchema, { reportType: '2', imageType: '1' })).toEqual({
      ok: true,
      value: { reportType: 2, imageType: 1 },
    });
    expect(validate(reportImageDeleteSchema, { reportType: '1', imageType: '1' })).toMatchObject({
      ok: false,
      message: '仅咨询报告可配置图片',
    });
  });
});
