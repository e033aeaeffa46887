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
}

export function ratioStudy(pairs: readonly { estimate: number; actual: number }[]): RatioStudy {
  const n = pairs.length;
  if (n === 0) return { count: 0, medianApe: NaN, within10: NaN, within20: NaN, medianRatio: NaN, cod: NaN, prd: NaN };
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
  };
}
