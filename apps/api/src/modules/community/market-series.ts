import type { PriceHistoryPoint } from '@valuation/contracts';
import { shiftMonth } from '@valuation/domain';

export const round2 = (n: number) => Math.round(n * 100) / 100;

/** The month `delta` months after (or before, when negative) a yyyy-MM month. */
export { shiftMonth };

export const previousMonth = (month: string) => shiftMonth(month, -1);

/** Change from `before` to `now` in percent with 2 decimals; null without a usable base. */
export function percentChange(now: number, before: number | null | undefined): number | null {
  if (before === null || before === undefined || before <= 0) return null;
  return round2((now / before - 1) * 100);
}

/**
 * Month-on-month change of each point against the point of the previous calendar month (null
 * when that month is missing). Points must be in month order; points before `fromMonth` only
 * serve as bases and are left out of the answer.
 */
export function withPriceLink(points: { month: string; price: number }[], fromMonth = ''): PriceHistoryPoint[] {
  const out: PriceHistoryPoint[] = [];
  points.forEach((p, i) => {
    if (p.month < fromMonth) return;
    const prev = i > 0 ? points[i - 1] : undefined;
    out.push({
      price: round2(p.price),
      priceLink: prev && prev.month === previousMonth(p.month) ? percentChange(p.price, prev.price) : null,
      month: p.month,
    });
  });
  return out;
}

/** A round bucket width (1, 2 or 5 times a power of ten) giving about `target` buckets over `range`. */
export function niceStep(range: number, target = 10): number {
  if (!(range > 0)) return 1;
  const raw = range / target;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const norm = raw / magnitude;
  const factor = norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 5 ? 5 : 10;
  return factor * magnitude;
}

export interface BucketPlan {
  /** Lower bound of the first bucket, a multiple of step. */
  start: number;
  step: number;
  count: number;
}

/**
 * Buckets covering [low, high]. A single value gets a step of about a tenth of itself; values
 * outside the range are counted in the first or last bucket by the caller.
 */
export function planBuckets(low: number, high: number, target = 10): BucketPlan {
  const step = high > low ? niceStep(high - low, target) : niceStep(Math.abs(low) || 1, target);
  const start = Math.floor(low / step) * step;
  const count = Math.max(1, Math.floor((high - start) / step) + 1);
  return { start, step, count };
}
