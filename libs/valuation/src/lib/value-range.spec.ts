import { calibrateRanges, depthBucket, rangeCell, valueRange, type RangeCalibration } from './value-range';

const meta = { source: 'test', engineVersion: 'test', measuredOn: '2026-11-28' };

describe('value ranges', () => {
  it('groups markets by the cases of the subject community', () => {
    expect([0, 1, 2, 3, 4, 5, 9, 10, 19, 20, 49, 50, 500].map(depthBucket)).toEqual([
      '0',
      '1',
      '2',
      '3-4',
      '3-4',
      '5-9',
      '5-9',
      '10-19',
      '10-19',
      '20-49',
      '20-49',
      '50+',
      '50+',
    ]);
  });

  it('measures the 68th and 95th percentiles of the errors in each situation, its method and overall', () => {
    // 1,000 errors of fvSale with 10-19 community cases: |ln ratio| spread evenly over 0..0.2.
    const errors = Array.from({ length: 1001 }, (_, i) => ({
      method: 'fvSale' as const,
      communityCases: 12,
      estimate: Math.exp((0.2 * i) / 1000),
      actual: 1,
    }));
    const c = calibrateRanges(errors, meta);
    expect(Object.keys(c.cells).sort()).toEqual(['*', 'fvSale|*', 'fvSale|10-19']);
    expect(c.cells['fvSale|10-19']).toEqual({ n: 1001, q68: expect.closeTo(0.1365, 3), q95: expect.closeTo(0.1909, 3) });
  });

  it('puts the measured share of prices inside the range: about 68 % and 95 % of the errors it was measured on', () => {
    const errors = Array.from({ length: 2000 }, (_, i) => ({
      method: 'fvSale' as const,
      communityCases: 30,
      estimate: 100 * Math.exp(0.1 * Math.sin(i) * Math.abs(Math.cos(i * 7))),
      actual: 100,
    }));
    const c = calibrateRanges(errors, meta);
    const inside = (p: 'low' | 'low95') =>
      errors.filter((e) => {
        const r = valueRange(e.estimate, 'fvSale', 30, 6, c)!;
        return p === 'low' ? e.actual >= r.low && e.actual <= r.high : e.actual >= r.low95 && e.actual <= r.high95;
      }).length / errors.length;
    expect(inside('low')).toBeCloseTo(0.68, 1);
    expect(inside('low95')).toBeCloseTo(0.95, 1);
  });

  it('falls back from a thin situation to its method, then to all errors, and has no range without a calibration', () => {
    const c: RangeCalibration = {
      ...meta,
      cells: {
        'fvSale|2': { n: 50, q68: 0.3, q95: 0.6 },
        'fvSale|*': { n: 900, q68: 0.1, q95: 0.25 },
        '*': { n: 1000, q68: 0.12, q95: 0.3 },
      },
    };
    expect(rangeCell('fvSale', 2, c)).toEqual({ n: 900, q68: 0.1, q95: 0.25 });
    expect(rangeCell('forsale', 2, c)).toEqual({ n: 1000, q68: 0.12, q95: 0.3 });
    // A method measured on few errors keeps its own spread rather than everyone's.
    const rare = { ...c, cells: { ...c.cells, 'averageSale|*': { n: 43, q68: 0.38, q95: 0.73 }, 'lease|*': { n: 5, q68: 0.5, q95: 0.9 } } };
    expect(rangeCell('averageSale', 0, rare)).toEqual({ n: 43, q68: 0.38, q95: 0.73 });
    expect(rangeCell('lease', 0, rare)).toEqual({ n: 1000, q68: 0.12, q95: 0.3 });
    expect(valueRange(1_000_000, 'fvSale', 2, 0, c)).toEqual({
      fsd: 0.1,
      low: Math.round(1_000_000 * Math.exp(-0.1)),
      high: Math.round(1_000_000 * Math.exp(0.1)),
      low95: Math.round(1_000_000 * Math.exp(-0.25)),
      high95: Math.round(1_000_000 * Math.exp(0.25)),
    });
    expect(valueRange(1_000_000, 'fvSale', 2, 0, { ...meta, cells: {} })).toBeNull();
  });
});
