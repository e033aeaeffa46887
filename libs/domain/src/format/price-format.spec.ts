import {
  evalPriceUnit,
  evalPriceValue,
  formatArea,
  formatAreaText,
  formatChangePercent,
  formatEvalPrice,
  formatFsd,
  formatPriceRange,
  formatGrouped,
  formatSaleSum,
  formatMarketPrice,
  formatReportTotalPrice,
  formatReportUnitPrice,
  formatTotalPrice,
  formatUnitPrice,
  formatYuan,
  totalPriceFromInput,
  totalPriceInputValue,
  unitPriceUnit,
  withUnit,
  yuanPriceUnit,
} from './price-format';

describe('price format of lists', () => {
  it('shows a sale in whole 万元 with thousands separators', () => {
    expect(formatEvalPrice(5_400_000, 1)).toBe('540万元');
    expect(formatEvalPrice(123_456_789, 1)).toBe('12,346万元');
    expect(formatEvalPrice(12_345, 1)).toBe('1万元');
    expect(evalPriceValue(5_432_100, 1)).toBe(543);
    expect(evalPriceValue(5_432_100, 1, 2)).toBe(543.21);
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

describe('the same figures in the report', () => {
  it('groups thousands with a fixed number of decimals', () => {
    expect(formatGrouped(1234567.891, 2)).toBe('1,234,567.89');
    expect(formatGrouped(999)).toBe('999');
    expect(formatGrouped(-12345.6, 1)).toBe('-12,345.6');
    expect(formatGrouped(-0.001, 2)).toBe('0.00');
    expect(formatGrouped(null)).toBe('--');
    expect(formatGrouped(Number.NaN)).toBe('--');
  });
  it('shows a sale total in whole 万元 and a rent total in 元/月 with 2 decimals', () => {
    expect(formatReportTotalPrice(5_398_805, 1)).toBe('540');
    expect(formatReportTotalPrice(5_395_000, 1)).toBe('540');
    expect(formatReportTotalPrice(5_394_999, 1)).toBe('539');
    expect(formatReportTotalPrice(123_456_789, 1)).toBe('12,346');
    expect(formatReportTotalPrice(9181.3, 2)).toBe('9,181.30');
    expect(formatReportTotalPrice(null, 2)).toBe('--');
  });
  it('shows unit prices per ㎡ for sale and per month and ㎡ for rent', () => {
    expect(formatReportUnitPrice(60661.4, 1)).toBe('60,661');
    expect(formatReportUnitPrice(103.166, 2)).toBe('103.17');
    expect(unitPriceUnit(1)).toBe('元/㎡');
    expect(unitPriceUnit(2)).toBe('元/月/㎡');
    expect(withUnit(formatReportUnitPrice(60661, 1), unitPriceUnit(1))).toBe('60,661元/㎡');
    expect(withUnit(formatReportUnitPrice(undefined, 1), unitPriceUnit(1))).toBe('--');
  });
});

describe('the decimals each screen names', () => {
  it('shows one valuation as one number on every screen, export and report', () => {
    expect(formatEvalPrice(7_318_296, 1)).toBe('732万元');
    expect(formatTotalPrice(7_318_296, 1)).toBe('732');
    expect(formatReportTotalPrice(7_318_296, 1)).toBe('732');
    expect(evalPriceValue(7_318_296, 1)).toBe(732);
    expect(formatEvalPrice(9181.3, 2)).toBe('9,181.30元/月');
    expect(formatReportTotalPrice(9181.3, 2)).toBe('9,181.30');
    expect(evalPriceValue(9181.304, 2)).toBe(9181.3);
  });

  it('keeps the 2 decimals in 万元 a batch item asks for', () => {
    expect(formatTotalPrice(3_561_234, 1, 2)).toBe('356.12');
  });

  it('reads a sum of sale totals in 亿元 from 1 亿 up, else in 万元', () => {
    expect(formatSaleSum(123_456_789)).toBe('1.23亿元');
    expect(formatSaleSum(99_994_999)).toBe('9,999万元');
    expect(formatSaleSum(7_318_296)).toBe('732万元');
    expect(formatSaleSum(0)).toBe('0万元');
    expect(formatSaleSum(null)).toBe('--');
  });

  it('converts a total between yuan and the unit a price form takes', () => {
    expect(totalPriceInputValue(7_318_296, 1)).toBe(731.83);
    expect(totalPriceInputValue(9181.304, 2)).toBe(9181.3);
    expect(totalPriceInputValue(null, 1)).toBe('');
    expect(totalPriceFromInput(732, 1)).toBe(7_320_000);
    expect(totalPriceFromInput('731.83', 1)).toBe(7_318_300);
    expect(totalPriceFromInput('1,234.5', 2)).toBe(1234.5);
    expect(totalPriceFromInput(' ', 1)).toBeNull();
    expect(totalPriceFromInput('abc', 1)).toBeNull();
    expect(totalPriceFromInput(undefined, 2)).toBeNull();
  });

  it('shows unit prices whole for a sale and with 2 decimals for a rent, or with the decimals asked for', () => {
    expect(formatUnitPrice(76_232.25, 1)).toBe('76,232元/㎡');
    expect(formatUnitPrice(76_232.25, 1, 2)).toBe('76,232.25元/㎡');
    expect(formatUnitPrice(50, 2)).toBe('50.00元/月/㎡');
    expect(formatUnitPrice(null, 2)).toBe('--');
  });

  it('shows areas with 2 decimals, separators and ㎡', () => {
    expect(formatAreaText(89.5)).toBe('89.50㎡');
    expect(formatAreaText(12345)).toBe('12,345.00㎡');
    expect(formatAreaText(null)).toBe('--');
  });
});

describe('market price view formats', () => {
  it.each([
    [3.456, '3.46'],
    [9.994, '9.99'],
    [10, '10.0'],
    [56.78, '56.8'],
    [99.94, '99.9'],
    [100, '100'],
    [62620.4, '62,620'],
    [1234567.5, '1,234,568'],
  ])('%p reads %p', (price, text) => {
    expect(formatMarketPrice(price)).toBe(text);
  });

  it('shows -- without a price', () => {
    expect(formatMarketPrice(null)).toBe('--');
    expect(formatMarketPrice(Number.NaN)).toBe('--');
  });

  it('signs month-on-month changes with two decimals', () => {
    expect(formatChangePercent(1.234)).toBe('+1.23%');
    expect(formatChangePercent(-0.5)).toBe('-0.50%');
    expect(formatChangePercent(0)).toBe('0.00%');
    expect(formatChangePercent(-0.001)).toBe('0.00%');
    expect(formatChangePercent(null)).toBe('--');
  });
});

describe('amounts in yuan (order prices)', () => {
  it('show the decimal text of the API or a number with separators and 2 decimals', () => {
    expect(formatYuan('12800.00')).toBe('12,800.00');
    expect(formatYuan('0.5')).toBe('0.50');
    expect(formatYuan(1234567.891)).toBe('1,234,567.89');
    expect(formatYuan(0)).toBe('0.00');
  });

  it('show -- for nothing and for text that is not an amount', () => {
    expect(formatYuan(null)).toBe('--');
    expect(formatYuan(undefined)).toBe('--');
    expect(formatYuan(' ')).toBe('--');
    expect(formatYuan('12元')).toBe('--');
  });
});

describe('the range of a valuation', () => {
  const sale = { fsd: 0.0683, low: 3_334_000, high: 3_807_000, low95: 3_051_000, high95: 4_160_000 };

  it('reads a sale in 万元 with the decimals of its value and the FSD in percent', () => {
    expect(formatPriceRange(sale, 1)).toEqual({ likely: '333–381万元', wide: '305–416万元', fsd: '±6.8%' });
    expect(formatPriceRange(sale, 1, { saleDecimals: 1 })).toEqual({ likely: '333.4–380.7万元', wide: '305.1–416.0万元', fsd: '±6.8%' });
    expect(formatPriceRange(sale, 1, { withoutUnit: true }).likely).toBe('333–381');
  });

  it('reads a rent in 元/月 with 2 decimals and separators', () => {
    const rent = { fsd: 0.112, low: 4_105.5, high: 5_078, low95: 3_620, high95: 5_760.25 };
    expect(formatPriceRange(rent, 2)).toEqual({ likely: '4,105.50–5,078.00元/月', wide: '3,620.00–5,760.25元/月', fsd: '±11.2%' });
  });

  it('shows -- for a record without a range, never a made-up one', () => {
    expect(formatPriceRange(null, 1)).toEqual({ likely: '--', wide: '--', fsd: '--' });
    expect(formatPriceRange(undefined, 2)).toEqual({ likely: '--', wide: '--', fsd: '--' });
    expect(formatFsd(null)).toBe('--');
    expect(formatFsd(Number.NaN)).toBe('--');
  });
});
