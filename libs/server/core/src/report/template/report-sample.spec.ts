import { REPORT_LIMITS } from '@valuation/domain';
import { CLASS_FSD_CEILINGS } from '@valuation/valuation';
import { sampleReportDocument } from './report-sample';

describe('sampleReportDocument', () => {
  it.each([1, 2] as const)('is a complete report of type %s', (type) => {
    const doc = sampleReportDocument(type);
    expect(doc.reportType).toBe(type);
    expect(doc.reportCode).toMatch(/^SAMPLE-/);
    expect(doc.reportDate).toBe('2026-11-20');
    expect(doc.images).toEqual({});
    expect(doc.branding.reportSign === '').toBe(type === 1);
    expect(doc.result.samples).toHaveLength(REPORT_LIMITS.sampleCases);
    expect(doc.trend.series).toHaveLength(24);
    expect(doc.trend.X).not.toBeNull();
    expect(doc.trend.R).not.toBeNull();
    expect(doc.supply.rows).toHaveLength(24);
    expect(doc.nearby).toHaveLength(12);
    expect(doc.community).not.toBeNull();
    for (const kind of ['transport', 'education', 'medical'] as const) expect(doc.around[kind].length).toBeGreaterThan(0);
  });

  it('is internally consistent', () => {
    const doc = sampleReportDocument(1);
    const r = doc.result.record;
    expect(Math.abs(r.unitPrice! * r.bldgArea - r.totalPrice!)).toBeLessThan(1);
    expect(r.method).toBe('fvSale');
    expect(r.confidenceClass).toBe('A');
    // The class its measured precision allows (see the engine's classes).
    expect(r.range!.fsd).toBeLessThanOrEqual(CLASS_FSD_CEILINGS.A);
    for (const s of doc.result.samples) expect(Math.abs(s.unitPrice * s.areaSize - s.totalPrice)).toBeLessThan(1);
    expect(doc.result.betas.reduce((sum, b) => sum + b.value, 0)).toBeCloseTo(1, 6);
    expect(doc.roomTypes.rows.reduce((sum, b) => sum + b.data, 0)).toBeCloseTo(100, 6);
    expect(r.samplePriceMin! <= r.unitPrice! && r.unitPrice! <= r.samplePriceMax!).toBe(true);
    const { rows, stepSize } = doc.distribution;
    expect(rows.some((b) => r.unitPrice! >= b.step && r.unitPrice! < b.step + stepSize)).toBe(true);
    expect(doc.nearby.map((n) => n.distance)).toEqual([...doc.nearby.map((n) => n.distance)].sort((a, b) => a - b));
  });

  it('dates the market data by the report date', () => {
    const doc = sampleReportDocument(2, '2027-03-05');
    expect(doc.trend.series[0].month).toBe('2025-03');
    expect(doc.trend.series[23].month).toBe('2027-02');
    expect(doc.result.record.evalDate.startsWith('2027-03-05')).toBe(true);
    expect(doc.result.samples.every((s) => s.offerTime! < '2027-03-05')).toBe(true);
  });
});
