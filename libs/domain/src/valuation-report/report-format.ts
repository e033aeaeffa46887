/**
 * Figures of the valuation report in the units of the specification: sale totals in 万元 rounded,
 * rent totals in 元/月 with 2 decimals, sale unit prices in 元/㎡, rent unit prices in 元/月/㎡
 * and changes as percentages with 2 decimals. Total price units and areas: format/price-format.
 */

/** 1 sale, 2 lease. */
export type ReportEvalType = 1 | 2;

export const EMPTY_FIGURE = '--';

const isNumber = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/** Thousands separators and a fixed number of decimals: 12345.6 → '12,345.60' with 2 decimals. */
export function formatGrouped(value: number | null | undefined, decimals = 0): string {
  if (!isNumber(value)) return EMPTY_FIGURE;
  const fixed = Math.abs(value).toFixed(decimals);
  const [whole, fraction] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = value < 0 && Number(fixed) !== 0 ? '-' : '';
  return `${sign}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** Unit of a unit price: 元/㎡ for sale, 元/月/㎡ for rent. */
export function unitPriceUnit(evalType: ReportEvalType): string {
  return evalType === 2 ? '元/月/㎡' : '元/㎡';
}

/** A total price in yuan without its unit: sale in 万元 rounded, rent in 元/月 with 2 decimals. */
export function formatReportTotalPrice(yuan: number | null | undefined, evalType: ReportEvalType): string {
  if (!isNumber(yuan)) return EMPTY_FIGURE;
  return evalType === 2 ? formatGrouped(yuan, 2) : formatGrouped(Math.round(yuan / 10_000));
}

/** A unit price without its unit: sale in whole 元/㎡, rent in 元/月/㎡ with 2 decimals. */
export function formatReportUnitPrice(price: number | null | undefined, evalType: ReportEvalType): string {
  if (!isNumber(price)) return EMPTY_FIGURE;
  return evalType === 2 ? formatGrouped(price, 2) : formatGrouped(Math.round(price));
}

/** A price with its unit, or '--' without a value. */
export function withUnit(figure: string, unit: string): string {
  return figure === EMPTY_FIGURE ? figure : `${figure}${unit}`;
}

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

/** A compact price for axis labels: 55000 → '5.5万', 850 → '850'. */
export function formatCompactPrice(value: number): string {
  if (!Number.isFinite(value)) return '';
  if (Math.abs(value) >= 10_000) return `${Number((value / 10_000).toFixed(2))}万`;
  return String(Number(value.toFixed(2)));
}

/** Distance in metres for tables: '350米', '1.2公里'. */
export function formatMeters(meters: number | null | undefined): string {
  if (!isNumber(meters) || meters < 0) return EMPTY_FIGURE;
  return meters < 1000 ? `${Math.round(meters)}米` : `${(meters / 1000).toFixed(1)}公里`;
}
