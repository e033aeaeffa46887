import { firstMarketTrend, marketTrend, NO_MARKET_TREND, type TrendMonthInput } from './market-trend';

const months = (start: string, prices: (number | null)[], counts?: (number | null)[]): TrendMonthInput[] => {
  const [y, m] = start.split('-').map(Number);
  return prices.map((price, i) => {
    const d = new Date(Date.UTC(y, m - 1 + i, 1));
    return { month: `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`, price, count: counts?.[i] ?? 10 };
  });
};

describe('marketTrend', () => {
  it('derives 环比 and 同比 from the last points of the series it returns', () => {
    const prices = Array.from({ length: 24 }, (_, i) => 60000 + i * 100);
    const t = marketTrend(months('2024-12', prices), { evalType: 1, source: 'community' });
    expect(t.series).toHaveLength(24);
    expect(t.month).toBe('2026-11');
    expect(t.source).toBe('community');
    const last = t.series[23].value;
    expect(t.X).toBe(Math.round((last / t.series[22].value - 1) * 10000) / 10000);
    expect(t.R).toBe(Math.round((last / t.series[11].value - 1) * 10000) / 10000);
    expect(t.X).toBeCloseTo(0.0016, 4);
  });

  it('keeps only the window of 24 months ending at the newest month up to the end month', () => {
    const prices = Array.from({ length: 30 }, (_, i) => 50000 + i);
    const t = marketTrend(months('2024-01', prices), { evalType: 1, endMonth: '2025-12' });
    expect(t.series).toHaveLength(24);
    expect(t.series[0].month).toBe('2024-01');
    expect(t.month).toBe('2025-12');
    const later = marketTrend(months('2024-01', prices), { evalType: 1, endMonth: '2027-03' });
    expect(later.month).toBe('2026-06');
    expect(later.series[0].month).toBe('2024-07');
  });

  it('smooths a thin month with the months before it instead of showing its jump', () => {
    const input = months('2026-01', [60000, 60000, 60000, 60000, 90000], [10, 10, 10, 10, 1]);
    const t = marketTrend(input, { evalType: 1 });
    const last = t.series.at(-1)!;
    expect(last).toMatchObject({ month: '2026-05', smoothed: true, count: 1 });
    // 1 case at 90,000 pooled with 10 at 60,000: 62,727, not +50 %.
    expect(last.value).toBe(62727);
    expect(t.X).toBeCloseTo(0.045, 3);
  });

  it('marks large moves of a month with few cases as volatile, and not those with many cases or small moves', () => {
    const jump = (count: number, last: number) =>
      marketTrend(months('2026-01', [60000, 60000, 60000, last], [10, 10, 10, count]), { evalType: 1 });
    expect(jump(4, 75000)).toMatchObject({ X: 0.25, volatile: true });
    expect(jump(10, 75000)).toMatchObject({ X: 0.25, volatile: false });
    expect(jump(4, 63000)).toMatchObject({ X: 0.05, volatile: false });
    expect(jump(4, 54000)).toMatchObject({ X: -0.1, volatile: true });
    expect(NO_MARKET_TREND.volatile).toBe(false);
  });

  it('leaves out a thin month that cannot gather enough cases', () => {
    const input = months('2026-01', [60000, 61000, 62000, null, null, 99000], [10, 10, 10, 0, 0, 1]);
    const t = marketTrend(input, { evalType: 1 });
    expect(t.series.map((p) => p.month)).toEqual(['2026-01', '2026-02', '2026-03']);
    expect(t.month).toBe('2026-03');
  });

  it('gives no 环比 when the month before the last is missing', () => {
    const input = [
      { month: '2026-01', price: 60000, count: 5 },
      { month: '2026-02', price: 60500, count: 5 },
      { month: '2026-04', price: 61000, count: 5 },
    ];
    const t = marketTrend(input, { evalType: 1 });
    expect(t.series).toHaveLength(3);
    expect(t.X).toBeNull();
    expect(t.R).toBeNull();
  });

  it('rounds a sale to whole 元/㎡ and a rent to 2 decimals, and the figures follow the rounded points', () => {
    const sale = marketTrend(months('2026-01', [60000.4, 60100.6, 60200.49]), { evalType: 1 });
    expect(sale.series.map((p) => p.value)).toEqual([60000, 60101, 60200]);
    const rent = marketTrend(months('2026-01', [85.123, 84.456, 83.789]), { evalType: 2 });
    expect(rent.series.map((p) => p.value)).toEqual([85.12, 84.46, 83.79]);
    expect(rent.X).toBe(Math.round((83.79 / 84.46 - 1) * 10000) / 10000);
    expect(rent.X).toBeLessThan(0);
  });

  it('is empty, without figures, with fewer than 3 points or no data', () => {
    expect(marketTrend([], { evalType: 1 })).toEqual(NO_MARKET_TREND);
    expect(marketTrend(months('2026-01', [60000, 61000]), { evalType: 1 })).toEqual(NO_MARKET_TREND);
    expect(marketTrend(months('2026-01', [60000, Number.NaN, 0]), { evalType: 2 })).toEqual(NO_MARKET_TREND);
  });

  it('counts months whose number of cases is unknown as they are', () => {
    const input = ['2026-01', '2026-02', '2026-03'].map((month, i) => ({ month, price: 100 + i }));
    expect(marketTrend(input, { evalType: 2 }).series.every((p) => !p.smoothed && p.count === null)).toBe(true);
  });

  it('takes the most specific trend that has a series', () => {
    const district = marketTrend(months('2026-01', [50000, 50100, 50200]), { evalType: 1, source: 'district' });
    expect(firstMarketTrend([NO_MARKET_TREND, district]).source).toBe('district');
    expect(firstMarketTrend([NO_MARKET_TREND])).toEqual(NO_MARKET_TREND);
  });
});
