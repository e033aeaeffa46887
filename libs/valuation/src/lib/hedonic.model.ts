import { FEATURE_COUNT } from './feature.encoder';
import { solveSpd } from './linear-algebra';

/** Share of a feature's own within-group variance that its prior adds per pseudo-observation, plus a floor. */
const PRIOR_VARIANCE_FLOOR = 1e-4;

export interface HedonicFitInput {
  /** Imputed feature rows (every row FEATURE_COUNT long). */
  rows: readonly Float64Array[];
  /** Log unit prices. */
  y: Float64Array;
  /** Group (community) index of each row; coefficients are estimated within groups. */
  groups: Int32Array;
  groupCount: number;
  /** Features taking part (others are fixed at 0). */
  active: Uint8Array;
  /** Prior coefficients and their weight in pseudo-observations. */
  prior: Float64Array;
  priorWeight: number;
}

/**
 * Hedonic coefficients of log unit price with group fixed effects (within-group demeaning), ridge
 * shrinkage towards the prior coefficients, and one Huber reweighting pass against outliers.
 */
export function fitHedonic(input: HedonicFitInput): Float64Array {
  const { rows, y, groups, groupCount, active, prior, priorWeight } = input;
  const n = rows.length;
  const p = FEATURE_COUNT;
  const beta = new Float64Array(p);
  for (let k = 0; k < p; k++) beta[k] = active[k] ? prior[k] : 0;
  if (n < 2) return beta;

  const count = new Float64Array(groupCount);
  const sumX = new Float64Array(groupCount * p);
  const sumY = new Float64Array(groupCount);
  for (let i = 0; i < n; i++) {
    const g = groups[i];
    count[g]++;
    sumY[g] += y[i];
    const r = rows[i];
    const o = g * p;
    for (let k = 0; k < p; k++) sumX[o + k] += r[k];
  }
  const xd = new Float64Array(n * p);
  const yd = new Float64Array(n);
  let informative = 0;
  for (let i = 0; i < n; i++) {
    const g = groups[i];
    if (count[g] < 2) continue;
    informative++;
    const r = rows[i];
    const o = g * p;
    const c = count[g];
    for (let k = 0; k < p; k++) xd[i * p + k] = active[k] ? r[k] - sumX[o + k] / c : 0;
    yd[i] = y[i] - sumY[g] / c;
  }
  if (informative < 3) return beta;

  const weights = new Float64Array(n).fill(1);
  let solution = solveWeighted(xd, yd, weights, n, p, active, prior, priorWeight, informative);
  if (!solution) return beta;

  const resid = new Float64Array(n);
  const abs: number[] = [];
  for (let i = 0; i < n; i++) {
    let e = yd[i];
    for (let k = 0; k < p; k++) e -= xd[i * p + k] * solution[k];
    resid[i] = e;
    if (count[groups[i]] >= 2) abs.push(Math.abs(e));
  }
  abs.sort((a, b) => a - b);
  const scale = 1.4826 * abs[abs.length >> 1];
  if (scale > 0) {
    const c = 2 * scale;
    for (let i = 0; i < n; i++) {
      const a = Math.abs(resid[i]);
      weights[i] = a <= c ? 1 : c / a;
    }
    solution = solveWeighted(xd, yd, weights, n, p, active, prior, priorWeight, informative) ?? solution;
  }
  return solution;
}

function solveWeighted(
  xd: Float64Array,
  yd: Float64Array,
  w: Float64Array,
  n: number,
  p: number,
  active: Uint8Array,
  prior: Float64Array,
  priorWeight: number,
  informative: number,
): Float64Array | null {
  const a = new Float64Array(p * p);
  const b = new Float64Array(p);
  for (let i = 0; i < n; i++) {
    const wi = w[i];
    const o = i * p;
    const yi = yd[i] * wi;
    for (let k = 0; k < p; k++) {
      const xk = xd[o + k];
      if (xk === 0) continue;
      const wx = xk * wi;
      b[k] += xk * yi;
      const rk = k * p;
      for (let l = 0; l <= k; l++) a[rk + l] += wx * xd[o + l];
    }
  }
  for (let k = 0; k < p; k++) {
    for (let l = 0; l < k; l++) a[l * p + k] = a[k * p + l];
  }
  for (let k = 0; k < p; k++) {
    if (!active[k]) {
      for (let l = 0; l < p; l++) {
        a[k * p + l] = 0;
        a[l * p + k] = 0;
      }
      a[k * p + k] = 1;
      b[k] = 0;
      continue;
    }
    const lambda = priorWeight * (a[k * p + k] / informative + PRIOR_VARIANCE_FLOOR);
    a[k * p + k] += lambda;
    b[k] += lambda * prior[k];
  }
  return solveSpd(a, p, b);
}
