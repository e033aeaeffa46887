import { classWithinRange } from './confidence';
import { rangeCell } from './value-range';
import { dictCode } from '@valuation/domain';
import { defaultModelPrice, gaussian, marketCase, random } from '../test/synthetic-market';
import { valuate } from './valuation.engine';
import type { MarketCase, SubjectProperty, ValuationInput } from './valuation.types';

const FINE = dictCode('intDeco', '精装');
const ROUGH = dictCode('intDeco', '毛坯');
const SIMPLE = dictCode('intDeco', '简装');
const SOUTH = dictCode('face', '南');
const NORTH = dictCode('face', '北');
const NORTH_SOUTH = dictCode('face', '南北');
const SLAB = dictCode('bldgType', '板楼');

const input = (subject: SubjectProperty, cases: MarketCase[], extra: Partial<ValuationInput> = {}): ValuationInput => ({
  subject,
  tradeType: 1,
  valuationDate: '2021-12-15',
  evalFlags: [1],
  market: { cases },
  ...extra,
});

/** A community whose prices follow the default coefficients exactly, with varied decoration, orientation, height and age. */
function exactCommunity(code: string, base: number, count: number, seed: number): MarketCase[] {
  const next = random(seed);
  const cases: MarketCase[] = [];
  for (let i = 0; i < count; i++) {
    const area = Math.round(45 + 100 * next());
    const deco = [ROUGH, SIMPLE, FINE][i % 3];
    const face = [SOUTH, NORTH, NORTH_SOUTH][Math.floor(next() * 3)];
    const tall = next() < 0.5;
    const year = next() < 0.5 ? 2011 : 2001;
    const price = defaultModelPrice(base, {
      area,
      rough: deco === ROUGH,
      simple: deco === SIMPLE,
      south: face === SOUTH,
      northSouth: face === NORTH_SOUTH,
      tallRise: tall,
      ageDecades: (2021 - year) / 10,
    });
    cases.push(
      marketCase(
        code,
        { area, decoration: deco, face, totalFloors: tall ? 24 : 6, buildYear: year, buildingType: SLAB, rooms: 2, halls: 1 },
        price,
      ),
    );
  }
  return cases;
}

describe('comparison method', () => {
  it('values a unit exactly in a market that follows its coefficients', () => {
    const cases = exactCommunity('A', 60000, 30, 1).concat(exactCommunity('B', 40000, 30, 2));
    const subject: SubjectProperty = {
      propType: 11,
      communityCode: 'A',
      area: 117,
      decoration: ROUGH,
      face: NORTH_SOUTH,
      totalFloors: 24,
      buildYear: 2011,
      buildingType: SLAB,
      rooms: 2,
      halls: 1,
    };
    const expected = defaultModelPrice(60000, { area: 117, rough: true, northSouth: true, tallRise: true, ageDecades: 1 });
    const result = valuate(input(subject, cases));
    expect(result.method).toBe('forsale');
    expect(result.state).toBe(1);
    // 30 cases of its community give class A, as far as the comparison's measured precision allows.
    expect(result.confidenceClass).toBe(classWithinRange('A', rangeCell('forsale', 30)!.q68));
    expect(result.unitPrice! / expected).toBeCloseTo(1, 2);
    expect(result.totalPrice).toBe(Math.round((result.totalPrice! / 117) * 117));
  });

  it('follows a community where the price is a × area even though its default coefficients say otherwise', () => {
    const next = random(3);
    const cases = Array.from({ length: 25 }, () => marketCase('A', { area: Math.round(40 + 120 * next()), decoration: FINE }, 50000));
    const result = valuate(input({ propType: 11, communityCode: 'A', area: 100, decoration: FINE }, cases));
    expect(result.totalPrice! / 5_000_000).toBeGreaterThan(0.97);
    expect(result.totalPrice! / 5_000_000).toBeLessThan(1.03);
  });

  it('prices decoration and orientation premiums of the market', () => {
    const cases = exactCommunity('A', 60000, 40, 4);
    const base: SubjectProperty = {
      propType: 11,
      communityCode: 'A',
      area: 90,
      face: NORTH,
      decoration: FINE,
      totalFloors: 6,
      buildYear: 2011,
      buildingType: SLAB,
      rooms: 2,
      halls: 1,
    };
    const fine = valuate(input(base, cases)).unitPrice!;
    const rough = valuate(input({ ...base, decoration: ROUGH }, cases)).unitPrice!;
    const south = valuate(input({ ...base, face: SOUTH }, cases)).unitPrice!;
    expect(rough / fine).toBeCloseTo(defaultModelPrice(1, { area: 90, rough: true }) / defaultModelPrice(1, { area: 90 }), 2);
    expect(south / fine).toBeCloseTo(defaultModelPrice(1, { area: 90, south: true }) / defaultModelPrice(1, { area: 90 }), 2);
  });

  it('adjusts cases to the valuation month with a known index', () => {
    const cases = Array.from({ length: 12 }, () => marketCase('A', { area: 90, decoration: FINE }, 50000, { month: '2020-12' }));
    const indices = { district: { '2020-12': 100, '2021-06': 110, '2021-12': 120 } };
    const result = valuate(input({ propType: 11, communityCode: 'A', area: 90, decoration: FINE }, cases, { market: { cases, indices } }));
    expect(result.unitPrice).toBe(60000);
    expect(result.provenance.timeIndex).toBe('district');
    const c = result.methods[0].provenance.cases[0];
    expect(c.timeFactor).toBeCloseTo(1.2, 6);
  });

  it('estimates within the noise of a noisy market and favours similar units', () => {
    const next = random(5);
    const truth = (area: number, deco: string | null) => defaultModelPrice(55000, { area, rough: deco === ROUGH, simple: deco === SIMPLE });
    const cases: MarketCase[] = [];
    for (let i = 0; i < 60; i++) {
      const area = Math.round(50 + 90 * next());
      const deco = [ROUGH, SIMPLE, FINE][i % 3];
      cases.push(marketCase('A', { area, decoration: deco }, truth(area, deco) * Math.exp(0.05 * gaussian(next))));
    }
    let worst = 0;
    for (const area of [60, 85, 110]) {
      const result = valuate(input({ propType: 11, communityCode: 'A', area, decoration: FINE }, cases));
      worst = Math.max(worst, Math.abs(result.unitPrice! / truth(area, FINE) - 1));
    }
    expect(worst).toBeLessThan(0.04);
  });

  it('widens to nearby communities when its own has few cases', () => {
    const near = exactCommunity('B', 50000, 30, 6);
    const own = [
      marketCase(
        'A',
        { area: 90, decoration: FINE, face: NORTH, totalFloors: 6, buildYear: 2011, buildingType: SLAB, rooms: 2, halls: 1 },
        70000,
      ),
    ];
    const subject: SubjectProperty = {
      propType: 11,
      communityCode: 'A',
      area: 90,
      decoration: FINE,
      face: NORTH,
      totalFloors: 6,
      buildYear: 2011,
      buildingType: SLAB,
      rooms: 2,
      halls: 1,
    };
    const result = valuate(input(subject, own.concat(near)));
    expect(result.confidenceClass).toBe('C');
    expect(result.unitPrice!).toBeGreaterThan(defaultModelPrice(50000, { area: 90, ageDecades: 1 }));
    expect(result.unitPrice!).toBeLessThan(70000);
    const alone = valuate(input({ ...subject, communityCode: 'Z' }, near));
    expect(alone.confidenceClass).toBe('C');
    expect(alone.unitPrice! / defaultModelPrice(50000, { area: 90, ageDecades: 1 })).toBeCloseTo(1, 1);
  });

  it('averages the unknown community effect over more nearby cases when its own community has none', () => {
    const next = random(9);
    const levels = Array.from({ length: 12 }, () => 50000 * Math.exp(0.1 * gaussian(next)));
    const near = levels.flatMap((level, i) => exactCommunity(`N${i}`, level, 8, 20 + i));
    const subject: SubjectProperty = {
      propType: 11,
      communityCode: 'Z',
      area: 90,
      decoration: FINE,
      face: NORTH,
      totalFloors: 6,
      buildYear: 2011,
      buildingType: SLAB,
      rooms: 2,
      halls: 1,
    };
    const alone = valuate(input(subject, near));
    expect(alone.sample.count).toBe(50);
    expect(new Set(alone.methods[0].provenance.cases.map((c) => c.communityCode)).size).toBeGreaterThanOrEqual(7);
    const own = [
      marketCase(
        'Z',
        { area: 90, decoration: FINE, face: NORTH, totalFloors: 6, buildYear: 2011, buildingType: SLAB, rooms: 2, halls: 1 },
        50000,
      ),
    ];
    expect(valuate(input(subject, own.concat(near))).sample.count).toBe(21);
  });

  it("expects a community without cases at the level the market's communities of its age are at (community-level trend)", () => {
    // Community levels rise 1.5 % a year with the build year, beyond the hedonic age coefficients;
    // a unit of the newest kind in a community without cases is valued at that trend, not at the
    // average of the somewhat older communities most like it.
    const level = (year: number): number => 50000 * Math.exp(0.015 * (year - 2005));
    const cases: MarketCase[] = [];
    for (let year = 1990; year < 2020; year++) {
      const ageDecades = (2021 - year) / 10;
      for (let i = 0; i < 8; i++) {
        const area = 60 + ((i * 37 + year) % 80);
        const features = { area, decoration: FINE, face: NORTH, totalFloors: 6, buildYear: year, buildingType: SLAB, rooms: 2, halls: 1 };
        cases.push(marketCase(`N${year}`, features, defaultModelPrice(level(year), { area, ageDecades })));
      }
    }
    const subject: SubjectProperty = {
      propType: 11,
      communityCode: 'Z',
      area: 90,
      decoration: FINE,
      face: NORTH,
      totalFloors: 6,
      buildYear: 2019,
      buildingType: SLAB,
      rooms: 2,
      halls: 1,
    };
    const result = valuate(input(subject, cases));
    expect(result.confidenceClass).toBe('C');
    const expected = defaultModelPrice(level(2019), { area: 90, ageDecades: 0.2 });
    expect(result.unitPrice! / expected).toBeGreaterThan(0.985);
    expect(result.unitPrice! / expected).toBeLessThan(1.015);
  });

  it('keeps a few grossly mispriced units of the community from moving the value much', () => {
    const subject: SubjectProperty = {
      propType: 11,
      communityCode: 'A',
      area: 90,
      decoration: FINE,
      face: NORTH,
      totalFloors: 6,
      buildYear: 2011,
      buildingType: SLAB,
      rooms: 2,
      halls: 1,
    };
    const expected = defaultModelPrice(60000, { area: 90, ageDecades: 1 });
    const cases = exactCommunity('A', 60000, 20, 10).map((c, i) =>
      i % 6 === 2 ? { ...c, unitPrice: c.unitPrice * 1.5, totalPrice: c.totalPrice * 1.5 } : c,
    );
    const result = valuate(input(subject, cases));
    expect(result.unitPrice! / expected).toBeGreaterThan(0.99);
    expect(result.unitPrice! / expected).toBeLessThan(1.015);
  });

  it('explains the value: weights sum to one and each case is adjusted by its factors', () => {
    const cases = exactCommunity('A', 60000, 20, 7).concat(exactCommunity('B', 45000, 20, 8));
    const result = valuate(input({ propType: 11, communityCode: 'A', area: 100, decoration: FINE, face: SOUTH }, cases));
    const p = result.methods[0].provenance;
    const total = p.cases.reduce((s, c) => s + c.weight, 0) + p.baseline!.weight;
    expect(total).toBeCloseTo(1, 3);
    for (const c of p.cases) {
      expect(c.adjustedUnitPrice / (c.unitPrice * c.timeFactor * c.featureFactor)).toBeCloseTo(1, 3);
      const product = Object.values(c.adjustments).reduce((a, b) => a * b, 1);
      expect(product / c.featureFactor).toBeCloseTo(1, 2);
    }
    expect(p.cases.filter((c) => c.sameCommunity)).toHaveLength(20);
  });
});
