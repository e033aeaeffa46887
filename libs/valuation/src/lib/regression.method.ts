import {
  COMMUNITY_MODEL_MIN_CASES,
  COMMUNITY_PRIOR_WEIGHT,
  KRIGING,
  REGRESSION_MIN_COMMUNITY_CASES,
  REGRESSION_MIN_MARKET_CASES,
} from './engine.constants';
import { fitHedonic } from './hedonic.model';
import { huberMean } from './robust-statistics';
import { caseContribution, type MethodEstimate } from './case-adjustment';
import { dot, type Market } from './market';
import { round } from './numbers';

/** Variance ratio (unit noise / community effect) that shrinks a community's mean towards the market. */
const SHRINK = (KRIGING.noise ** 2 + KRIGING.local ** 2) / KRIGING.community ** 2;

/**
 * Multiple regression method: a hedonic log-price model. A community with enough cases gets its
 * own coefficients, shrunk towards the market's; its intercept is the community's robust mean
 * residual shrunk towards the market baseline. Only for a subject chosen by community.
 */
export function regressionEstimate(market: Market): MethodEstimate | null {
  const own = market.communityCases;
  if (!market.subject.features.communityCode) return null;
  if (own.length < REGRESSION_MIN_COMMUNITY_CASES || market.cases.length < REGRESSION_MIN_MARKET_CASES) return null;

  const { beta, scope, baseline, community, shrink, intercept } = market.fitMemo('regression', () => communityModel(market));
  const subjectHedonic = dot(market.subject.x, beta);

  const view: Market = { ...market, beta };
  return {
    logUnitPrice: subjectHedonic + intercept,
    provenance: {
      cases: own.map((c, i) => caseContribution(view, c, shrink * community.weights[i])),
      baseline: { weight: 1 - shrink, unitPrice: Math.exp(subjectHedonic + baseline.mean), caseCount: market.cases.length },
      details: { coefficients: scope, communityEffect: round(intercept, 5), shrinkage: round(shrink, 4) },
    },
  };
}

/** The subject-independent part of the method: coefficients, baseline and community effect. */
function communityModel(market: Market) {
  const own = market.communityCases;
  let beta = market.beta;
  let scope = 'market';
  if (own.length >= COMMUNITY_MODEL_MIN_CASES) {
    beta = fitHedonic({
      rows: own.map((c) => c.x),
      y: Float64Array.from(own, (c) => c.y),
      groups: new Int32Array(own.length),
      groupCount: 1,
      active: market.active,
      prior: market.beta,
      priorWeight: COMMUNITY_PRIOR_WEIGHT,
    });
    scope = 'community';
  }
  const residual = (x: Float64Array, y: number): number => y - dot(x, beta);
  const all = Float64Array.from(market.cases, (c) => residual(c.x, c.y));
  const local = Float64Array.from(own, (c) => residual(c.x, c.y));
  const baseline = huberMean(all);
  const community = huberMean(local);
  const shrink = own.length / (own.length + SHRINK);
  const intercept = baseline.mean + shrink * (community.mean - baseline.mean);
  return { beta, scope, baseline, community, shrink, intercept };
}
