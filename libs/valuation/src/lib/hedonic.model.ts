import { FEATURE_COUNT } from './feature.encoder';
import { solveSpd } from './linear-algebra';

/** Floor of the per-observation variance a prior pseudo-observation carries (keeps a constant feature at its prior). */
const PRIOR_VARIANCE_FLOOR = 1e-4;
/** Huber threshold of the reweighting pass, in robust standard deviations. */
const HUBER_K = 2;

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
 * Features that do not vary within any group keep their prior.
 */
export function fitHedonic(input: HedonicFitInput): Float64Array {
  const { rows, y, groups, groupCount, active, prior, priorWeight } = input;
  const p = FEATURE_COUNT;
  const beta = new Float64Array(p);
  for (let k = 0; k < p; k++) beta[k] = active[k] ? prior[k] : 0;

  const count = new Float64Array(groupCount);
  const sumX = new Float64Array(groupCount * p);
  const sumY = new Float64Array(groupCount);
  for (let i = 0; i < rows.length; i++) {
    const g = groups[i];
    count[g]++;
    sumY[g] += y[i];
    const r = rows[i];
    const o = g * p;
    for (let k = 0; k < p; k++) sumX[o + k] += r[k];
  }
  const members: number[] = [];
  for (let i = 0; i < rows.length; i++) if (count[groups[i]] >= 2) members.push(i);
  const n = members.length;
  if (n < 3) return beta;

  const varying = new Uint8Array(p);
  const xdFull = new Float64Array(n * p);
  const yd = new Float64Array(n);
  members.forEach((i, row) => {
    const g = groups[i];
    const c = count[g];
    const r = rows[i];
    for (let k = 0; k < p; k++) {
      if (!active[k]) continue;
      const v = r[k] - sumX[g * p + k] / c;
      if (Math.abs(v) > 1e-12) {
        xdFull[row * p + k] = v;
        varying[k] = 1;
      }
    }
    yd[row] = y[i] - sumY[g] / c;
  });
  const used: number[] = [];
  for (let k = 0; k < p; k++) if (varying[k]) used.push(k);
  const q = used.length;
  if (q === 0) return beta;
  const xd = new Float64Array(n * q);
  for (let row = 0; row < n; row++) for (let j = 0; j < q; j++) xd[row * q + j] = xdFull[row * p + used[j]];
  const priorUsed = Float64Array.from(used, (k) => prior[k]);

  const gram = crossProducts(xd, yd, n, q);
  let solution = ridgeSolve(gram, n, q, priorUsed, priorWeight);
  if (!solution) return beta;

  const resid = new Float64Array(n);
  for (let row = 0; row < n; row++) {
    let e = yd[row];
    for (let j = 0; j < q; j++) e -= xd[row * q + j] * solution[j];
    resid[row] = Math.abs(e);
  }
  const scale = 1.4826 * Float64Array.from(resid).sort()[n >> 1];
  if (scale > 0) {
    // Huber pass: only the rows beyond the threshold change weight, so their excess is subtracted.
    const c = HUBER_K * scale;
    for (let row = 0; row < n; row++) {
      if (resid[row] > c) accumulate(gram, xd, yd, row, q, c / resid[row] - 1);
    }
    solution = ridgeSolve(gram, n, q, priorUsed, priorWeight) ?? solution;
  }
  used.forEach((k, j) => {
    beta[k] = solution[j];
  });
  return beta;
}

interface CrossProducts {
  /** Lower triangle of XᵀWX (q×q, row-major). */
  xx: Float64Array;
  /** XᵀWy. */
  xy: Float64Array;
}

/**
 * The unweighted cross products. Each sum runs over the rows in order, as accumulate's would (a zero
 * term leaves a sum unchanged), over a column-major copy so that it runs along contiguous memory.
 */
function crossProducts(xd: Float64Array, yd: Float64Array, n: number, q: number): CrossProducts {
  const xx = new Float64Array(q * q);
  const xy = new Float64Array(q);
  const cols = new Float64Array(q * n);
  for (let row = 0; row < n; row++) for (let j = 0; j < q; j++) cols[j * n + row] = xd[row * q + j];
  for (let k = 0; k < q; k++) {
    const ck = k * n;
    let sy = 0;
    for (let row = 0; row < n; row++) sy += cols[ck + row] * yd[row];
    xy[k] = sy;
    let l = 0;
    for (; l + 3 <= k; l += 4) {
      const c0 = l * n;
      const c1 = c0 + n;
      const c2 = c1 + n;
      const c3 = c2 + n;
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      for (let row = 0; row < n; row++) {
        const v = cols[ck + row];
        s0 += v * cols[c0 + row];
        s1 += v * cols[c1 + row];
        s2 += v * cols[c2 + row];
        s3 += v * cols[c3 + row];
      }
      xx[k * q + l] = s0;
      xx[k * q + l + 1] = s1;
      xx[k * q + l + 2] = s2;
      xx[k * q + l + 3] = s3;
    }
    for (; l <= k; l++) {
      const cl = l * n;
      let s = 0;
      for (let row = 0; row < n; row++) s += cols[ck + row] * cols[cl + row];
      xx[k * q + l] = s;
    }
  }
  return { xx, xy };
}

/** Adds weight × the row's outer products. */
function accumulate(gram: CrossProducts, xd: Float64Array, yd: Float64Array, row: number, q: number, weight: number): void {
  const { xx, xy } = gram;
  const o = row * q;
  const yw = yd[row] * weight;
  for (let k = 0; k < q; k++) {
    const xk = xd[o + k];
    if (xk === 0) continue;
    xy[k] += xk * yw;
    const wx = xk * weight;
    const rk = k * q;
    for (let l = 0; l <= k; l++) xx[rk + l] += wx * xd[o + l];
  }
}

/** Ridge towards the prior: (XᵀWX + Λ)β = XᵀWy + Λβ₀ with Λₖ = priorWeight · ((XᵀWX)ₖₖ / n + floor). */
function ridgeSolve(gram: CrossProducts, n: number, q: number, prior: Float64Array, priorWeight: number): Float64Array | null {
  const a = new Float64Array(q * q);
  const b = Float64Array.from(gram.xy);
  for (let k = 0; k < q; k++) {
    for (let l = 0; l <= k; l++) {
      a[k * q + l] = gram.xx[k * q + l];
      a[l * q + k] = gram.xx[k * q + l];
    }
  }
  for (let k = 0; k < q; k++) {
    const lambda = priorWeight * (a[k * q + k] / n + PRIOR_VARIANCE_FLOOR);
    a[k * q + k] += lambda;
    b[k] += lambda * prior[k];
  }
  return solveSpd(a, q, b);
}
