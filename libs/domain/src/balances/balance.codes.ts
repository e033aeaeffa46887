/**
 * The catalogue of what a channel sells (channel spec, sections 4 and 9): three products, the
 * buy modes each may be sold under, and the states of an order.
 */

export const ProductCode = {
  /** Valuation counts (估价次数): city-annual or nationwide. */
  valuation: '000001',
  /** Advisory report copies (咨询报告). */
  advisory: '000002',
  /** Inquiry report copies (询价报告). */
  inquiry: '000003',
} as const;
export type ProductCode = (typeof ProductCode)[keyof typeof ProductCode];

export const PRODUCTS: readonly { productCode: ProductCode; productName: string }[] = [
  { productCode: ProductCode.valuation, productName: '估价次数' },
  { productCode: ProductCode.advisory, productName: '咨询报告' },
  { productCode: ProductCode.inquiry, productName: '询价报告' },
];

export const BuyMode = {
  personalGift: 2,
  enterpriseGift: 3,
  firstPurchase: 4,
  tiered: 5,
  cityAnnual: 6,
  perCopy: 7,
} as const;
export type BuyMode = (typeof BuyMode)[keyof typeof BuyMode];

export const BUY_MODE_NAMES: Readonly<Record<BuyMode, string>> = {
  2: '个人赠送',
  3: '企业赠送',
  4: '首次购买',
  5: '按次阶梯计价',
  6: '城市包年',
  7: '按份计价',
};

/** Modes whose count the price list prefills (its unit). */
export const PREFILLED_BUY_MODES: readonly BuyMode[] = [BuyMode.personalGift, BuyMode.enterpriseGift, BuyMode.firstPurchase];

/** The buy modes a product is sold under: valuation counts 2 to 6, report copies only per copy. */
export function buyModesOf(productCode: string): readonly BuyMode[] {
  if (productCode === ProductCode.valuation)
    return [BuyMode.personalGift, BuyMode.enterpriseGift, BuyMode.firstPurchase, BuyMode.tiered, BuyMode.cityAnnual];
  if (productCode === ProductCode.advisory || productCode === ProductCode.inquiry) return [BuyMode.perCopy];
  return [];
}

export function productName(productCode: string): string | null {
  return PRODUCTS.find((p) => p.productCode === productCode)?.productName ?? null;
}

/** What a package of counts is spent on. */
export type BalanceKind = 'city' | 'universal' | 'advisory' | 'inquiry';

/** The kind of counts an order of a product under a mode credits. */
export function balanceKindOf(productCode: string, buyMode: number): BalanceKind {
  if (productCode === ProductCode.advisory) return 'advisory';
  if (productCode === ProductCode.inquiry) return 'inquiry';
  return buyMode === BuyMode.cityAnnual ? 'city' : 'universal';
}

export const OrderState = { pending: 0, effective: 1, expired: 2 } as const;
export type OrderState = (typeof OrderState)[keyof typeof OrderState];

export const ORDER_STATE_LABELS: Readonly<Record<OrderState, string>> = { 0: '待生效', 1: '已生效', 2: '已过期' };

/** An order's state on a business day (yyyy-MM-dd): usable from its effective to its expiry date, both included. */
export function orderStateOn(effectiveDate: string, expireDate: string, today: string): OrderState {
  if (today < effectiveDate) return OrderState.pending;
  if (today > expireDate) return OrderState.expired;
  return OrderState.effective;
}

/** Where an order came from: 1 bought by the user, 2 added by an administrator. */
export const OrderFrom = { purchase: 1, admin: 2 } as const;
export const ORDER_FROM_LABELS: Readonly<Record<number, string>> = { 1: '用户购买', 2: '管理员添加' };

/** Counts and copies: a positive whole number of at most 7 digits. */
export const BALANCE_COUNT_MAX = 9_999_999;

/** The balance screens' page sizes: 20, 50, 100, 200 (default 20). */
export const BALANCE_PAGE_SIZES = [20, 50, 100, 200] as const;

/** The four counts an organisation allocates, in the spec's order. */
export const ALLOCATION_KINDS = ['annually', 'universal', 'advisory', 'inquiry'] as const;
export type AllocationKind = (typeof ALLOCATION_KINDS)[number];

export const ALLOCATION_KIND_LABELS: Readonly<Record<AllocationKind, string>> = {
  annually: '包年城市估价次数',
  universal: '全国通用估价次数',
  advisory: '咨询报告份数',
  inquiry: '询价报告份数',
};

export const LEDGER_KIND_OF: Readonly<Record<AllocationKind, BalanceKind>> = {
  annually: 'city',
  universal: 'universal',
  advisory: 'advisory',
  inquiry: 'inquiry',
};

/** An organisation's allocation records: allocations and revokes. */
export const AllocationAction = { allocate: 1, revoke: 2 } as const;
export const ALLOCATION_ACTION_LABELS: Readonly<Record<number, string>> = { 1: '分配', 2: '收回' };
