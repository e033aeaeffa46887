import {
  formatCompactPrice,
  formatGrouped,
  formatMeters,
  formatPercent,
  formatRatioPercent,
  formatReportTotalPrice,
  formatReportUnitPrice,
  unitPriceUnit,
  withUnit,
} from './report-format';

describe('valuation report figures', () => {
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

  it('writes changes as signed percentages with 2 decimals', () => {
    expect(formatPercent(17.771)).toBe('+17.77%');
    expect(formatPercent(-5.864)).toBe('-5.86%');
    expect(formatPercent(0.001)).toBe('0.00%');
    expect(formatPercent(null)).toBe('--');
    expect(formatRatioPercent(-0.0025)).toBe('-0.25%');
    expect(formatRatioPercent(-0.0667)).toBe('-6.67%');
    expect(formatRatioPercent(0.12345)).toBe('+12.35%');
    expect(formatRatioPercent(undefined)).toBe('--');
  });

  it('shortens axis prices and distances', () => {
    expect(formatCompactPrice(55000)).toBe('5.5万');
    expect(formatCompactPrice(60000)).toBe('6万');
    expect(formatCompactPrice(125)).toBe('125');
    expect(formatCompactPrice(97.5)).toBe('97.5');
    expect(formatMeters(64.4)).toBe('64米');
    expect(formatMeters(1250)).toBe('1.3公里');
    expect(formatMeters(-1)).toBe('--');
  });
});
