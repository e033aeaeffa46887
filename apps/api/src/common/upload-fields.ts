import {
  AGENCY_LIMITS,
  AgencyMsg,
  BATCH_MAX_FILE_BYTES,
  BatchMsg,
  CASE_FILE_LIMITS,
  CaseFileMsg,
  REPORT_IMAGE_RULES,
  SITE_IMAGE_RULES,
} from '@valuation/domain';
import type { UploadField } from './multipart';

/** The file fields of the upload routes, with the limits and messages of the rules that check them. */

/** Attachments of manual enquiries and re-appraisals: up to 5 images or archives of 30M. */
export const CASE_FILES: UploadField = {
  name: 'files',
  aliases: ['files[]', 'file'],
  maxCount: CASE_FILE_LIMITS.maxFiles,
  maxBytes: CASE_FILE_LIMITS.maxBytes,
  tooMany: CaseFileMsg.tooMany,
  tooBig: CaseFileMsg.tooBig,
  description: '附件：图片（jpg、png、gif、bmp、webp）或压缩包（zip、rar、7z、gz），至多5个，每个不超过30M',
};

/** Files of an institution valuation application or of its reply: up to 5 files of 10M. */
export const AGENCY_FILES: UploadField = {
  name: 'files',
  aliases: ['files[]', 'file'],
  maxCount: AGENCY_LIMITS.maxFiles,
  maxBytes: AGENCY_LIMITS.maxBytes,
  tooMany: AgencyMsg.tooManyFiles,
  tooBig: AgencyMsg.fileTooBig,
  description: '文件：至多5个，每个不超过10M',
};

/** The spreadsheet of a batch valuation: one xls, xlsx or csv file of at most 5 MB. */
export const BATCH_FILE: UploadField = {
  name: 'file',
  maxCount: 1,
  maxBytes: BATCH_MAX_FILE_BYTES,
  tooBig: BatchMsg.fileSize,
  description: '批量估价文件：xls、xlsx 或 csv，不超过5MB、10000条',
};

/** The images of the consulting report configuration, one per field. */
export const REPORT_IMAGE_FIELDS: UploadField[] = REPORT_IMAGE_RULES.map((rule) => ({
  name: rule.field,
  maxCount: 1,
  maxBytes: rule.maxBytes,
  tooBig: rule.tooLarge,
  description: `${rule.name}图片：png、jpg、jpeg 或 gif，不超过${rule.maxBytes / 1024 / 1024}M`,
}));

/** The logo and login background of a site configuration. */
export const SITE_IMAGE_FIELDS: UploadField[] = SITE_IMAGE_RULES.map((rule) => ({
  name: rule.field,
  maxCount: 1,
  maxBytes: rule.maxBytes,
  tooBig: rule.tooLarge,
  description: `${rule.name}图片：png、jpg、jpeg 或 gif，不超过${rule.maxBytes / 1024 / 1024}M`,
}));
