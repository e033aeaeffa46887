import { z } from 'zod';
import { isBlankFilter } from '../filters/list-filters';
import { pageQuerySchema } from '../validation/paging.schemas';
import { recordIdSchema } from '../validation/fields';
import { checkDateRange, dateRangeFilterShape, filterTextSchema, ListMsg } from '../validation/eval-list.schemas';

export const StatMsg = {
  organizationRequired: '请选择要统计的机构',
  organizationNotFound: '机构不存在或不在您的统计范围内',
  methodInvalid: '统计方式不正确',
  subMethodInvalid: '统计子方式不正确',
  sourceInvalid: '来源不正确',
  categoryInvalid: '客户类别不正确',
  companyInvalid: '客户公司不正确',
  noData: ListMsg.noData,
} as const;

/**
 * Where a valuation, case or report was asked for: 1 PC (the web app), 2 APP, 3 WeChat. Filters
 * use 0 for all.
 */
export type ClientSource = 1 | 2 | 3;
export const CLIENT_SOURCE_LABELS: Readonly<Record<ClientSource, string>> = { 1: 'PC', 2: 'APP', 3: '微信' };
export const SOURCE_FILTER_OPTIONS = [
  { value: 0, label: '全部' },
  { value: 1, label: 'PC' },
  { value: 2, label: 'APP' },
  { value: 3, label: '微信' },
] as const;

/**
 * The request header a client names itself with, and the rule that reads it: `app` (or 2) is the
 * mobile app, `wechat` (or 3) the WeChat mini program; anything else, or no header, is the PC web
 * app, the client this product ships (its API client sends `pc`).
 */
export const CLIENT_SOURCE_HEADER = 'x-client-source';
export function clientSourceOf(header: string | readonly string[] | undefined): ClientSource {
  const value = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase();
  if (value === 'app' || value === '2') return 2;
  if (value === 'wechat' || value === '3') return 3;
  return 1;
}

/** Statistics method: 1 by valuation method, 2 by report type. */
export type StatMethod = 1 | 2;
/** Sub-methods: 11 quick, 12 batch, 13 manual enquiry, 14 re-appraisal; 21 inquiry report, 22 advisory report. */
export type StatSubMethod = 11 | 12 | 13 | 14 | 21 | 22;

export const STAT_METHOD_LABELS: Readonly<Record<StatMethod, string>> = { 1: '按估价方式', 2: '按报告类型' };
export const STAT_SUB_METHOD_LABELS: Readonly<Record<StatSubMethod, string>> = {
  11: '快速估价',
  12: '批量估价',
  13: '人工询价',
  14: '人工复评',
  21: '询价报告',
  22: '咨询报告',
};
export const STAT_SUB_METHODS: Readonly<Record<StatMethod, readonly StatSubMethod[]>> = { 1: [11, 12, 13, 14], 2: [21, 22] };

/** The method a sub-method belongs to: above 20, by report type. */
export function methodOfSubMethod(sub: StatSubMethod): StatMethod {
  return sub > 20 ? 2 : 1;
}

/**
 * What the statistics count. Every item is one row of the detail list and adds one to exactly one
 * count column of its (organisation, account) summary row, so a summary total is the number of
 * detail rows of its sub-method under the same filters.
 *
 * - rapid (11): valuation records made by quick valuation or re-valuation (eval_record without a
 *   batch task), valued or reference price only, at the record's time;
 * - batch (12): batch rows valued (each valued row stores one valuation record naming its task), at
 *   the record's time;
 * - manual (13): manual enquiries submitted (appraisal cases of kind artificial), whatever their state;
 * - repeat (14): re-appraisals initiated (appraisal cases of kind review), whatever their state;
 * - inquiry (21) and advisory (22): reports ordered and not failed (rendering or ready), of records
 *   and of answered cases, at the order's time;
 * - ha: the distinct communities (haCode) of the counted items; items without a community count in
 *   no ha. haTotal is the distinct communities of all counted items, so it is at most the sum of
 *   the rows' ha.
 *
 * An item belongs to the account, organisation and company that filed it, and to the source the
 * request came from. Price objections are not counted.
 */
export const STAT_COLUMN_OF_SUB_METHOD = {
  11: 'rapid',
  12: 'batch',
  13: 'manual',
  14: 'repeat',
  21: 'inquiry',
  22: 'advisory',
} as const satisfies Record<StatSubMethod, string>;
export type StatCountColumn = (typeof STAT_COLUMN_OF_SUB_METHOD)[StatSubMethod];

/** The count columns a summary of a method shows, in the table's order. */
export const STAT_SUMMARY_COLUMNS: Readonly<Record<StatMethod, readonly StatSubMethod[]>> = { 1: [11, 13, 14, 12], 2: [21, 22] };

export const STAT_SUMMARY_PAGE_SIZES = [20, 50, 100, 200] as const;
export const STAT_ITEMS_PAGE_SIZES = [10, 50, 100, 200] as const;
/** Rows of one detail export at most; the newest are kept. */
export const STAT_EXPORT_LIMIT = 10_000;

const blank = (v: unknown) => isBlankFilter(typeof v === 'string' ? v.trim() : (v as number | null | undefined));

function idList(v: unknown): unknown {
  if (v === undefined || v === null || v === '') return [];
  if (Array.isArray(v)) return v.flatMap((x) => idList(x) as unknown[]);
  if (typeof v === 'string')
    return v
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
  return [v];
}

const organizationIdsField = z.preprocess(
  idList,
  z
    .array(recordIdSchema(StatMsg.organizationNotFound), { message: StatMsg.organizationRequired })
    .min(1, StatMsg.organizationRequired)
    .max(2000, StatMsg.organizationNotFound)
    .transform((ids) => [...new Set(ids)]),
);

const code = <T extends number>(allowed: readonly T[], message: string, fallback: T | undefined) =>
  z.preprocess(
    (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? fallback : v),
    z.coerce
      .number({ message })
      .refine((n) => allowed.includes(n as T), message)
      .transform((n) => n as T),
  );

/** 0 or blank: every source. */
const sourceField = z.preprocess(
  (v) => (blank(v) ? undefined : v),
  z.coerce
    .number({ message: StatMsg.sourceInvalid })
    .refine((n) => n === 1 || n === 2 || n === 3, StatMsg.sourceInvalid)
    .transform((n) => n as ClientSource)
    .optional(),
);

const statMethodField = code<StatMethod>([1, 2], StatMsg.methodInvalid, 1);
/** 0 or blank: every sub-method of the method. */
const subMethodField = z.preprocess(
  (v) => (blank(v) ? undefined : v),
  z.coerce
    .number({ message: StatMsg.subMethodInvalid })
    .refine((n) => n in STAT_SUB_METHOD_LABELS, StatMsg.subMethodInvalid)
    .transform((n) => n as StatSubMethod)
    .optional(),
);

/** The login name of one account, matched exactly (ignoring case); blank means every account. */
const accountField = filterTextSchema(50);

const optionalId = (message: string) => z.preprocess((v) => (blank(v) ? undefined : v), recordIdSchema(message).optional());

/** A detail query's method: a sub-method above 20 selects method 2, one below selects method 1. */
function settleMethod<T extends { statMethod: StatMethod; statSubMethod?: StatSubMethod }>(v: T): T {
  return v.statSubMethod ? { ...v, statMethod: methodOfSubMethod(v.statSubMethod) } : v;
}

const orgFilterShape = {
  statMethod: statMethodField,
  organizationIds: organizationIdsField,
  account: accountField,
  source: sourceField,
  ...dateRangeFilterShape,
};

/** GET api/statistics/summary (and its export without paging). */
export const statSummaryFilterSchema = z.object(orgFilterShape).superRefine(checkDateRange);
export type StatSummaryFilter = z.output<typeof statSummaryFilterSchema>;
export const statSummaryQuerySchema = z
  .object({ ...orgFilterShape, ...pageQuerySchema(STAT_SUMMARY_PAGE_SIZES).shape })
  .superRefine(checkDateRange);
export type StatSummaryQuery = z.output<typeof statSummaryQuerySchema>;

/** GET api/statistics/items (and its export): the summary's filters plus the sub-method. */
export const statItemsFilterSchema = z
  .object({ ...orgFilterShape, statSubMethod: subMethodField })
  .superRefine(checkDateRange)
  .transform(settleMethod);
export type StatItemsFilter = z.output<typeof statItemsFilterSchema>;
export const statItemsQuerySchema = z
  .object({ ...orgFilterShape, statSubMethod: subMethodField, ...pageQuerySchema(STAT_ITEMS_PAGE_SIZES).shape })
  .superRefine(checkDateRange)
  .transform(settleMethod);
export type StatItemsQuery = z.output<typeof statItemsQuerySchema>;

const channelFilterShape = {
  companyName: filterTextSchema(50),
  companyId: optionalId(StatMsg.companyInvalid),
  categoryId: optionalId(StatMsg.categoryInvalid),
  account: accountField,
  source: sourceField,
  ...dateRangeFilterShape,
};

/** GET api/tenant/statistics/summary (and its export): the channel's customer accounts. */
export const channelStatSummaryFilterSchema = z.object(channelFilterShape).superRefine(checkDateRange);
export type ChannelStatSummaryFilter = z.output<typeof channelStatSummaryFilterSchema>;
export const channelStatSummaryQuerySchema = z
  .object({ ...channelFilterShape, ...pageQuerySchema(STAT_SUMMARY_PAGE_SIZES).shape })
  .superRefine(checkDateRange);
export type ChannelStatSummaryQuery = z.output<typeof channelStatSummaryQuerySchema>;

const channelItemsShape = { ...channelFilterShape, statMethod: statMethodField, statSubMethod: subMethodField };

/** GET api/tenant/statistics/items (and its export). */
export const channelStatItemsFilterSchema = z.object(channelItemsShape).superRefine(checkDateRange).transform(settleMethod);
export type ChannelStatItemsFilter = z.output<typeof channelStatItemsFilterSchema>;
export const channelStatItemsQuerySchema = z
  .object({ ...channelItemsShape, ...pageQuerySchema(STAT_ITEMS_PAGE_SIZES).shape })
  .superRefine(checkDateRange)
  .transform(settleMethod);
export type ChannelStatItemsQuery = z.output<typeof channelStatItemsQuerySchema>;

/** The sub-methods a detail query reads: the one asked for, or every one of its method. */
export function subMethodsOf(q: { statMethod: StatMethod; statSubMethod?: StatSubMethod }): readonly StatSubMethod[] {
  return q.statSubMethod ? [q.statSubMethod] : STAT_SUB_METHODS[q.statMethod];
}
