import { FEATURES } from '../lib/feature.encoder';
import { seededRandom } from '../lib/numbers';
import type { MarketCase, PropertyFeatures } from '../lib/valuation.types';

/** Deterministic uniform generator (mulberry32). */
export const random = seededRandom;

/** Standard normal draw (Box–Muller). */
export function gaussian(next: () => number): number {
  const u = Math.max(next(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
}

/** The engine's default coefficient of a feature, by name. */
export function prior(name: string): number {
  const f = FEATURES.find((x) => x.name === name);
  if (!f) throw new Error(`no feature ${name}`);
  return f.prior;
}

let sequence = 0;

export function marketCase(
  communityCode: string,
  features: PropertyFeatures,
  unitPrice: number,
  extra: Partial<MarketCase> = {},
): MarketCase {
  sequence++;
  return {
    id: `c${sequence}`,
    communityCode,
    communityName: `小区${communityCode}`,
    ...features,
    unitPrice,
    totalPrice: unitPrice * features.area,
    ...extra,
  };
}

export const pick = <T>(next: () => number, items: readonly T[]): T => items[Math.floor(next() * items.length)];

/**
 * Unit price of a residence in a market that follows the engine's default coefficients exactly:
 * base is the price of a 90 m² 板楼 unit of 4–6 floors, 精装, facing neither south nor north-south,
 * new, with 2 rooms and 1 hall.
 */
export function defaultModelPrice(
  base: number,
  unit: { area: number; rough?: boolean; simple?: boolean; south?: boolean; northSouth?: boolean; tallRise?: boolean; ageDecades?: number },
): number {
  const la = Math.log(unit.area / 90);
  let v = Math.log(base) + prior('logArea') * la + prior('logArea2') * la * la;
  if (unit.rough) v += prior('roughFinish');
  if (unit.simple) v += prior('simpleFinish');
  if (unit.south || unit.northSouth) v += prior('southFacing');
  if (unit.northSouth) v += prior('northSouth');
  if (unit.tallRise) v += prior('tallRise');
  const a = unit.ageDecades ?? 0;
  v += prior('age') * a + prior('age2') * a * a;
  return Math.exp(v);
}
