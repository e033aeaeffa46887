import { median } from './robust-statistics';

/** IAAO-style ratio study of estimates against actual prices. */
export interface RatioStudy {
  count: number;
  /** Median absolute percentage error, in %. */
  medianApe: number;
  /** Shares (%) of estimates within 10 % and 20 % of the actual price (PPE10, PPE20). */
  within10: number;
  within20: number;
  /** Median of estimate / actual. */
  medianRatio: number;
  /** Coefficient of dispersion: mean absolute deviation from the median ratio, in % of it. */
  cod: number;
  /** Price-related differential: mean ratio / (sum of estimates / sum of actual prices). */
  prd: number;
  /**
   * Price-related bias (IAAO): the change of the ratio, as a share of the median ratio, when the
   * value doubles; with its 95 % confidence interval. Near 0 is fair; negative means dear
   * properties are valued low relative to cheap ones (regressive).
   */
  prb: number;
  prbLow: number;
  prbHigh: number;
}

/** Median ratio of the properties in one tenth of the value range. */
export interface DecileRatio {
  decile: number;
  count: number;
  /** Lowest and highest value proxy (see priceRelatedBias) in the tenth. */
  from: number;
  to: number;
  medianRatio: number;
}

const EMPTY_BIAS = { prb: NaN, prbLow: NaN, prbHigh: NaN };

/**
 * The value of each property that neither the estimate nor the price alone decides: half the
 * estimate scaled by the median ratio, half the price. Grouping or regressing on the price alone
 * would make the ratios of the cheapest look high by construction (and on the estimate, low).
 */
function valueProxies(pairs: readonly { estimate: number; actual: number }[], medianRatio: number): Float64Array {
  return Float64Array.from(pairs, ({ estimate, actual }) => 0.5 * (estimate / medianRatio) + 0.5 * actual);
}

/**
 * IAAO's price-related bias: the least-squares slope of (ratio − median) / median on log2 of the
 * value proxy, with a 95 % interval from its standard error (normal quantile; studies here have
 * hundreds of pairs or more).
 */
export function priceRelatedBias(pairs: readonly { estimate: number; actual: number }[]): { prb: number; prbLow: number; prbHigh: number } {
  const n = pairs.length;
  if (n < 3) return EMPTY_BIAS;
  const ratios = Float64Array.from(pairs, ({ estimate, actual }) => estimate / actual);
  const med = median(ratios);
  const proxies = valueProxies(pairs, med);
  const x = Float64Array.from(proxies, (v) => Math.log2(v));
  const y = Float64Array.from(ratios, (r) => (r - med) / med);
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += x[i];
    my += y[i];
  }
  mx /= n;
  my /= n;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    sxx += (x[i] - mx) ** 2;
    sxy += (x[i] - mx) * (y[i] - my);
  }
  if (sxx === 0) return EMPTY_BIAS;
  const slope = sxy / sxx;
  let sse = 0;
  for (let i = 0; i < n; i++) sse += (y[i] - my - slope * (x[i] - mx)) ** 2;
  const se = Math.sqrt(sse / (n - 2) / sxx);
  return { prb: slope, prbLow: slope - 1.96 * se, prbHigh: slope + 1.96 * se };
}

/** The median ratio in each tenth of the pairs ordered by value proxy: where the engine leans high or low. */
export function ratioByDecile(pairs: readonly { estimate: number; actual: number }[]): DecileRatio[] {
  if (pairs.length < 10) return [];
  const ratios = Float64Array.from(pairs, ({ estimate, actual }) => estimate / actual);
  const proxies = valueProxies(pairs, median(ratios));
  const order = Array.from(proxies.keys()).sort((a, b) => proxies[a] - proxies[b]);
  return Array.from({ length: 10 }, (_, d) => {
    const slice = order.slice(Math.floor((d * order.length) / 10), Math.floor(((d + 1) * order.length) / 10));
    return {
      decile: d + 1,
      count: slice.length,
      from: proxies[slice[0]],
      to: proxies[slice[slice.length - 1]],
      medianRatio: median(Float64Array.from(slice, (i) => ratios[i])),
    };
  });
}

export function ratioStudy(pairs: readonly { estimate: number; actual: number }[]): RatioStudy {
  const n = pairs.length;
  if (n === 0) return { count: 0, medianApe: NaN, within10: NaN, within20: NaN, medianRatio: NaN, cod: NaN, prd: NaN, ...EMPTY_BIAS };
  const ratios = new Float64Array(n);
  const ape = new Float64Array(n);
  let sumEstimate = 0;
  let sumActual = 0;
  let sumRatio = 0;
  let in10 = 0;
  let in20 = 0;
  pairs.forEach(({ estimate, actual }, i) => {
    const r = estimate / actual;
    ratios[i] = r;
    ape[i] = Math.abs(r - 1);
    if (ape[i] <= 0.1) in10++;
    if (ape[i] <= 0.2) in20++;
    sumEstimate += estimate;
    sumActual += actual;
    sumRatio += r;
  });
  const med = median(ratios);
  let dev = 0;
  for (let i = 0; i < n; i++) dev += Math.abs(ratios[i] - med);
  return {
    count: n,
    medianApe: 100 * median(ape),
    within10: (100 * in10) / n,
    within20: (100 * in20) / n,
    medianRatio: med,
    cod: (100 * dev) / n / med,
    prd: sumRatio / n / (sumEstimate / sumActual),
    ...priceRelatedBias(pairs),
  };
}
