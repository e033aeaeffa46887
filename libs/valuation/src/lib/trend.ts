import { IndexSeries, monthLabel, monthNumber } from './time-adjustment';
import { round } from './numbers';
import type { PriceIndices, PriceTrend } from './valuation.types';

/** Months of the trend window (the spec's two years). */
export const TREND_MONTHS = 24;
/** Fewest points for a trend line. */
export const TREND_MIN_POINTS = 3;

/**
 * Price trend ending at the month of the date (yyyy-MM or yyyy-MM-dd), or the latest earlier month
 * with data, from the most specific index with enough points in the window; an index whose last
 * two months are both known (so the month-on-month change exists) is preferred.
 */
export function priceTrend(indices: PriceIndices | null | undefined, date: string): PriceTrend | null {
  const month = monthNumber(date);
  return month === null ? null : trendAt(indices, month);
}

export function trendAt(indices: PriceIndices | null | undefined, valuationMonth: number): PriceTrend | null {
  const sources = ['community', 'district', 'city'] as const;
  const trends = sources.map((source) => trendOf(indices, source, valuationMonth));
  return trends.find((t) => t !== null && t.X !== null) ?? trends.find((t) => t !== null) ?? null;
}

function trendOf(
  indices: PriceIndices | null | undefined,
  source: 'community' | 'district' | 'city',
  valuationMonth: number,
): PriceTrend | null {
  const raw = indices?.[source];
  if (!raw) return null;
  const series = new IndexSeries(raw);
  let last = -1;
  const points: { month: number; value: number }[] = [];
  for (let m = valuationMonth - TREND_MONTHS + 1; m <= valuationMonth; m++) {
    const v = series.exact(m);
    if (v !== null) {
      points.push({ month: m, value: v });
      last = m;
    }
  }
  if (points.length < TREND_MIN_POINTS) return null;
  const now = series.exact(last);
  const prev = series.exact(last - 1);
  const yearAgo = series.exact(last - 12);
  const ratio = (a: number | null, b: number | null): number | null => (a !== null && b !== null ? round(a / b - 1, 4) : null);
  return {
    source,
    month: monthLabel(last),
    X: ratio(now, prev),
    R: ratio(now, yearAgo),
    series: points.map((p) => ({ month: monthLabel(p.month), value: p.value })),
  };
}
