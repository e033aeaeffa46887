/** Attachments of manual enquiries and re-appraisals: images and archives, checked by content. */

export const CASE_FILE_LIMITS = {
  maxFiles: 5,
  /** 30 MB per file (31,457,280 bytes). */
  maxBytes: 31_457_280,
} as const;

export const CaseFileMsg = {
  tooMany: '最多上传5个文件',
  tooBig: '单个文件不可大于30M',
  badType: '仅支持上传图片（jpg、png、gif、bmp、webp）或压缩包（zip、rar、7z、gz）',
  empty: '文件内容为空',
} as const;

export type CaseFileType =
  | 'image/png'
  | 'image/jpeg'
  | 'image/gif'
  | 'image/bmp'
  | 'image/webp'
  | 'application/zip'
  | 'application/vnd.rar'
  | 'application/x-7z-compressed'
  | 'application/gzip';

const EXTENSIONS: Readonly<Record<CaseFileType, readonly string[]>> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/bmp': ['bmp'],
  'image/webp': ['webp'],
  'application/zip': ['zip'],
  'application/vnd.rar': ['rar'],
  'application/x-7z-compressed': ['7z'],
  'application/gzip': ['gz', 'tgz'],
};

/** The types of the attachments of cases. */
export const CASE_FILE_TYPES = Object.keys(EXTENSIONS) as CaseFileType[];

/** Leading bytes of a file its content check reads: the signature and header of its type, and enough to see markup. */
export const FILE_HEAD_BYTES = 1024;

/**
 * Tags that make a browser take a file for a page or a script (HTML, SVG, XML with a style sheet),
 * looked for anywhere in the head, in any letter case, in one-byte or two-byte (UTF-16) text.
 */
const MARKUP = [
  '<!doctype html',
  '<html',
  '<head',
  '<body',
  '<script',
  '<iframe',
  '<frameset',
  '<object',
  '<embed',
  '<svg',
  '<style',
  '<title',
  '<meta',
  '<base',
  '<form',
  '<img ',
  '<a href',
  '<?xml-stylesheet',
];

/** Whether the head of a file holds markup a browser would render or run, whatever its signature says. */
export function looksLikeMarkup(head: Uint8Array): boolean {
  let text = '';
  for (let i = 0; i < Math.min(head.length, FILE_HEAD_BYTES); i++) {
    const b = head[i];
    if (b !== 0) text += String.fromCharCode(b >= 0x41 && b <= 0x5a ? b + 0x20 : b);
  }
  return MARKUP.some((tag) => text.includes(tag));
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) => signature.every((b, i) => bytes[offset + i] === b);
const ascii = (bytes: Uint8Array, text: string, offset = 0) =>
  startsWith(
    bytes,
    [...text].map((c) => c.charCodeAt(0)),
    offset,
  );
const u16 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const u32 = (b: Uint8Array, at: number) => (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16)) + b[at + 3] * 0x1000000;

/** Sizes of the DIB headers of BMP files: core, info, the v2 to v5 headers and OS/2's. */
const BMP_HEADER_SIZES = [12, 40, 52, 56, 64, 108, 124];
const BMP_BIT_COUNTS = [1, 2, 4, 8, 16, 24, 32, 64];

/** "BM", a file size and a pixel offset within the file, zero reserved bytes, a DIB header of a known size, one plane, a bit count. */
function isBmp(head: Uint8Array, size: number): boolean {
  if (head.length < 30 || !ascii(head, 'BM')) return false;
  const header = u32(head, 14);
  if (!BMP_HEADER_SIZES.includes(header) || u32(head, 6) !== 0) return false;
  const [fileSize, pixels] = [u32(head, 2), u32(head, 10)];
  if (fileSize < 14 + header || fileSize > size || pixels < 14 + header || pixels > size) return false;
  const [planes, bits] = header === 12 ? [u16(head, 22), u16(head, 24)] : [u16(head, 26), u16(head, 28)];
  return planes === 1 && BMP_BIT_COUNTS.includes(bits);
}

/** "RIFF", a chunk size within the file, "WEBP", then a VP8, VP8L or VP8X chunk. */
function isWebp(head: Uint8Array, size: number): boolean {
  if (head.length < 16 || !ascii(head, 'RIFF') || !ascii(head, 'WEBP', 8)) return false;
  const riff = u32(head, 4);
  return riff >= 8 && riff + 8 <= size && (ascii(head, 'VP8 ', 12) || ascii(head, 'VP8L', 12) || ascii(head, 'VP8X', 12));
}

/** Every type the content of an attachment is recognised as. */
export type FileContentType = CaseFileType | 'application/pdf' | 'application/msword';

/**
 * The type of a file from its head (at least its first FILE_HEAD_BYTES bytes, or all of it) and
 * its size: a signature and a header that holds together, where a type's signature alone is
 * text (BMP, WebP, GIF, PDF). Null for anything else, and for any file whose head holds markup a
 * browser would render or run, whatever its signature.
 */
export function fileContentTypeOf(head: Uint8Array, size = head.length): FileContentType | null {
  if (looksLikeMarkup(head)) return null;
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff]) && head[3] >= 0xc0 && head[3] < 0xff) return 'image/jpeg';
  if ((ascii(head, 'GIF87a') || ascii(head, 'GIF89a')) && u16(head, 6) > 0 && u16(head, 8) > 0) return 'image/gif';
  if (isBmp(head, size)) return 'image/bmp';
  if (isWebp(head, size)) return 'image/webp';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return 'application/zip';
  if (startsWith(head, [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x00]) || startsWith(head, [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x01, 0x00]))
    return 'application/vnd.rar';
  if (startsWith(head, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c, 0x00])) return 'application/x-7z-compressed';
  if (startsWith(head, [0x1f, 0x8b, 0x08]) && (head[3] & 0xe0) === 0) return 'application/gzip';
  if (/^%PDF-\d\.\d/.test(String.fromCharCode(...head.subarray(0, 8)))) return 'application/pdf';
  // An OLE2 compound document (Word 97-2003): version 3 or 4, little-endian byte order mark.
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]) && [3, 4].includes(u16(head, 26)) && u16(head, 28) === 0xfffe)
    return 'application/msword';
  return null;
}

/** The type of a file from its head and size (see fileContentTypeOf), or null when it is not an image or archive the cases accept. */
export function caseFileTypeOf(head: Uint8Array, size = head.length): CaseFileType | null {
  const type = fileContentTypeOf(head, size);
  return type && type in EXTENSIONS ? (type as CaseFileType) : null;
}

export type CaseFileCheck = { ok: true; type: CaseFileType } | { ok: false; message: string };

/** Checks one file by its name's extension and its content (`head`: its first FILE_HEAD_BYTES bytes); both must name the same accepted type. */
export function checkCaseFile(name: string, size: number, head: Uint8Array): CaseFileCheck {
  if (size === 0) return { ok: false, message: CaseFileMsg.empty };
  if (size > CASE_FILE_LIMITS.maxBytes) return { ok: false, message: CaseFileMsg.tooBig };
  const type = caseFileTypeOf(head, size);
  const ext = name.toLowerCase().split('.').pop() ?? '';
  if (!type || !EXTENSIONS[type].includes(ext)) return { ok: false, message: CaseFileMsg.badType };
  return { ok: true, type };
}

/** Checks the number of files, then each file; the first problem is reported. */
export function checkCaseFiles(
  files: readonly { name: string; size: number; head: Uint8Array }[],
): { ok: true; types: CaseFileType[] } | { ok: false; message: string } {
  if (files.length > CASE_FILE_LIMITS.maxFiles) return { ok: false, message: CaseFileMsg.tooMany };
  const types: CaseFileType[] = [];
  for (const f of files) {
    const check = checkCaseFile(f.name, f.size, f.head);
    if (!check.ok) return check;
    types.push(check.type);
  }
  return { ok: true, types };
}

/** What the file pickers accept. */
export const CASE_FILE_ACCEPT = Object.values(EXTENSIONS)
  .flat()
  .map((e) => `.${e}`)
  .join(',');
