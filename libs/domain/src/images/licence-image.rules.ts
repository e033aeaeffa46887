/**
 * The business licence image (营业执照副本) of a company form: png, jpg, jpeg or gif, recognised by
 * its content (the extension alone is not enough), at most 10 MB (channel spec, section 5
 * "Customer company form"). Shared by every form that takes a licence image.
 */
import {
  detectImageFormat,
  IMAGE_SIGNATURE_BYTES,
  REPORT_IMAGE_CONTENT_TYPES,
  type ReportImageFormat,
} from '../report-config/report-image.rules';

export const LicenceImageMsg = {
  format: '请上传正确的图片格式!',
  tooLarge: '营业执照副本不可大于10M',
} as const;

/** 10 MB, the spec's 10485760 bytes. */
export const LICENCE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** Extensions a licence image may have. */
export const LICENCE_IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif'] as const;

/** `accept` of the licence pickers. */
export const LICENCE_IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,.png,.jpg,.jpeg,.gif';

/** Leading bytes the content check reads. */
export const LICENCE_IMAGE_HEAD_BYTES = IMAGE_SIGNATURE_BYTES;

export type LicenceImageFormat = ReportImageFormat;

/** The extension a stored licence image gets for its format. */
export const LICENCE_IMAGE_EXTENSION: Readonly<Record<LicenceImageFormat, string>> = { png: 'png', jpeg: 'jpg', gif: 'gif' };

export interface LicenceImageFile {
  name: string;
  size: number;
  /** At least the first LICENCE_IMAGE_HEAD_BYTES bytes of the file. */
  head: Uint8Array;
}

export type LicenceImageCheck = { ok: true; format: LicenceImageFormat; contentType: string } | { ok: false; message: string };

function extensionOf(fileName: string): string | null {
  const m = /\.([A-Za-z]+)$/.exec(fileName.trim());
  return m ? m[1].toLowerCase() : null;
}

/** Name and content must be png, jpg, jpeg or gif (markup in the head refuses it), then at most 10 MB. */
export function checkLicenceImage(file: LicenceImageFile): LicenceImageCheck {
  const ext = extensionOf(file.name);
  const format = ext && (LICENCE_IMAGE_EXTENSIONS as readonly string[]).includes(ext) ? detectImageFormat(file.head) : null;
  if (!format) return { ok: false, message: LicenceImageMsg.format };
  if (file.size > LICENCE_IMAGE_MAX_BYTES) return { ok: false, message: LicenceImageMsg.tooLarge };
  return { ok: true, format, contentType: REPORT_IMAGE_CONTENT_TYPES[format] };
}

/**
 * The name a stored licence keeps for people (the operation log, the form): the uploaded name
 * without folders or control characters, at most `max` characters, its extension kept.
 */
export function licenceFileName(uploaded: string, format: LicenceImageFormat, max = 80): string {
  const base = (uploaded.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  const ext = extensionOf(base);
  const stem = ext ? base.slice(0, -(ext.length + 1)) : base;
  const suffix = `.${ext ?? LICENCE_IMAGE_EXTENSION[format]}`;
  return `${stem.slice(0, Math.max(1, max - suffix.length)) || 'licence'}${suffix}`;
}
