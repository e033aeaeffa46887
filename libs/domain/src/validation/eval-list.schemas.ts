import { z } from 'zod';
import { PROPERTY_TYPE_LABELS } from '../codes/codes';
import { isBlankFilter, parseFilterDate } from '../filters/list-filters';
import { FILTER_EARLIEST_DATE } from '../time/business-date';
import { pageQuerySchema } from './paging.schemas';
import { ValuationMsg } from './valuation-request';

export const ListMsg = {
  dateInvalid: '日期格式不正确，应为yyyy/MM/dd',
  dateTooEarly: `日期不能早于${FILTER_EARLIEST_DATE}`,
  dateRangeInvalid: '开始日期不能晚于结束日期',
  textTooLong: ValuationMsg.textTooLong,
  propTypeInvalid: ValuationMsg.propTypeInvalid,
  evalTypeInvalid: ValuationMsg.evalTypeInvalid,
  noData: '暂无数据',
} as const;

/** A filter whose blank value (empty, 0, 'all') means "no filter". */
const blankAsUndefined = (v: unknown) => (isBlankFilter(v as string | number | null | undefined) ? undefined : v);

/** An optional text filter of at most `max` characters, trimmed; blank means no filter. */
export const filterTextSchema = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? blankAsUndefined(v.trim()) : blankAsUndefined(v)),
    z.string({ message: ListMsg.textTooLong }).max(max, ListMsg.textTooLong).optional(),
  );

/** An optional yyyy/MM/dd date, not before the earliest filter date. */
export const filterDateSchema = z.preprocess(
  blankAsUndefined,
  z
    .string({ message: ListMsg.dateInvalid })
    .trim()
    .refine((v) => /^\d{4}\/\d{2}\/\d{2}$/.test(v) && parseFilterDate(v) !== null, ListMsg.dateInvalid)
    .refine((v) => v >= FILTER_EARLIEST_DATE, ListMsg.dateTooEarly)
    .optional(),
);

/** Date range filters: both optional, the begin date not after the end date. */
export const dateRangeFilterShape = { beginDate: filterDateSchema, endDate: filterDateSchema };

export function checkDateRange(v: { beginDate?: string; endDate?: string }, ctx: z.RefinementCtx) {
  if (v.beginDate && v.endDate && v.beginDate > v.endDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: ListMsg.dateRangeInvalid });
  }
}

const filterShape = {
  city: filterTextSchema(50),
  cardAddress: filterTextSchema(200),
  location: filterTextSchema(200),
  ...dateRangeFilterShape,
  type: z.preprocess(
    blankAsUndefined,
    z.coerce
      .number({ message: ListMsg.propTypeInvalid })
      .int(ListMsg.propTypeInvalid)
      .refine((n) => n in PROPERTY_TYPE_LABELS, ListMsg.propTypeInvalid)
      .optional(),
  ),
  evalType: z.preprocess(
    blankAsUndefined,
    z.coerce
      .number({ message: ListMsg.evalTypeInvalid })
      .refine((n) => n === 1 || n === 2, ListMsg.evalTypeInvalid)
      .transform((n) => n as 1 | 2)
      .optional(),
  ),
};

/** Filters of GET api/eval/export. */
export const evalFilterSchema = z.object(filterShape).superRefine(checkDateRange);

/** GET api/eval/list: the filters and the page (sizes 10, 50, 100, 200). */
export const evalListQuerySchema = z.object({ ...filterShape, ...pageQuerySchema().shape }).superRefine(checkDateRange);

export type EvalFilter = z.output<typeof evalFilterSchema>;
export type EvalListFilter = z.output<typeof evalListQuerySchema>;
