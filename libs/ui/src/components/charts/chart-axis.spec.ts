import { axisTickInterval, hasEnoughPoints, markerBucketIndex, visibleAxisLabels } from './chart-axis';

describe('chart axis rules', () => {
  it('keeps every label up to 40 and thins beyond', () => {
    expect(axisTickInterval(24)).toBe(0);
    expect(axisTickInterval(40)).toBe(0);
    expect(axisTickInterval(41)).toBe(1);
    expect(axisTickInterval(80)).toBe(1);
    expect(axisTickInterval(81)).toBe(2);
    expect(axisTickInterval(10, 4)).toBe(2);
  });

  it('shows at most the maximum number of labels', () => {
    const months = Array.from({ length: 60 }, (_, i) => `m${i}`);
    const shown = visibleAxisLabels(months);
    expect(shown.length).toBeLessThanOrEqual(40);
    expect(shown[0]).toBe('m0');
    expect(shown[1]).toBe('m2');
    expect(visibleAxisLabels(months.slice(0, 40))).toHaveLength(40);
  });

  it('finds the bucket that holds a value', () => {
    const steps = [55000, 60000, 65000, 70000];
    expect(markerBucketIndex(steps, 5000, 60661)).toBe(1);
    expect(markerBucketIndex(steps, 5000, 55000)).toBe(0);
    expect(markerBucketIndex(steps, 5000, 60000)).toBe(1);
    expect(markerBucketIndex(steps, 5000, 74999)).toBe(3);
    expect(markerBucketIndex(steps, 5000, 75000)).toBeNull();
    expect(markerBucketIndex(steps, 5000, 54999)).toBeNull();
    expect(markerBucketIndex(steps, 0, 60000)).toBeNull();
    expect(markerBucketIndex(steps, 5000, null)).toBeNull();
  });

  it('needs 3 points for a trend line', () => {
    expect(hasEnoughPoints([1, 2])).toBe(false);
    expect(hasEnoughPoints([1, 2, 3])).toBe(true);
    expect(hasEnoughPoints(undefined)).toBe(false);
  });
});
