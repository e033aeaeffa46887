/**
 * The business zone and the business clock, without a date library, so that a screen needing only
 * the current year (the login footer) does not load one. The date functions are in business-date.ts.
 */

export const DEFAULT_BUSINESS_TZ = 'Asia/Shanghai';

let zone = DEFAULT_BUSINESS_TZ;
const systemClock = () => new Date();
let clock: () => Date = systemClock;

/** Whether `tz` names a time zone of the IANA database (Asia/Shanghai, UTC, America/New_York...). */
export function isValidTimeZone(tz: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Makes `tz` the business zone of the whole process. */
export function setBusinessTimeZone(tz: string): void {
  if (!isValidTimeZone(tz)) throw new RangeError(`unknown time zone "${tz}"`);
  zone = tz;
}

export function businessTimeZone(): string {
  return zone;
}

/** Replaces the clock that "now" and "today" read (tests); without an argument, the system clock again. */
export function setBusinessClock(now?: () => Date): void {
  clock = now ?? systemClock;
}

/** The current moment by the business clock. */
export function businessNow(): Date {
  return clock();
}

/** The current year in the business zone. */
export function businessYear(): number {
  const year = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric' }).format(clock());
  return Number(year);
}
