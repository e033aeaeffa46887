/**
 * Average prices on the quick valuation price view: under 10 with two decimals, from 10 to under
 * 100 with one, from 100 whole numbers with thousands separators. `--` without a price.
 */
export function formatMarketPrice(price: number | null | undefined): string {
  if (price === null || price === undefined || !Number.isFinite(price)) return '--';
  const abs = Math.abs(price);
  if (abs < 10) return price.toFixed(2);
  if (abs < 100) return price.toFixed(1);
  return Math.round(price).toLocaleString('en-US');
}

/** A month-on-month change given in percent: `+1.23%`, `-0.50%`, `0.00%`; `--` without one. */
export function formatChangePercent(percent: number | null | undefined): string {
  if (percent === null || percent === undefined || !Number.isFinite(percent)) return '--';
  const fixed = percent.toFixed(2);
  return `${percent > 0 && fixed !== '0.00' ? '+' : ''}${fixed === '-0.00' ? '0.00' : fixed}%`;
}
