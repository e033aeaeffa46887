import { z } from 'zod';
import { isBlankFilter } from '../filters/list-filters';
import { filterDateSchema, ListMsg } from '../validation/eval-list.schemas';
import { recordIdSchema } from '../validation/fields';
import { pageQuerySchema } from '../validation/paging.schemas';
import { ValuationMsg } from '../validation/valuation-request';
import { seenVersionSchema } from '../validation/version.schema';
import { artificialHouseInfoSchema, ArtificialMsg } from '../workflows/artificial.rules';
import { CaseFileMsg, fileContentTypeOf } from '../workflows/case-files.rules';
import type { AgencyStateCode } from './agency.state';

/** Institution (agency) valuation: a customer orders a report (POST api/org/req), tenant staff receive and reply. */
export const AgencyMsg = {
  reportTypeInvalid: '请选择报告类型',
  customerNameRequired: '请输入客户姓名',
  phoneInvalid: '请输入正确联系电话',
  remarkTooLong: ArtificialMsg.remarkTooLong,
  evalTypeInvalid: ValuationMsg.evalTypeInvalid,
  addressRequired: ValuationMsg.addressRequired,
  houseInfoInvalid: '房产信息格式不正确',
  detailInvalid: '估价申请不存在',
  versionInvalid: '估价申请版本不正确',
  receiverNameRequired: '请输入接收人姓名',
  totalPriceRequired: '请输入评估总价',
  unitPriceRequired: '请输入评估单价',
  totalPriceNegative: '评估总价不可小于0！',
  unitPriceNegative: '评估单价不可小于0！',
  totalPriceInvalid: '请输入正确的评估总价，最多保留两位小数',
  unitPriceInvalid: '请输入正确的评估单价，最多保留两位小数',
  totalPriceTooLong: '评估总价不可超过14位',
  unitPriceTooLong: '评估单价不可超过10位',
  filesRequired: '请上传评估文件',
  tooManyFiles: CaseFileMsg.tooMany,
  fileTooBig: '单个文件不可大于10M',
  fileEmpty: CaseFileMsg.empty,
  requestFileType: '仅支持上传图片（jpg、png、gif、bmp、webp）、PDF、Word文档（doc、docx）或压缩包（zip、rar、7z、gz）',
  replyFileType: '仅支持上传PDF、Word文档（doc、docx）或压缩包（zip、rar、7z、gz）',
  reportStatusInvalid: '评估状态不正确',
  dateInvalid: ListMsg.dateInvalid,
  dateRangeInvalid: ListMsg.dateRangeInvalid,
  textTooLong: ListMsg.textTooLong,
  noData: ListMsg.noData,
  submitted: '提交成功',
} as const;

export type AgencyReportType = 0 | 1;

/** Report types: 1 formal report, 0 preliminary (pre-assessment) report. */
export const AGENCY_REPORT_TYPE_LABELS: Readonly<Record<AgencyReportType, string>> = { 1: '正式报告', 0: '预评估报告' };

/** The report type filter of the lists: 0 preliminary, 1 formal, 2 all (the default). */
export const AGENCY_REPORT_TYPE_FILTER_LABELS: Readonly<Record<0 | 1 | 2, string>> = { 2: '全部', 1: '正式报告', 0: '预评估报告' };
export const AGENCY_REPORT_TYPE_ALL = 2;

/** reportStatus: 1 pending evaluation, 2 under evaluation (received), 3 evaluation complete. */
export const AGENCY_STATE_LABELS: Readonly<Record<AgencyStateCode, string>> = { 1: '待评估', 2: '评估中', 3: '评估完成' };

/** The state filter of the lists: 0 all, then the states. */
export const AGENCY_STATE_FILTER_LABELS: Readonly<Record<0 | AgencyStateCode, string>> = { 0: '全部', ...AGENCY_STATE_LABELS };

/** The report type of a stored record, which may be a boolean (true formal, false pre-assessment). */
export const agencyReportTypeOf = (v: boolean | number): AgencyReportType => (v === true || v === 1 ? 1 : 0);

export const AGENCY_LIMITS = {
  customerName: 10,
  receiverName: 10,
  remark: 2000,
  /** Characters of the reply's total and unit price, decimal point included. */
  totalPrice: 14,
  unitPrice: 10,
  maxFiles: 5,
  /** 10 MB per file (10,485,760 bytes). */
  maxBytes: 10_485_760,
} as const;

const MOBILE = /^1[3-9]\d{9}$/;
/** A landline of 13 characters: area code, a dash, the number (0755-12345678). */
const LANDLINE = /^(?=.{13}$)\d{3,4}-\d{7,9}$/;
const TWELVE_DIGITS = /^\+?\d{12}$/;

/** The contact phones the forms accept: an 11-digit mobile (second digit 3-9), a 13-character landline with a dash, or 12 digits with an optional plus. */
export function isAgencyPhone(value: string): boolean {
  const v = value.trim();
  return MOBILE.test(v) || LANDLINE.test(v) || TWELVE_DIGITS.test(v);
}

const asText = (v: unknown) =>
  v === undefined || v === null ? '' : typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : v;

const requiredName = (max: number, message: string) => z.preprocess(asText, z.string({ message }).min(1, message).max(max, message));
const phone = z.preprocess(asText, z.string({ message: AgencyMsg.phoneInvalid }).refine(isAgencyPhone, AgencyMsg.phoneInvalid));
const detailId = recordIdSchema(AgencyMsg.detailInvalid, 'bigint');
const seenVersion = seenVersionSchema(AgencyMsg.versionInvalid);

const reportType = z.preprocess(
  (v) => (v === true || v === 'true' ? 1 : v === false || v === 'false' ? 0 : typeof v === 'string' ? v.trim() : v),
  z
    .union([z.number(), z.string()], { message: AgencyMsg.reportTypeInvalid })
    .transform((v) => (v === '' ? NaN : Number(v)))
    .refine((n) => n === 0 || n === 1, AgencyMsg.reportTypeInvalid)
    .transform((n) => n as AgencyReportType),
);

/** The house information travels as JSON text in the multipart body. */
const houseInfo = z.preprocess(
  (v, ctx) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: AgencyMsg.houseInfoInvalid });
      return z.NEVER;
    }
  },
  z.object({}, { message: AgencyMsg.houseInfoInvalid }).passthrough().pipe(artificialHouseInfoSchema),
);

/** POST api/org/req (multipart, besides the files). evalType 1 sale or 2 rent, 1 when not given. */
export const agencyRequestSchema = z.object({
  reportType,
  customerName: requiredName(AGENCY_LIMITS.customerName, AgencyMsg.customerNameRequired),
  customerPhone: phone,
  remark: z.preprocess(asText, z.string().max(AGENCY_LIMITS.remark, AgencyMsg.remarkTooLong)),
  evalType: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 1 : v),
    z.coerce
      .number({ message: AgencyMsg.evalTypeInvalid })
      .refine((n) => n === 1 || n === 2, AgencyMsg.evalTypeInvalid)
      .transform((n) => n as 1 | 2),
  ),
  houseInfo,
});
export type AgencyRequest = z.output<typeof agencyRequestSchema>;

/** POST api/org/tenant/receiverep. */
export const agencyReceiveSchema = z.object({
  detailID: detailId,
  receiverName: requiredName(AGENCY_LIMITS.receiverName, AgencyMsg.receiverNameRequired),
  receiverPhone: phone,
  version: seenVersion,
});
export type AgencyReceive = z.output<typeof agencyReceiveSchema>;

interface PriceMessages {
  required: string;
  negative: string;
  invalid: string;
  tooLong: string;
}
const TOTAL_MESSAGES: PriceMessages = {
  required: AgencyMsg.totalPriceRequired,
  negative: AgencyMsg.totalPriceNegative,
  invalid: AgencyMsg.totalPriceInvalid,
  tooLong: AgencyMsg.totalPriceTooLong,
};
const UNIT_MESSAGES: PriceMessages = {
  required: AgencyMsg.unitPriceRequired,
  negative: AgencyMsg.unitPriceNegative,
  invalid: AgencyMsg.unitPriceInvalid,
  tooLong: AgencyMsg.unitPriceTooLong,
};

/** The problem with a price typed in the reply form, or null: required, not negative, digits with up to 2 decimals, at most `maxLength` characters. */
function priceProblem(value: string, maxLength: number, m: PriceMessages): string | null {
  const v = value.trim();
  if (v === '') return m.required;
  if (/^-\s*\d/.test(v)) return m.negative;
  if (!/^\d+(\.\d{1,2})?$/.test(v)) return m.invalid;
  if (v.length > maxLength) return m.tooLong;
  return null;
}

const price = (maxLength: number, m: PriceMessages) =>
  z.preprocess(asText, z.string({ message: m.required })).superRefine((v, ctx) => {
    const problem = priceProblem(v, maxLength, m);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** POST api/org/tenant/pushreport (multipart, besides the files): reportResult is the total price, reportResultSingle the unit price. */
export const agencyPushReportSchema = z.object({
  detailID: detailId,
  reportResult: price(AGENCY_LIMITS.totalPrice, TOTAL_MESSAGES).transform(Number),
  reportResultSingle: price(AGENCY_LIMITS.unitPrice, UNIT_MESSAGES).transform(Number),
  version: seenVersion,
});
export type AgencyPushReport = z.output<typeof agencyPushReportSchema>;

/** POST api/org/updatereadstatus and api/org/tenant/updatereadstatus, GET api/org/detail and api/org/tenant/detail. */
export const agencyDetailQuerySchema = z.object({ detailID: detailId });

const blankAsUndefined = (v: unknown) => (isBlankFilter(v as string | number | null | undefined) ? undefined : v);
const filterText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? blankAsUndefined(v.trim()) : blankAsUndefined(v)),
    z.string().max(max, AgencyMsg.textTooLong).optional(),
  );

const agencyFilterShape = {
  cityName: filterText(50),
  haName: filterText(100),
  /** The property location (address on the certificate). */
  cardAddress: filterText(200),
  beginTime: filterDateSchema,
  endTime: filterDateSchema,
  /** 0 preliminary, 1 formal, 2 all; a missing or blank value means all. */
  reportType: z.preprocess(
    (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? AGENCY_REPORT_TYPE_ALL : v),
    z.coerce
      .number({ message: AgencyMsg.reportTypeInvalid })
      .refine((n) => n === 0 || n === 1 || n === 2, AgencyMsg.reportTypeInvalid)
      .transform((n) => n as 0 | 1 | 2),
  ),
  /** 0 all, 1 pending, 2 in progress, 3 done. */
  reportStatus: z.preprocess(
    blankAsUndefined,
    z.coerce
      .number({ message: AgencyMsg.reportStatusInvalid })
      .refine((n) => n === 1 || n === 2 || n === 3, AgencyMsg.reportStatusInvalid)
      .transform((n) => n as AgencyStateCode)
      .optional(),
  ),
};

function checkTimeRange(v: { beginTime?: string; endTime?: string }, ctx: z.RefinementCtx) {
  if (v.beginTime && v.endTime && v.beginTime > v.endTime)
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: AgencyMsg.dateRangeInvalid });
}

/** GET api/org/list/export and api/org/tenant/list/export. */
export const agencyFilterSchema = z.object(agencyFilterShape).superRefine(checkTimeRange);
/** GET api/org/list and api/org/tenant/list: the filters and the page (sizes 10, 50, 100, 200, default 10). */
export const agencyListQuerySchema = z.object({ ...agencyFilterShape, ...pageQuerySchema().shape }).superRefine(checkTimeRange);
export type AgencyFilter = z.output<typeof agencyFilterSchema>;
export type AgencyListQuery = z.output<typeof agencyListQuerySchema>;

/** Whether a record of the given report type passes the report type filter (2 all). */
export const matchesAgencyReportType = (filter: 0 | 1 | 2, recordType: AgencyReportType): boolean =>
  filter === AGENCY_REPORT_TYPE_ALL || filter === recordType;

/* Attachments: the customer's files with the request, and the report files of the reply. */

export type AgencyFileKind = 'request' | 'reply';

export type AgencyFileType =
  | 'image/png'
  | 'image/jpeg'
  | 'image/gif'
  | 'image/bmp'
  | 'image/webp'
  | 'application/pdf'
  | 'application/msword'
  | 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
  | 'application/zip'
  | 'application/vnd.rar'
  | 'application/x-7z-compressed'
  | 'application/gzip';

const DOCX: AgencyFileType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const EXTENSIONS: Readonly<Record<AgencyFileType, readonly string[]>> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/bmp': ['bmp'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
  'application/msword': ['doc'],
  [DOCX]: ['docx'],
  'application/zip': ['zip'],
  'application/vnd.rar': ['rar'],
  'application/x-7z-compressed': ['7z'],
  'application/gzip': ['gz', 'tgz'],
};

const IMAGES: readonly AgencyFileType[] = ['image/png', 'image/jpeg', 'image/gif', 'image/bmp', 'image/webp'];
const DOCUMENTS: readonly AgencyFileType[] = ['application/pdf', 'application/msword', DOCX];
const ARCHIVES: readonly AgencyFileType[] = ['application/zip', 'application/vnd.rar', 'application/x-7z-compressed', 'application/gzip'];

/** The types each kind accepts: the request images, PDF, Word and archives; the reply PDF, Word and archives. */
export const AGENCY_FILE_TYPES: Readonly<Record<AgencyFileKind, readonly AgencyFileType[]>> = {
  request: [...IMAGES, ...DOCUMENTS, ...ARCHIVES],
  reply: [...DOCUMENTS, ...ARCHIVES],
};

const FILE_TYPE_MESSAGES: Readonly<Record<AgencyFileKind, string>> = { request: AgencyMsg.requestFileType, reply: AgencyMsg.replyFileType };

/** How many files each kind takes. */
export const AGENCY_FILE_COUNTS: Readonly<Record<AgencyFileKind, { min: number; max: number }>> = {
  request: { min: 0, max: AGENCY_LIMITS.maxFiles },
  reply: { min: 1, max: AGENCY_LIMITS.maxFiles },
};

/**
 * The type of a file from its head (its first FILE_HEAD_BYTES bytes), its size and its name, by
 * fileContentTypeOf (so never a file holding markup). A .docx is a zip container, so zip content
 * is a Word document when the name says docx; an OLE2 container is a Word 97-2003 document.
 */
export function agencyFileTypeOf(head: Uint8Array, name: string, size = head.length): AgencyFileType | null {
  const type = fileContentTypeOf(head, size);
  if (type === 'application/zip' && extensionOf(name) === 'docx') return DOCX;
  return type;
}

const extensionOf = (name: string) => (name.includes('.') ? (name.toLowerCase().split('.').pop() ?? '') : '');

export type AgencyFileCheck = { ok: true; type: AgencyFileType } | { ok: false; message: string };

/** Checks one file by size, then its name's extension and its content; both must name the same type the kind accepts. */
export function checkAgencyFile(kind: AgencyFileKind, name: string, size: number, head: Uint8Array): AgencyFileCheck {
  if (size === 0) return { ok: false, message: AgencyMsg.fileEmpty };
  if (size > AGENCY_LIMITS.maxBytes) return { ok: false, message: AgencyMsg.fileTooBig };
  const type = agencyFileTypeOf(head, name, size);
  if (!type || !AGENCY_FILE_TYPES[kind].includes(type) || !EXTENSIONS[type].includes(extensionOf(name)))
    return { ok: false, message: FILE_TYPE_MESSAGES[kind] };
  return { ok: true, type };
}

function countProblem(kind: AgencyFileKind, count: number): string | null {
  if (count < AGENCY_FILE_COUNTS[kind].min) return AgencyMsg.filesRequired;
  if (count > AGENCY_FILE_COUNTS[kind].max) return AgencyMsg.tooManyFiles;
  return null;
}

/** Checks the number of files, then each file by content; the first problem is reported. */
export function checkAgencyFiles(
  kind: AgencyFileKind,
  files: readonly { name: string; size: number; head: Uint8Array }[],
): { ok: true; types: AgencyFileType[] } | { ok: false; message: string } {
  const problem = countProblem(kind, files.length);
  if (problem) return { ok: false, message: problem };
  const types: AgencyFileType[] = [];
  for (const f of files) {
    const check = checkAgencyFile(kind, f.name, f.size, f.head);
    if (!check.ok) return check;
    types.push(check.type);
  }
  return { ok: true, types };
}

/** What the file pickers of each kind accept. */
export const AGENCY_FILE_ACCEPT: Readonly<Record<AgencyFileKind, string>> = {
  request: acceptOf('request'),
  reply: acceptOf('reply'),
};

function acceptOf(kind: AgencyFileKind): string {
  return AGENCY_FILE_TYPES[kind]
    .flatMap((t) => EXTENSIONS[t])
    .map((e) => `.${e}`)
    .join(',');
}

/** The picker's check before upload, by name and size only (the server checks the content): the first problem, or null. */
export function agencyPickedFilesProblem(kind: AgencyFileKind, files: readonly { name: string; size: number }[]): string | null {
  const problem = countProblem(kind, files.length);
  if (problem) return problem;
  const accepted = AGENCY_FILE_TYPES[kind].flatMap((t) => EXTENSIONS[t]);
  for (const f of files) {
    if (f.size === 0) return AgencyMsg.fileEmpty;
    if (f.size > AGENCY_LIMITS.maxBytes) return AgencyMsg.fileTooBig;
    if (!accepted.includes(extensionOf(f.name))) return FILE_TYPE_MESSAGES[kind];
  }
  return null;
}

/* Client-side form checks, in the order the forms show them; each returns the first message. */

export type AgencyFormCheck = { ok: true } | { ok: false; message: string };

const fail = (message: string): AgencyFormCheck => ({ ok: false, message });

/** The institution valuation modal: report type, customer name, phone, remark, files. */
export function checkAgencyRequestForm(v: {
  reportType: number | null;
  customerName: string;
  customerPhone: string;
  remark: string;
  files: readonly { name: string; size: number }[];
}): AgencyFormCheck {
  if (v.reportType !== 0 && v.reportType !== 1) return fail(AgencyMsg.reportTypeInvalid);
  const name = v.customerName.trim();
  if (name === '' || name.length > AGENCY_LIMITS.customerName) return fail(AgencyMsg.customerNameRequired);
  if (!isAgencyPhone(v.customerPhone)) return fail(AgencyMsg.phoneInvalid);
  if (v.remark.trim().length > AGENCY_LIMITS.remark) return fail(AgencyMsg.remarkTooLong);
  const files = agencyPickedFilesProblem('request', v.files);
  return files ? fail(files) : { ok: true };
}
