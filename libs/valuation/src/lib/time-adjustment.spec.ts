import { IndexSeries, monthLabel, monthNumber, TimeAdjuster } from './time-adjustment';

describe('time adjustment', () => {
  it('reads yyyy-MM and yyyy-MM-dd months and rejects malformed ones', () => {
    expect(monthNumber('2021-12')).toBe(2021 * 12 + 11);
    expect(monthNumber('2021-01-15')).toBe(2021 * 12);
    expect(monthNumber('2021-13')).toBeNull();
    expect(monthNumber('12/2021')).toBeNull();
    expect(monthLabel(monthNumber('2020-03')!)).toBe('2020-03');
  });

  it('looks an index month up at most three months back', () => {
    const s = new IndexSeries({ '2021-01': 100 });
    expect(s.at(monthNumber('2021-04')!)).toBe(100);
    expect(s.at(monthNumber('2021-05')!)).toBeNull();
  });

  it('adjusts a case by the ratio of the indices of the valuation month and the case month', () => {
    const t = new TimeAdjuster({ district: { '2021-01': 100, '2021-12': 110 } }, monthNumber('2021-12')!);
    expect(t.factor(monthNumber('2021-01'))).toBeCloseTo(1.1, 12);
    expect(t.factor(null)).toBe(1);
    expect(t.usedScope()).toBe('district');
  });

  it('prefers the most specific index covering both months', () => {
    const indices = {
      community: { '2021-06': 50, '2021-12': 60 },
      district: { '2021-01': 100, '2021-06': 100, '2021-12': 110 },
    };
    const t = new TimeAdjuster(indices, monthNumber('2021-12')!);
    expect(t.factor(monthNumber('2021-06'))).toBeCloseTo(1.2, 12);
    expect(t.factor(monthNumber('2021-01'))).toBeCloseTo(1.1, 12);
    expect(t.usedScope()).toBe('community');
  });

  it('bounds the factor', () => {
    const t = new TimeAdjuster({ city: { '2019-01': 10, '2021-12': 100 } }, monthNumber('2021-12')!);
    expect(t.factor(monthNumber('2019-01'))).toBe(2);
  });
});
