/**
 * Filters of the list screens: what is sent, the default date window and the date-picker bounds.
 * Dates are yyyy/MM/dd in local time.
 */

/** The earliest date any list filter may choose. */
export const FILTER_EARLIEST_DATE = '2018/01/01';
/** Months covered by the default date window (up to today). */
export const DEFAULT_FILTER_MONTHS = 3;

export type FilterValue = string | number | boolean | null | undefined;

const pad = (n: number) => String(n).padStart(2, '0');

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

/** `2025/03/08` */
export function formatFilterDate(date: Date): string {
  return `${date.getFullYear()}/${pad(date.getMonth() + 1)}/${pad(date.getDate())}`;
}

/** The local midnight of a yyyy/MM/dd (or yyyy-MM-dd) date; null when it is not a calendar date. */
export function parseFilterDate(text: string): Date | null {
  const m = /^(\d{4})[/-](\d{2})[/-](\d{2})$/.exec(text.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(y, mo - 1, d);
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d) return null;
  return date;
}

/** The same day `months` months earlier, or the last day of that month when it is shorter. */
export function monthsBefore(date: Date, months: number): Date {
  const target = new Date(date.getFullYear(), date.getMonth() - months, 1);
  const lastDay = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate();
  return new Date(target.getFullYear(), target.getMonth(), Math.min(date.getDate(), lastDay));
}

export interface DateRange {
  beginDate: string;
  endDate: string;
}

/** The default window of the list screens: the last `months` months up to today. */
export function defaultDateRange(today: Date = new Date(), months = DEFAULT_FILTER_MONTHS): DateRange {
  const earliest = parseFilterDate(FILTER_EARLIEST_DATE)!;
  const begin = monthsBefore(today, months);
  return { beginDate: formatFilterDate(begin < earliest ? earliest : begin), endDate: formatFilterDate(today) };
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
  today: Date = new Date(),
): { begin: DateBounds; end: DateBounds } {
  const latest = formatFilterDate(today);
  const begin = beginDate && parseFilterDate(beginDate) ? normaliseDate(beginDate) : null;
  const end = endDate && parseFilterDate(endDate) ? normaliseDate(endDate) : null;
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
