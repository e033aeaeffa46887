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

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) => signature.every((b, i) => bytes[offset + i] === b);

/** The type of a file from its first bytes, or null when it is not an image or archive the cases accept. */
export function caseFileTypeOf(head: Uint8Array): CaseFileType | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (startsWith(head, [0x42, 0x4d])) return 'image/bmp';
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return 'application/zip';
  if (startsWith(head, [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07])) return 'application/vnd.rar';
  if (startsWith(head, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return 'application/x-7z-compressed';
  if (startsWith(head, [0x1f, 0x8b])) return 'application/gzip';
  return null;
}

export type CaseFileCheck = { ok: true; type: CaseFileType } | { ok: false; message: string };

/** Checks one file by its name's extension and its content; both must name the same accepted type. */
export function checkCaseFile(name: string, size: number, head: Uint8Array): CaseFileCheck {
  if (size === 0) return { ok: false, message: CaseFileMsg.empty };
  if (size > CASE_FILE_LIMITS.maxBytes) return { ok: false, message: CaseFileMsg.tooBig };
  const type = caseFileTypeOf(head);
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
