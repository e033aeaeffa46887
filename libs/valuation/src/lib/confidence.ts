import { CLASS_RANK, CLASS_THRESHOLDS, MIN_NEARBY_CASES } from './engine.constants';
import type { ConfidenceClass } from './valuation.types';

/** A at least 10 cases in the subject's community, B at least 3, C at least 1 or, with none there, enough nearby cases. */
export function confidenceClass(communityCases: number, nearbyCases: number): ConfidenceClass | null {
  if (communityCases >= CLASS_THRESHOLDS.A) return 'A';
  if (communityCases >= CLASS_THRESHOLDS.B) return 'B';
  if (communityCases >= CLASS_THRESHOLDS.C || nearbyCases >= MIN_NEARBY_CASES) return 'C';
  return null;
}

/** Whether a class meets the tenant's minimum class. */
export function meetsClass(actual: ConfidenceClass | null, minimum: ConfidenceClass): boolean {
  return actual !== null && CLASS_RANK[actual] >= CLASS_RANK[minimum];
}
