import { trimmedMeanWeights } from './robust-statistics';

const weightedMean = (values: number[], w: Float64Array): number => values.reduce((s, v, i) => s + v * w[i], 0);

describe('trimmed mean weights', () => {
  it('keeps the central half of equally weighted values', () => {
    const values = [8, 1, 7, 2, 6, 3, 5, 4];
    const w = trimmedMeanWeights(
      values,
      values.map(() => 1),
      0.25,
    )!;
    expect(Array.from(w)).toEqual([0, 0, 0, 0, 0.25, 0.25, 0.25, 0.25]);
    expect(weightedMean(values, w)).toBeCloseTo(4.5, 12);
  });

  it('keeps the part of a value that straddles a cut', () => {
    const w = trimmedMeanWeights([10, 20, 30], [1, 1, 1], 0.25)!;
    expect(w[0]).toBeCloseTo(1 / 6, 12);
    expect(w[1]).toBeCloseTo(2 / 3, 12);
    expect(w[2]).toBeCloseTo(1 / 6, 12);
  });

  it('gives a gross outlier no weight, whatever its similarity weight', () => {
    const values = [0.01, -0.02, 0.0, 0.02, -0.01, 0.9];
    const w = trimmedMeanWeights(values, [1, 1, 1, 1, 1, 1.4], 0.25)!;
    expect(w[5]).toBe(0);
    expect(Math.abs(weightedMean(values, w))).toBeLessThan(0.02);
  });

  it('follows the weights: a heavily weighted value pulls the mean towards it', () => {
    const values = [1, 2, 3, 4, 5];
    const even = weightedMean(values, trimmedMeanWeights(values, [1, 1, 1, 1, 1], 0.25)!);
    const heavy = weightedMean(values, trimmedMeanWeights(values, [1, 1, 1, 6, 1], 0.25)!);
    expect(even).toBeCloseTo(3, 12);
    expect(heavy).toBeCloseTo((3 * 0.5 + 4 * 4.5) / 5, 12);
  });

  it('sums to one and is null without positive weight', () => {
    const w = trimmedMeanWeights([3, 1, 2, 5], [0.2, 0.7, 0.1, 0.4], 0.25)!;
    expect(w.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(trimmedMeanWeights([1, 2], [0, 0], 0.25)).toBeNull();
  });
});
