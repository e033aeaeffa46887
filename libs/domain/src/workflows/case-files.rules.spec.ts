import {
  CASE_FILE_LIMITS,
  CASE_FILE_TYPES,
  CaseFileMsg,
  caseFileTypeOf,
  checkCaseFile,
  checkCaseFiles,
  FILE_HEAD_BYTES,
  fileContentTypeOf,
  looksLikeMarkup,
} from './case-files.rules';

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

const text = (t: string) => new TextEncoder().encode(t);
const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]));
const le = (n: number, bytes: number) => Array.from({ length: bytes }, (_, i) => Math.floor(n / 256 ** i) % 256);

/** The 54-byte header of a BMP of `size` bytes: file header, BITMAPINFOHEADER (40) of a 2 x 2 picture at `bits` bits. */
function bmpHeader(size: number, { dib = 40, bits = 24, reserved = 0, offset = 54 } = {}): Uint8Array {
  return Uint8Array.from([
    ...text('BM'),
    ...le(size, 4),
    ...le(reserved, 4),
    ...le(offset, 4),
    ...le(dib, 4),
    ...le(2, 4),
    ...le(2, 4),
    ...le(1, 2),
    ...le(bits, 2),
    ...Array(24).fill(0),
  ]);
}

/** One example of each accepted type, as its first bytes and its size. */
const EXAMPLES: Record<string, { head: Uint8Array; size: number; name: string }> = {
  'image/png': { head: png, size: 1024, name: 'a.png' },
  'image/jpeg': { head: Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, ...text('JFIF')]), size: 1024, name: 'a.jpg' },
  'image/gif': { head: concat(text('GIF89a'), Uint8Array.from([1, 0, 1, 0, 0x80, 0, 0])), size: 1024, name: 'a.gif' },
  'image/bmp': { head: bmpHeader(70), size: 70, name: 'a.bmp' },
  'image/webp': { head: concat(text('RIFF'), Uint8Array.from(le(1016, 4)), text('WEBPVP8 ')), size: 1024, name: 'a.webp' },
  'application/zip': { head: zip, size: 1024, name: 'a.zip' },
  'application/vnd.rar': { head: Uint8Array.from([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x01, 0x00]), size: 1024, name: 'a.rar' },
  'application/x-7z-compressed': { head: Uint8Array.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c, 0, 4]), size: 1024, name: 'a.7z' },
  'application/gzip': { head: Uint8Array.from([0x1f, 0x8b, 0x08, 0x08, 0, 0, 0, 0]), size: 1024, name: 'a.gz' },
};

describe('attachments are recognised by a header that holds together, never by a signature alone', () => {
  it('accepts every type the cases take from a real header', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual([...CASE_FILE_TYPES].sort());
    for (const [type, { head, size, name }] of Object.entries(EXAMPLES))
      expect(checkCaseFile(name, size, head)).toEqual({ ok: true, type });
    expect(caseFileTypeOf(bmpHeader(200, { dib: 124, bits: 32, offset: 138 }), 200)).toBe('image/bmp');
    // A core header (12 bytes): planes and bit count right after the 16-bit width and height.
    const core = [...bmpHeader(70, { dib: 12, offset: 26 }).subarray(0, 22), 1, 0, 24, 0, ...Array(44).fill(0)];
    expect(caseFileTypeOf(Uint8Array.from(core), 70)).toBe('image/bmp');
  });

  it('refuses an HTML page that starts with "BM" named .bmp, and BMP headers that do not hold together', () => {
    const page = text('BM<html><body><script>alert(document.cookie)</script></body></html>');
    expect(checkCaseFile('照片.bmp', page.length, page)).toEqual({ ok: false, message: CaseFileMsg.badType });
    // Text that passes for the numbers of a header still has no zero reserved bytes.
    const padded = text('BMxxxx    ' + ' '.repeat(40));
    expect(caseFileTypeOf(padded, 1024)).toBeNull();
    expect(caseFileTypeOf(bmpHeader(70, { dib: 41 }), 70)).toBeNull();
    expect(caseFileTypeOf(bmpHeader(70, { reserved: 1 }), 70)).toBeNull();
    expect(caseFileTypeOf(bmpHeader(70, { bits: 3 }), 70)).toBeNull();
    expect(caseFileTypeOf(bmpHeader(70), 60)).toBeNull();
    expect(caseFileTypeOf(bmpHeader(70, { offset: 10 }), 70)).toBeNull();
  });

  it('refuses WebP, GIF, JPEG, gzip and 7z signatures whose headers do not hold together', () => {
    expect(caseFileTypeOf(concat(text('RIFF'), Uint8Array.from(le(1016, 4)), text('WEBP<scr')), 1024)).toBeNull();
    expect(caseFileTypeOf(concat(text('RIFF'), Uint8Array.from(le(4000, 4)), text('WEBPVP8 ')), 1024)).toBeNull();
    expect(caseFileTypeOf(text('GIF89a\0\0\0\0'))).toBeNull();
    expect(caseFileTypeOf(text('GIF89a=alert(1)//'))).toBe('image/gif');
    expect(caseFileTypeOf(Uint8Array.from([0xff, 0xd8, 0xff, 0x3c]))).toBeNull();
    expect(caseFileTypeOf(Uint8Array.from([0x1f, 0x8b, 0x07, 0]))).toBeNull();
    expect(caseFileTypeOf(Uint8Array.from([0x1f, 0x8b, 0x08, 0xff]))).toBeNull();
    expect(caseFileTypeOf(Uint8Array.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c, 9, 4]))).toBeNull();
  });

  it('refuses a file holding HTML, SVG or script under any name and signature, in one- or two-byte text', () => {
    const payloads = ['<svg onload=alert(1)>', '<SCRIPT>alert(1)</SCRIPT>', '<!DOCTYPE html><p>', '<iframe src=//x>', '<html>'];
    for (const [type, { head, size, name }] of Object.entries(EXAMPLES)) {
      for (const payload of payloads) {
        const hostile = concat(head, Uint8Array.from(Array(100).fill(0x20)), text(payload));
        expect({ type, payload, check: checkCaseFile(name, size, hostile) }).toEqual({
          type,
          payload,
          check: { ok: false, message: CaseFileMsg.badType },
        });
      }
    }
    const utf16 = Uint8Array.from([...'<html><script>'].flatMap((c) => [c.charCodeAt(0), 0]));
    expect(looksLikeMarkup(concat(png, utf16))).toBe(true);
    expect(fileContentTypeOf(concat(text('%PDF-1.7\n'), text('<body onload=x>')))).toBeNull();
    // Markup past the head a browser sniffs is not looked for; the file is served as a download anyway.
    expect(caseFileTypeOf(concat(png, Uint8Array.from(Array(FILE_HEAD_BYTES).fill(7)), text('<html>')))).toBe('image/png');
  });

  it('does not take the metadata of real images for markup', () => {
    const xmp = text(
      '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><dc:title>房产证</dc:title>',
    );
    expect(caseFileTypeOf(concat(EXAMPLES['image/jpeg'].head, xmp), 1024)).toBe('image/jpeg');
  });
});
