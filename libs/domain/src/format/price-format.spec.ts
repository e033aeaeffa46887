import { evalPriceUnit, evalPriceValue, formatArea, formatEvalPrice, yuanPriceUnit } from './price-format';

describe('price format of lists', () => {
  it('shows a sale in 万元 with 2 decimals and thousands separators', () => {
    expect(formatEvalPrice(5_400_000, 1)).toBe('540.00万元');
    expect(formatEvalPrice(123_456_789, 1)).toBe('12,345.68万元');
    expect(formatEvalPrice(12_345, 1)).toBe('1.23万元');
    expect(evalPriceValue(5_432_100, 1)).toBe(543.21);
    expect(evalPriceUnit(1)).toBe('万元');
  });

  it('shows a rent in 元/月 with 2 decimals', () => {
    expect(formatEvalPrice(9000, 2)).toBe('9,000.00元/月');
    expect(formatEvalPrice(12345.678, 2)).toBe('12,345.68元/月');
    expect(evalPriceValue(899.5, 2)).toBe(899.5);
    expect(evalPriceUnit(2)).toBe('元/月');
  });

  it('names the unit of a total kept in yuan', () => {
    expect(yuanPriceUnit(1)).toBe('元');
    expect(yuanPriceUnit(2)).toBe('元/月');
  });

  it('shows -- without a price or an area', () => {
    expect(formatEvalPrice(null, 1)).toBe('--');
    expect(formatEvalPrice(undefined, 2)).toBe('--');
    expect(evalPriceValue(Number.NaN, 1)).toBeNull();
    expect(formatArea(null)).toBe('--');
    expect(formatArea('89.5')).toBe('89.50');
    expect(formatArea(120)).toBe('120.00');
  });
});
