/** Axis and marker rules shared by the report charts. */

/** Most category labels an x axis shows before they are thinned. */
export const MAX_AXIS_LABELS = 40;

/**
 * The recharts `interval` of a category axis (labels skipped between two shown ones): 0 up to
 * `maxLabels` labels, beyond that enough to show at most `maxLabels`.
 */
export function axisTickInterval(count: number, maxLabels = MAX_AXIS_LABELS): number {
  if (!Number.isFinite(count) || count <= maxLabels || maxLabels < 1) return 0;
  return Math.ceil(count / maxLabels) - 1;
}

/** The labels that stay visible with `axisTickInterval` (every interval+1-th, from the first). */
export function visibleAxisLabels<T>(labels: readonly T[], maxLabels = MAX_AXIS_LABELS): T[] {
  const step = axisTickInterval(labels.length, maxLabels) + 1;
  return labels.filter((_, i) => i % step === 0);
}

/**
 * Index of the bucket [step, step + stepSize) that holds `value`, or null when the value is
 * unknown or outside every bucket.
 */
export function markerBucketIndex(steps: readonly number[], stepSize: number, value: number | null | undefined): number | null {
  if (value === null || value === undefined || !Number.isFinite(value) || !(stepSize > 0)) return null;
  const index = steps.findIndex((step) => value >= step && value < step + stepSize);
  return index >= 0 ? index : null;
}

/** Whether a series has enough points to draw a trend line. */
export function hasEnoughPoints(points: readonly unknown[] | null | undefined, minPoints = 3): boolean {
  return (points?.length ?? 0) >= minPoints;
}
