import { priceTrend } from './trend';

describe('price trend', () => {
  const district = { '2020-06': 90, '2020-12': 100, '2021-10': 104, '2021-11': 105, '2021-12': 106.05 };

  it('gives the month-on-month (X) and year-on-year (R) change ratios of the latest month', () => {
    const t = priceTrend({ district }, '2021-12-20');
    expect(t).toEqual(expect.objectContaining({ source: 'district', month: '2021-12', X: 0.01, R: 0.0605 }));
    expect(t!.series.map((p) => p.month)).toEqual(['2020-06', '2020-12', '2021-10', '2021-11', '2021-12']);
  });

  it('ends at the latest month with data and prefers the community index when it has 3 points', () => {
    expect(priceTrend({ district }, '2022-02')!.month).toBe('2021-12');
    const community = { '2021-10': 50, '2021-12': 55 };
    expect(priceTrend({ community, district }, '2021-12')!.source).toBe('district');
    const t = priceTrend({ community: { ...community, '2021-11': 52 }, district }, '2021-12')!;
    expect(t.source).toBe('community');
    expect(t.R).toBeNull();
  });

  it('has no trend without 3 points in the last 24 months', () => {
    expect(priceTrend({ city: { '2019-01': 1, '2021-12': 2 } }, '2021-12')).toBeNull();
    expect(priceTrend(null, '2021-12')).toBeNull();
  });

  it('prefers a broader index whose last two months are known, so the month-on-month change exists', () => {
    const community = { '2026-03': 100, '2026-06': 102, '2026-09': 104 };
    const district = { '2026-07': 200, '2026-08': 202, '2026-09': 206 };
    const trend = priceTrend({ community, district }, '2026-09-15');
    expect(trend).toMatchObject({ source: 'district', month: '2026-09', X: 0.0198 });
    expect(priceTrend({ community }, '2026-09-15')).toMatchObject({ source: 'community', X: null });
  });
});
