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
