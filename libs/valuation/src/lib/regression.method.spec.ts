import { dictCode } from '@valuation/domain';
import { defaultModelPrice, gaussian, marketCase, random } from '../test/synthetic-market';
import { valuate } from './valuation.engine';
import type { MarketCase, SubjectProperty, ValuationInput } from './valuation.types';

const FINE = dictCode('intDeco', '精装');
const SIMPLE = dictCode('intDeco', '简装');
const SOUTH = dictCode('face', '南');
const NORTH = dictCode('face', '北');

/** Communities generated from known coefficients (the defaults) and known community price levels. */
function market(levels: number[], perCommunity: number, noise: number, seed: number): MarketCase[] {
  const next = random(seed);
  const cases: MarketCase[] = [];
  levels.forEach((level, g) => {
    for (let i = 0; i < perCommunity; i++) {
      const area = Math.round(40 + 110 * next());
      const simple = next() < 0.5;
      const south = next() < 0.5;
      const price = defaultModelPrice(level, { area, simple, south }) * Math.exp(noise * gaussian(next));
      cases.push(marketCase(`H${g}`, { area, decoration: simple ? SIMPLE : FINE, face: south ? SOUTH : NORTH, rooms: 2, halls: 1 }, price));
    }
  });
  return cases;
}

const input = (subject: SubjectProperty, cases: MarketCase[]): ValuationInput => ({
  subject,
  tradeType: 1,
  valuationDate: '2021-12',
  evalFlags: [2],
  market: { cases },
});

describe('multiple regression method', () => {
  const levels = [30000, 42000, 55000, 61000, 75000, 90000];
  const cases = market(levels, 25, 0.02, 11);

  it('values from the hedonic model with the community intercept', () => {
    for (const g of [1, 4]) {
      const subject: SubjectProperty = {
        propType: 11,
        communityCode: `H${g}`,
        area: 100,
        decoration: SIMPLE,
        face: SOUTH,
        rooms: 2,
        halls: 1,
      };
      const result = valuate(input(subject, cases));
      expect(result.method).toBe('mraSale');
      const truth = defaultModelPrice(levels[g], { area: 100, simple: true, south: true });
      expect(Math.abs(result.unitPrice! / truth - 1)).toBeLessThan(0.015);
    }
  });

  it('fits community coefficients when the community has at least 10 cases, market ones otherwise', () => {
    const subject: SubjectProperty = { propType: 11, communityCode: 'H2', area: 80, rooms: 2, halls: 1 };
    expect(valuate(input(subject, cases)).methods[0].provenance.details.coefficients).toBe('community');
    const few = cases.filter((c) => c.communityCode !== 'H2').concat(cases.filter((c) => c.communityCode === 'H2').slice(0, 5));
    const result = valuate(input(subject, few));
    expect(result.method).toBe('mraSale');
    expect(result.methods[0].provenance.details.coefficients).toBe('market');
  });

  it('needs a community with at least 3 cases and a subject chosen by community', () => {
    const subject: SubjectProperty = { propType: 11, communityCode: 'H2', area: 80 };
    const two = cases.filter((c) => c.communityCode !== 'H2').concat(cases.filter((c) => c.communityCode === 'H2').slice(0, 2));
    expect(valuate(input(subject, two)).method).toBeNull();
    expect(valuate(input({ ...subject, communityCode: null }, cases)).method).toBeNull();
  });
});
