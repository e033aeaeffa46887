import { dictCode } from '@valuation/domain';
import { defaultModelPrice, gaussian, marketCase, pick, random } from '../test/synthetic-market';
import { MAX_MARKET_CASES } from './engine.constants';
import { valuate } from './valuation.engine';
import type { MarketCase, MarketData, MonthlySeries, SubjectProperty, ValuationInput, ValuationResult } from './valuation.types';

const DECORATIONS = [dictCode('intDeco', '精装'), dictCode('intDeco', '简装'), dictCode('intDeco', '毛坯')];
const FACES = [dictCode('face', '南'), dictCode('face', '南北'), dictCode('face', '北')];
const BUILDING_TYPES = [dictCode('bldgType', '板楼'), dictCode('bldgType', '塔楼')];

function months(from: number, count: number, level: number): MonthlySeries {
  const out: Record<string, number> = {};
  for (let i = 0; i < count; i++) {
    const m = from + i;
    out[`${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`] = level * (1 + 0.004 * i);
  }
  return out;
}

/** A market of the subject's community S and nearby ones, with gaps in the attributes, a duplicate and unusable cases. */
function market(nearbyCommunities: number, seed: number): MarketData {
  const next = random(seed);
  const cases: MarketCase[] = [];
  const add = (code: string, count: number, base: number, km: number) => {
    for (let i = 0; i < count; i++) {
      const area = Math.round(40 + 110 * next());
      const month = 2019 * 12 + Math.floor(next() * 35);
      const known = next() > 0.2;
      cases.push(
        marketCase(
          code,
          {
            area,
            rooms: known ? 1 + Math.floor(next() * 4) : null,
            halls: known ? Math.floor(next() * 3) : null,
            baths: 1 + Math.floor(next() * 2),
            face: known ? pick(next, FACES) : null,
            decoration: pick(next, DECORATIONS),
            buildingType: pick(next, BUILDING_TYPES),
            totalFloors: known ? pick(next, [6, 11, 18, 28]) : null,
            floor: 1 + Math.floor(next() * 6),
            buildYear: next() > 0.3 ? 1990 + Math.floor(next() * 30) : null,
          },
          defaultModelPrice(base, { area }) * Math.exp(0.08 * gaussian(next)),
          { month: `${Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}`, distance: km * 1000, propType: 11 },
        ),
      );
    }
  };
  add('S', 40, 60000, 0);
  for (let c = 0; c < nearbyCommunities; c++) add(`N${c}`, 25, 45000 + 1500 * c, 0.2 + 0.15 * c);
  cases.push({ ...cases[5] });
  cases.push(marketCase('N0', { area: 0 }, 50000));
  cases.push(marketCase('N1', { area: 80 }, 50000, { month: '2022-03' }));
  return {
    cases,
    communities: [
      { code: 'S', name: 'S', buildYear: 2005, standardUnitPrice: 58000 },
      ...Array.from({ length: nearbyCommunities }, (_, c) => ({ code: `N${c}`, name: `N${c}`, buildYear: 1995 + c })),
    ],
    indices: { district: months(2018 * 12 + 11, 37, 50000), city: months(2018 * 12 + 6, 42, 48000) },
    regionalAverage: { district: 50000, city: 48000, month: '2021-11' },
  };
}

const subjects: SubjectProperty[] = [
  {
    propType: 11,
    communityCode: 'S',
    area: 88,
    rooms: 2,
    halls: 1,
    baths: 1,
    face: FACES[0],
    decoration: DECORATIONS[0],
    totalFloors: 18,
    floor: 9,
    buildingType: BUILDING_TYPES[1],
  },
  { propType: 11, communityCode: 'S', area: 52.5, rooms: 1, halls: 1, baths: 1, decoration: DECORATIONS[1], totalFloors: 6, floor: 6 },
  { propType: 11, communityCode: 'S', area: 143, rooms: 4, halls: 2, baths: 2, face: FACES[1], buildYear: 2012, totalFloors: 28, floor: 1 },
  { propType: 11, communityCode: 'S', area: 70 },
  { propType: 11, communityCode: 'N3', area: 95, rooms: 3, halls: 1, decoration: DECORATIONS[2] },
  { propType: 11, communityCode: 'Z', area: 110, rooms: 3, halls: 2, totalFloors: 11, floor: 4 },
];

const input = (subject: SubjectProperty, data: MarketData, valuationDate = '2021-12-15'): ValuationInput => ({
  subject,
  tradeType: 1,
  valuationDate,
  riskCoefficient: 0.9,
  market: data,
});

/** A deep copy: a market object the engine has never seen. */
const fresh = (data: MarketData): MarketData => JSON.parse(JSON.stringify(data));

const serialised = (results: ValuationResult[]): string[] => results.map((r) => JSON.stringify(r));

describe('valuations reusing a market object', () => {
  it.each([
    ['more cases than the engine uses', 13],
    ['fewer cases than the engine uses', 4],
  ])('give the same results as on a market never valued before (%s)', (_, nearbyCommunities) => {
    const data = market(nearbyCommunities, 7 + nearbyCommunities);
    expect(data.cases.length > MAX_MARKET_CASES).toBe(nearbyCommunities === 13);
    const expected = subjects.map((s) => valuate(input(s, fresh(data))));
    expect(expected.filter((r) => r.state === 1).length).toBeGreaterThanOrEqual(4);

    // Each subject three times in a row, then all again in reverse order and at another valuation month.
    const reused = subjects.map((s) => [0, 1, 2].map(() => valuate(input(s, data)))[2]);
    const reversed = [...subjects].reverse().map((s) => valuate(input(s, data)));
    const laterCold = subjects.map((s) => valuate(input(s, fresh(data), '2021-12-31')));
    const later = subjects.map((s) => valuate(input(s, data, '2021-12-31')));
    const otherMonthCold = subjects.map((s) => valuate(input(s, fresh(data), '2021-10-02')));
    const otherMonth = subjects.map((s) => valuate(input(s, data, '2021-10-02')));

    expect(serialised(reused)).toEqual(serialised(expected));
    expect(serialised(reversed.reverse())).toEqual(serialised(expected));
    expect(serialised(later)).toEqual(serialised(laterCold));
    expect(serialised(otherMonth)).toEqual(serialised(otherMonthCold));
    expect(serialised(otherMonth)).not.toEqual(serialised(expected));
  });

  it('notices cases replaced on a market object', () => {
    const data = market(4, 11);
    subjects.forEach((s) => valuate(input(s, data)));
    subjects.forEach((s) => valuate(input(s, data)));
    const changed: MarketData = { ...data, cases: data.cases.slice(0, 60) };
    Object.assign(data, { cases: changed.cases });
    expect(serialised(subjects.map((s) => valuate(input(s, data))))).toEqual(
      serialised(subjects.map((s) => valuate(input(s, fresh(changed))))),
    );
  });

  it('does not share result objects between valuations', () => {
    const data = market(4, 5);
    const first = valuate(input(subjects[0], data));
    const second = valuate(input(subjects[0], data));
    const third = valuate(input(subjects[0], data));
    expect(third).toEqual(first);
    expect(third.trend).not.toBe(second.trend);
    expect(third.betas[0]).not.toBe(second.betas[0]);
    expect(third.provenance.rejectedCases).not.toBe(second.provenance.rejectedCases);
  });
});
