import { METHOD_ERROR, type FusableKind } from './engine.constants';
import { solveSpd } from './linear-algebra';
import { round } from './numbers';
import type { ConfidenceClass, MethodProvenance } from './valuation.types';

export type { FusableKind };

const correlation = (a: FusableKind, b: FusableKind, cls: ConfidenceClass): number => {
  if (a === b) return 1;
  const c = METHOD_ERROR[cls].correlation;
  return c[`${a}|${b}`] ?? c[`${b}|${a}`] ?? 0;
};

/**
 * Weights of the least-variance blend w = Σ⁻¹1 / 1ᵀΣ⁻¹1 under the measured error covariance Σ of
 * the class; a method that would get a negative weight is left out and the rest re-weighed.
 */
export function fusionWeights(kinds: readonly FusableKind[], cls: ConfidenceClass): Map<FusableKind, number> {
  let set = [...kinds];
  while (set.length > 0) {
    const n = set.length;
    const sd = set.map((k) => METHOD_ERROR[cls].sd[k]);
    const cov = new Float64Array(n * n);
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) cov[i * n + j] = sd[i] * sd[j] * correlation(set[i], set[j], cls);
    const x = solveSpd(cov, n, new Float64Array(n).fill(1));
    if (!x) break;
    const total = x.reduce((a, b) => a + b, 0);
    let worst = -1;
    for (let i = 0; i < n; i++) if (x[i] < 0 && (worst < 0 || x[i] < x[worst])) worst = i;
    if (worst < 0) return new Map(set.map((k, i) => [k, x[i] / total]));
    set = set.filter((_, i) => i !== worst);
  }
  return new Map(kinds.slice(0, 1).map((k) => [k, 1]));
}

/** Fused value: the least-variance blend (in log price) of the methods that produced a value. */
export function fuse(
  estimates: readonly { kind: FusableKind; logUnitPrice: number }[],
  cls: ConfidenceClass,
): { logUnitPrice: number; provenance: MethodProvenance } | null {
  if (estimates.length < 2) return null;
  const weights = fusionWeights(
    estimates.map((e) => e.kind),
    cls,
  );
  let log = 0;
  const details: Record<string, number> = {};
  for (const e of estimates) {
    const w = weights.get(e.kind) ?? 0;
    log += w * e.logUnitPrice;
    details[e.kind] = round(w, 4);
  }
  return { logUnitPrice: log, provenance: { cases: [], baseline: null, details } };
}
