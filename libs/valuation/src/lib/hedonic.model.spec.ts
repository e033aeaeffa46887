import { dictCode } from '@valuation/domain';
import { gaussian, random } from '../test/synthetic-market';
import { activeFeatures, encodeFeatures, FEATURE_COUNT, FEATURES, PRIOR_COEFFICIENTS } from './feature.encoder';
import { fitHedonic } from './hedonic.model';

const index = (name: string): number => FEATURES.findIndex((f) => f.name === name);
const TRUE: Record<string, number> = { logArea: -0.2, roughFinish: -0.12, simpleFinish: -0.05, southFacing: 0.06, tower: -0.03 };

function market(seed: number, noise: number, vary = true) {
  const next = random(seed);
  const rows: Float64Array[] = [];
  const y: number[] = [];
  const groups: number[] = [];
  for (let g = 0; g < 8; g++) {
    const effect = Math.log(30000 + 5000 * g);
    for (let i = 0; i < 40; i++) {
      const unit = {
        area: 40 + 120 * next(),
        decoration: vary ? dictCode('intDeco', ['毛坯', '简装', '精装'][i % 3]) : dictCode('intDeco', '精装'),
        face: dictCode('face', next() < 0.5 ? '南' : '北'),
        buildingType: dictCode('bldgType', next() < 0.5 ? '塔楼' : '板楼'),
      };
      const x = encodeFeatures(unit, { residential: true, valuationYear: 2021 }).x;
      let v = effect + noise * gaussian(next);
      for (const [name, b] of Object.entries(TRUE)) v += b * x[index(name)];
      rows.push(x);
      y.push(v);
      groups.push(g);
    }
  }
  return { rows, y: Float64Array.from(y), groups: Int32Array.from(groups), groupCount: 8 };
}

describe('hedonic model', () => {
  const active = activeFeatures(true);
  const zero = new Float64Array(FEATURE_COUNT);

  it('recovers the coefficients a market was generated from', () => {
    const beta = fitHedonic({ ...market(1, 0.01), active, prior: zero, priorWeight: 0.001 });
    for (const [name, b] of Object.entries(TRUE)) expect(beta[index(name)]).toBeCloseTo(b, 2);
    expect(Math.abs(beta[index('logArea2')])).toBeLessThan(0.02);
  });

  it('keeps the prior of a feature that does not vary within communities', () => {
    const beta = fitHedonic({ ...market(2, 0.01, false), active, prior: PRIOR_COEFFICIENTS, priorWeight: 10 });
    expect(beta[index('roughFinish')]).toBeCloseTo(PRIOR_COEFFICIENTS[index('roughFinish')], 6);
    expect(beta[index('southFacing')]).toBeCloseTo(TRUE.southFacing, 2);
  });

  it('shrinks towards the prior in proportion to the prior weight', () => {
    const m = market(3, 0.01);
    const weak = fitHedonic({ ...m, active, prior: zero, priorWeight: 1 });
    const strong = fitHedonic({ ...m, active, prior: zero, priorWeight: 10000 });
    expect(Math.abs(weak[index('roughFinish')] - TRUE.roughFinish)).toBeLessThan(0.01);
    expect(Math.abs(strong[index('roughFinish')])).toBeLessThan(0.01);
  });

  it('resists a gross outlier', () => {
    const m = market(4, 0.02);
    m.y[0] += 1.5;
    m.y[1] -= 1.5;
    const beta = fitHedonic({ ...m, active, prior: zero, priorWeight: 0.001 });
    for (const [name, b] of Object.entries(TRUE)) expect(Math.abs(beta[index(name)] - b)).toBeLessThan(0.02);
  });

  it('fixes inactive features at zero', () => {
    const beta = fitHedonic({ ...market(5, 0.01), active: activeFeatures(false), prior: PRIOR_COEFFICIENTS, priorWeight: 1 });
    expect(beta[index('threeRooms')]).toBe(0);
  });
});
