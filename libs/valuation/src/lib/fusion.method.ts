import { METHOD_ERROR } from './engine.constants';
import { round } from './numbers';
import type { ConfidenceClass, MethodProvenance } from './valuation.types';

export type FusableKind = keyof typeof METHOD_ERROR;

/**
 * Fused value: a weighted geometric mean of the methods that produced a value, each weighed by
 * the inverse of its measured error variance in the subject's confidence class.
 */
export function fuse(
  estimates: readonly { kind: FusableKind; logUnitPrice: number }[],
  confidence: ConfidenceClass,
): { logUnitPrice: number; provenance: MethodProvenance } | null {
  if (estimates.length < 2) return null;
  const precision = estimates.map((e) => 1 / METHOD_ERROR[e.kind][confidence] ** 2);
  const total = precision.reduce((a, b) => a + b, 0);
  let log = 0;
  const details: Record<string, number> = {};
  estimates.forEach((e, i) => {
    const w = precision[i] / total;
    log += w * e.logUnitPrice;
    details[e.kind] = round(w, 4);
  });
  return { logUnitPrice: log, provenance: { cases: [], baseline: null, details } };
}
