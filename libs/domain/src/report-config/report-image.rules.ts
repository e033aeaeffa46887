/**
 * Images of the consulting report (channel spec, section 5 "Report config" and the image type
 * codes of section 9): business licence and certificate at most 10M, the appraiser signatures and
 * the report seal at most 2M; png, jpg, jpeg or gif, recognised by their content.
 */
import { z } from 'zod';
import { FILE_HEAD_BYTES, fileContentTypeOf } from '../workflows/case-files.rules';
import { ReportConfigMsg, reportTypeField } from './report-config.rules';

/** 1 business licence, 2 certificate, 3 and 4 appraiser signatures, 5 report seal. */
export type ReportImageKind = 1 | 2 | 3 | 4 | 5;

export const REPORT_IMAGE_TYPES = { license: 1, certificate: 2, appraiserSign1: 3, appraiserSign2: 4, reportSeal: 5 } as const;

/** 10M, the spec's 10485760 bytes. */
export const REPORT_IMAGE_LARGE_BYTES = 10 * 1024 * 1024;
/** 2M. */
export const REPORT_IMAGE_SMALL_BYTES = 2 * 1024 * 1024;

export interface ReportImageRule {
  type: ReportImageKind;
  /** Chinese name, as the form labels it and the messages name it. */
  name: string;
  /** Multipart field of POST api/tenant/report-config/add|update. */
  field: 'licenseFile' | 'certificateFile' | 'appraiserSign1File' | 'appraiserSign2File' | 'reportSignImgFile';
  maxBytes: number;
  tooLarge: string;
}

const rule = (type: ReportImageKind, name: string, field: ReportImageRule['field'], maxBytes: number): ReportImageRule => ({
  type,
  name,
  field,
  maxBytes,
  tooLarge: `${name}图片不能超过${maxBytes / 1024 / 1024}M`,
});

/** In the order the form shows them. */
export const REPORT_IMAGE_RULES: readonly ReportImageRule[] = [
  rule(1, '营业执照', 'licenseFile', REPORT_IMAGE_LARGE_BYTES),
  rule(2, '资质证书', 'certificateFile', REPORT_IMAGE_LARGE_BYTES),
  rule(3, '估价师签名1', 'appraiserSign1File', REPORT_IMAGE_SMALL_BYTES),
  rule(4, '估价师签名2', 'appraiserSign2File', REPORT_IMAGE_SMALL_BYTES),
  rule(5, '报告印章', 'reportSignImgFile', REPORT_IMAGE_SMALL_BYTES),
];

export const REPORT_IMAGE_KINDS: readonly ReportImageKind[] = REPORT_IMAGE_RULES.map((r) => r.type);

export function reportImageRule(type: ReportImageKind): ReportImageRule {
  return REPORT_IMAGE_RULES.find((r) => r.type === type)!;
}

/** The question asked before a stored image is deleted (the delete takes effect at once). */
export function reportImageDeleteConfirm(type: ReportImageKind): string {
  return `确定要删除${reportImageRule(type).name}图片吗？删除后立即生效。`;
}

export type ReportImageFormat = 'png' | 'jpeg' | 'gif';

export const REPORT_IMAGE_CONTENT_TYPES: Readonly<Record<ReportImageFormat, string>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
};

export const REPORT_IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif'] as const;

/** `accept` of the file pickers. */
export const REPORT_IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,.png,.jpg,.jpeg,.gif';

/** Leading bytes the format check needs (it also looks for markup in them). */
export const IMAGE_SIGNATURE_BYTES = FILE_HEAD_BYTES;

const FORMATS: Readonly<Record<string, ReportImageFormat>> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/gif': 'gif' };

/**
 * The image format by its leading bytes, as attachments are checked (fileContentTypeOf): PNG,
 * JPEG or GIF (87a and 89a, with a size); null for anything else and for any head holding markup.
 */
export function detectImageFormat(head: Uint8Array): ReportImageFormat | null {
  const type = fileContentTypeOf(head);
  return type ? (FORMATS[type] ?? null) : null;
}

function hasImageExtension(fileName: string): boolean {
  const m = /\.([A-Za-z]+)$/.exec(fileName.trim());
  return !!m && (REPORT_IMAGE_EXTENSIONS as readonly string[]).includes(m[1].toLowerCase());
}

export type ReportImageCheck = { ok: true; format: ReportImageFormat; contentType: string } | { ok: false; message: string };

export interface PickedImage {
  name: string;
  size: number;
  /** At least the first IMAGE_SIGNATURE_BYTES bytes of the file. */
  head: Uint8Array;
}

/** Checks one picked image: name and content must be png, jpg, jpeg or gif, then its size limit. */
export function checkReportImage(type: ReportImageKind, file: PickedImage): ReportImageCheck {
  const format = hasImageExtension(file.name) ? detectImageFormat(file.head) : null;
  if (!format) return { ok: false, message: ReportConfigMsg.imageFormat };
  const limit = reportImageRule(type);
  if (file.size > limit.maxBytes) return { ok: false, message: limit.tooLarge };
  return { ok: true, format, contentType: REPORT_IMAGE_CONTENT_TYPES[format] };
}

const imageTypeField = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce
    .number({ message: ReportConfigMsg.imageTypeInvalid })
    .refine((n) => (REPORT_IMAGE_KINDS as readonly number[]).includes(n), ReportConfigMsg.imageTypeInvalid)
    .transform((n) => n as ReportImageKind),
);

/** GET api/tenant/report-config/images. */
export const reportImageQuerySchema = z.object({ reportType: reportTypeField, imageType: imageTypeField });

/** POST api/tenant/report-config/images/delete: only the consulting report has images. */
export const reportImageDeleteSchema = z.object({
  reportType: reportTypeField.refine((t) => t === 2, ReportConfigMsg.imagesConsultingOnly),
  imageType: imageTypeField,
});
export type ReportImageQuery = z.output<typeof reportImageQuerySchema>;
