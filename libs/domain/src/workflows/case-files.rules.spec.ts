import { CASE_FILE_LIMITS, CaseFileMsg, checkCaseFile, checkCaseFiles } from './case-files.rules';

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const zip = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0, 0]);
const pdf = new TextEncoder().encode('%PDF-1.7');

describe('case attachments', () => {
  it('accepts images and archives whose content matches the name', () => {
    expect(checkCaseFile('房产证.PNG', 1024, png)).toEqual({ ok: true, type: 'image/png' });
    expect(checkCaseFile('材料.zip', 1024, zip)).toEqual({ ok: true, type: 'application/zip' });
  });

  it('refuses other types, renamed files, empty files and files over 30 MB', () => {
    expect(checkCaseFile('合同.pdf', 1024, pdf)).toEqual({ ok: false, message: CaseFileMsg.badType });
    expect(checkCaseFile('合同.png', 1024, pdf)).toEqual({ ok: false, message: CaseFileMsg.badType });
    expect(checkCaseFile('照片.zip', 1024, png)).toEqual({ ok: false, message: CaseFileMsg.badType });
    expect(checkCaseFile('空.png', 0, png)).toEqual({ ok: false, message: CaseFileMsg.empty });
    expect(checkCaseFile('大.png', CASE_FILE_LIMITS.maxBytes + 1, png)).toEqual({ ok: false, message: CaseFileMsg.tooBig });
    expect(checkCaseFile('刚好.png', CASE_FILE_LIMITS.maxBytes, png).ok).toBe(true);
  });

  it('takes at most 5 files', () => {
    const file = { name: 'a.png', size: 10, head: png };
    expect(checkCaseFiles(Array(5).fill(file)).ok).toBe(true);
    expect(checkCaseFiles(Array(6).fill(file))).toEqual({ ok: false, message: CaseFileMsg.tooMany });
  });
});
