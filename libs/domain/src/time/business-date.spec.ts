import {
  addDays,
  dayOfYear,
  addMonths,
  addWorkingDays,
  businessDate,
  businessNow,
  businessTimeZone,
  businessToday,
  businessYear,
  dateStamp,
  dateTimeStamp,
  DEFAULT_BUSINESS_TZ,
  defaultFilterRange,
  filterDayBounds,
  filterToday,
  formatChineseDate,
  formatDate,
  formatDateTime,
  isValidTimeZone,
  monthKey,
  parseDateTime,
  setBusinessClock,
  setBusinessTimeZone,
  sheetCellText,
  sheetDateTime,
  shiftMonth,
  startOfBusinessDay,
  toFilterDate,
} from './business-date';

const at = (iso: string) => new Date(iso);
const clockAt = (iso: string) => setBusinessClock(() => at(iso));

afterEach(() => {
  setBusinessClock();
  setBusinessTimeZone(DEFAULT_BUSINESS_TZ);
});

describe('business zone and clock', () => {
  it('is Asia/Shanghai unless set, and refuses what is not an IANA zone', () => {
    expect(businessTimeZone()).toBe('Asia/Shanghai');
    expect(isValidTimeZone('America/New_York')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Asia/Beijing')).toBe(false);
    expect(isValidTimeZone('+08:00')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(() => setBusinessTimeZone('Mars/Olympus')).toThrow(RangeError);
    expect(businessTimeZone()).toBe('Asia/Shanghai');
  });

  it('reads now from an injectable clock', () => {
    clockAt('2025-06-10T23:30:00Z');
    expect(businessNow().toISOString()).toBe('2025-06-10T23:30:00.000Z');
    setBusinessClock();
    expect(Math.abs(businessNow().getTime() - Date.now())).toBeLessThan(1000);
  });
});

describe('business today', () => {
  it('is already the next day in Beijing at 23:30 UTC', () => {
    clockAt('2025-06-10T23:30:00Z');
    expect(businessToday()).toBe('2025-06-11');
    expect(filterToday()).toBe('2025/06/11');
  });

  it('turns at midnight Beijing time, 16:00 UTC', () => {
    clockAt('2025-06-10T15:59:59Z');
    expect(businessToday()).toBe('2025-06-10');
    clockAt('2025-06-10T16:00:00Z');
    expect(businessToday()).toBe('2025-06-11');
  });

  it('follows the zone the process sets', () => {
    clockAt('2025-06-10T23:30:00Z');
    setBusinessTimeZone('UTC');
    expect(businessToday()).toBe('2025-06-10');
    setBusinessTimeZone('America/New_York');
    clockAt('2025-06-11T03:59:00Z');
    expect(businessToday()).toBe('2025-06-10');
  });
});

describe('day bounds of list filters', () => {
  it('select from the first moment of the begin day to the first moment after the end day, in Beijing', () => {
    const { from, until } = filterDayBounds('2025/06/11', '2025/06/11');
    expect(from!.toISOString()).toBe('2025-06-10T16:00:00.000Z');
    expect(until!.toISOString()).toBe('2025-06-11T16:00:00.000Z');
  });

  it('leave out what is not given, cross month ends and keep to the earliest date', () => {
    expect(filterDayBounds(undefined, '2025/02/28')).toEqual({ from: null, until: at('2025-02-28T16:00:00Z') });
    expect(filterDayBounds('2024-12-31', null)).toEqual({ from: at('2024-12-30T16:00:00Z'), until: null });
    expect(filterDayBounds('2017/05/01').from!.toISOString()).toBe('2017-12-31T16:00:00.000Z');
    expect(filterDayBounds()).toEqual({ from: null, until: null });
  });

  it('follow daylight saving in a zone that has it', () => {
    setBusinessTimeZone('America/New_York');
    const { from, until } = filterDayBounds('2025/03/09', '2025/03/09');
    expect(from!.toISOString()).toBe('2025-03-09T05:00:00.000Z');
    expect(until!.toISOString()).toBe('2025-03-10T04:00:00.000Z');
  });

  it('refuse what is not a calendar date', () => {
    expect(() => filterDayBounds('2025/02/30')).toThrow(RangeError);
    expect(() => filterDayBounds(undefined, 'yesterday')).toThrow(RangeError);
    expect(() => startOfBusinessDay('2025-13-01')).toThrow(RangeError);
  });

  it('default to the last three months up to today, not before 2018/01/01', () => {
    clockAt('2025-05-30T16:30:00Z');
    expect(defaultFilterRange()).toEqual({ beginDate: '2025/02/28', endDate: '2025/05/31' });
    expect(defaultFilterRange('2025/06/15')).toEqual({ beginDate: '2025/03/15', endDate: '2025/06/15' });
    expect(defaultFilterRange('2018-02-01')).toEqual({ beginDate: '2018/01/01', endDate: '2018/02/01' });
    expect(() => defaultFilterRange('soon')).toThrow(RangeError);
  });

  it('write filter dates as yyyy/MM/dd', () => {
    expect(toFilterDate('2024-02-29')).toBe('2024/02/29');
    expect(toFilterDate(at('2024-02-29T16:00:00Z'))).toBe('2024/03/01');
    expect(toFilterDate('2023/02/29')).toBeNull();
    expect(toFilterDate('2023/2/3')).toBeNull();
    expect(toFilterDate(new Date(NaN))).toBeNull();
  });
});

describe('month keys and code stamps', () => {
  it('are taken in the business zone', () => {
    const lateOnTheLastDay = at('2025-01-31T16:30:00Z');
    expect(monthKey(lateOnTheLastDay)).toBe('2025-02');
    expect(dateStamp(lateOnTheLastDay)).toBe('20250201');
    expect(dateTimeStamp(lateOnTheLastDay)).toBe('20250201003000');
    expect(businessDate(lateOnTheLastDay)).toBe('2025-02-01');
    clockAt('2025-12-31T16:00:00Z');
    expect(monthKey()).toBe('2026-01');
    expect(dateStamp()).toBe('20260101');
  });

  it('give the wall-clock date of every moment around offset changes, asked in any order', () => {
    // New York's change to daylight time (07:00 UTC), Lord Howe's half-hour change, a pre-1901 offset in seconds.
    const cases: [string, string][] = [
      ['America/New_York', '2026-03-08T07:00:00Z'],
      ['America/New_York', '2026-11-01T04:00:00Z'],
      ['Australia/Lord_Howe', '2026-04-04T15:00:00Z'],
      ['Asia/Shanghai', '1901-01-01T00:00:00Z'],
      ['Asia/Kolkata', '2025-12-31T18:29:00Z'],
    ];
    for (const [zone, iso] of cases) {
      setBusinessTimeZone(zone);
      const around = [-86_400_000, -60_001, -60_000, -1, 0, 1, 59_999, 60_000, 3_600_000].map((d) => new Date(at(iso).getTime() + d));
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
      for (const moment of [...around, ...around.reverse()]) {
        const expected = day.format(moment);
        expect([zone, moment.toISOString(), businessDate(moment)]).toEqual([zone, moment.toISOString(), expected]);
        expect(monthKey(moment)).toBe(expected.slice(0, 7));
        expect(dateStamp(moment)).toBe(expected.replaceAll('-', ''));
        expect(formatDateTime(moment).slice(0, 10)).toBe(expected);
      }
    }
  });

  it('move calendar dates and months, keeping to the end of shorter months', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024/12/31', 1)).toBe('2025-01-01');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonths('2025-05-31', -3)).toBe('2025-02-28');
    expect(shiftMonth('2025-01', -1)).toBe('2024-12');
    expect(shiftMonth('2024-11', 14)).toBe('2026-01');
  });

  it('number the days of a year from 1, leap day included', () => {
    expect(dayOfYear('2025-01-01')).toBe(1);
    expect(dayOfYear('2024/03/01')).toBe(61);
    expect(dayOfYear('2025-03-01')).toBe(60);
    expect(dayOfYear('2024-12-31')).toBe(366);
  });
});

describe('display formats', () => {
  it('show moments as yyyy-MM-dd HH:mm:ss and dates as yyyy-MM-dd in the business zone', () => {
    expect(formatDateTime(at('2025-01-01T16:04:05Z'))).toBe('2025-01-02 00:04:05');
    expect(formatDateTime('2025-01-01T16:04:05.123Z')).toBe('2025-01-02 00:04:05');
    expect(formatDateTime(Date.UTC(2025, 0, 1, 16, 4, 5))).toBe('2025-01-02 00:04:05');
    expect(formatDate(at('2025-01-01T16:04:05Z'))).toBe('2025-01-02');
    expect(formatChineseDate(at('2026-11-19T16:00:00Z'))).toBe('2026年11月20日');
  });

  it('keep calendar dates and API date-times (business wall clock) as written', () => {
    expect(formatDate('2026/3/8')).toBe('2026-03-08');
    expect(formatDate('2026-12-31')).toBe('2026-12-31');
    expect(formatDateTime('2026-12-31')).toBe('2026-12-31');
    expect(formatDateTime('2025/06/01 09:00:00')).toBe('2025-06-01 09:00:00');
    expect(formatDate('2025-06-01 23:59:59')).toBe('2025-06-01');
    expect(parseDateTime('2025-06-01 00:10:00')!.toISOString()).toBe('2025-05-31T16:10:00.000Z');
    expect(parseDateTime('2025-06-01')!.toISOString()).toBe('2025-05-31T16:00:00.000Z');
  });

  it('leave empty and unreadable values alone', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDateTime('长期有效')).toBe('长期有效');
    expect(formatDate('2025-02-30')).toBe('2025-02-30');
    expect(formatDateTime('2025-06-01 25:00:00')).toBe('2025-06-01 25:00:00');
    expect(formatDateTime(new Date(NaN))).toBe('');
    expect(parseDateTime('not a date')).toBeNull();
    expect(parseDateTime('2025-06-01T10:00')!.toISOString()).toBe('2025-06-01T02:00:00.000Z');
    expect(parseDateTime('2025-06-31 10:00:00')).toBeNull();
  });
});

describe('spreadsheet cells', () => {
  it('carry the business wall clock in their UTC fields', () => {
    expect(sheetDateTime(at('2025-06-10T23:30:00Z')).toISOString()).toBe('2025-06-11T07:30:00.000Z');
    expect(sheetCellText(new Date(Date.UTC(2024, 2, 15)))).toBe('2024-03-15');
    expect(sheetCellText(new Date(Date.UTC(2024, 2, 15, 10, 0, 5)))).toBe('2024-03-15 10:00:05');
  });
});

describe('businessYear', () => {
  afterEach(() => setBusinessClock());

  it('is the year in the business zone, not in UTC', () => {
    setBusinessClock(() => new Date('2025-12-31T16:30:00Z'));
    expect(businessYear()).toBe(2026);
    setBusinessClock(() => new Date('2025-12-31T15:59:59Z'));
    expect(businessYear()).toBe(2025);
  });
});

describe('working days', () => {
  it('counts Monday to Friday of the business calendar and keeps the time of day', () => {
    // Friday 23:30 in Beijing (15:30 UTC) plus 2 working days is Tuesday 23:30 there.
    expect(addWorkingDays(at('2026-11-20T15:30:00Z'), 2).toISOString()).toBe('2026-11-24T15:30:00.000Z');
    // Saturday 08:00 in Beijing plus 1 working day is Monday 08:00.
    expect(addWorkingDays(at('2026-11-21T00:00:00.250Z'), 1).toISOString()).toBe('2026-11-23T00:00:00.250Z');
  });

  it('keeps the wall-clock time across a daylight-saving change of the business zone', () => {
    setBusinessTimeZone('America/New_York');
    // Friday 10:00 EDT (14:00 UTC) plus 2 working days is Tuesday 10:00 EST (15:00 UTC).
    expect(addWorkingDays(at('2026-10-30T14:00:00Z'), 2).toISOString()).toBe('2026-11-03T15:00:00.000Z');
  });
});
