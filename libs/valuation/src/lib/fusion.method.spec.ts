import { fuse, fusionWeights } from './fusion.method';

describe('fused value', () => {
  it('weighs methods by the least-variance blend of their measured errors', () => {
    const w = fusionWeights(['comparison', 'standardPrice'], 'C');
    expect(w.get('comparison')! + w.get('standardPrice')!).toBeCloseTo(1, 12);
    expect(w.get('comparison')!).toBeGreaterThan(w.get('standardPrice')!);
    expect(w.get('standardPrice')!).toBeGreaterThan(0);
  });

  it('leaves out a method that would get a negative weight', () => {
    const w = fusionWeights(['comparison', 'regression', 'standardPrice'], 'A');
    for (const v of w.values()) expect(v).toBeGreaterThanOrEqual(0);
    expect([...w.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });

  it('blends log prices and needs two methods', () => {
    expect(fuse([{ kind: 'comparison', logUnitPrice: 10 }], 'A')).toBeNull();
    const f = fuse(
      [
        { kind: 'comparison', logUnitPrice: Math.log(50000) },
        { kind: 'standardPrice', logUnitPrice: Math.log(50000) },
      ],
      'B',
    );
    expect(Math.exp(f!.logUnitPrice)).toBeCloseTo(50000, 6);
  });
});
