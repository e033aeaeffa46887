import { FILTER_EARLIEST_DATE, setBusinessClock } from '../time/business-date';
import {
  clampFilterDate,
  cleanFilters,
  dateRangeBounds,
  defaultDateRange,
  defaultDayRange,
  formatFilterDate,
  parseFilterDate,
} from './list-filters';

afterEach(() => setBusinessClock());

describe('list filters', () => {
  it('drop empty text, 0 and all, and trim what is kept', () => {
    expect(
      cleanFilters({
        city: ' 北京 ',
        cardAddress: '   ',
        location: '',
        type: 0,
        evalType: 'all',
        state: '0',
        beginDate: undefined,
        endDate: null,
        page: 2,
        flag: false,
      }),
    ).toEqual({ city: '北京', page: 2, flag: false });
    expect(cleanFilters({ type: 22, evalType: '1', taskState: 'ALL' })).toEqual({ type: 22, evalType: '1' });
  });

  it('read and write yyyy/MM/dd business days, refusing impossible days', () => {
    expect(formatFilterDate(new Date('2025-03-08T10:00:00Z'))).toBe('2025/03/08');
    expect(formatFilterDate(new Date('2025-03-08T16:00:00Z'))).toBe('2025/03/09');
    expect(parseFilterDate('2024/02/29')).toEqual(new Date('2024-02-28T16:00:00Z'));
    expect(parseFilterDate('2024-02-29')).toEqual(new Date('2024-02-28T16:00:00Z'));
    expect(parseFilterDate('2023/02/29')).toBeNull();
    expect(parseFilterDate('2023/2/3')).toBeNull();
    expect(parseFilterDate('yesterday')).toBeNull();
  });

  it('default to the last three months up to today, end of month kept in range', () => {
    expect(defaultDateRange('2025/06/15')).toEqual({ beginDate: '2025/03/15', endDate: '2025/06/15' });
    expect(defaultDateRange('2025/05/31')).toEqual({ beginDate: '2025/02/28', endDate: '2025/05/31' });
    expect(defaultDateRange(new Date('2025-02-10T12:00:00+08:00'))).toEqual({ beginDate: '2024/11/10', endDate: '2025/02/10' });
    expect(defaultDateRange('2018/02/01')).toEqual({ beginDate: FILTER_EARLIEST_DATE, endDate: '2018/02/01' });
    expect(defaultDateRange('2024/05/31', 3)).toEqual({ beginDate: '2024/02/29', endDate: '2024/05/31' });
    setBusinessClock(() => new Date('2025-06-14T16:30:00Z'));
    expect(defaultDateRange()).toEqual({ beginDate: '2025/03/15', endDate: '2025/06/15' });
  });

  it('default to the last days up to today, today included, in the business zone', () => {
    expect(defaultDayRange(7, '2025/03/03')).toEqual({ beginDate: '2025/02/25', endDate: '2025/03/03' });
    expect(defaultDayRange(7, '2018/01/03')).toEqual({ beginDate: FILTER_EARLIEST_DATE, endDate: '2018/01/03' });
    setBusinessClock(() => new Date('2025-06-14T16:30:00Z'));
    expect(defaultDayRange(7)).toEqual({ beginDate: '2025/06/09', endDate: '2025/06/15' });
  });

  it('make the two date pickers restrict each other between 2018/01/01 and today', () => {
    const today = '2025/06/15';
    expect(dateRangeBounds(undefined, undefined, today)).toEqual({
      begin: { min: '2018/01/01', max: '2025/06/15' },
      end: { min: '2018/01/01', max: '2025/06/15' },
    });
    expect(dateRangeBounds('2025/01/02', '2025/03/04', today)).toEqual({
      begin: { min: '2018/01/01', max: '2025/03/04' },
      end: { min: '2025/01/02', max: '2025/06/15' },
    });
    expect(dateRangeBounds('2025-01-02', 'nonsense', today).end.min).toBe('2025/01/02');
    expect(dateRangeBounds('2025/01/02', 'nonsense', today).begin.max).toBe('2025/06/15');
    const bounds = { min: '2018/01/01', max: '2025/06/15' };
    expect(clampFilterDate('2017-12-31', bounds)).toBe('2018/01/01');
    expect(clampFilterDate('2026/01/01', bounds)).toBe('2025/06/15');
    expect(clampFilterDate('2020-05-05', bounds)).toBe('2020/05/05');
    setBusinessClock(() => new Date('2025-06-14T16:30:00Z'));
    expect(dateRangeBounds(undefined, undefined).end.max).toBe('2025/06/15');
  });
});
