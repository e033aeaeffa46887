import { KRIGING } from './engine.constants';
import { choleskyInPlace, choleskySolveInPlace } from './linear-algebra';
import { dot, type Market, type PreparedCase } from './market';
import { acrossDistance, covariance, withinDistance } from './similarity.kernel';
import { caseContribution, type MethodEstimate } from './case-adjustment';

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
 * favour similar units of the same community and discount redundant ones, then blended with the
 * similarity-weighted median of the community's comparables; what the comparables do not explain
 * rests on the market baseline.
 */
export function comparisonEstimate(market: Market, comparables: PreparedCase[]): MethodEstimate | null {
  const m = comparables.length;
  if (m === 0) return null;
  const s = market.subject.kernel;
  const mu = market.baseline;
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
    centred[i] = a.residual - mu;
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

  // Blend with the similarity-weighted median of the community's comparables: robust to a few
  // mispriced asking prices among the most similar units. The median is one case's residual, so the
  // blend remains a weighted mean of the cases and the baseline (weights still sum to 1).
  const medianCase = weightedMedianCase(market, comparables);
  const share = medianCase >= 0 ? KRIGING.medianShare : 0;
  for (let i = 0; i < m; i++) w[i] = (1 - share) * w[i] + (i === medianCase ? share : 0);

  const subjectHedonic = dot(market.subject.x, market.beta);
  let pred = mu;
  let sumW = 0;
  for (let i = 0; i < m; i++) {
    pred += w[i] * (comparables[i].residual - mu);
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
 * Index of the comparable holding the weighted median of the hedonic residuals of the subject's
 * community's comparables, weighed by similarity e^(−d) to the subject; −1 with too few of them.
 */
function weightedMedianCase(market: Market, comparables: PreparedCase[]): number {
  const s = market.subject.kernel;
  const own: { i: number; r: number; w: number }[] = [];
  comparables.forEach((c, i) => {
    if (c.sameCommunity) own.push({ i, r: c.residual, w: Math.exp(-withinDistance(s, c.kernel)) });
  });
  if (own.length < KRIGING.medianMinCases) return -1;
  own.sort((a, b) => a.r - b.r || (comparables[a.i].source.id < comparables[b.i].source.id ? -1 : 1));
  const half = own.reduce((t, o) => t + o.w, 0) / 2;
  let acc = 0;
  for (const o of own) {
    acc += o.w;
    if (acc >= half) return o.i;
  }
  return own[own.length - 1].i;
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
  // (C⁻¹)ⱼⱼ is the squared norm of column j of L⁻¹.
  const inv = new Float64Array(m * m);
  const z = new Float64Array(m);
  for (let j = 0; j < m; j++) {
    inv[j * m + j] = 1 / l[j * m + j];
    let d = inv[j * m + j] ** 2;
    for (let i = j + 1; i < m; i++) {
      let sum = 0;
      for (let t = j; t < i; t++) sum -= l[i * m + t] * inv[t * m + j];
      inv[i * m + j] = sum / l[i * m + i];
      d += inv[i * m + j] ** 2;
    }
    z[j] = alpha[j] / Math.sqrt(d);
  }
  return z;
}
