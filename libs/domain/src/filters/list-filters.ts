/**
 * Filters of the list screens: what is sent, the default date window and the date-picker bounds.
 * Dates are yyyy/MM/dd calendar dates of the business zone (see time/business-date).
 */
import {
  addDays,
  DEFAULT_FILTER_MONTHS,
  defaultFilterRange,
  FILTER_EARLIEST_DATE,
  type FilterDateRange,
  startOfBusinessDay,
  toFilterDate,
  businessNow,
} from '../time/business-date';

export type FilterValue = string | number | boolean | null | undefined;

/** Whether a filter value means "no filter": empty text, 0, 'all', null or undefined. */
export function isBlankFilter(value: FilterValue): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'number') return value === 0 || Number.isNaN(value);
  if (typeof value === 'string') {
    const v = value.trim();
    return v === '' || v === '0' || v.toLowerCase() === 'all';
  }
  return false;
}

/** The filters that restrict something, text trimmed; blank values are left out. */
export function cleanFilters<T extends Record<string, FilterValue>>(filters: T): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(filters) as (keyof T)[]) {
    const value = filters[key];
    if (isBlankFilter(value)) continue;
    out[key] = (typeof value === 'string' ? value.trim() : value) as T[keyof T];
  }
  return out;
}

/** `2025/03/08`: the business day of a moment. */
export function formatFilterDate(date: Date): string {
  return toFilterDate(date) ?? '';
}

/** The first moment of a yyyy/MM/dd (or yyyy-MM-dd) business day; null when it is not a calendar date. */
export function parseFilterDate(text: string): Date | null {
  return toFilterDate(text) ? startOfBusinessDay(text.trim()) : null;
}

export type DateRange = FilterDateRange;

/** The default window of the list screens: the last `months` months up to today (a moment or a date). */
export function defaultDateRange(today: Date | string = businessNow(), months = DEFAULT_FILTER_MONTHS): DateRange {
  return defaultFilterRange(today, months);
}

/** A window of the last `days` days up to today, today included (a moment or a date), not before the earliest date. */
export function defaultDayRange(days: number, today: Date | string = businessNow()): DateRange {
  const end = toFilterDate(today);
  if (!end) throw new RangeError(`not a date: "${String(today)}"`);
  const begin = toFilterDate(addDays(end, 1 - days))!;
  return { beginDate: begin < FILTER_EARLIEST_DATE ? FILTER_EARLIEST_DATE : begin, endDate: end };
}

export interface DateBounds {
  min: string;
  max: string;
}

/**
 * What each picker of a date range may choose: the begin date from the earliest date to the end
 * date (or today), the end date from the begin date (or the earliest date) to today.
 */
export function dateRangeBounds(
  beginDate: string | null | undefined,
  endDate: string | null | undefined,
  today: Date | string = businessNow(),
): { begin: DateBounds; end: DateBounds } {
  const latest = toFilterDate(today) ?? '';
  const begin = beginDate ? toFilterDate(beginDate) : null;
  const end = endDate ? toFilterDate(endDate) : null;
  return {
    begin: { min: FILTER_EARLIEST_DATE, max: end && end < latest ? end : latest },
    end: { min: begin && begin > FILTER_EARLIEST_DATE ? begin : FILTER_EARLIEST_DATE, max: latest },
  };
}

/** A date moved into [min, max]; both are yyyy/MM/dd so they compare as text. */
export function clampFilterDate(date: string, bounds: DateBounds): string {
  const d = normaliseDate(date);
  if (d < bounds.min) return bounds.min;
  if (d > bounds.max) return bounds.max;
  return d;
}

function normaliseDate(text: string): string {
  return text.trim().replace(/-/g, '/');
}
