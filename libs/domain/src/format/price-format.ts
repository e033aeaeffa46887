/**
 * The one formatting module for money, areas and their units, used by every screen, export and
 * PDF. Stored prices are yuan. The specification's rules:
 * - a sale total is shown in whole 万元 (rounded) on every screen, export and PDF, so one valuation
 *   reads one number everywhere; a rent total in 元/月 with 2 decimals; the items of a batch show
 *   their totals with 2 decimals in 万元 and a batch's sum reads in 亿元 from 1 亿 up;
 * - a sale unit price in whole 元/㎡, a rent unit price in 元/月/㎡ with 2 decimals;
 * - thousands separators everywhere;
 * - forms take a sale total in 万元 and a rent in 元/月 (totalPriceInputValue/totalPriceFromInput
 *   convert at the form's edge; prices are stored in yuan);
 * - areas with 2 decimals and ㎡;
 * - average prices on the quick valuation price view by size (formatMarketPrice).
 */

/** What a figure shows without a value. */
export const EMPTY_FIGURE = '--';

export type PriceUnit = '万元' | '元/月';
export type UnitPriceUnit = '元/㎡' | '元/月/㎡';

export const SALE_PRICE_UNIT: PriceUnit = '万元';
export const RENT_PRICE_UNIT: PriceUnit = '元/月';
export const AREA_UNIT = '㎡';

export const EVAL_TYPE_LABELS: Readonly<Record<number, string>> = { 1: '售价', 2: '租金' };

const isNumber = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/** Decimals of a sale total in 万元: the spec's "万元 rounded". */
export const SALE_TOTAL_DECIMALS = 0;
/** Yuan in one 万元 and in one 亿元. */
export const YUAN_PER_WAN = 10_000;
export const YUAN_PER_YI = 100_000_000;

/** Thousands separators and a fixed number of decimals: 12345.6 → '12,345.60' with 2 decimals; '--' without a value. */
export function formatGrouped(value: number | null | undefined, decimals = 0): string {
  if (!isNumber(value)) return EMPTY_FIGURE;
  const fixed = Math.abs(value).toFixed(decimals);
  const [whole, fraction] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = value < 0 && Number(fixed) !== 0 ? '-' : '';
  return `${sign}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** `1,234.56`: an amount with separators and (by default) 2 decimals. */
export function formatAmount(value: number, decimals = 2): string {
  return formatGrouped(value, decimals);
}

/**
 * An amount of money in yuan as lists and exports show it: thousands separators and 2 decimals
 * (`12,800.00`). Takes the decimal text the API sends for prices (`"12800.00"`) or a number;
 * '--' for nothing or for text that is not a number.
 */
export function formatYuan(value: number | string | null | undefined): string {
  if (value === null || value === undefined) return EMPTY_FIGURE;
  const text = typeof value === 'string' ? value.trim() : value;
  if (text === '') return EMPTY_FIGURE;
  return formatGrouped(Number(text), 2);
}

/** A figure with its unit, or '--' without a value. */
export function withUnit(figure: string, unit: string): string {
  return figure === EMPTY_FIGURE ? figure : `${figure}${unit}`;
}

/** The unit of a total: 万元 for a sale, 元/月 for a rent. */
export function evalPriceUnit(evalType: number): PriceUnit {
  return evalType === 2 ? RENT_PRICE_UNIT : SALE_PRICE_UNIT;
}

/** The unit of a unit price: 元/㎡ for a sale, 元/月/㎡ for a rent. */
export function unitPriceUnit(evalType: number): UnitPriceUnit {
  return evalType === 2 ? '元/月/㎡' : '元/㎡';
}

/** The unit of a total kept in yuan (a price as typed): 元 for a sale, 元/月 for a rent. */
export function yuanPriceUnit(evalType: number): '元' | '元/月' {
  return evalType === 2 ? '元/月' : '元';
}

const roundTo = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/**
 * A total in its unit, the number exports write: a sale in 万元 with `saleDecimals` (whole by
 * default, as every screen shows it), a rent in 元/月 with 2 decimals.
 */
export function evalPriceValue(totalPrice: number | null | undefined, evalType: number, saleDecimals = SALE_TOTAL_DECIMALS): number | null {
  if (!isNumber(totalPrice)) return null;
  return evalType === 2 ? roundTo(totalPrice, 2) : roundTo(totalPrice / YUAN_PER_WAN, saleDecimals);
}

/** A total in its unit without the unit: a sale in whole 万元 (or with `saleDecimals`), a rent in 元/月 with 2 decimals. */
export function formatTotalPrice(totalPrice: number | null | undefined, evalType: number, saleDecimals = SALE_TOTAL_DECIMALS): string {
  if (!isNumber(totalPrice)) return EMPTY_FIGURE;
  return evalType === 2 ? formatGrouped(totalPrice, 2) : formatGrouped(totalPrice / YUAN_PER_WAN, saleDecimals);
}

/** `356万元` or `4,500.00元/月`; `--` without a price. */
export function formatEvalPrice(totalPrice: number | null | undefined, evalType: number, saleDecimals = SALE_TOTAL_DECIMALS): string {
  return withUnit(formatTotalPrice(totalPrice, evalType, saleDecimals), evalPriceUnit(evalType));
}

/** A sum of sale totals in yuan: `1.23亿元` from 1 亿 up, else in whole 万元 (`732万元`); `--` without one. */
export function formatSaleSum(yuan: number | null | undefined): string {
  if (!isNumber(yuan)) return EMPTY_FIGURE;
  return Math.abs(yuan) >= YUAN_PER_YI ? `${formatGrouped(yuan / YUAN_PER_YI, 2)}亿元` : formatEvalPrice(yuan, 1);
}

/** Decimals a price form takes: 2 for 万元 and for 元/月. */
export const PRICE_INPUT_DECIMALS = 2;

/** A total kept in yuan as a price form shows it: 万元 for a sale, 元/月 for a rent, 2 decimals; '' without one. */
export function totalPriceInputValue(yuan: number | null | undefined, evalType: number): number | '' {
  if (!isNumber(yuan)) return '';
  return roundTo(evalType === 2 ? yuan : yuan / YUAN_PER_WAN, PRICE_INPUT_DECIMALS);
}

/**
 * The yuan of a total typed in a price form (万元 for a sale, 元/月 for a rent), rounded to the fen;
 * null when nothing (or no number) was typed. The form's own checks come first.
 */
export function totalPriceFromInput(value: number | string | null | undefined, evalType: number): number | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'string' ? value.trim().replace(/,/g, '') : value;
  if (text === '') return null;
  const n = Number(text);
  if (!Number.isFinite(n)) return null;
  return roundTo(evalType === 2 ? n : n * YUAN_PER_WAN, 2);
}

/** A unit price without its unit: a sale in whole 元/㎡, a rent in 元/月/㎡ with 2 decimals, unless `decimals` is named. */
export function formatUnitPriceFigure(price: number | null | undefined, evalType: number, decimals?: number): string {
  if (!isNumber(price)) return EMPTY_FIGURE;
  return formatGrouped(evalType === 2 || decimals !== undefined ? price : Math.round(price), decimals ?? (evalType === 2 ? 2 : 0));
}

/** `60,661元/㎡` or `103.17元/月/㎡`; `--` without a price. */
export function formatUnitPrice(price: number | null | undefined, evalType: number, decimals?: number): string {
  return withUnit(formatUnitPriceFigure(price, evalType, decimals), unitPriceUnit(evalType));
}

/** A report total without its unit: a sale in whole 万元, a rent in 元/月 with 2 decimals. */
export function formatReportTotalPrice(yuan: number | null | undefined, evalType: number): string {
  return formatTotalPrice(yuan, evalType, 0);
}

/** A report unit price without its unit: a sale in whole 元/㎡, a rent with 2 decimals. */
export function formatReportUnitPrice(price: number | null | undefined, evalType: number): string {
  return formatUnitPriceFigure(price, evalType);
}

/** A compact price for axis and marker labels: 55000 → '5.5万', 850 → '850'; at most `decimals` decimals. */
export function formatCompactPrice(value: number, decimals = 2): string {
  if (!Number.isFinite(value)) return '';
  if (Math.abs(value) >= 10_000) return `${Number((value / 10_000).toFixed(decimals))}万`;
  return String(Number(value.toFixed(decimals)));
}

/** An area with 2 decimals (`89.50`); `--` without one. */
export function formatArea(area: number | string | null | undefined): string {
  const n = typeof area === 'string' ? Number(area) : area;
  return isNumber(n) ? formatGrouped(n, 2) : EMPTY_FIGURE;
}

/** An area with its unit (`89.50㎡`); `--` without one. */
export function formatAreaText(area: number | string | null | undefined): string {
  return withUnit(formatArea(area), AREA_UNIT);
}

/**
 * Average prices on the quick valuation price view: under 10 with two decimals, from 10 to under
 * 100 with one, from 100 whole numbers with thousands separators. `--` without a price.
 */
export function formatMarketPrice(price: number | null | undefined): string {
  if (price === null || price === undefined || !Number.isFinite(price)) return EMPTY_FIGURE;
  const abs = Math.abs(price);
  if (abs < 10) return price.toFixed(2);
  if (abs < 100) return price.toFixed(1);
  return formatGrouped(Math.round(price));
}

/** A month-on-month change given in percent: `+1.23%`, `-0.50%`, `0.00%`; `--` without one. */
export function formatChangePercent(percent: number | null | undefined): string {
  if (percent === null || percent === undefined || !Number.isFinite(percent)) return '--';
  const fixed = percent.toFixed(2);
  return `${percent > 0 && fixed !== '0.00' ? '+' : ''}${fixed === '-0.00' ? '0.00' : fixed}%`;
}

/** A share in % without a sign: 12.345 → '12.3%' with 1 decimal; '--' without a value. */
export function formatShare(value: number | null | undefined, decimals = 1): string {
  return withUnit(formatGrouped(value, decimals), '%');
}

/** A signed figure: 0.0123 → '+0.012' with 3 decimals; '--' without a value. */
export function formatSigned(value: number | null | undefined, decimals: number): string {
  const figure = formatGrouped(value, decimals);
  return figure === EMPTY_FIGURE || figure.startsWith('-') || Number(figure.replace(/,/g, '')) === 0 ? figure : `+${figure}`;
}

/**
 * The measured range around a valuation: `fsd` the forecast standard deviation as a share of the
 * value, the bounds in yuan like the total (about 68 % of prices within low–high, 95 % within
 * low95–high95).
 */
export interface PriceRangeFigures {
  fsd: number;
  low: number;
  high: number;
  low95: number;
  high95: number;
}

/** How the report page and the PDF name the parts of a range. */
export const PRICE_RANGE_LABELS = {
  likely: '估值区间（约68%的成交价落在此区间）',
  wide: '95%区间（约95%的成交价落在此区间）',
  fsd: '预测标准差(FSD)',
} as const;

/** A valuation's range as every screen, export and PDF shows it. */
export interface PriceRangeText {
  /** The 68 % range: `333–381万元`, `4,100.00–4,900.00元/月`. */
  likely: string;
  /** The 95 % range. */
  wide: string;
  /** The FSD as a percentage: `±6.8%`. */
  fsd: string;
}

/** A share (0.068) as the spread of a value in percent with one decimal (`±6.8%`); '--' without one. */
export function formatFsd(fsd: number | null | undefined): string {
  return isNumber(fsd) ? `±${formatGrouped(fsd * 100, 1)}%` : EMPTY_FIGURE;
}

/**
 * A valuation's range formatted as its value is (a sale in 万元 with `saleDecimals`, a rent in 元/月
 * with 2 decimals), with the unit unless `withoutUnit` (a table whose header names it); every part
 * '--' without a range: a record valued before ranges were kept has none.
 */
export function formatPriceRange(
  range: PriceRangeFigures | null | undefined,
  evalType: number,
  { saleDecimals = SALE_TOTAL_DECIMALS, withoutUnit = false }: { saleDecimals?: number; withoutUnit?: boolean } = {},
): PriceRangeText {
  const bounds = (low: number, high: number) => {
    const from = formatTotalPrice(low, evalType, saleDecimals);
    const to = formatTotalPrice(high, evalType, saleDecimals);
    if (from === EMPTY_FIGURE || to === EMPTY_FIGURE) return EMPTY_FIGURE;
    return withoutUnit ? `${from}–${to}` : `${from}–${to}${evalPriceUnit(evalType)}`;
  };
  if (!range) return { likely: EMPTY_FIGURE, wide: EMPTY_FIGURE, fsd: EMPTY_FIGURE };
  return { likely: bounds(range.low, range.high), wide: bounds(range.low95, range.high95), fsd: formatFsd(range.fsd) };
}
