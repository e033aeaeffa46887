/**
 * The price history of a property (user side section 3, historyList): its automatic valuation,
 * then the prices human appraisers gave in manual enquiries and re-appraisals.
 */

/** Artificial type: 1 automatic valuation, 2 manual inquiry, 3 manual re-appraisal. */
export type ArtificialType = 1 | 2 | 3;

export const ARTIFICIAL_TYPE_LABELS: Readonly<Record<ArtificialType, string>> = { 1: '自动估价', 2: '人工询价', 3: '人工复评' };

/** The label of an artificial type in the history list; `--` for anything else. */
export function artificialTypeLabel(type: unknown): string {
  return type === 1 || type === 2 || type === 3 ? ARTIFICIAL_TYPE_LABELS[type] : '--';
}

/** The artificial type of an answered case: a manual enquiry 2, a re-appraisal 3. */
export function caseArtificialType(kind: 'artificial' | 'review'): 2 | 3 {
  return kind === 'artificial' ? 2 : 3;
}

/** What ordering a history entry needs: its type, when it was valued or answered, and its price. */
export interface PriceHistoryPoint {
  type: ArtificialType;
  at: Date;
  totalPrice: number | null;
}

/**
 * The entries of a price history in date order (oldest first, or newest first); entries of the same
 * instant keep the chain's order (valuation, enquiry, re-appraisal). With `pricedOnly`, entries
 * without a price are left out.
 */
export function orderPriceHistory<T extends PriceHistoryPoint>(
  entries: readonly T[],
  opts: { newestFirst?: boolean; pricedOnly?: boolean } = {},
): T[] {
  const kept = opts.pricedOnly ? entries.filter((e) => e.totalPrice !== null && Number.isFinite(e.totalPrice)) : [...entries];
  const sign = opts.newestFirst ? -1 : 1;
  return kept.sort((a, b) => sign * (a.at.getTime() - b.at.getTime() || a.type - b.type));
}
