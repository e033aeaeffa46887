import { z } from 'zod';
import { isBlankFilter } from '../filters/list-filters';
import { checkDateRange, dateRangeFilterShape } from '../validation/eval-list.schemas';
import { recordIdSchema } from '../validation/fields';
import { pageQuerySchema } from '../validation/paging.schemas';
import { ValuationMsg } from '../validation/valuation-request';
import { CASE_WITHDRAWN_LABEL } from './appraisal-case.state';

/** Manual enquiry (人工询价): a human appraiser values a property the engine could not. */
export const ArtificialMsg = {
  addressRequired: ValuationMsg.addressRequired,
  cityMissing: ValuationMsg.cityMissing,
  reasonInvalid: '请选择询价原因',
  otherReasonRequired: '请输入其他原因',
  otherReasonTooLong: '其他原因不能超过200个字',
  remarkTooLong: '备注不能超过2000个字',
  evalTypeInvalid: ValuationMsg.evalTypeInvalid,
  sourceInvalid: '估价记录不存在',
  initiateInvalid: '询价来源不正确',
  statusInvalid: '状态不正确',
  notAnswered: '该询价尚未处理完成',
  withdrawn: '撤回成功',
  alreadySubmitted: '已提交，请勿重复提交',
  success: '提交成功',
} as const;

/** Reasons: 1 the address could not be located, 2 too few deals nearby, 3 other (with text). */
export const ARTIFICIAL_REASON_LABELS: Readonly<Record<1 | 2 | 3, string>> = { 1: '地址定位失败', 2: '附近交易数据较少', 3: '其他' };

/** States: 1 pending valuation, 2 succeeded, 3 failed, 4 withdrawn by the requester before a claim. */
export const ARTIFICIAL_STATE_LABELS: Readonly<Record<1 | 2 | 3 | 4, string>> = {
  1: '待估价',
  2: '估价成功',
  3: '估价失败',
  4: CASE_WITHDRAWN_LABEL,
};

/** Status (the list filter): 1 unprocessed (state 1), 2 processed (states 2 and 3), 3 withdrawn (state 4). */
export const ARTIFICIAL_STATUS_LABELS: Readonly<Record<1 | 2 | 3, string>> = { 1: '未处理', 2: '已处理', 3: CASE_WITHDRAWN_LABEL };
export const artificialStatusOf = (state: number): 1 | 2 | 3 => (state === 1 ? 1 : state === 4 ? 3 : 2);

/** Text limits of the modal. */
export const ARTIFICIAL_LIMITS = { otherReason: 200, remark: 2000 } as const;

const oneOf = <T extends number>(values: readonly T[], message: string) =>
  z.coerce
    .number({ message })
    .refine((n) => values.includes(n as T), message)
    .transform((n) => n as T);

const trimmed = (max: number, message: string) =>
  z.preprocess((v) => (v === undefined || v === null ? '' : typeof v === 'string' ? v.trim() : v), z.string({ message }).max(max, message));

const optionalText = (max: number) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : typeof v === 'string' ? v.trim() : String(v)),
    z.string().max(max, ValuationMsg.textTooLong),
  );

/** The property of a request from house information: the valuation form's fields. */
export const artificialHouseInfoSchema = z
  .object({
    cityCode: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      z.string({ message: ArtificialMsg.cityMissing }).regex(/^\d{6}$/, ArtificialMsg.cityMissing),
    ),
    cityName: optionalText(50),
    haInfo: z
      .preprocess((v) => v ?? {}, z.object({ haCode: optionalText(32), haName: optionalText(100) }))
      .default({ haCode: '', haName: '' }),
    cardAddress: optionalText(200),
    location: optionalText(200),
    principalCode: optionalText(50),
    bldgArea: z.preprocess(
      (v) => (v === '' || v === null || v === undefined ? undefined : v),
      z.coerce
        .number({ message: ValuationMsg.areaInvalid })
        .positive(ValuationMsg.areaInvalid)
        .max(99_999_999, ValuationMsg.areaInvalid)
        .optional(),
    ),
  })
  .passthrough()
  .superRefine((v, ctx) => {
    if (!v.haInfo.haName && !v.cardAddress) ctx.addIssue({ code: 'custom', path: ['haInfo'], message: ArtificialMsg.addressRequired });
  });
export type ArtificialHouseInfo = z.output<typeof artificialHouseInfoSchema>;

const requestShape = {
  evalType: oneOf([1, 2] as const, ArtificialMsg.evalTypeInvalid),
  reason: oneOf([1, 2, 3] as const, ArtificialMsg.reasonInvalid),
  otherReason: trimmed(ARTIFICIAL_LIMITS.otherReason, ArtificialMsg.otherReasonTooLong),
  remark: trimmed(ARTIFICIAL_LIMITS.remark, ArtificialMsg.remarkTooLong),
};

const otherReasonGiven = (v: { reason: number; otherReason: string }, ctx: z.RefinementCtx) => {
  if (v.reason === 3 && v.otherReason === '')
    ctx.addIssue({ code: 'custom', path: ['otherReason'], message: ArtificialMsg.otherReasonRequired });
};

/** POST api/artificial/add (multipart, besides the files): a request from the house information. */
export const artificialAddSchema = z.object({ ...requestShape, houseInfo: artificialHouseInfoSchema }).superRefine(otherReasonGiven);
export type ArtificialAdd = z.output<typeof artificialAddSchema>;

/** POST api/artificial/idadd (multipart, besides the files): a request from a valuation (sourceId is its evalCode or record id). */
export const artificialIdAddSchema = z
  .object({
    ...requestShape,
    initiate: z.preprocess((v) => (v === undefined || v === '' ? 1 : v), oneOf([1] as const, ArtificialMsg.initiateInvalid)),
    sourceId: z
      .string({ message: ArtificialMsg.sourceInvalid })
      .trim()
      .regex(/^[A-Za-z0-9]{1,32}$/, ArtificialMsg.sourceInvalid),
  })
  .superRefine(otherReasonGiven);
export type ArtificialIdAdd = z.output<typeof artificialIdAddSchema>;

/** The modal's own checks before anything is sent, with the messages the server gives. */
export function checkArtificialForm(v: {
  reason: number | null;
  otherReason: string;
  remark: string;
}): { ok: true } | { ok: false; message: string } {
  if (v.reason !== 1 && v.reason !== 2 && v.reason !== 3) return { ok: false, message: ArtificialMsg.reasonInvalid };
  const other = v.otherReason.trim();
  if (v.reason === 3 && other === '') return { ok: false, message: ArtificialMsg.otherReasonRequired };
  if (other.length > ARTIFICIAL_LIMITS.otherReason) return { ok: false, message: ArtificialMsg.otherReasonTooLong };
  if (v.remark.trim().length > ARTIFICIAL_LIMITS.remark) return { ok: false, message: ArtificialMsg.remarkTooLong };
  return { ok: true };
}

/** Whether the house information names a community or a card address (else 请输入小区名称或证载地址！). */
export function hasArtificialAddress(v: { haInfo?: { haName?: string | null } | null; cardAddress?: string | null }): boolean {
  return Boolean(v.haInfo?.haName?.trim() || v.cardAddress?.trim());
}

const blankAsUndefined = (v: unknown) => (isBlankFilter(v as string | number | null | undefined) ? undefined : v);
const filterText = z.preprocess(
  (v) => (typeof v === 'string' ? blankAsUndefined(v.trim()) : blankAsUndefined(v)),
  z.string().max(100, ValuationMsg.textTooLong).optional(),
);

const artificialFilterShape = {
  city: filterText,
  location: filterText,
  ...dateRangeFilterShape,
  status: z.preprocess(blankAsUndefined, oneOf([1, 2, 3] as const, ArtificialMsg.statusInvalid).optional()),
};

/** GET api/artificial/list/export: city, location (address or community), beginDate, endDate, status 0 all / 1 / 2 / 3. */
export const artificialFilterSchema = z.object(artificialFilterShape).superRefine(checkDateRange);
/** GET api/artificial/list: the filters and the page (sizes 10, 50, 100, 200). */
export const artificialListQuerySchema = z.object({ ...artificialFilterShape, ...pageQuerySchema().shape }).superRefine(checkDateRange);
export type ArtificialFilter = z.output<typeof artificialFilterSchema>;
export type ArtificialListQuery = z.output<typeof artificialListQuerySchema>;

/** GET api/artificial/file. */
export const artificialFileQuerySchema = z.object({
  id: recordIdSchema('记录不存在', 'bigint'),
  index: z.coerce.number({ message: '附件不存在' }).int('附件不存在').min(0, '附件不存在').max(4, '附件不存在'),
});

export type { ArtificialListRow } from '@valuation/contracts';
