import { formatCompactPrice } from '../format/price-format';
import { formatMeters, formatPercent, formatRatioPercent } from './report-format';

describe('valuation report figures', () => {
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
    expect(formatCompactPrice(81234, 1)).toBe('8.1万');
    expect(formatMeters(64.4)).toBe('64米');
    expect(formatMeters(1250)).toBe('1.3公里');
    expect(formatMeters(-1)).toBe('--');
  });
});
