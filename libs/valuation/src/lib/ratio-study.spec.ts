import { ratioByDecile, ratioStudy } from './ratio-study';

describe('ratio study', () => {
  it('computes median error, PPE10/PPE20, COD and PRD', () => {
    const s = ratioStudy([
      { estimate: 90, actual: 100 },
      { estimate: 105, actual: 100 },
      { estimate: 300, actual: 200 },
      { estimate: 100, actual: 100 },
    ]);
    // ratios 0.9, 1.05, 1.5, 1.0: median 1.025; deviations 0.125, 0.025, 0.475, 0.025.
    expect(s.count).toBe(4);
    expect(s.medianApe).toBeCloseTo(7.5, 10);
    expect(s.within10).toBe(75);
    expect(s.within20).toBe(75);
    expect(s.medianRatio).toBeCloseTo(1.025, 12);
    expect(s.cod).toBeCloseTo((100 * 0.65) / 4 / 1.025, 10);
    expect(s.prd).toBeCloseTo((0.9 + 1.05 + 1.5 + 1) / 4 / (595 / 500), 10);
  });

  it('returns NaN figures for no pairs', () => {
    expect(ratioStudy([]).count).toBe(0);
    expect(ratioStudy([]).medianApe).toBeNaN();
  });
});

describe('price-related bias and ratios by decile', () => {
  /** Prices from 1 to 10 million with a small deterministic scatter of the ratio. */
  const prices = Array.from({ length: 400 }, (_, i) => 1e6 * 10 ** (i / 400));
  const scatter = (i: number) => 1 + 0.04 * Math.sin(i * 12.9898);

  it('finds no bias when the ratio does not depend on the price', () => {
    const s = ratioStudy(prices.map((actual, i) => ({ actual, estimate: actual * 1.1 * scatter(i) })));
    expect(Math.abs(s.prb)).toBeLessThan(0.005);
    expect(s.prbLow).toBeLessThan(0);
    expect(s.prbHigh).toBeGreaterThan(0);
  });

  it('measures a regressive engine: ratios 5 % lower for every doubling of the price', () => {
    const pairs = prices.map((actual, i) => ({ actual, estimate: actual * (1 - 0.05 * Math.log2(actual / 3e6)) * scatter(i) }));
    const s = ratioStudy(pairs);
    expect(s.prb).toBeGreaterThan(-0.06);
    expect(s.prb).toBeLessThan(-0.04);
    expect(s.prbHigh).toBeLessThan(0);
    expect(s.prd).toBeGreaterThan(1.03);

    const deciles = ratioByDecile(pairs);
    expect(deciles.map((d) => d.decile)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(deciles.reduce((a, d) => a + d.count, 0)).toBe(400);
    expect(deciles[0].medianRatio).toBeGreaterThan(1.05);
    expect(deciles[9].medianRatio).toBeLessThan(0.95);
    for (let d = 1; d < 10; d++) expect(deciles[d].from).toBeGreaterThanOrEqual(deciles[d - 1].to);
  });

  it('gives no bias for too few pairs', () => {
    expect(ratioStudy([{ estimate: 1, actual: 1 }]).prb).toBeNaN();
    expect(ratioByDecile([{ estimate: 1, actual: 1 }])).toEqual([]);
  });
});
