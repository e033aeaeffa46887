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

/**
 * Weights of a weighted trimmed mean: the values are ordered (ties by tieBreak, else by index),
 * the lowest and highest `trim` shares (below 0.5) of the total weight are cut, a value straddling
 * a cut keeping its part inside, and the kept weights are normalised to sum to 1. Returns null
 * when nothing keeps a positive weight.
 */
export function trimmedMeanWeights(
  values: readonly number[],
  weights: readonly number[],
  trim: number,
  tieBreak: (a: number, b: number) => number = (a, b) => a - b,
): Float64Array | null {
  const n = values.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => values[a] - values[b] || tieBreak(a, b));
  let total = 0;
  for (let i = 0; i < n; i++) total += Math.max(weights[i], 0);
  const lo = trim * total;
  const hi = (1 - trim) * total;
  const out = new Float64Array(n);
  let acc = 0;
  let kept = 0;
  for (const i of order) {
    const w = Math.max(weights[i], 0);
    const part = Math.min(acc + w, hi) - Math.max(acc, lo);
    if (part > 0) {
      out[i] = part;
      kept += part;
    }
    acc += w;
  }
  if (!(kept > 0)) return null;
  for (let i = 0; i < n; i++) out[i] /= kept;
  return out;
}
