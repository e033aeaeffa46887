import { z } from 'zod';
import { checkDateRange } from '../validation/eval-list.schemas';
import { recordIdSchema } from '../validation/fields';
import { pageQuerySchema } from '../validation/paging.schemas';
import { CASE_WITHDRAWN_LABEL } from './appraisal-case.state';
import { caseFilterShape, objectionReasonFromPrice } from './objection.rules';

/** Manual re-appraisal (人工复评) of an automatic valuation, a manual enquiry or a prior re-appraisal. */
export const ReviewMsg = {
  otherReasonRequired: '请输入其他原因',
  otherReasonTooLong: '其他原因不能超过200个字',
  remarkTooLong: '备注不能超过2000个字',
  reasonInvalid: '请选择复评原因',
  initiateInvalid: '复评来源不正确',
  sourceInvalid: '复评来源不存在',
  sourceNotAnswered: '该记录尚无估价结果，不能复评',
  averageMethod: '区域均价结果不支持人工复评',
  priceInvalid: '请输入合理的价格！',
  priceAboveForHigh: '估价偏高时，期望价格应低于原估价',
  priceBelowForLow: '估价偏低时，期望价格应高于原估价',
  stateInvalid: '状态不正确',
  success: '人工复评申请成功，大约需要1-2个工作日，请您耐心等待...',
} as const;

/** Where a re-appraisal starts: 1 automatic valuation, 2 manual enquiry, 3 prior re-appraisal. */
export type ReviewInitiate = 1 | 2 | 3;
export const REVIEW_INITIATE_LABELS: Readonly<Record<ReviewInitiate, string>> = { 1: '自动估价', 2: '人工询价', 3: '人工复评' };

/** Re-appraisal states: 1 pending, 2 succeeded, 3 failed (4, withdrawn, is a manual enquiry's only). */
export const REVIEW_STATE_LABELS: Readonly<Record<1 | 2 | 3 | 4, string>> = {
  1: '待估价',
  2: '估价成功',
  3: '估价失败',
  4: CASE_WITHDRAWN_LABEL,
};

const oneOf = (values: readonly number[], message: string) => z.coerce.number({ message }).refine((n) => values.includes(n), message);

const optionalText = (max: number, message: string) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : (v ?? '')), z.string().max(max, message));

/**
 * POST api/review/add (multipart, besides the files): sourceId is the valuation's evalCode for
 * initiate 1 and the source case id for 2 and 3; actualPrice is the proposed price in yuan.
 */
export const reviewAddSchema = z
  .object({
    initiate: oneOf([1, 2, 3], ReviewMsg.initiateInvalid).transform((n) => n as ReviewInitiate),
    sourceId: z
      .string({ message: ReviewMsg.sourceInvalid })
      .trim()
      .regex(/^[A-Za-z0-9]{1,32}$/, ReviewMsg.sourceInvalid),
    reason: oneOf([1, 2, 3], ReviewMsg.reasonInvalid).transform((n) => n as 1 | 2 | 3),
    otherReason: optionalText(200, ReviewMsg.otherReasonTooLong),
    remark: optionalText(2000, ReviewMsg.remarkTooLong),
    actualPrice: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.coerce.number({ message: ReviewMsg.priceInvalid }).positive(ReviewMsg.priceInvalid).max(1e13, ReviewMsg.priceInvalid).optional(),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.reason === 3 && v.otherReason === '')
      ctx.addIssue({ code: 'custom', path: ['otherReason'], message: ReviewMsg.otherReasonRequired });
    if (v.initiate !== 1 && !/^\d{1,18}$/.test(v.sourceId))
      ctx.addIssue({ code: 'custom', path: ['sourceId'], message: ReviewMsg.sourceInvalid });
  });
export type ReviewAdd = z.output<typeof reviewAddSchema>;

/** GET api/review/list (and /list/export): city, ha, beginDate, endDate, state 1/2/3, pageIndex, pageSize. */
const reviewFilterShape = {
  ...caseFilterShape,
  state: z.preprocess(
    (v) => (v === undefined || v === null || v === '' || v === '0' || v === 0 || v === 'all' ? undefined : v),
    oneOf([1, 2, 3], ReviewMsg.stateInvalid).optional(),
  ),
};
export const reviewFilterSchema = z.object(reviewFilterShape).superRefine(checkDateRange);
export const reviewListQuerySchema = z.object({ ...reviewFilterShape, ...pageQuerySchema().shape }).superRefine(checkDateRange);
export type ReviewFilter = z.output<typeof reviewFilterSchema>;
export type ReviewListQuery = z.output<typeof reviewListQuerySchema>;

/** POST api/review/read and GET api/review/file. */
export const reviewFileQuerySchema = z.object({
  id: recordIdSchema('记录不存在', 'bigint'),
  index: z.coerce.number({ message: '附件不存在' }).int('附件不存在').min(0, '附件不存在').max(4, '附件不存在'),
});

/** The price stepper: plus adds the step. */
export const stepPriceUp = (price: number, step: number) => price + step;

/** The price stepper: minus does nothing at or below the step. */
export const stepPriceDown = (price: number, step: number) => (price <= step ? price : price - step);

/** On blur an empty price field gets the old price back. */
export function restoreEmptyPrice(value: number | string | null | undefined, oldPrice: number): number {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return oldPrice;
  const n = Number(value);
  return Number.isFinite(n) ? n : oldPrice;
}

/**
 * Whether an expected price agrees with the reason, by the rule of the price objection (a price
 * below the original means the valuation was too high, above means too low): 估价偏高 needs a price
 * below the original, 估价偏低 one above it; 其他 and an empty price take any. Prices in yuan.
 */
export function checkExpectedPrice(
  reason: number,
  expected: number | null | undefined,
  original: number | null | undefined,
): { ok: true } | { ok: false; message: string } {
  if (expected === null || expected === undefined || original === null || original === undefined) return { ok: true };
  const implied = objectionReasonFromPrice(expected, original);
  if (reason === 1 && implied !== 1) return { ok: false, message: ReviewMsg.priceAboveForHigh };
  if (reason === 2 && implied !== 2) return { ok: false, message: ReviewMsg.priceBelowForLow };
  return { ok: true };
}

/**
 * The form's own checks before anything is sent: a reason is chosen, the other reason is given
 * when reason is 3, and the expected price (yuan, when given) agrees with the reason.
 */
export function checkReviewForm(v: {
  reason: number | null;
  otherReason: string;
  expectedPrice?: number | null;
  originalPrice?: number | null;
}): { ok: true } | { ok: false; message: string } {
  if (v.reason !== 1 && v.reason !== 2 && v.reason !== 3) return { ok: false, message: ReviewMsg.reasonInvalid };
  if (v.reason === 3 && v.otherReason.trim() === '') return { ok: false, message: ReviewMsg.otherReasonRequired };
  if (v.otherReason.trim().length > 200) return { ok: false, message: ReviewMsg.otherReasonTooLong };
  return checkExpectedPrice(v.reason, v.expectedPrice, v.originalPrice);
}

export type { ReviewListRow } from '@valuation/contracts';
