import { confidenceInfo, dictCode } from '@valuation/domain';
import { defaultModelPrice, gaussian, marketCase, random } from '../test/synthetic-market';
import { classWithinRange } from './confidence';
import { CLASS_FSD_CEILINGS, ENGINE_VERSION } from './engine.constants';
import { rangeCell } from './value-range';
import { reproduces, valuate } from './valuation.engine';
import type { MarketCase, SubjectProperty, ValuationInput } from './valuation.types';

const FINE = dictCode('intDeco', '精装');
const SIMPLE = dictCode('intDeco', '简装');

function community(code: string, base: number, count: number, seed: number, noise = 0.03): MarketCase[] {
  const next = random(seed);
  return Array.from({ length: count }, (_, i) => {
    const area = Math.round(50 + 80 * next());
    const simple = i % 2 === 0;
    return marketCase(
      code,
      { area, decoration: simple ? SIMPLE : FINE, rooms: 1 + (i % 3), halls: 1, totalFloors: 6 },
      defaultModelPrice(base, { area, simple }) * Math.exp(noise * gaussian(next)),
      { month: '2021-11' },
    );
  });
}

const nearby = community('N1', 50000, 15, 1).concat(community('N2', 45000, 15, 2));
const subject: SubjectProperty = { propType: 11, communityCode: 'S', area: 88, decoration: FINE, rooms: 2, halls: 1, totalFloors: 6 };
const input = (cases: MarketCase[], extra: Partial<ValuationInput> = {}): ValuationInput => ({
  subject,
  tradeType: 1,
  valuationDate: '2021-12-01',
  market: { cases, regionalAverage: { district: 48000, city: 52000, month: '2021-11' } },
  ...extra,
});
const withOwn = (n: number): MarketCase[] => community('S', 60000, n, 3).concat(nearby);

describe('valuation engine', () => {
  it('grades the confidence by the cases of the subject community: A ≥ 10, B ≥ 3, C ≥ 1 or nearby cases only', () => {
    expect(valuate(input(withOwn(10))).confidenceClass).toBe('A');
    expect(valuate(input(withOwn(9))).confidenceClass).toBe('B');
    expect(valuate(input(withOwn(3))).confidenceClass).toBe('B');
    expect(valuate(input(withOwn(2))).confidenceClass).toBe('C');
    expect(valuate(input(withOwn(1))).confidenceClass).toBe('C');
    expect(valuate(input(nearby)).confidenceClass).toBe('C');
    const none = valuate(input(nearby.slice(0, 2)));
    expect(none.method).toBe('averageSale');
    expect(none.state).toBe(2);
    expect(none.reason).toBe('no-cases');
    expect(none.confidenceClass).toBeNull();
  });

  it('lowers a class to the one its measured precision earns, and gives no answer below the tenant minimum', () => {
    expect(classWithinRange('A', CLASS_FSD_CEILINGS.A)).toBe('A');
    expect(classWithinRange('A', CLASS_FSD_CEILINGS.A + 0.01)).toBe('B');
    expect(classWithinRange('B', CLASS_FSD_CEILINGS.B + 0.01)).toBe('C');
    expect(classWithinRange('C', 0.01)).toBe('C');
    expect(classWithinRange('A', null)).toBe('A');
    expect(classWithinRange(null, 0.01)).toBeNull();

    // The comparison method alone is measured wider than class B allows, whatever its cases.
    expect(rangeCell('forsale', 12)!.q68).toBeGreaterThan(CLASS_FSD_CEILINGS.B);
    const comparisonOnly = valuate(input(withOwn(12), { evalFlags: [1] }));
    expect(comparisonOnly.method).toBe('forsale');
    expect(comparisonOnly.state).toBe(1);
    expect(comparisonOnly.confidenceClass).toBe('C');
    const demanding = valuate(input(withOwn(12), { evalFlags: [1, 4], evalClass: 'B' }));
    expect(demanding.state).toBe(2);
    expect(demanding.method).toBe('averageSale');
    expect(demanding.reason).toBe('below-min-class');
    // The fused value of the same market is within class A's ceiling.
    expect(valuate(input(withOwn(12))).confidenceClass).toBe('A');
    // What users read about a class names the same ceilings.
    expect(confidenceInfo('A')!.description).toContain(`预测标准差不超过${CLASS_FSD_CEILINGS.A * 100}%`);
    expect(confidenceInfo('B')!.description).toContain(`预测标准差不超过${CLASS_FSD_CEILINGS.B * 100}%`);
  });

  it('answers with the fused value when several methods value, else the single one', () => {
    const cases = withOwn(12);
    const result = valuate(
      input(cases, { market: { cases, communities: [{ code: 'S', standardUnitPrice: 60000 }], regionalAverage: { district: 48000 } } }),
    );
    expect(result.method).toBe('fvSale');
    expect(result.methods.map((m) => m.method)).toEqual(['fvSale', 'forsale', 'mraSale', 'msaSale', 'averageSale']);
    const weights = result.methods[0].provenance.details;
    const sum = Object.values(weights).reduce<number>((a, b) => a + Number(b), 0);
    expect(sum).toBeCloseTo(1, 3);
    const values = result.methods.slice(1, 4).map((m) => m.unitPrice);
    expect(result.unitPrice!).toBeGreaterThanOrEqual(Math.min(...values) - 1);
    expect(result.unitPrice!).toBeLessThanOrEqual(Math.max(...values) + 1);
  });

  it('gives every answer the measured range of its situation, wider where the community has fewer cases', () => {
    const deep = valuate(input(withOwn(25)));
    const thin = valuate(input(withOwn(1)));
    for (const r of [deep, thin]) {
      expect(r.range).not.toBeNull();
      expect(r.range!.low95).toBeLessThan(r.range!.low);
      expect(r.range!.low).toBeLessThan(r.totalPrice!);
      expect(r.range!.high).toBeGreaterThan(r.totalPrice!);
      expect(r.range!.high95).toBeGreaterThan(r.range!.high);
    }
    expect(thin.range!.fsd).toBeGreaterThan(deep.range!.fsd);
    // A reference value from the regional average is much looser than a valuation.
    const reference = valuate(input([]));
    expect(reference.state).toBe(2);
    expect(reference.range!.fsd).toBeGreaterThan(2 * thin.range!.fsd);
    expect(valuate(input([], { evalFlags: [1, 2, 3] })).range).toBeNull();
  });

  it('runs only the enabled methods (evalFlags)', () => {
    const cases = withOwn(12);
    const market = { cases, communities: [{ code: 'S', standardUnitPrice: 60000 }], regionalAverage: { district: 48000 } };
    expect(valuate(input(cases, { market, evalFlags: [1] })).method).toBe('forsale');
    expect(valuate(input(cases, { market, evalFlags: [2] })).method).toBe('mraSale');
    expect(valuate(input(cases, { market, evalFlags: [3] })).method).toBe('msaSale');
    const average = valuate(input(cases, { market, evalFlags: [4] }));
    expect(average.method).toBe('averageSale');
    expect(average.state).toBe(2);
    expect(average.unitPrice).toBe(48000);
    expect(average.totalPrice).toBe(48000 * 88);
    const none = valuate(input(cases, { market, evalFlags: [] }));
    expect(none.method).toBeNull();
    expect(none.reason).toBe('no-applicable-method');
  });

  it('falls back to the regional average, or to no value, below the minimum class (evalClass)', () => {
    const b = withOwn(5);
    expect(valuate(input(b, { evalClass: 'B' })).method).toBe('fvSale');
    const fallback = valuate(input(b, { evalClass: 'A' }));
    expect(fallback.method).toBe('averageSale');
    expect(fallback.state).toBe(2);
    expect(fallback.unitPrice).toBe(48000);
    expect(fallback.reason).toBe('below-min-class');
    const nothing = valuate(input(b, { evalClass: 'A', evalFlags: [1, 2, 3] }));
    expect(nothing.method).toBeNull();
    expect(nothing.state).toBeNull();
    expect(nothing.reason).toBe('below-min-class');
    const city = valuate(input(b, { evalClass: 'A', market: { cases: b, regionalAverage: { city: 52000 } } }));
    expect(city.unitPrice).toBe(52000);
  });

  it('ignores rooms, halls and baths of shops and offices but not of residences', () => {
    const cases = withOwn(15).map((c) => ({ ...c, propType: 22 }));
    const shop = (rooms: number) =>
      valuate(input(cases, { subject: { ...subject, propType: 22, rooms, halls: 3, baths: 2 }, evalFlags: [1] }));
    expect(shop(1).unitPrice).toBe(shop(5).unitPrice);
    expect(shop(1).betas.map((b) => b.title)).not.toContain('户型');
    const home = (rooms: number) => valuate(input(withOwn(15), { subject: { ...subject, rooms }, evalFlags: [1] }));
    expect(home(1).unitPrice).not.toBe(home(4).unitPrice);
    expect(home(1).betas.map((b) => b.title)).toContain('户型');
  });

  it('rejects cases of another property type or without a price', () => {
    const cases = withOwn(4);
    const bad = [marketCase('S', { area: 90 }, 0), { ...marketCase('S', { area: 90 }, 50000), propType: 22 }];
    const result = valuate(input(cases.concat(bad)));
    expect(result.provenance.rejectedCases.map((r) => r.reason).sort()).toEqual(['propType', 'unitPrice']);
    expect(result.provenance.communityCaseCount).toBe(4);
  });

  it('names lease methods and keeps two decimals for rents', () => {
    const rents = withOwn(12).map((c) => ({ ...c, unitPrice: c.unitPrice / 600, totalPrice: c.totalPrice / 600 }));
    const result = valuate(input(rents, { tradeType: 2, evalFlags: [1, 2] }));
    expect(result.method).toBe('fvLease');
    expect(result.methods.map((m) => m.method)).toEqual(['fvLease', 'lease', 'mraLease']);
    expect(Math.round(result.unitPrice! * 100)).toBeCloseTo(result.unitPrice! * 100, 6);
    expect(result.unitPrice! % 1).not.toBe(0);
  });

  it('gives the risk-adjusted value for a risk coefficient', () => {
    const result = valuate(input(withOwn(12), { riskCoefficient: 0.7 }));
    expect(result.riskTotalPrice).toBe(Math.round(result.totalPrice! * 0.7));
    expect(valuate(input(withOwn(12), { riskCoefficient: 1.5 })).riskTotalPrice).toBeNull();
    expect(valuate(input(withOwn(12))).riskTotalPrice).toBeNull();
  });

  it('returns samples, sample statistics, betas and the engine version', () => {
    const result = valuate(input(withOwn(12)));
    expect(result.engineVersion).toBe(ENGINE_VERSION);
    expect(result.samples).toHaveLength(5);
    expect(result.samples[0]).toEqual(
      expect.objectContaining({ haName: '小区S', offerTime: '2021-11', br: expect.any(Number), lr: 1, bheight: 6 }),
    );
    expect(result.sample.count).toBeGreaterThanOrEqual(12);
    expect(result.sample.min!).toBeLessThanOrEqual(result.sample.avg!);
    expect(result.sample.avg!).toBeLessThanOrEqual(result.sample.max!);
    const betaSum = result.betas.reduce((s, b) => s + b.value, 0);
    expect(betaSum).toBeCloseTo(1, 2);
    expect(result.betas.map((b) => b.title)).toEqual(expect.arrayContaining(['面积', '装修', '户型']));
  });

  it('is deterministic and reproducible', () => {
    const i = input(withOwn(12));
    const a = valuate(i);
    expect(valuate(i)).toEqual(a);
    expect(reproduces(i, a)).toBe(true);
    expect(reproduces(i, { ...a, totalPrice: a.totalPrice! + 1 })).toBe(false);
  });

  it('refuses an invalid subject or date without throwing', () => {
    expect(valuate(input(withOwn(12), { subject: { ...subject, area: 0 } })).reason).toBe('invalid-subject');
    expect(valuate(input(withOwn(12), { valuationDate: 'soon' })).reason).toBe('invalid-subject');
  });

  it('carries the trend of the most specific index', () => {
    const indices = { district: { '2020-12': 100, '2021-10': 104, '2021-11': 105, '2021-12': 106.05 } };
    const result = valuate(input(withOwn(12), { market: { cases: withOwn(12), indices } }));
    expect(result.trend).toEqual(expect.objectContaining({ source: 'district', month: '2021-12', X: 0.01, R: 0.0605 }));
    expect(result.trend!.series).toHaveLength(4);
  });
});
