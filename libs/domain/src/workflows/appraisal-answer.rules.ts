/**
 * Rules of the appraisers' queue (api/tenant/appraisal/...): the queue filters and what an answer
 * or a refusal must hold. The channel web forms and the API check the same things with the same
 * messages.
 */
import { z } from 'zod';
import { recordIdSchema } from '../validation/fields';
import { pageQuerySchema } from '../validation/paging.schemas';
import type { AppraisalCaseKind } from './appraisal-case.state';

export const APPRAISAL_KIND_LABELS: Readonly<Record<AppraisalCaseKind, string>> = {
  artificial: '人工询价',
  review: '人工复评',
  objection: '价格异议',
};

export const ANSWER_REPLY_MAX = 2000;
export const REFUSE_REASON_MAX = 500;
/** The largest prices the answer columns hold (numeric(16,2) and numeric(12,2)). */
export const ANSWER_TOTAL_PRICE_MAX = 1e14 - 0.01;
export const ANSWER_UNIT_PRICE_MAX = 9_999_999_999.99;

export const AppraisalMsg = {
  idInvalid: '请指定案件',
  versionInvalid: '请刷新案件后重试',
  fileIndexInvalid: '附件不存在',
  kindInvalid: '案件类型不正确',
  stateInvalid: '案件状态不正确',
  ageInvalid: '提交时间筛选不正确',
  totalPriceRequired: '请输入评估总价',
  totalPriceInvalid: '评估总价须为不小于0、最多两位小数的金额',
  totalPriceTooLarge: '评估总价过大',
  unitPriceRequired: '请输入评估单价',
  unitPriceInvalid: '评估单价须为不小于0、最多两位小数的金额',
  unitPriceTooLarge: '评估单价过大',
  replyRequired: '请输入答复内容',
  replyTooLong: `答复内容不能超过${ANSWER_REPLY_MAX}个字`,
  reasonRequired: '请输入退回原因',
  reasonTooLong: `退回原因不能超过${REFUSE_REASON_MAX}个字`,
  claimed: '领取成功',
  released: '已释放',
  answered: '答复成功',
  refused: '已退回',
} as const;

const chars = (s: string) => [...s].length;

const caseId = recordIdSchema(AppraisalMsg.idInvalid, 'bigint');
const version = recordIdSchema(AppraisalMsg.versionInvalid);

/** An amount in yuan: not negative, at most two decimals; '' and null count as missing. */
function price(invalid: string, tooLarge: string, max: number) {
  return z
    .union([z.number(), z.string(), z.null()], { error: invalid })
    .optional()
    .transform((v, ctx): number | undefined => {
      if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return undefined;
      const n = typeof v === 'number' ? v : /^\d+(\.\d{1,2})?$/.test(v.trim()) ? Number(v.trim()) : NaN;
      if (!Number.isFinite(n) || n < 0 || Math.abs(n * 100 - Math.round(n * 100)) > 1e-6) {
        ctx.addIssue({ code: 'custom', message: invalid });
        return z.NEVER;
      }
      if (n > max) {
        ctx.addIssue({ code: 'custom', message: tooLarge });
        return z.NEVER;
      }
      return n;
    });
}

const text = (required: string, tooLong: string, max: number) =>
  z
    .string({ error: required })
    .transform((s) => s.trim())
    .refine((s) => s.length > 0, required)
    .refine((s) => chars(s) <= max, tooLong);

/** POST api/tenant/appraisal/claim and /release. */
export const appraisalClaimSchema = z.object({ id: caseId, version });
export type AppraisalClaimInput = z.output<typeof appraisalClaimSchema>;

/** GET api/tenant/appraisal/case. */
export const appraisalCaseQuerySchema = z.object({ id: caseId });

/** GET api/tenant/appraisal/file. */
export const appraisalFileQuerySchema = z.object({
  id: caseId,
  index: z.coerce.number({ error: AppraisalMsg.fileIndexInvalid }).int(AppraisalMsg.fileIndexInvalid).min(0, AppraisalMsg.fileIndexInvalid),
});

/**
 * POST api/tenant/appraisal/answer: the reply always; total and unit price for manual enquiries
 * and re-appraisals (an objection is answered with the reply only, prices ignored).
 */
export const appraisalAnswerSchema = z.object({
  id: caseId,
  version,
  totalPrice: price(AppraisalMsg.totalPriceInvalid, AppraisalMsg.totalPriceTooLarge, ANSWER_TOTAL_PRICE_MAX),
  unitPrice: price(AppraisalMsg.unitPriceInvalid, AppraisalMsg.unitPriceTooLarge, ANSWER_UNIT_PRICE_MAX),
  reply: text(AppraisalMsg.replyRequired, AppraisalMsg.replyTooLong, ANSWER_REPLY_MAX),
});
export type AppraisalAnswerInput = z.output<typeof appraisalAnswerSchema>;

export type AppraisalAnswer = { totalPrice?: number; unitPrice?: number; reply: string };

/**
 * The answer a case of this kind takes, or the message of what is missing: objections take the
 * reply only; the other kinds need both prices.
 */
export function answerForKind(
  kind: AppraisalCaseKind,
  input: AppraisalAnswerInput,
): { ok: true; answer: AppraisalAnswer } | { ok: false; message: string } {
  if (kind === 'objection') return { ok: true, answer: { reply: input.reply } };
  if (input.totalPrice === undefined) return { ok: false, message: AppraisalMsg.totalPriceRequired };
  if (input.unitPrice === undefined) return { ok: false, message: AppraisalMsg.unitPriceRequired };
  return { ok: true, answer: { totalPrice: input.totalPrice, unitPrice: input.unitPrice, reply: input.reply } };
}

/** POST api/tenant/appraisal/refuse. */
export const appraisalRefuseSchema = z.object({
  id: caseId,
  version,
  reason: text(AppraisalMsg.reasonRequired, AppraisalMsg.reasonTooLong, REFUSE_REASON_MAX),
});
export type AppraisalRefuseInput = z.output<typeof appraisalRefuseSchema>;

/** Unit price in yuan per m² from a total price and an area, rounded to cents; null without both. */
export function unitPriceOf(totalPrice: number | null | undefined, area: number | null | undefined): number | null {
  if (totalPrice === null || totalPrice === undefined || !area || area <= 0 || !Number.isFinite(totalPrice)) return null;
  return Math.round((totalPrice / area) * 100) / 100;
}

export const APPRAISAL_QUEUE_PAGE_SIZES = [10, 50, 100, 200] as const;

/** Submitted within N days, or more than N days ago. */
export type AppraisalAge = { within: number } | { olderThan: number };

const age = z
  .string()
  .regex(/^(within|older):\d{1,4}$/, AppraisalMsg.ageInvalid)
  .transform((s): AppraisalAge => {
    const [mode, n] = s.split(':');
    return mode === 'within' ? { within: Number(n) } : { olderThan: Number(n) };
  });

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1');

/**
 * GET api/tenant/appraisal/queue: kind (artificial, review, objection or all), state (open: 1;
 * answered: 2 and 3; all), city (name or code), age (within:N or older:N days), mine, paging.
 */
export const appraisalQueueQuerySchema = pageQuerySchema([...APPRAISAL_QUEUE_PAGE_SIZES]).extend({
  kind: z.enum(['artificial', 'review', 'objection', 'all'], { error: AppraisalMsg.kindInvalid }).default('all'),
  state: z.enum(['open', 'answered', 'all'], { error: AppraisalMsg.stateInvalid }).default('open'),
  city: z
    .string()
    .trim()
    .max(50)
    .optional()
    .transform((v) => v || undefined),
  age: z.preprocess((v) => (v === '' ? undefined : v), age.optional()),
  mine: flag,
});
export type AppraisalQueueQuery = z.output<typeof appraisalQueueQuerySchema>;
