import { z } from 'zod';
import { catalogueId } from '../catalogues/catalogue-text';
import { PROPERTY_TYPE_LABELS } from '../codes/codes';
import { isBlankFilter } from '../filters/list-filters';
import { LTV_BANDS, RevalMsg } from './collateral.rules';

/**
 * The loan analytics of the asset book (LoanOfTrendAnalyse, LoanOfStructureAnalyse,
 * LoanOfHouseAnalyse, LoanOfBusinessScreen): their queries and the pure arithmetic behind them.
 */
export const LoanAnalyticsMsg = {
  cityInvalid: '城市代码不正确',
  districtInvalid: '区县代码不正确',
  assetNotFound: '资产不存在',
  loanNoTooLong: '贷款编号不能超过40个字符',
} as const;

const blankToUndefined = (v: unknown) => (isBlankFilter(v as string | number | null | undefined) ? undefined : v);

const regionCode = (message: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ message })
      .trim()
      .regex(/^\d{6}$/, message)
      .optional(),
  );

/** GET api/reval/analytics/trend (and its export): the book, or the assets of a city or a district. */
export const loanTrendQuerySchema = z.object({
  cityCode: regionCode(LoanAnalyticsMsg.cityInvalid),
  distCode: regionCode(LoanAnalyticsMsg.districtInvalid),
});
export type LoanTrendQuery = z.output<typeof loanTrendQuerySchema>;

/** GET api/reval/analytics/structure (and its export): a finished run, the latest when not given. */
export const loanStructureQuerySchema = z.object({
  runId: z.preprocess(blankToUndefined, catalogueId(RevalMsg.runNotFound).optional()),
});
export type LoanStructureQuery = z.output<typeof loanStructureQuerySchema>;

/** GET api/reval/analytics/house: one asset. */
export const loanHouseQuerySchema = z.object({ assetId: catalogueId(LoanAnalyticsMsg.assetNotFound) });
export type LoanHouseQuery = z.output<typeof loanHouseQuerySchema>;

/** GET api/reval/analytics/house/assets: assets carrying a loan whose number starts with the text. */
export const loanAssetSearchSchema = z.object({
  loanNo: z.preprocess(blankToUndefined, z.string().trim().max(40, LoanAnalyticsMsg.loanNoTooLong).optional()),
});
export type LoanAssetSearch = z.output<typeof loanAssetSearchSchema>;

/** The value index of the first run in view. */
export const INDEX_BASE = 100;

/** Runs the business screen's trend shows. */
export const SCREEN_TREND_RUNS = 12;
/** Assets in each list of the biggest movers. */
export const SCREEN_MOVERS = 10;
/** Regional series of the trend. */
export const TREND_TOP_REGIONS = 5;

/** The assets valued in a run and in the run before it: their values in both runs (yuan). */
export interface IndexLink {
  linkedValue: number;
  linkedPrevValue: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * A chain-linked value index, 100 at the first run: each later run moves the index by the ratio of
 * the values of the assets valued both in it and in the run before it (the same assets on both
 * sides, so assets added or dropped between runs do not move it). A run sharing no asset with the
 * one before it keeps the index where it was. Two decimals.
 */
export function chainIndex(links: readonly IndexLink[]): number[] {
  let index = INDEX_BASE;
  return links.map((link, k) => {
    if (k > 0 && link.linkedPrevValue > 0) index *= link.linkedValue / link.linkedPrevValue;
    return round2(index);
  });
}

/** The index of an LTV in LTV_BANDS; null without an LTV. */
export function ltvBandOf(ltv: number | null): number | null {
  if (ltv === null) return null;
  const band = LTV_BANDS.findIndex((b) => ltv >= b.from && ltv < b.to);
  return band < 0 ? 0 : band;
}

/** The lower bounds of the LTV bands after the first: an LTV's band is how many of them it reaches. */
export const LTV_BAND_BOUNDS: readonly number[] = LTV_BANDS.slice(1).map((b) => b.from);

export const STRUCTURE_DIMENSIONS = ['city', 'district', 'propType', 'confidenceClass', 'ltvBand', 'vintage'] as const;
export type StructureDimension = (typeof STRUCTURE_DIMENSIONS)[number];
export const STRUCTURE_DIMENSION_LABELS: Readonly<Record<StructureDimension, string>> = {
  city: '城市',
  district: '区县',
  propType: '物业类型',
  confidenceClass: '置信度',
  ltvBand: '抵押率区间',
  vintage: '放款年份',
};

/** The valued items of a run sharing every key of the structure, summed (amounts in yuan, LTV in percent). */
export interface StructureCell {
  cityCode: string;
  distCode: string | null;
  propType: number;
  confidenceClass: string | null;
  /** Index in LTV_BANDS; null without a loan. */
  ltvBand: number | null;
  /** The loan's year; null without a loan date. */
  vintage: number | null;
  count: number;
  valueTotal: number;
  loanTotal: number;
  ltvSum: number;
  ltvCount: number;
}

/** One group of a dimension: its key ('' for items without one), counts and sums, and the mean LTV of its items with a loan. */
export interface StructureGroup {
  key: string;
  count: number;
  valueTotal: number;
  loanTotal: number;
  avgLtv: number | null;
}

const NONE = '';

const keyOf: Record<StructureDimension, (c: StructureCell) => string> = {
  city: (c) => c.cityCode,
  district: (c) => c.distCode ?? NONE,
  propType: (c) => String(c.propType),
  confidenceClass: (c) => c.confidenceClass ?? NONE,
  ltvBand: (c) => (c.ltvBand === null ? NONE : String(c.ltvBand)),
  vintage: (c) => (c.vintage === null ? NONE : String(c.vintage)),
};

/** How the groups of a dimension are ordered: bands, classes and years in their own order, places and types by value; '' last. */
function compareGroups(dim: StructureDimension): (a: StructureGroup, b: StructureGroup) => number {
  const natural = dim === 'ltvBand' || dim === 'confidenceClass' || dim === 'vintage';
  return (a, b) => {
    if (a.key === NONE || b.key === NONE) return a.key === NONE ? (b.key === NONE ? 0 : 1) : -1;
    if (!natural) return b.valueTotal - a.valueTotal || a.key.localeCompare(b.key);
    return dim === 'confidenceClass' ? a.key.localeCompare(b.key) : Number(a.key) - Number(b.key);
  };
}

/** The cells of a run summed by one dimension. */
export function structureGroups(cells: readonly StructureCell[], dim: StructureDimension): StructureGroup[] {
  const sums = new Map<string, { count: number; valueTotal: number; loanTotal: number; ltvSum: number; ltvCount: number }>();
  for (const c of cells) {
    const key = keyOf[dim](c);
    const s = sums.get(key) ?? { count: 0, valueTotal: 0, loanTotal: 0, ltvSum: 0, ltvCount: 0 };
    s.count += c.count;
    s.valueTotal += c.valueTotal;
    s.loanTotal += c.loanTotal;
    s.ltvSum += c.ltvSum;
    s.ltvCount += c.ltvCount;
    sums.set(key, s);
  }
  return [...sums.entries()]
    .map(([key, s]) => ({
      key,
      count: s.count,
      valueTotal: round2(s.valueTotal),
      loanTotal: round2(s.loanTotal),
      avgLtv: s.ltvCount > 0 ? round2(s.ltvSum / s.ltvCount) : null,
    }))
    .sort(compareGroups(dim));
}

/** The label of a group key of a dimension whose labels need no region names. */
export function structureLabel(dim: Exclude<StructureDimension, 'city' | 'district'>, key: string): string {
  if (dim === 'propType') return PROPERTY_TYPE_LABELS[Number(key)] ?? '其他';
  if (key === NONE) return dim === 'confidenceClass' ? '无' : dim === 'ltvBand' ? '无贷款' : '未登记';
  if (dim === 'ltvBand') return LTV_BANDS[Number(key)]?.label ?? key;
  if (dim === 'vintage') return `${key}年`;
  return key;
}
