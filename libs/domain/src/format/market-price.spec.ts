import { formatChangePercent, formatMarketPrice } from './market-price';

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
