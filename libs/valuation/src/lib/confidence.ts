import { CLASS_FSD_CEILINGS, CLASS_RANK, CLASS_THRESHOLDS, MIN_NEARBY_CASES } from './engine.constants';
import type { ConfidenceClass } from './valuation.types';

/** A at least 10 cases in the subject's community, B at least 3, C at least 1 or, with none there, enough nearby cases. */
export function confidenceClass(communityCases: number, nearbyCases: number): ConfidenceClass | null {
  if (communityCases >= CLASS_THRESHOLDS.A) return 'A';
  if (communityCases >= CLASS_THRESHOLDS.B) return 'B';
  if (communityCases >= CLASS_THRESHOLDS.C || nearbyCases >= MIN_NEARBY_CASES) return 'C';
  return null;
}

/**
 * The class of an answer given its measured precision: the class its cases give, lowered to the
 * best class whose FSD ceiling its FSD is within (C has none); unchanged without a measured FSD.
 */
export function classWithinRange(cls: ConfidenceClass | null, fsd: number | null): ConfidenceClass | null {
  if (cls === null || fsd === null) return cls;
  const earned: ConfidenceClass = fsd <= CLASS_FSD_CEILINGS.A ? 'A' : fsd <= CLASS_FSD_CEILINGS.B ? 'B' : 'C';
  return CLASS_RANK[earned] < CLASS_RANK[cls] ? earned : cls;
}

/** Whether a class meets the tenant's minimum class. */
export function meetsClass(actual: ConfidenceClass | null, minimum: ConfidenceClass): boolean {
  return actual !== null && CLASS_RANK[actual] >= CLASS_RANK[minimum];
}
