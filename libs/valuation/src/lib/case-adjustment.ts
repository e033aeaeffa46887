import { FEATURES } from './feature.encoder';
import type { Market, PreparedCase } from './market';
import { round } from './numbers';
import type { CaseContribution, MethodProvenance } from './valuation.types';

/** What a method computes: the subject's log unit price and how it was reached. */
export interface MethodEstimate {
  logUnitPrice: number;
  provenance: MethodProvenance;
}

/** How a case is adjusted to the subject: time factor and a factor per feature group. */
export function caseContribution(market: Market, cs: PreparedCase, weight: number): CaseContribution {
  const adjustments: Record<string, number> = {};
  const sx = market.subject.x;
  let total = 0;
  FEATURES.forEach((f, k) => {
    const delta = market.beta[k] * (sx[k] - cs.x[k]);
    if (delta !== 0) adjustments[f.group] = (adjustments[f.group] ?? 0) + delta;
    total += delta;
  });
  for (const g of Object.keys(adjustments)) adjustments[g] = round(Math.exp(adjustments[g]), 4);
  return {
    id: cs.source.id,
    communityCode: cs.source.communityCode,
    sameCommunity: cs.sameCommunity,
    unitPrice: round(cs.source.totalPrice / cs.source.area, 2),
    timeFactor: round(cs.timeFactor, 4),
    featureFactor: round(Math.exp(total), 4),
    adjustments,
    adjustedUnitPrice: round(Math.exp(cs.y + total), 2),
    weight: round(weight, 5),
  };
}
