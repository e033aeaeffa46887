import { KRIGING, TREND } from './engine.constants';
import { choleskyInPlace, choleskySolveInPlace } from './linear-algebra';
import { dot, type Market, type PreparedCase } from './market';
import { acrossDistance, covariance, withinDistance } from './similarity.kernel';
import { caseContribution, type MethodEstimate } from './case-adjustment';
import { trimmedMeanWeights } from './robust-statistics';

/**
 * The comparable set: the most similar cases of the subject's community, then of nearby
 * communities; more of these when the subject's community has no cases, so that its unknown
 * community effect is averaged over more communities.
 */
export function selectComparables(market: Market): PreparedCase[] {
  const s = market.subject.kernel;
  const own = nearest(market.communityCases, (c) => withinDistance(s, c.kernel), KRIGING.maxCommunityCases);
  const nearbyLimit = own.length > 0 ? KRIGING.maxNearbyCases : KRIGING.maxNearbyCasesWithoutCommunity;
  const nearby = nearest(market.nearbyCases, (c) => acrossDistance(s, c.kernel), nearbyLimit);
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
 * favour similar units of the same community and discount redundant ones, then blended with the
 * similarity-weighted trimmed mean of the community's comparables; what the comparables do not
 * explain rests on the market baseline (for a community with few cases, on the level the
 * community-level trend expects of it).
 */
export function comparisonEstimate(market: Market, comparables: PreparedCase[]): MethodEstimate | null {
  const m = comparables.length;
  if (m === 0) return null;
  const s = market.subject.kernel;
  // The level the residuals are centred on: the community-level trend for a community with few
  // cases, else the market baseline.
  const useTrend = market.communityCases.length < TREND.belowCases;
  const level = (c: PreparedCase): number => (useTrend ? c.level : market.baseline);
  const mu = useTrend ? market.subjectLevel : market.baseline;
  const noise = KRIGING.noise * KRIGING.noise;
  const base = new Float64Array(m * m);
  const k = new Float64Array(m);
  const nugget = new Float64Array(m);
  const centred = new Float64Array(m);
  for (let i = 0; i < m; i++) {
    const a = comparables[i];
    k[i] = covariance(s, a.kernel, a.sameCommunity);
    for (let j = 0; j < i; j++) {
      const b = comparables[j];
      const v = covariance(a.kernel, b.kernel, a.group === b.group);
      base[i * m + j] = v;
      base[j * m + i] = v;
    }
    const ageYears = a.kernel.month !== null ? Math.max(market.valuationMonth - a.kernel.month, 0) / 12 : 0;
    base[i * m + i] = covariance(a.kernel, a.kernel, true);
    nugget[i] = noise * (1 + KRIGING.noisePerYear * ageYears);
    centred[i] = a.residual - level(a);
  }
  let factor = factorise(base, nugget, m);
  if (!factor) return null;
  if (KRIGING.outlierZ > 0 && m >= 3) {
    // Comparables that their peers predict badly (leave-one-out) get a larger nugget, once.
    const z = leaveOneOutZ(factor, centred, m);
    let changed = false;
    for (let i = 0; i < m; i++) {
      const a = Math.abs(z[i]);
      if (a > KRIGING.outlierZ) {
        nugget[i] *= (a / KRIGING.outlierZ) ** 2;
        changed = true;
      }
    }
    if (changed) factor = factorise(base, nugget, m) ?? factor;
  }
  const w = Float64Array.from(k);
  choleskySolveInPlace(factor, m, w);

  // Blend with the similarity-weighted trimmed mean of the community's comparables: robust to a few
  // mispriced asking prices among the most similar units. It is a weighted mean of the cases, so
  // the blend remains a weighted mean of the cases and the baseline (weights still sum to 1).
  const central = centralWeights(market, comparables);
  const share = central ? KRIGING.medianShare : 0;
  if (central) for (let i = 0; i < m; i++) w[i] = (1 - share) * w[i] + share * central[i];

  const subjectHedonic = dot(market.subject.x, market.beta);
  let pred = mu;
  let sumW = 0;
  for (let i = 0; i < m; i++) {
    pred += w[i] * (comparables[i].residual - level(comparables[i]));
    sumW += w[i];
  }
  const cases = comparables.map((cs, i) => caseContribution(market, cs, w[i]));
  return {
    logUnitPrice: subjectHedonic + pred,
    provenance: {
      cases,
      baseline: { weight: 1 - sumW, unitPrice: Math.exp(subjectHedonic + mu), caseCount: market.cases.length },
      details: { comparables: m },
    },
  };
}

/**
 * Weights (over the comparables) of the similarity-weighted trimmed mean of the hedonic residuals
 * of the subject's community's comparables, weighed by similarity e^(−d) to the subject, with
 * medianTrim of the weight cut at each end; null with too few of them.
 */
function centralWeights(market: Market, comparables: PreparedCase[]): Float64Array | null {
  const s = market.subject.kernel;
  const own: number[] = [];
  comparables.forEach((c, i) => {
    if (c.sameCommunity) own.push(i);
  });
  if (own.length < KRIGING.medianMinCases) return null;
  const trimmed = trimmedMeanWeights(
    own.map((i) => comparables[i].residual),
    own.map((i) => Math.exp(-withinDistance(s, comparables[i].kernel))),
    KRIGING.medianTrim,
    (a, b) => (comparables[own[a]].source.id < comparables[own[b]].source.id ? -1 : 1),
  );
  if (!trimmed) return null;
  const out = new Float64Array(comparables.length);
  own.forEach((i, j) => {
    out[i] = trimmed[j];
  });
  return out;
}

/** Cholesky factor of C + diag(nugget). */
function factorise(base: Float64Array, nugget: Float64Array, m: number): Float64Array | null {
  const c = Float64Array.from(base);
  for (let i = 0; i < m; i++) c[i * m + i] += nugget[i];
  return choleskyInPlace(c, m) ? c : null;
}

/** Standardised leave-one-out residuals of a Gaussian process, αᵢ / √(C⁻¹)ᵢᵢ with α = C⁻¹r, from the factor L of C. */
function leaveOneOutZ(l: Float64Array, r: Float64Array, m: number): Float64Array {
  const alpha = Float64Array.from(r);
  choleskySolveInPlace(l, m, alpha);
  // (C⁻¹)ⱼⱼ is the squared norm of column j of L⁻¹, computed one column at a time.
  const col = new Float64Array(m);
  const z = new Float64Array(m);
  for (let j = 0; j < m; j++) {
    col[j] = 1 / l[j * m + j];
    let d = col[j] ** 2;
    for (let i = j + 1; i < m; i++) {
      const ri = i * m;
      let sum = 0;
      for (let t = j; t < i; t++) sum -= l[ri + t] * col[t];
      col[i] = sum / l[ri + i];
      d += col[i] ** 2;
    }
    z[j] = alpha[j] / Math.sqrt(d);
  }
  return z;
}
