import { INDEX_LOOKBACK_MONTHS, TIME_FACTOR_BOUNDS } from './engine.constants';
import type { MonthlySeries, PriceIndices } from './valuation.types';

const digit = (s: string, i: number): number => {
  const c = s.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : NaN;
};

/** Month number (year·12 + month − 1) of a yyyy-MM or yyyy-MM-dd string; null when malformed. */
export function monthNumber(value: string | null | undefined): number | null {
  if (!value || value.length < 7 || value.charCodeAt(4) !== 45) return null;
  const year = digit(value, 0) * 1000 + digit(value, 1) * 100 + digit(value, 2) * 10 + digit(value, 3);
  const month = digit(value, 5) * 10 + digit(value, 6);
  if (!(month >= 1 && month <= 12) || Number.isNaN(year)) return null;
  return year * 12 + month - 1;
}

export function monthLabel(n: number): string {
  const y = Math.floor(n / 12);
  const m = n - y * 12 + 1;
  return `${y}-${m < 10 ? '0' : ''}${m}`;
}

/** A monthly series keyed by month number; keys may be yyyy-MM or yyyy-MM-dd. */
export class IndexSeries {
  private readonly values = new Map<number, number>();

  constructor(series: MonthlySeries) {
    for (const [key, value] of Object.entries(series)) {
      const n = monthNumber(key);
      if (n !== null && Number.isFinite(value) && value > 0) this.values.set(n, value);
    }
  }

  get size(): number {
    return this.values.size;
  }

  /** Value of the month, or of the closest earlier month within the lookback. */
  at(month: number): number | null {
    for (let m = month; m >= month - INDEX_LOOKBACK_MONTHS; m--) {
      const v = this.values.get(m);
      if (v !== undefined) return v;
    }
    return null;
  }

  exact(month: number): number | null {
    return this.values.get(month) ?? null;
  }
}

export type IndexScope = 'community' | 'district' | 'city';
const SCOPES: readonly IndexScope[] = ['community', 'district', 'city'];

/**
 * Time adjustment of a case price to the valuation month: index(valuation month) / index(case
 * month), taken from the most specific series (community, district, city) that covers both months.
 */
export class TimeAdjuster {
  private readonly series: { scope: IndexScope; series: IndexSeries }[] = [];
  private readonly used = new Set<IndexScope>();

  constructor(
    indices: PriceIndices | null | undefined,
    private readonly valuationMonth: number,
  ) {
    for (const scope of SCOPES) {
      const s = indices?.[scope];
      if (s) {
        const series = new IndexSeries(s);
        if (series.size > 0) this.series.push({ scope, series });
      }
    }
  }

  factor(caseMonth: number | null): number {
    const { factor, scope } = this.lookup(caseMonth);
    if (scope !== null) this.used.add(scope);
    return factor;
  }

  /** The factor of a case month and the series that gave it (null when none did); records nothing. */
  lookup(caseMonth: number | null): { factor: number; scope: IndexScope | null } {
    if (caseMonth === null || caseMonth >= this.valuationMonth) return { factor: 1, scope: null };
    for (const { scope, series } of this.series) {
      const now = series.at(this.valuationMonth);
      const then = series.at(caseMonth);
      if (now !== null && then !== null) {
        return { factor: Math.min(Math.max(now / then, TIME_FACTOR_BOUNDS[0]), TIME_FACTOR_BOUNDS[1]), scope };
      }
    }
    return { factor: 1, scope: null };
  }

  /** The most specific series that adjusted at least one case. */
  usedScope(): IndexScope | null {
    return mostSpecificScope(this.used);
  }
}

/** The most specific of the scopes. */
export function mostSpecificScope(scopes: ReadonlySet<IndexScope | null>): IndexScope | null {
  return SCOPES.find((s) => scopes.has(s)) ?? null;
}
