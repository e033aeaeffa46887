/**
 * In-place Cholesky factorisation of a symmetric positive definite n×n matrix (row-major); the
 * lower triangle receives L. Returns false when the matrix is not positive definite.
 */
export function choleskyInPlace(a: Float64Array, n: number): boolean {
  for (let j = 0; j < n; j++) {
    const rj = j * n;
    let d = a[rj + j];
    for (let k = 0; k < j; k++) d -= a[rj + k] * a[rj + k];
    if (!(d > 0)) return false;
    const ljj = Math.sqrt(d);
    a[rj + j] = ljj;
    for (let i = j + 1; i < n; i++) {
      const ri = i * n;
      let s = a[ri + j];
      for (let k = 0; k < j; k++) s -= a[ri + k] * a[rj + k];
      a[ri + j] = s / ljj;
    }
  }
  return true;
}

/** Solves L·Lᵀ·x = b with the factor of choleskyInPlace; b is overwritten with x. */
export function choleskySolveInPlace(l: Float64Array, n: number, b: Float64Array): void {
  for (let i = 0; i < n; i++) {
    const ri = i * n;
    let s = b[i];
    for (let k = 0; k < i; k++) s -= l[ri + k] * b[k];
    b[i] = s / l[ri + i];
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = b[i];
    for (let k = i + 1; k < n; k++) s -= l[k * n + i] * b[k];
    b[i] = s / l[i * n + i];
  }
}

/**
 * Solves the symmetric positive definite system a·x = b (a is left intact). When a is only
 * semi-definite a small ridge is added to its diagonal; returns null if that fails too.
 */
export function solveSpd(a: Float64Array, n: number, b: Float64Array): Float64Array | null {
  let trace = 0;
  for (let i = 0; i < n; i++) trace += a[i * n + i];
  for (const ridge of [0, 1e-9, 1e-6]) {
    const l = Float64Array.from(a);
    for (let i = 0; i < n; i++) l[i * n + i] += (ridge * trace) / n;
    if (choleskyInPlace(l, n)) {
      const x = Float64Array.from(b);
      choleskySolveInPlace(l, n, x);
      return x;
    }
  }
  return null;
}

export function median(values: readonly number[] | Float64Array): number {
  const n = values.length;
  if (n === 0) return NaN;
  const s = Float64Array.from(values).sort();
  return n % 2 ? s[(n - 1) >> 1] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

/**
 * Huber M-estimate of location: a few reweighting steps from the median with the scale from the
 * MAD. Returns the estimate and the normalised weight of each value (they sum to 1).
 */
export function huberMean(values: Float64Array | readonly number[], k = 2): { mean: number; weights: Float64Array } {
  const n = values.length;
  const weights = new Float64Array(n).fill(n > 0 ? 1 / n : 0);
  if (n === 0) return { mean: NaN, weights };
  let mean = 0;
  for (let i = 0; i < n; i++) mean += values[i] / n;
  if (n < 3) return { mean, weights };
  mean = median(values);
  const dev = new Float64Array(n);
  for (let i = 0; i < n; i++) dev[i] = Math.abs(values[i] - mean);
  const c = k * 1.4826 * median(dev);
  if (!(c > 0)) {
    weights.fill(1 / n);
    let s = 0;
    for (let i = 0; i < n; i++) s += values[i];
    return { mean: s / n, weights };
  }
  for (let it = 0; it < 4; it++) {
    let sw = 0;
    for (let i = 0; i < n; i++) {
      const r = Math.abs(values[i] - mean);
      weights[i] = r <= c ? 1 : c / r;
      sw += weights[i];
    }
    let s = 0;
    for (let i = 0; i < n; i++) {
      weights[i] /= sw;
      s += weights[i] * values[i];
    }
    mean = s;
  }
  return { mean, weights };
}
