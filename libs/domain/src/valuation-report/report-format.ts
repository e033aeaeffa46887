import { EMPTY_FIGURE } from '../format/price-format';

/**
 * Figures of the valuation report besides money and areas (which format/price-format gives):
 * changes as percentages with 2 decimals, compact axis labels and distances.
 */

/** 1 sale, 2 lease. */
export type ReportEvalType = 1 | 2;

const isNumber = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/** A percentage with 2 decimals and its sign: 1.5 → '+1.50%', -0.25 → '-0.25%'. */
export function formatPercent(percent: number | null | undefined): string {
  if (!isNumber(percent)) return EMPTY_FIGURE;
  const fixed = percent.toFixed(2);
  if (Number(fixed) === 0) return '0.00%';
  return `${percent > 0 ? '+' : ''}${fixed}%`;
}

/** A change given as a ratio (-0.0025) as a percentage with 2 decimals ('-0.25%'). */
export function formatRatioPercent(ratio: number | null | undefined): string {
  return isNumber(ratio) ? formatPercent(ratio * 100) : EMPTY_FIGURE;
}

/** Distance in metres for tables: '350米', '1.2公里'. */
export function formatMeters(meters: number | null | undefined): string {
  if (!isNumber(meters) || meters < 0) return EMPTY_FIGURE;
  return meters < 1000 ? `${Math.round(meters)}米` : `${(meters / 1000).toFixed(1)}公里`;
}
