/**
 * The business clock: every calendar date the platform shows, stores in a `date` column, filters
 * by or prints in a code is a date in ONE time zone, the business zone (BUSINESS_TZ, Asia/Shanghai
 * by default), whatever zone the process or the browser runs in. Server and web both use these
 * functions; the server sets the zone from its configuration at start.
 */
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { businessNow, businessTimeZone } from './business-zone';

dayjs.extend(utc);
dayjs.extend(timezone);

export * from './business-zone';

/** Calendar dates on every screen, in exports and in API answers: 2025-03-08. */
export const DATE_FORMAT = 'YYYY-MM-DD';
/** Moments on every screen, in exports and in API answers, in the business zone: 2025-03-08 14:05:09. */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
/** Excel's number format for the same date-time (spreadsheet cells hold wall-clock times). */
export const SHEET_DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';
/** Dates of the list filters, their pickers and their query parameters: 2025/03/08. */
export const FILTER_DATE_FORMAT = 'YYYY/MM/DD';
/** Month keys (price indices, caches): 2025-03. */
export const MONTH_FORMAT = 'YYYY-MM';

/** The earliest date any list filter may choose. */
export const FILTER_EARLIEST_DATE = '2018/01/01';
/** Months covered by the default date window of the lists (up to today). */
export const DEFAULT_FILTER_MONTHS = 3;

/** A moment (Date, epoch milliseconds or text) or a calendar date as text. */
export type DateInput = Date | number | string | null | undefined;

const offsetFormats = new Map<string, Intl.DateTimeFormat>();
/** The offset of the last minute asked for: a process asks for the current minute over and over. */
let lastOffset: { zone: string; minute: number; offset: number } | null = null;

/**
 * Minutes the business zone is ahead of UTC at `ms`. dayjs's own `.tz()` reads the wall clock back
 * through the process's zone (an hour off around that zone's daylight-saving changes) and builds a
 * formatter on every call, so the offset is read here from one cached formatter per zone.
 */
function zoneOffset(ms: number): number {
  const zone = businessTimeZone();
  const minute = Math.floor(ms / 60_000);
  if (lastOffset && lastOffset.zone === zone && lastOffset.minute === minute) return lastOffset.offset;
  const start = minute * 60_000;
  const first = readOffset(zone, start);
  // A zone changes its offset at most once within a minute: the same offset at both ends holds all through.
  if (first === readOffset(zone, start + 59_999)) {
    lastOffset = { zone, minute, offset: first };
    return first;
  }
  return readOffset(zone, ms);
}

function readOffset(zone: string, ms: number): number {
  let format = offsetFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    offsetFormats.set(zone, format);
  }
  const f: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(ms))) if (part.type !== 'literal') f[part.type] = Number(part.value);
  const wall = Date.UTC(f.year, f.month - 1, f.day, f.hour % 24, f.minute, f.second);
  return Math.round((wall - (ms - (((ms % 1000) + 1000) % 1000))) / 60_000);
}

/** The moment as a dayjs whose fields are the business zone's wall clock. */
function wallClock(at: Date | number): Dayjs {
  const ms = +at;
  return dayjs.utc(ms).utcOffset(zoneOffset(ms));
}

/**
 * Year, month and day of the business zone's wall clock at a moment of a four-digit year, without a
 * dayjs object (the valuation path asks for them several times a request); null otherwise.
 */
function wallDay(at: Date | number): [number, number, number] | null {
  const ms = +at;
  if (!Number.isFinite(ms)) return null;
  const wall = new Date(ms + zoneOffset(ms) * 60_000);
  const year = wall.getUTCFullYear();
  return year >= 1000 && year <= 9999 ? [year, wall.getUTCMonth() + 1, wall.getUTCDate()] : null;
}

/** The moment at which a wall-clock time of the business zone occurs. */
function zonedMoment(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): Date {
  const text = `${year}-${pad2(month)}-${pad2(day)} ${pad2(hour)}:${pad2(minute)}:${pad2(second)}`;
  return dayjs.tz(text, businessTimeZone()).toDate();
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

const PLAIN_DATE = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/;
const WALL_DATE_TIME = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/** Year, month and day of a real calendar date, or null. */
function calendarDay(y: number, m: number, d: number): [number, number, number] | null {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1000 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return [y, m, d];
}

type Reading = { kind: 'date'; day: [number, number, number] } | { kind: 'moment'; at: Date };

/**
 * What a value means: a plain date (2025-03-08, 2025/3/8) is a calendar date; a date-time without
 * a zone (2025-03-08 14:05:09, the API's format) is the business zone's wall clock; a Date, epoch
 * milliseconds or ISO text with a zone is a moment.
 */
function read(value: DateInput): Reading | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date || typeof value === 'number') {
    const at = new Date(+value);
    return Number.isNaN(at.getTime()) ? null : { kind: 'moment', at };
  }
  const text = value.trim();
  const plain = PLAIN_DATE.exec(text);
  if (plain) {
    const day = calendarDay(Number(plain[1]), Number(plain[2]), Number(plain[3]));
    return day ? { kind: 'date', day } : null;
  }
  const wall = WALL_DATE_TIME.exec(text);
  if (wall) {
    const day = calendarDay(Number(wall[1]), Number(wall[2]), Number(wall[3]));
    const [h, mi, s] = [Number(wall[4]), Number(wall[5]), Number(wall[6] ?? 0)];
    if (!day || h > 23 || mi > 59 || s > 59) return null;
    return { kind: 'moment', at: zonedMoment(day[0], day[1], day[2], h, mi, s) };
  }
  if (!/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/i.test(text)) return null;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? null : { kind: 'moment', at };
}

function formatReading(r: Reading, format: string): string {
  if (r.kind === 'moment') return wallClock(r.at).format(format);
  const [y, m, d] = r.day;
  return dayjs.utc(Date.UTC(y, m - 1, d)).format(format);
}

/** Text that is not a date is shown as it is; an invalid moment as nothing. */
const unreadable = (value: DateInput) => (typeof value === 'string' ? value : '');

/** `2025-03-08` in the business zone; '' for nothing, text that is not a date as it is. */
export function formatDate(value: DateInput): string {
  if (value === null || value === undefined || value === '') return '';
  const r = read(value);
  return r ? formatReading(r, DATE_FORMAT) : unreadable(value);
}

/** `2025-03-08 14:05:09` in the business zone; '' for nothing, text that is not a date as it is. A plain date stays a date. */
export function formatDateTime(value: DateInput): string {
  if (value === null || value === undefined || value === '') return '';
  const r = read(value);
  if (!r) return unreadable(value);
  return formatReading(r, r.kind === 'date' ? DATE_FORMAT : DATE_TIME_FORMAT);
}

/** `2025年3月8日`, the long date of report pages; '' for nothing, text that is not a date as it is. */
export function formatChineseDate(value: DateInput): string {
  if (value === null || value === undefined || value === '') return '';
  const r = read(value);
  return r ? formatReading(r, 'YYYY年M月D日') : unreadable(value);
}

/** The moment a date-time means (business wall clock, or ISO with a zone), or null. A plain date is its first moment. */
export function parseDateTime(value: DateInput): Date | null {
  const r = read(value);
  if (!r) return null;
  return r.kind === 'moment' ? r.at : zonedMoment(...r.day);
}

/** The calendar date (yyyy-MM-dd) of a moment in the business zone. */
export function businessDate(at: Date | number): string {
  const day = wallDay(at);
  return day ? `${day[0]}-${pad2(day[1])}-${pad2(day[2])}` : wallClock(at).format(DATE_FORMAT);
}

/** Today in the business zone, yyyy-MM-dd: what `date` columns (validity, expiry) compare with. */
export function businessToday(): string {
  return businessDate(businessNow());
}

/** The month (yyyy-MM) of a moment in the business zone. */
export function monthKey(at: Date | number = businessNow()): string {
  const day = wallDay(at);
  return day ? `${day[0]}-${pad2(day[1])}` : wallClock(at).format(MONTH_FORMAT);
}

/** yyyyMMdd of a moment in the business zone, the date part of report, valuation and case codes. */
export function dateStamp(at: Date | number = businessNow()): string {
  const day = wallDay(at);
  return day ? `${day[0]}${pad2(day[1])}${pad2(day[2])}` : wallClock(at).format('YYYYMMDD');
}

/** yyyyMMddHHmmss of a moment in the business zone. */
export function dateTimeStamp(at: Date | number = businessNow()): string {
  return wallClock(at).format('YYYYMMDDHHmmss');
}

/** Year, month and day of a yyyy-MM-dd or yyyy/MM/dd date; throws on anything else. */
function dayOf(date: string): [number, number, number] {
  const m = PLAIN_DATE.exec(date.trim());
  const day = m && calendarDay(Number(m[1]), Number(m[2]), Number(m[3]));
  if (!day) throw new RangeError(`not a calendar date: "${date}"`);
  return day;
}

const calendar = (date: string) => {
  const [y, m, d] = dayOf(date);
  return dayjs.utc(Date.UTC(y, m - 1, d));
};

/** A calendar date (yyyy-MM-dd or yyyy/MM/dd) moved by whole days, as yyyy-MM-dd. */
export function addDays(date: string, days: number): string {
  return calendar(date).add(days, 'day').format(DATE_FORMAT);
}

/** The day of the year (1 for 1 January, up to 366) of a calendar date (yyyy-MM-dd or yyyy/MM/dd). */
export function dayOfYear(date: string): number {
  const [y] = dayOf(date);
  return calendar(date).diff(dayjs.utc(Date.UTC(y, 0, 1)), 'day') + 1;
}

/** The same day `months` months later (earlier when negative), or the last day of a shorter month, as yyyy-MM-dd. */
export function addMonths(date: string, months: number): string {
  return calendar(date).add(months, 'month').format(DATE_FORMAT);
}

/**
 * The moment `days` working days (Monday to Friday of the business calendar) after `at`, at the
 * same wall-clock time of day.
 */
export function addWorkingDays(at: Date | number, days: number): Date {
  let wall = wallClock(at);
  for (let added = 0; added < days;) {
    wall = wall.add(1, 'day');
    if (wall.day() !== 0 && wall.day() !== 6) added++;
  }
  const moment = zonedMoment(wall.year(), wall.month() + 1, wall.date(), wall.hour(), wall.minute(), wall.second());
  return new Date(moment.getTime() + wall.millisecond());
}

/** A month key (yyyy-MM) moved by whole months. */
export function shiftMonth(month: string, months: number): string {
  return calendar(`${month}-01`).add(months, 'month').format(MONTH_FORMAT);
}

/** The first moment of a business day given as yyyy-MM-dd or yyyy/MM/dd; throws when it is not a calendar date. */
export function startOfBusinessDay(date: string): Date {
  return zonedMoment(...dayOf(date));
}

/** A filter date: yyyy/MM/dd for a calendar date (yyyy-MM-dd or yyyy/MM/dd, two-digit month and day) or a moment; null otherwise. */
export function toFilterDate(value: string | Date): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : wallClock(value).format(FILTER_DATE_FORMAT);
  const m = /^(\d{4})[-/](\d{2})[-/](\d{2})$/.exec(value.trim());
  const day = m && calendarDay(Number(m[1]), Number(m[2]), Number(m[3]));
  return day ? dayjs.utc(Date.UTC(day[0], day[1] - 1, day[2])).format(FILTER_DATE_FORMAT) : null;
}

/** Today in the business zone as a filter date (yyyy/MM/dd). */
export function filterToday(): string {
  return wallClock(businessNow()).format(FILTER_DATE_FORMAT);
}

export interface DayBounds {
  /** First moment of the begin day (never before the earliest filter date), or null without a begin date. */
  from: Date | null;
  /** First moment of the day after the end day (exclusive), or null without an end date. */
  until: Date | null;
}

/**
 * The moments a begin and end date filter (yyyy/MM/dd, both days included) select in the business
 * zone: `from <= t < until`. Throws on a date that is not a calendar date.
 */
export function filterDayBounds(beginDate?: string | null, endDate?: string | null): DayBounds {
  let from: Date | null = null;
  if (beginDate) {
    const begin = calendar(beginDate).format(FILTER_DATE_FORMAT);
    from = startOfBusinessDay(begin < FILTER_EARLIEST_DATE ? FILTER_EARLIEST_DATE : begin);
  }
  const until = endDate ? startOfBusinessDay(addDays(endDate, 1)) : null;
  return { from, until };
}

export interface FilterDateRange {
  beginDate: string;
  endDate: string;
}

/** The default window of the list screens: the last `months` months up to today (yyyy/MM/dd), not before the earliest date. */
export function defaultFilterRange(today: string | Date = businessNow(), months = DEFAULT_FILTER_MONTHS): FilterDateRange {
  const end = toFilterDate(today);
  if (!end) throw new RangeError(`not a date: "${String(today)}"`);
  const begin = toFilterDate(addMonths(end, -months))!;
  return { beginDate: begin < FILTER_EARLIEST_DATE ? FILTER_EARLIEST_DATE : begin, endDate: end };
}

/**
 * A moment as a spreadsheet cell wants it: spreadsheets hold wall-clock times without a zone and
 * Excel writers take a Date's UTC fields, so the Date returned has the business zone's wall clock
 * as its UTC fields.
 */
export function sheetDateTime(at: Date): Date {
  return new Date(+at + zoneOffset(+at) * 60_000);
}

/** The text of a date cell read from a spreadsheet (its UTC fields are the wall clock): yyyy-MM-dd, with the time when it has one. */
export function sheetCellText(value: Date): string {
  const d = dayjs.utc(value);
  return d.hour() || d.minute() || d.second() ? d.format(DATE_TIME_FORMAT) : d.format(DATE_FORMAT);
}
