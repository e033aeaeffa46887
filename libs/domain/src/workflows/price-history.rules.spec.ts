import {
  ARTIFICIAL_TYPE_LABELS,
  artificialTypeLabel,
  caseArtificialType,
  orderPriceHistory,
  type PriceHistoryPoint,
} from './price-history.rules';

const point = (name: string, type: 1 | 2 | 3, iso: string, totalPrice: number | null): PriceHistoryPoint & { name: string } => ({
  name,
  type,
  at: new Date(iso),
  totalPrice,
});

describe('price history', () => {
  it('labels the artificial types of the history list, and anything else --', () => {
    expect([1, 2, 3].map(artificialTypeLabel)).toEqual(['自动估价', '人工询价', '人工复评']);
    expect([0, 4, null, undefined, '2'].map(artificialTypeLabel)).toEqual(['--', '--', '--', '--', '--']);
    expect(ARTIFICIAL_TYPE_LABELS[2]).toBe('人工询价');
    expect([caseArtificialType('artificial'), caseArtificialType('review')]).toEqual([2, 3]);
  });

  const entries = [
    point('re-appraisal', 3, '2025-03-04T02:00:00Z', 5_300_000),
    point('refused', 3, '2025-03-06T02:00:00Z', null),
    point('valuation', 1, '2025-03-01T01:00:00Z', 5_000_000),
    point('enquiry', 2, '2025-03-05T02:00:00Z', 5_100_000),
    point('same instant', 2, '2025-03-04T02:00:00Z', 5_200_000),
  ];

  it('orders by date, oldest first, the chain order breaking ties, and leaves out entries without a price', () => {
    expect(orderPriceHistory(entries, { pricedOnly: true }).map((e) => e.name)).toEqual([
      'valuation',
      'same instant',
      're-appraisal',
      'enquiry',
    ]);
  });

  it('orders newest first on request and keeps priceless entries unless told', () => {
    expect(orderPriceHistory(entries, { newestFirst: true }).map((e) => e.name)).toEqual([
      'refused',
      'enquiry',
      're-appraisal',
      'same instant',
      'valuation',
    ]);
    expect(entries[0].name).toBe('re-appraisal');
  });
});
