import { fileNameFromDisposition } from './download-file';

describe('download file name', () => {
  it('prefers the UTF-8 name and falls back to the plain one', () => {
    expect(
      fileNameFromDisposition(
        `attachment; filename="_____20250601.xlsx"; filename*=UTF-8''%E4%BC%B0%E4%BB%B7%E8%AE%B0%E5%BD%95_20250601.xlsx`,
      ),
    ).toBe('估价记录_20250601.xlsx');
    expect(fileNameFromDisposition('attachment; filename="report.pdf"')).toBe('report.pdf');
    expect(fileNameFromDisposition('attachment; filename=report.pdf')).toBe('report.pdf');
    expect(fileNameFromDisposition(`attachment; filename="x.xlsx"; filename*=UTF-8''%E4%ZZ`)).toBe('x.xlsx');
    expect(fileNameFromDisposition('inline')).toBeUndefined();
    expect(fileNameFromDisposition(null)).toBeUndefined();
  });
});
