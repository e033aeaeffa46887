import { ratioStudy } from './ratio-study';

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
