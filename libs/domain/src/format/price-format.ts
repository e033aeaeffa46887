/**
 * Prices on lists and exports: a sale (evalType 1) in 万元, a rent (evalType 2) in 元/月.
 * Stored prices are yuan.
 */

export type PriceUnit = '万元' | '元/月';

export const SALE_PRICE_UNIT: PriceUnit = '万元';
export const RENT_PRICE_UNIT: PriceUnit = '元/月';

export function evalPriceUnit(evalType: number): PriceUnit {
  return evalType === 2 ? RENT_PRICE_UNIT : SALE_PRICE_UNIT;
}

/** The unit of a total price kept in yuan: 元 for a sale, 元/月 for a rent. */
export function yuanPriceUnit(evalType: number): '元' | '元/月' {
  return evalType === 2 ? '元/月' : '元';
}

/** The price in its list unit, rounded to 2 decimals; null without a price. */
export function evalPriceValue(totalPrice: number | null | undefined, evalType: number): number | null {
  if (totalPrice === null || totalPrice === undefined || !Number.isFinite(totalPrice)) return null;
  const value = evalType === 2 ? totalPrice : totalPrice / 10000;
  return Math.round(value * 100) / 100;
}

/** `1,234.56` */
export function formatAmount(value: number, decimals = 2): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** `356.12万元` or `4,500.00元/月`; `--` without a price. */
export function formatEvalPrice(totalPrice: number | null | undefined, evalType: number): string {
  const value = evalPriceValue(totalPrice, evalType);
  return value === null ? '--' : `${formatAmount(value)}${evalPriceUnit(evalType)}`;
}

/** An area with 2 decimals (`89.50`); `--` without one. */
export function formatArea(area: number | string | null | undefined): string {
  const n = typeof area === 'string' ? Number(area) : area;
  return n === null || n === undefined || !Number.isFinite(n) ? '--' : n.toFixed(2);
}

export const EVAL_TYPE_LABELS: Readonly<Record<number, string>> = { 1: '售价', 2: '租金' };
