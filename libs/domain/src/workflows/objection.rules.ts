import { z } from 'zod';
import { checkDateRange, dateRangeFilterShape } from '../validation/eval-list.schemas';
import { recordIdSchema } from '../validation/fields';
import { pageQuerySchema } from '../validation/paging.schemas';
import { isBlankFilter } from '../filters/list-filters';

/** Price objections (价格异议): the user contests an automatic valuation with a price of their own. */
export const ObjectionMsg = {
  priceInvalid: '请输入合理的价格！',
  priceUnchanged: '请调整价格',
  priceEmpty: '请填写价格',
  evalCodeInvalid: '估价编号不正确',
  evalTypeInvalid: '估价类型不正确',
  stateInvalid: '状态不正确',
  averageMethod: '区域均价结果不支持价格异议',
  success: '异议反馈成功！',
} as const;

/** Objection and re-appraisal reasons: 1 valuation too high, 2 too low, 3 other. */
export const OBJECTION_REASON_LABELS: Readonly<Record<1 | 2 | 3, string>> = { 1: '估价偏高', 2: '估价偏低', 3: '其他' };

/** 1 processing (正在处理); anything else completed (处理完成). */
export function objectionStateLabel(state: number): string {
  return state === 1 ? '正在处理' : '处理完成';
}

/** The unit the user types an objection price in: 万元 in steps of 5 for sale, 元/月 in steps of 500 for rent. */
export interface ObjectionPriceUnit {
  unit: '万元' | '元/月';
  step: number;
  /** Yuan per unit. */
  yuan: number;
}

export function objectionPriceUnit(evalType: number): ObjectionPriceUnit {
  return evalType === 2 ? { unit: '元/月', step: 500, yuan: 1 } : { unit: '万元', step: 5, yuan: 10_000 };
}

/** A price in the objection unit as yuan. */
export const objectionPriceToYuan = (price: number, evalType: number) => price * objectionPriceUnit(evalType).yuan;

/** A price in yuan in the objection unit, as a whole number. */
export const yuanToObjectionPrice = (yuan: number, evalType: number) => Math.round(yuan / objectionPriceUnit(evalType).yuan);

/** A new price above the old one means the valuation was too low (2), below means too high (1). */
export function objectionReasonFromPrice(newPrice: number, oldPrice: number): 1 | 2 | null {
  if (newPrice > oldPrice) return 2;
  if (newPrice < oldPrice) return 1;
  return null;
}

export type ObjectionPriceCheck =
  { ok: true; price: number; reason: 1 | 2 } | { ok: false; message: string; /** The field goes back to the old price. */ revert: boolean };

/**
 * Checks the new price of the price objection modal: empty 请填写价格; not a positive integer
 * 请输入合理的价格！ (the price reverts to the old one); the same as the old 请调整价格.
 */
export function checkObjectionPrice(input: string | number | null | undefined, oldPrice: number): ObjectionPriceCheck {
  const text = input === null || input === undefined ? '' : String(input).trim();
  if (text === '') return { ok: false, message: ObjectionMsg.priceEmpty, revert: false };
  if (!/^\d+$/.test(text) || Number(text) <= 0) return { ok: false, message: ObjectionMsg.priceInvalid, revert: true };
  const price = Number(text);
  const reason = objectionReasonFromPrice(price, oldPrice);
  if (reason === null) return { ok: false, message: ObjectionMsg.priceUnchanged, revert: false };
  return { ok: true, price, reason };
}

const evalTypeSchema = z.coerce
  .number({ message: ObjectionMsg.evalTypeInvalid })
  .refine((n) => n === 1 || n === 2, ObjectionMsg.evalTypeInvalid)
  .transform((n) => n as 1 | 2);

/** POST api/objection/add (JSON): price in the unit of the evaluation type (万元 sale, 元/月 rent). */
export const objectionAddSchema = z.object({
  evalCode: z
    .string({ message: ObjectionMsg.evalCodeInvalid })
    .trim()
    .regex(/^[A-Za-z0-9]{6,32}$/, ObjectionMsg.evalCodeInvalid),
  price: z.coerce
    .number({ message: ObjectionMsg.priceInvalid })
    .int(ObjectionMsg.priceInvalid)
    .positive(ObjectionMsg.priceInvalid)
    .max(1_000_000_000, ObjectionMsg.priceInvalid),
  type: evalTypeSchema,
});
export type ObjectionAdd = z.output<typeof objectionAddSchema>;

const blankAsUndefined = (v: unknown) => (isBlankFilter(v as string | number | null | undefined) ? undefined : v);
const filterText = z.preprocess(
  (v) => (typeof v === 'string' ? blankAsUndefined(v.trim()) : blankAsUndefined(v)),
  z.string().max(100, '输入内容过长').optional(),
);

/** Filters shared by the objection and re-appraisal lists: city, community or address, date range. */
export const caseFilterShape = { city: filterText, ha: filterText, ...dateRangeFilterShape };

const stateFilter = (states: readonly number[]) =>
  z.preprocess(
    blankAsUndefined,
    z.coerce
      .number({ message: ObjectionMsg.stateInvalid })
      .refine((n) => states.includes(n), ObjectionMsg.stateInvalid)
      .optional(),
  );

/** GET api/objection/list: beginDate, endDate, city, ha, state (1 processing, 2 completed), pageIndex, pageSize. */
export const objectionListQuerySchema = z
  .object({ ...caseFilterShape, state: stateFilter([1, 2]), ...pageQuerySchema().shape })
  .superRefine(checkDateRange);
export type ObjectionListQuery = z.output<typeof objectionListQuerySchema>;

export const caseIdQuerySchema = z.object({ id: recordIdSchema('记录不存在', 'bigint') });

export type { ObjectionListRow } from '@valuation/contracts';
