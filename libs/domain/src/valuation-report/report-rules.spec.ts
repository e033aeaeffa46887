import {
  confidenceInfo,
  floorLabel,
  isAverageMethod,
  layoutLabel,
  methodLabel,
  nearbyWithoutSelf,
  reportVisibility,
  roomTypeLabel,
} from './report-rules';

describe('valuation report rules', () => {
  it('names every method in Chinese and keeps unknown codes', () => {
    expect(methodLabel('forsale')).toBe('市场比较法');
    expect(methodLabel('lease')).toBe('市场比较法');
    expect(methodLabel('fvLease')).toBe('综合估价法');
    expect(methodLabel('mraSale')).toBe('多元回归法');
    expect(methodLabel('msaLease')).toBe('标准价调整法');
    expect(methodLabel('averageSale')).toBe('区域均价法');
    expect(methodLabel('manual')).toBe('人工估价');
    expect(methodLabel('other')).toBe('other');
    expect(methodLabel(null)).toBe('');
  });

  it('shows cases, radar and nearby prices for comparison and fused results', () => {
    for (const m of ['forsale', 'lease', 'fvSale', 'fvLease']) {
      expect(reportVisibility(m)).toEqual({ samples: true, radar: true, nearbyPrices: true });
    }
  });

  it("hides cases and radar for regression, standard price and appraisers' results", () => {
    for (const m of ['mraSale', 'mraLease', 'msaSale', 'msaLease', 'manual']) {
      expect(reportVisibility(m)).toEqual({ samples: false, radar: false, nearbyPrices: true });
    }
  });

  it('also hides nearby prices for regional average results', () => {
    for (const m of ['averageSale', 'averageLease']) {
      expect(reportVisibility(m)).toEqual({ samples: false, radar: false, nearbyPrices: false });
      expect(isAverageMethod(m)).toBe(true);
    }
    expect(isAverageMethod('forsale')).toBe(false);
  });

  it('explains the confidence classes', () => {
    expect(confidenceInfo('A')?.label).toBe('A级');
    expect(confidenceInfo('b')?.description).toContain('3个及以上');
    expect(confidenceInfo('C')?.description).toContain('周边');
    expect(confidenceInfo(null)).toBeNull();
    expect(confidenceInfo('D')).toBeNull();
  });

  it('drops the subject community from the head of the nearby list and shows at most 20', () => {
    const list = Array.from({ length: 21 }, (_, i) => ({ haCode: `h${i}`, distance: i * 10 }));
    const shown = nearbyWithoutSelf(list, 'h0');
    expect(shown).toHaveLength(20);
    expect(shown[0].haCode).toBe('h1');
    expect(nearbyWithoutSelf(list.slice(1), 'h0').map((x) => x.haCode)).toEqual(list.slice(1).map((x) => x.haCode));
    expect(nearbyWithoutSelf(list, null)[0].haCode).toBe('h1');
    expect(nearbyWithoutSelf([], 'h0')).toEqual([]);
  });

  it('labels room counts up to 15 or more', () => {
    expect(roomTypeLabel(2)).toBe('2室');
    expect(roomTypeLabel(15)).toBe('15室及以上');
    expect(roomTypeLabel(18)).toBe('15室及以上');
    expect(roomTypeLabel(3, 22)).toBe('3间');
  });

  it('writes layout and floors', () => {
    expect(layoutLabel(2, 1, 1)).toBe('2室1厅1卫');
    expect(layoutLabel(3, null, undefined)).toBe('3室');
    expect(layoutLabel(null, null, null)).toBe('');
    expect(floorLabel(5, 18)).toBe('5/18层');
    expect(floorLabel(-1, 6)).toBe('地下室/6层');
    expect(floorLabel(null, 6)).toBe('--/6层');
    expect(floorLabel(null, null)).toBe('');
  });
});
