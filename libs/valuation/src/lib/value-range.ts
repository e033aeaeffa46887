import type { PriceRangeFigures } from '@valuation/domain';
import { round } from './numbers';
import { RANGE_CALIBRATION } from './range-calibration';
import type { MethodName } from './valuation.types';

/**
 * How far a value may be from the price, measured: the engine's own leave-one-out errors on real
 * listings (bench:accuracy -- --calibrate), by the method that gave the answer and the depth of
 * the market it had. `fsd` is the forecast standard deviation as a share of the value: about 68 %
 * of prices fall within value × e^(±fsd), about 95 % within the 95 % bounds.
 */
export type ValueRange = PriceRangeFigures;

/** The measured spread of the errors in one situation: 68th and 95th percentiles of |ln(value / price)|. */
export interface RangeCell {
  n: number;
  q68: number;
  q95: number;
}

export interface RangeCalibration {
  /** What the errors were measured on, by which engine and when. */
  source: string;
  engineVersion: string;
  measuredOn: string;
  cells: Readonly<Record<string, RangeCell>>;
}

/** Upper bounds of the buckets of community cases a situation is grouped by. */
const DEPTH_BOUNDS = [0, 1, 2, 4, 9, 19, 49] as const;

/** The depth bucket of a market with this many cases of the subject's own community: `0`, `1`, `2`, `3-4`, ... `50+`. */
export function depthBucket(communityCases: number): string {
  let lower = 0;
  for (const upper of DEPTH_BOUNDS) {
    if (communityCases <= upper) return lower === upper ? String(upper) : `${lower}-${upper}`;
    lower = upper + 1;
  }
  return `${lower}+`;
}

/**
 * Errors a situation's cell needs to be used; with fewer, the method's cell is used if it has
 * MIN_METHOD_ERRORS (a rarely used method is still better described by its own errors than by
 * everyone's), else the cell of all errors.
 */
export const MIN_CELL_ERRORS = 200;
export const MIN_METHOD_ERRORS = 30;

/** The key of a situation, and of its fallbacks from the most to the least specific. */
export function rangeKeys(method: MethodName, communityCases: number): string[] {
  return [`${method}|${depthBucket(communityCases)}`, `${method}|*`, '*'];
}

/** The cell of the most specific situation measured on enough errors, or null when nothing was measured. */
export function rangeCell(method: MethodName, communityCases: number, calibration: RangeCalibration = RANGE_CALIBRATION): RangeCell | null {
  const [situation, ofMethod, all] = rangeKeys(method, communityCases).map((key) => calibration.cells[key]);
  if (situation && situation.n >= MIN_CELL_ERRORS) return situation;
  if (ofMethod && ofMethod.n >= MIN_METHOD_ERRORS) return ofMethod;
  return all ?? null;
}

/** The measured range around a value, rounded as the value is; null without a calibration. */
export function valueRange(
  value: number,
  method: MethodName,
  communityCases: number,
  digits: number,
  calibration: RangeCalibration = RANGE_CALIBRATION,
): ValueRange | null {
  const cell = rangeCell(method, communityCases, calibration);
  if (!cell || !(value > 0)) return null;
  return {
    fsd: round(cell.q68, 4),
    low: round(value * Math.exp(-cell.q68), digits),
    high: round(value * Math.exp(cell.q68), digits),
    low95: round(value * Math.exp(-cell.q95), digits),
    high95: round(value * Math.exp(cell.q95), digits),
  };
}

/** The percentile (0..1) of sorted values, by linear interpolation. */
function percentile(sorted: readonly number[], p: number): number {
  const at = (sorted.length - 1) * p;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo);
}

/** Measures the cells from leave-one-out errors: each error counts in its situation, its method's and the overall cell. */
export function calibrateRanges(
  errors: readonly { method: MethodName; communityCases: number; estimate: number; actual: number }[],
  meta: Omit<RangeCalibration, 'cells'>,
): RangeCalibration {
  const groups = new Map<string, number[]>();
  for (const e of errors) {
    const deviation = Math.abs(Math.log(e.estimate / e.actual));
    for (const key of rangeKeys(e.method, e.communityCases)) {
      const list = groups.get(key);
      if (list) list.push(deviation);
      else groups.set(key, [deviation]);
    }
  }
  const cells: Record<string, RangeCell> = {};
  for (const key of [...groups.keys()].sort()) {
    const sorted = groups.get(key)!.sort((a, b) => a - b);
    cells[key] = { n: sorted.length, q68: round(percentile(sorted, 0.6827), 5), q95: round(percentile(sorted, 0.9545), 5) };
  }
  return { ...meta, cells };
}
