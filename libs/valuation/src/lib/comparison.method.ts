import { KRIGING } from './engine.constants';
import { FEATURES } from './feature.encoder';
import { choleskyInPlace, choleskySolveInPlace } from './linear-algebra';
import { dot, type Market, type PreparedCase } from './market';
import { round } from './numbers';
import { acrossDistance, covariance, withinDistance } from './similarity.kernel';
import type { CaseContribution, MethodProvenance } from './valuation.types';

export interface MethodEstimate {
  /** Log unit price of the subject. */
  logUnitPrice: number;
  provenance: MethodProvenance;
}

/** The comparable set: the most similar cases of the subject's community, then of nearby communities. */
export function selectComparables(market: Market): PreparedCase[] {
  const s = market.subject.kernel;
  const own = nearest(market.communityCases, (c) => withinDistance(s, c.kernel), KRIGING.maxCommunityCases);
  const nearby = nearest(market.nearbyCases, (c) => acrossDistance(s, c.kernel), KRIGING.maxNearbyCases);
  return own.concat(nearby);
}

function nearest(cases: PreparedCase[], distance: (c: PreparedCase) => number, limit: number): PreparedCase[] {
  if (cases.length <= limit) return cases.slice();
  return cases
    .map((c) => ({ c, d: distance(c) }))
    .sort((a, b) => a.d - b.d || (a.c.source.id < b.c.source.id ? -1 : 1))
    .slice(0, limit)
    .map((e) => e.c);
}

/**
 * Comparison method: each comparable is adjusted to the subject by the hedonic coefficients (and
 * to the valuation month by the index); the adjusted prices are blended by kriging weights, which
 * favour similar units of the same community and discount redundant ones; what the comparables
 * do not explain rests on the market baseline.
 */
export function comparisonEstimate(market: Market, comparables: PreparedCase[]): MethodEstimate | null {
  const m = comparables.length;
  if (m === 0) return null;
  const s = market.subject.kernel;
  const mu = market.baseline.mean;
  const noise = KRIGING.noise * KRIGING.noise;
  const c = new Float64Array(m * m);
  const k = new Float64Array(m);
  for (let i = 0; i < m; i++) {
    const a = comparables[i];
    k[i] = covariance(s, a.kernel, a.sameCommunity);
    for (let j = 0; j < i; j++) {
      const b = comparables[j];
      const v = covariance(a.kernel, b.kernel, a.group === b.group);
      c[i * m + j] = v;
      c[j * m + i] = v;
    }
    const ageYears = a.kernel.month !== null ? Math.max(market.valuationMonth - a.kernel.month, 0) / 12 : 0;
    c[i * m + i] = covariance(a.kernel, a.kernel, true) + noise * (1 + KRIGING.noisePerYear * ageYears);
  }
  if (!choleskyInPlace(c, m)) return null;
  const w = Float64Array.from(k);
  choleskySolveInPlace(c, m, w);

  const subjectHedonic = dot(market.subject.x, market.beta);
  let pred = mu;
  let sumW = 0;
  for (let i = 0; i < m; i++) {
    pred += w[i] * (comparables[i].residual - mu);
    sumW += w[i];
  }
  const cases = comparables.map((cs, i) => contribution(market, cs, w[i]));
  return {
    logUnitPrice: subjectHedonic + pred,
    provenance: {
      cases,
      baseline: { weight: 1 - sumW, unitPrice: Math.exp(subjectHedonic + mu), caseCount: market.cases.length },
      details: { comparables: m },
    },
  };
}

/** How a case is adjusted to the subject: time factor and a factor per feature group. */
export function contribution(market: Market, cs: PreparedCase, weight: number): CaseContribution {
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
    unitPrice: cs.source.unitPrice,
    timeFactor: round(cs.timeFactor, 4),
    featureFactor: round(Math.exp(total), 4),
    adjustments,
    adjustedUnitPrice: round(Math.exp(cs.y + total), 2),
    weight: round(weight, 5),
  };
}
