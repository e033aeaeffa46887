import { shiftMonth } from '../time/business-date';
import { REPORT_LIMITS } from './report-rules';

/**
 * The price trend of a valuation: one monthly series and the figures derived from it, so the
 * chart, the 环比 (month-on-month) and 同比 (year-on-year) figures of the report page, the PDF and
 * the appraiser's case page can never disagree.
 *
 * Rules:
 * - the window is the `months` calendar months (24, the spec's two years) ending at the newest month
 *   with a price, not after `endMonth` when one is given (the valuation's month);
 * - a month counts as thin when fewer than `minCases` cases (3) made its average. A thin month is
 *   not shown as it is: its value is the case-weighted average of it and the months just before it
 *   (at most `poolMonths`, 3 in all) once they add up to `minCases` cases, and the point is marked
 *   `smoothed`; a thin month that cannot gather enough cases is left out. Months whose number of
 *   cases is unknown count as they are;
 * - values are rounded as the report shows them (whole 元/㎡ for a sale, 2 decimals for a rent) and
 *   the figures are computed from the rounded points, so they equal what the chart draws:
 *   X = last / the calendar month before − 1, R = last / the same month a year before − 1 (ratios
 *   rounded to 4 decimals), each null when that month is missing from the series;
 * - a series of fewer than `REPORT_LIMITS.minTrendPoints` (3) points is no series: it comes back
 *   empty and both figures are null, so there is never a figure without a chart;
 * - the figures are `volatile` when the last month rests on fewer than TREND_SOLID_MONTH_CASES cases
 *   and moved a lot (|X| of 10 % or more, or |R| of 30 % or more): every place that shows them
 *   says so (TREND_VOLATILE_NOTE) instead of presenting the jump as fact.
 */

export type TrendSource = 'community' | 'district' | 'city';

/** One month of a price index: its average unit price and how many cases made it. */
export interface TrendMonthInput {
  /** yyyy-MM */
  month: string;
  price: number | null;
  count?: number | null;
}

export interface MarketTrendPoint {
  month: string;
  value: number;
  /** Cases behind the month's own average; null when unknown. */
  count: number | null;
  /** True when the month had too few cases and shows the average pooled with the months before. */
  smoothed: boolean;
}

export interface MarketTrend {
  source: TrendSource | null;
  /** The month of the last point (yyyy-MM), null without a series. */
  month: string | null;
  /** Month-on-month change ratio of the last point (0.0123 is +1.23 %). */
  X: number | null;
  /** Year-on-year change ratio of the last point. */
  R: number | null;
  series: MarketTrendPoint[];
  /** The last month moved a lot on few cases: its figures are shown with TREND_VOLATILE_NOTE. */
  volatile: boolean;
}

export interface MarketTrendOptions {
  /** 1 sale, 2 rent: decides how values are rounded. */
  evalType: number;
  source?: TrendSource | null;
  /** yyyy-MM: the latest month the window may end at (the valuation's month). */
  endMonth?: string | null;
  months?: number;
  minCases?: number;
  poolMonths?: number;
}

/** Months of the trend window. */
export const TREND_WINDOW_MONTHS = REPORT_LIMITS.trendYears * 12;
/** Fewest cases for a month's average to be shown as it is. */
export const TREND_MIN_MONTH_CASES = 3;
/** Most months (the thin month included) pooled to smooth a thin month. */
export const TREND_POOL_MONTHS = 3;

/** Cases a month needs for its change against the months before to be read without a caution. */
export const TREND_SOLID_MONTH_CASES = 10;
/** Month-on-month and year-on-year changes large enough to call for the caution on a thin month. */
const VOLATILE_MONTH_CHANGE = 0.1;
const VOLATILE_YEAR_CHANGE = 0.3;

/** What the report, its PDF and the appraiser's case page say next to volatile figures. */
export const TREND_VOLATILE_NOTE = '近月案例较少，涨跌幅波动较大，仅供参考';

export const NO_MARKET_TREND: MarketTrend = { source: null, month: null, X: null, R: null, series: [], volatile: false };

const MONTH = /^\d{4}-\d{2}$/;

const roundValue = (value: number, evalType: number): number => (evalType === 2 ? Math.round(value * 100) / 100 : Math.round(value));

const ratio = (now: number, before: number | undefined): number | null =>
  before === undefined || before <= 0 ? null : Math.round((now / before - 1) * 10000) / 10000;

/** The monthly series and its 环比/同比 figures (see the rules above). */
export function marketTrend(input: readonly TrendMonthInput[], options: MarketTrendOptions): MarketTrend {
  const minCases = options.minCases ?? TREND_MIN_MONTH_CASES;
  const poolMonths = Math.max(1, options.poolMonths ?? TREND_POOL_MONTHS);
  const byMonth = new Map<string, { price: number; count: number | null }>();
  for (const m of input) {
    if (!MONTH.test(m.month) || typeof m.price !== 'number' || !Number.isFinite(m.price) || m.price <= 0) continue;
    const count = typeof m.count === 'number' && Number.isFinite(m.count) ? m.count : null;
    if (count !== null && count <= 0) continue;
    byMonth.set(m.month, { price: m.price, count });
  }
  const limit = options.endMonth && MONTH.test(options.endMonth) ? options.endMonth : null;
  const end = [...byMonth.keys()]
    .filter((m) => limit === null || m <= limit)
    .sort()
    .at(-1);
  if (!end) return { ...NO_MARKET_TREND };
  const windowMonths = options.months ?? TREND_WINDOW_MONTHS;
  const first = shiftMonth(end, 1 - windowMonths);

  const series: MarketTrendPoint[] = [];
  for (let i = 0; i < windowMonths; i++) {
    const month = shiftMonth(first, i);
    const own = byMonth.get(month);
    if (!own) continue;
    if (own.count === null || own.count >= minCases) {
      series.push({ month, value: roundValue(own.price, options.evalType), count: own.count, smoothed: false });
      continue;
    }
    // A thin month: pool it with the months just before until there are enough cases.
    let cases = 0;
    let weighted = 0;
    for (let back = 0; back < poolMonths && cases < minCases; back++) {
      const m = byMonth.get(shiftMonth(month, -back));
      if (!m) continue;
      const n = m.count ?? minCases;
      cases += n;
      weighted += m.price * n;
    }
    if (cases >= minCases) {
      series.push({ month, value: roundValue(weighted / cases, options.evalType), count: own.count, smoothed: true });
    }
  }
  if (series.length < REPORT_LIMITS.minTrendPoints) return { ...NO_MARKET_TREND };

  const values = new Map(series.map((p) => [p.month, p.value]));
  const last = series[series.length - 1];
  const X = ratio(last.value, values.get(shiftMonth(last.month, -1)));
  const R = ratio(last.value, values.get(shiftMonth(last.month, -12)));
  const thin = last.smoothed || (last.count !== null && last.count < TREND_SOLID_MONTH_CASES);
  const large = Math.abs(X ?? 0) >= VOLATILE_MONTH_CHANGE || Math.abs(R ?? 0) >= VOLATILE_YEAR_CHANGE;
  return { source: options.source ?? null, month: last.month, X, R, series, volatile: thin && large };
}

/** The first of several trends (most specific first) that has a series. */
export function firstMarketTrend(trends: readonly MarketTrend[]): MarketTrend {
  return trends.find((t) => t.series.length > 0) ?? { ...NO_MARKET_TREND };
}

const TREND_SOURCE_LABELS: Readonly<Record<TrendSource, string>> = { community: '小区', district: '区县', city: '城市' };

/** Whose prices a trend shows: 小区, 区县 or 城市. */
export function trendSourceLabel(source: TrendSource | string | null | undefined): string {
  return TREND_SOURCE_LABELS[(source ?? 'community') as TrendSource] ?? TREND_SOURCE_LABELS.community;
}
