import { LTV_BANDS } from './collateral.rules';
import {
  chainIndex,
  loanHouseQuerySchema,
  loanTrendQuerySchema,
  LoanAnalyticsMsg,
  LTV_BAND_BOUNDS,
  ltvBandOf,
  structureGroups,
  structureLabel,
  type StructureCell,
} from './collateral-analytics';

const cell = (patch: Partial<StructureCell>): StructureCell => ({
  cityCode: '110100',
  distCode: '110105',
  propType: 11,
  confidenceClass: 'A',
  ltvBand: null,
  vintage: null,
  count: 1,
  valueTotal: 1_000_000,
  loanTotal: 0,
  ltvSum: 0,
  ltvCount: 0,
  ...patch,
});

describe('loan analytics', () => {
  it('chains the index on the assets valued in both runs', () => {
    expect(
      chainIndex([
        { linkedValue: 0, linkedPrevValue: 0 },
        { linkedValue: 110, linkedPrevValue: 100 },
        { linkedValue: 99, linkedPrevValue: 110 },
        { linkedValue: 0, linkedPrevValue: 0 },
      ]),
    ).toEqual([100, 110, 99, 99]);
    expect(chainIndex([])).toEqual([]);
  });

  it('puts an LTV in its band, [from, to)', () => {
    expect([null, 0, 49.99, 50, 79.99, 80, 100, 250].map(ltvBandOf)).toEqual([null, 0, 0, 1, 2, 3, 4, 4]);
    expect(LTV_BAND_BOUNDS).toEqual(LTV_BANDS.slice(1).map((b) => b.from));
  });

  it('sums the cells by a dimension, places by value, bands in order, the blank group last', () => {
    const cells = [
      cell({ distCode: '110105', valueTotal: 100, ltvBand: 1, loanTotal: 60, ltvSum: 60, ltvCount: 1, vintage: 2023 }),
      cell({ distCode: '110108', valueTotal: 300, ltvBand: 0, loanTotal: 90, ltvSum: 30, ltvCount: 1, vintage: 2021 }),
      cell({ distCode: '110105', valueTotal: 250, ltvBand: 1, loanTotal: 140, ltvSum: 56, ltvCount: 1, vintage: 2023 }),
      cell({ distCode: null, valueTotal: 50 }),
    ];
    expect(structureGroups(cells, 'district').map((g) => [g.key, g.count, g.valueTotal])).toEqual([
      ['110105', 2, 350],
      ['110108', 1, 300],
      ['', 1, 50],
    ]);
    expect(structureGroups(cells, 'ltvBand')).toEqual([
      { key: '0', count: 1, valueTotal: 300, loanTotal: 90, avgLtv: 30 },
      { key: '1', count: 2, valueTotal: 350, loanTotal: 200, avgLtv: 58 },
      { key: '', count: 1, valueTotal: 50, loanTotal: 0, avgLtv: null },
    ]);
    expect(structureGroups(cells, 'vintage').map((g) => structureLabel('vintage', g.key))).toEqual(['2021年', '2023年', '未登记']);
    expect(structureLabel('ltvBand', '4')).toBe('100%以上');
    expect(structureLabel('propType', '22')).toBe('商铺');
  });

  it('checks the queries with Chinese messages', () => {
    expect(loanTrendQuerySchema.parse({ cityCode: '110100', distCode: '' })).toEqual({ cityCode: '110100', distCode: undefined });
    expect(loanTrendQuerySchema.safeParse({ cityCode: 'x' }).error?.issues[0].message).toBe(LoanAnalyticsMsg.cityInvalid);
    expect(loanHouseQuerySchema.safeParse({}).success).toBe(false);
  });
});
