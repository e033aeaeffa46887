import { FEATURE_COUNT, FEATURES, type FeatureGroup } from './feature.encoder';
import type { Market } from './market';
import { round } from './numbers';
import type { Beta } from './valuation.types';

const GROUP_ORDER: readonly FeatureGroup[] = ['面积', '楼层', '朝向', '装修', '房龄', '户型', '建筑类型'];
const FEATURE_GROUP: readonly number[] = FEATURES.map((f) => GROUP_ORDER.indexOf(f.group));

/**
 * Feature weights for the radar chart: the spread (standard deviation over the market's cases) of
 * each feature group's contribution to log unit price, as shares summing to 1.
 */
export function featureBetas(market: Market): Beta[] {
  const n = market.cases.length;
  if (n < 2) return [];
  const g = GROUP_ORDER.length;
  const sum = new Float64Array(g);
  const sum2 = new Float64Array(g);
  const v = new Float64Array(g);
  const p = FEATURE_COUNT;
  const beta = market.beta;
  for (const c of market.cases) {
    v.fill(0);
    for (let k = 0; k < p; k++) v[FEATURE_GROUP[k]] += beta[k] * c.x[k];
    for (let j = 0; j < g; j++) {
      sum[j] += v[j];
      sum2[j] += v[j] * v[j];
    }
  }
  const shown = GROUP_ORDER.map((_, j) => FEATURES.some((f, k) => FEATURE_GROUP[k] === j && market.active[k]));
  const spread = GROUP_ORDER.map((_, j) => (shown[j] ? Math.sqrt(Math.max(sum2[j] / n - (sum[j] / n) ** 2, 0)) : 0));
  const total = spread.reduce((a, b) => a + b, 0);
  if (!(total > 0)) return [];
  return GROUP_ORDER.flatMap((title, j) => (shown[j] ? [{ title, value: round(spread[j] / total, 3) }] : []));
}
