import { niceStep, percentChange, planBuckets, previousMonth, shiftMonth, withPriceLink } from './market-series';

describe('market series helpers', () => {
  it('shifts yyyy-MM months across year ends', () => {
    expect(previousMonth('2024-01')).toBe('2023-12');
    expect(previousMonth('2024-10')).toBe('2024-09');
    expect(shiftMonth('2024-06', -23)).toBe('2022-07');
    expect(shiftMonth('2023-11', 2)).toBe('2024-01');
  });

  it('gives the change in percent with 2 decimals, or null without a base', () => {
    expect(percentChange(61200, 60000)).toBe(2);
    expect(percentChange(60588, 61200)).toBe(-1);
    expect(percentChange(100, 300)).toBe(-66.67);
    expect(percentChange(5, 0)).toBeNull();
    expect(percentChange(5, null)).toBeNull();
  });

  it('links each month only to the calendar month before it, leaving out the base months', () => {
    const points = [
      { month: '2023-12', price: 59000 },
      { month: '2024-01', price: 60000 },
      { month: '2024-02', price: 61200 },
      { month: '2024-04', price: 62000 },
    ];
    expect(withPriceLink(points, '2024-01')).toEqual([
      { month: '2024-01', price: 60000, priceLink: 1.69 },
      { month: '2024-02', price: 61200, priceLink: 2 },
      { month: '2024-04', price: 62000, priceLink: null },
    ]);
    expect(withPriceLink(points)[0]).toEqual({ month: '2023-12', price: 59000, priceLink: null });
  });

  it('picks round bucket widths', () => {
    expect(niceStep(10880, 10)).toBe(2000);
    expect(niceStep(9000, 10)).toBe(1000);
    expect(niceStep(450, 10)).toBe(50);
    expect(niceStep(0, 10)).toBe(1);
  });

  it('plans buckets from a multiple of the step through the high value', () => {
    expect(planBuckets(58280, 69160, 10)).toEqual({ start: 58000, step: 2000, count: 6 });
    expect(planBuckets(50000, 59000, 10)).toEqual({ start: 50000, step: 1000, count: 10 });
    const single = planBuckets(62000, 62000, 10);
    expect(single.count).toBe(1);
    expect(single.start).toBeLessThanOrEqual(62000);
    expect(single.start + single.step).toBeGreaterThan(62000);
  });
});
