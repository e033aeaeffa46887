import { dictCode } from '@valuation/domain';
import { defaultModelPrice, marketCase, random } from '../test/synthetic-market';
import { estimateStandardUnitPrice } from './standard-price.method';
import { valuate } from './valuation.engine';
import type { MarketCase, SubjectProperty, ValuationInput } from './valuation.types';

const FINE = dictCode('intDeco', '精装');
const ROUGH = dictCode('intDeco', '毛坯');
const SOUTH = dictCode('face', '南');
const NORTH = dictCode('face', '北');

function community(code: string, base: number, count: number, seed: number): MarketCase[] {
  const next = random(seed);
  return Array.from({ length: count }, (_, i) => {
    const area = Math.round(50 + 90 * next());
    const rough = i % 2 === 0;
    const south = next() < 0.5;
    return marketCase(
      code,
      { area, decoration: rough ? ROUGH : FINE, face: south ? SOUTH : NORTH, rooms: 2, halls: 1, baths: 1 },
      defaultModelPrice(base, { area, rough, south }),
    );
  });
}

describe('standard price adjustment method', () => {
  const cases = community('A', 60000, 20, 21).concat(community('B', 40000, 20, 22));
  const input = (subject: SubjectProperty, standardUnitPrice: number | null): ValuationInput => ({
    subject,
    tradeType: 1,
    valuationDate: '2021-12',
    evalFlags: [3],
    market: { cases, communities: [{ code: 'A', standardUnitPrice }] },
  });

  it('adjusts the standard unit price from the standard unit to the subject', () => {
    const subject: SubjectProperty = {
      propType: 11,
      communityCode: 'A',
      area: 120,
      decoration: ROUGH,
      face: NORTH,
      rooms: 2,
      halls: 1,
      baths: 1,
    };
    const result = valuate(input(subject, 70000));
    expect(result.method).toBe('msaSale');
    const factor = defaultModelPrice(1, { area: 120, rough: true }) / defaultModelPrice(1, { area: 90, south: true });
    expect(result.unitPrice! / (70000 * factor)).toBeCloseTo(1, 2);
    expect(result.methods[0].provenance.details.standardUnitPrice).toBe(70000);
  });

  it('applies to residences only and needs a standard price', () => {
    const subject: SubjectProperty = { propType: 22, communityCode: 'A', area: 120 };
    expect(valuate(input(subject, 70000)).method).toBeNull();
    expect(valuate(input({ ...subject, propType: 11 }, null)).method).toBeNull();
  });

  it('estimates a community standard price from its cases', () => {
    const price = estimateStandardUnitPrice({
      communityCode: 'A',
      propType: 11,
      tradeType: 1,
      valuationDate: '2021-12',
      market: { cases },
    });
    expect(price! / defaultModelPrice(60000, { area: 90, south: true })).toBeCloseTo(1, 2);
    expect(
      estimateStandardUnitPrice({ communityCode: 'Z', propType: 11, tradeType: 1, valuationDate: '2021-12', market: { cases } }),
    ).toBeNull();
  });
});
