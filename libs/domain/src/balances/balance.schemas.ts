import { z } from 'zod';
import { isBlankFilter, parseFilterDate } from '../filters/list-filters';
import { checkDateRange, dateRangeFilterShape, filterTextSchema, ListMsg } from '../validation/eval-list.schemas';
import { recordIdSchema } from '../validation/fields';
import { pageQuerySchema } from '../validation/paging.schemas';
import {
  ALLOCATION_KINDS,
  BALANCE_COUNT_MAX,
  BALANCE_PAGE_SIZES,
  BuyMode,
  buyModesOf,
  ProductCode,
  productName,
  type AllocationKind,
  type ProductCode as ProductCodeValue,
} from './balance.codes';

export const BalanceMsg = {
  productRequired: '请选择产品',
  buyModeRequired: '请选择购买模式',
  scopeRequired: '请选择服务范围',
  evalCountRequired: '请输入估价次数',
  evalCountInvalid: '估价次数请输入小于8位数的正整数',
  reportCountRequired: '请输入报告份数',
  reportCountInvalid: '报告份数请输入小于8位数的正整数',
  priceRequired: '请输入总价',
  priceInvalid: '总价请输入不小于0且最多两位小数的金额',
  expireDateRequired: '请选择截止日期',
  effectiveDateRequired: '请选择开始日期',
  dateOrder: '开始日期不能晚于截止日期',
  dateInvalid: '日期格式不正确',
  remarkTooLong: '备注不能超过200个字',
  cityInvalid: '请选择正确的城市',
  accountRequired: '请选择要分配的账号',
  accountNotFound: '客户账号不存在',
  allocated: '分配余额成功',
  defaultsRequired: '请输入默认分配次数或份数！',
  countsInvalid: '次数或份数请输入小于8位数的正整数',
  organizationRequired: '请选择要统计的机构',
  organizationNotFound: '机构不存在或不在您的管理范围内',
  balanceAllocated: '余额分配成功！',
  balanceRevoked: '余额收回成功！',
  revokeConfirm: '您确认要收回该账号未使用的余额吗？',
  defaultsSaved: '设置成功！',
  nothingToRevoke: '该账号没有可收回的余额',
  notYourAccount: '只能为您管理范围内的其他账号分配余额',
  typeInvalid: '账号类型不正确',
  sortInvalid: '排序字段不正确',
  stateInvalid: '订单状态不正确',
  fromInvalid: '订单来源不正确',
} as const;

/** Why an allocation cannot take `kind` counts: the allocator holds fewer than asked. */
export const allocationShortMessage = (label: string, left: number): string => `${label}余额不足，当前可分配${left}`;

const REMARK_MAX = 200;
const CITY_CODE = /^\d{6}$/;
/** A price in yuan: digits with at most two decimals, at most 14 characters. */
const PRICE_PATTERN = /^\d{1,11}(\.\d{1,2})?$/;
/** A count typed in a form: 1 to 7 digits, the first not 0. */
const COUNT_PATTERN = /^[1-9]\d{0,6}$/;

const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v).trim());

/** yyyy/MM/dd or yyyy-MM-dd, as the business date yyyy-MM-dd; null when not a date. */
export function balanceDate(v: unknown): string | null {
  const s = text(v).replace(/\//g, '-');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return null;
  return parseFilterDate(s.replace(/-/g, '/')) ? s : null;
}

/** POST api/tenant/customer-balance/order as sent (names are derived from the codes again on the server). */
export interface AllocationOrderInput {
  balanceId?: unknown;
  productCode?: unknown;
  buyModeCode?: unknown;
  cityCodes?: unknown;
  count?: unknown;
  orderPrice?: unknown;
  effectiveDate?: unknown;
  expireDate?: unknown;
  remark?: unknown;
}

export interface AllocationOrder {
  balanceId: number;
  productCode: ProductCodeValue;
  buyModeCode: BuyMode;
  cityCodes: string[];
  count: number;
  /** Yuan with two decimals. */
  orderPrice: string;
  effectiveDate: string;
  expireDate: string;
  remark: string;
}

export type AllocationField = keyof AllocationOrderInput;

/**
 * The first rule an allocation breaks, in the channel spec's order (product, mode, scope for
 * city-annual, count or copies, total price, end date), then the dates and the remark; null when
 * it breaks none. The dialog and the server both check with it.
 */
export function allocationOrderError(v: AllocationOrderInput): { field: AllocationField; message: string } | null {
  const product = text(v.productCode);
  if (!productName(product)) return { field: 'productCode', message: BalanceMsg.productRequired };
  const mode = Number(text(v.buyModeCode));
  if (!buyModesOf(product).includes(mode as BuyMode)) return { field: 'buyModeCode', message: BalanceMsg.buyModeRequired };
  const cities = Array.isArray(v.cityCodes) ? v.cityCodes : [];
  if (mode === BuyMode.cityAnnual && cities.length === 0) return { field: 'cityCodes', message: BalanceMsg.scopeRequired };
  if (cities.some((c) => !CITY_CODE.test(text(c))) || cities.length > 400) return { field: 'cityCodes', message: BalanceMsg.cityInvalid };
  const valuation = product === ProductCode.valuation;
  const count = text(v.count);
  if (!count) return { field: 'count', message: valuation ? BalanceMsg.evalCountRequired : BalanceMsg.reportCountRequired };
  if (!COUNT_PATTERN.test(count))
    return { field: 'count', message: valuation ? BalanceMsg.evalCountInvalid : BalanceMsg.reportCountInvalid };
  const price = text(v.orderPrice);
  if (!price) return { field: 'orderPrice', message: BalanceMsg.priceRequired };
  if (!PRICE_PATTERN.test(price)) return { field: 'orderPrice', message: BalanceMsg.priceInvalid };
  if (!text(v.expireDate)) return { field: 'expireDate', message: BalanceMsg.expireDateRequired };
  const expire = balanceDate(v.expireDate);
  if (!expire) return { field: 'expireDate', message: BalanceMsg.dateInvalid };
  if (!text(v.effectiveDate)) return { field: 'effectiveDate', message: BalanceMsg.effectiveDateRequired };
  const effective = balanceDate(v.effectiveDate);
  if (!effective) return { field: 'effectiveDate', message: BalanceMsg.dateInvalid };
  if (effective > expire) return { field: 'effectiveDate', message: BalanceMsg.dateOrder };
  if (text(v.remark).length > REMARK_MAX) return { field: 'remark', message: BalanceMsg.remarkTooLong };
  return null;
}

/** Total price as the dialog shows it after blur: two decimals when it has a decimal point. */
export function formatOrderPriceInput(value: string): string {
  const s = value.trim();
  if (!s.includes('.')) return s;
  const n = Number(s);
  return Number.isFinite(n) ? n.toFixed(2) : s;
}

export const allocationOrderSchema = z
  .looseObject({})
  .superRefine((v, ctx) => {
    const error = allocationOrderError(v);
    if (error) ctx.addIssue({ code: 'custom', path: [error.field], message: error.message });
    else if (!recordIdSchema(BalanceMsg.accountRequired).safeParse(v.balanceId).success)
      ctx.addIssue({ code: 'custom', path: ['balanceId'], message: BalanceMsg.accountRequired });
  })
  .transform((v: AllocationOrderInput): AllocationOrder => ({
    balanceId: Number(v.balanceId),
    productCode: text(v.productCode) as ProductCodeValue,
    buyModeCode: Number(text(v.buyModeCode)) as BuyMode,
    cityCodes: Number(text(v.buyModeCode)) === BuyMode.cityAnnual ? [...new Set((v.cityCodes as unknown[]).map(text))] : [],
    count: Number(text(v.count)),
    orderPrice: Number(text(v.orderPrice)).toFixed(2),
    effectiveDate: balanceDate(v.effectiveDate) as string,
    expireDate: balanceDate(v.expireDate) as string,
    remark: text(v.remark),
  }));

/** Counts typed in the organisation's allocation dialog: cleaned to digits, no leading 0. */
export function cleanCountInput(value: string): string {
  return value.replace(/\D/g, '').replace(/^0+/, '').slice(0, 7);
}

export type AllocationCounts = Record<AllocationKind, number>;

/** A count as typed: blank is 0; text must be digits only (1e3, 0x10 and 1.0 are refused, not read as numbers). */
const countField = z.preprocess(
  (v) =>
    isBlankFilter(typeof v === 'string' ? v.trim() : (v as number | null | undefined))
      ? 0
      : typeof v === 'string' && !/^\d+$/.test(v.trim())
        ? Number.NaN
        : v,
  z.coerce
    .number({ message: BalanceMsg.countsInvalid })
    .int(BalanceMsg.countsInvalid)
    .min(0, BalanceMsg.countsInvalid)
    .max(BALANCE_COUNT_MAX, BalanceMsg.countsInvalid),
);

const userTypeField = z.preprocess(
  (v) => (isBlankFilter(typeof v === 'string' ? v.trim() : (v as number | null | undefined)) ? undefined : v),
  z.coerce
    .number({ message: BalanceMsg.typeInvalid })
    .int(BalanceMsg.typeInvalid)
    .min(1, BalanceMsg.typeInvalid)
    .max(2, BalanceMsg.typeInvalid)
    .optional(),
);

const countsShape = {
  annuallyCount: countField,
  universalCount: countField,
  advisoryCount: countField,
  inquiryCount: countField,
};

const atLeastOneCount = (v: Record<`${AllocationKind}Count`, number>, ctx: z.RefinementCtx) => {
  if (ALLOCATION_KINDS.every((k) => v[`${k}Count`] === 0))
    ctx.addIssue({ code: 'custom', path: ['annuallyCount'], message: BalanceMsg.defaultsRequired });
};

/** The four counts of an allocation or of the defaults, keyed by kind. */
export function countsOf(v: Record<`${AllocationKind}Count`, number>): AllocationCounts {
  return { annually: v.annuallyCount, universal: v.universalCount, advisory: v.advisoryCount, inquiry: v.inquiryCount };
}

/** POST api/user-balance/allocate: the four counts (at least one), balanceId (the account), userType. */
export const userBalanceAllocateSchema = z
  .object({ ...countsShape, balanceId: recordIdSchema(BalanceMsg.accountRequired), userType: userTypeField })
  .superRefine(atLeastOneCount);
export type UserBalanceAllocate = z.output<typeof userBalanceAllocateSchema>;

/** POST api/user-balance/default: the four default counts (at least one). */
export const userBalanceDefaultSchema = z
  .object({ ...countsShape, balanceId: z.unknown().optional(), userType: userTypeField })
  .superRefine(atLeastOneCount);
export type UserBalanceDefault = z.output<typeof userBalanceDefaultSchema>;

/** POST api/user-balance/revoke: balanceId (the account), userType. */
export const userBalanceRevokeSchema = z.object({ balanceId: recordIdSchema(BalanceMsg.accountRequired), userType: userTypeField });
export type UserBalanceRevoke = z.output<typeof userBalanceRevokeSchema>;

const optionalCode = <T extends number>(allowed: readonly T[], message: string) =>
  z.preprocess(
    (v) => (isBlankFilter(typeof v === 'string' ? v.trim() : (v as number | null | undefined)) ? undefined : v),
    z.coerce
      .number({ message })
      .refine((n) => allowed.includes(n as T), message)
      .transform((n) => n as T)
      .optional(),
  );

/** Account type filter: 0 or blank all, 1 enterprise, 2 personal. */
const accountTypeFilter = z.preprocess((v) => (v === '0' || v === 0 ? undefined : v), optionalCode([1, 2], BalanceMsg.typeInvalid));

export const CUSTOMER_BALANCE_SORT_FIELDS = ['annuallyCount', 'universalCount', 'advisoryCount', 'inquiryCount'] as const;
export type CustomerBalanceSortField = (typeof CUSTOMER_BALANCE_SORT_FIELDS)[number];

const balancePaging = pageQuerySchema(BALANCE_PAGE_SIZES);

const companyFilterShape = {
  account: filterTextSchema(50),
  companyName: filterTextSchema(50),
  companyId: z.preprocess(
    (v) => (isBlankFilter(typeof v === 'string' ? v.trim() : (v as number | null | undefined)) ? undefined : v),
    recordIdSchema(ListMsg.textTooLong).optional(),
  ),
  type: accountTypeFilter,
};

/** GET api/tenant/customer-balance/list (and its export): account, company, account type, sort. */
export const customerBalanceFilterSchema = z.object({
  ...companyFilterShape,
  sortField: z.preprocess(
    (v) => (isBlankFilter(typeof v === 'string' ? v.trim() : (v as number | null | undefined)) ? undefined : v),
    z.enum(CUSTOMER_BALANCE_SORT_FIELDS, { message: BalanceMsg.sortInvalid }).optional(),
  ),
  sortOrder: z.preprocess(
    (v) => (typeof v === 'string' ? ({ ascend: 'asc', descend: 'desc' }[v] ?? (v || undefined)) : v),
    z.enum(['asc', 'desc'], { message: BalanceMsg.sortInvalid }).optional(),
  ),
});
export type CustomerBalanceFilter = z.output<typeof customerBalanceFilterSchema>;
export const customerBalanceListQuerySchema = customerBalanceFilterSchema.extend(balancePaging.shape);
export type CustomerBalanceListQuery = z.output<typeof customerBalanceListQuerySchema>;

const orderFilterShape = {
  ...companyFilterShape,
  orderNo: filterTextSchema(32),
  productCode: z.preprocess(
    (v) => (isBlankFilter(typeof v === 'string' ? v.trim() : (v as number | null | undefined)) ? undefined : v),
    z.enum([ProductCode.valuation, ProductCode.advisory, ProductCode.inquiry], { message: BalanceMsg.productRequired }).optional(),
  ),
  buyModeCode: optionalCode([2, 3, 4, 5, 6, 7], BalanceMsg.buyModeRequired),
  /* 0 is a state of its own (待生效), so only blank text and 'all' mean every state. */
  state: z.preprocess(
    (v) => (v === undefined || v === null || (typeof v === 'string' && ['', 'all'].includes(v.trim().toLowerCase())) ? undefined : v),
    z.coerce
      .number({ message: BalanceMsg.stateInvalid })
      .refine((n) => [0, 1, 2].includes(n), BalanceMsg.stateInvalid)
      .transform((n) => n as 0 | 1 | 2)
      .optional(),
  ),
  from: optionalCode([1, 2], BalanceMsg.fromInvalid),
  ...dateRangeFilterShape,
};

/** GET api/tenant/customer-balance/order/list and balance/list (and their exports). */
export const balanceOrderFilterSchema = z.object(orderFilterShape).superRefine(checkDateRange);
export type BalanceOrderFilter = z.output<typeof balanceOrderFilterSchema>;
export const balanceOrderListQuerySchema = z.object({ ...orderFilterShape, ...balancePaging.shape }).superRefine(checkDateRange);
export type BalanceOrderListQuery = z.output<typeof balanceOrderListQuerySchema>;

function idList(v: unknown): unknown {
  if (v === undefined || v === null || v === '') return [];
  if (Array.isArray(v)) return v.flatMap((x) => idList(x) as unknown[]);
  if (typeof v === 'string')
    return v
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
  return [v];
}

const organizationIdsField = z.preprocess(
  idList,
  z
    .array(recordIdSchema(BalanceMsg.organizationNotFound), { message: BalanceMsg.organizationRequired })
    .min(1, BalanceMsg.organizationRequired)
    .max(2000, BalanceMsg.organizationNotFound)
    .transform((ids) => [...new Set(ids)]),
);

/** GET api/user-balance/list: organizationIds (at least one), accountName, account, paging (20/50/100/200). */
export const userBalanceListQuerySchema = z.object({
  organizationIds: organizationIdsField,
  accountName: filterTextSchema(50),
  account: filterTextSchema(50),
  ...balancePaging.shape,
});
export type UserBalanceListQuery = z.output<typeof userBalanceListQuerySchema>;

const allocationFilterShape = {
  organizationIds: organizationIdsField,
  orderNo: filterTextSchema(32),
  account: filterTextSchema(50),
  accountName: filterTextSchema(50),
  creator: filterTextSchema(50),
  balanceId: z.preprocess(
    (v) => (isBlankFilter(typeof v === 'string' ? v.trim() : (v as number | null | undefined)) ? undefined : v),
    recordIdSchema(BalanceMsg.accountNotFound).optional(),
  ),
  ...dateRangeFilterShape,
};

/** GET api/user-balance/allocate/list (and its export). */
export const allocationFilterSchema = z.object(allocationFilterShape).superRefine(checkDateRange);
export type AllocationFilter = z.output<typeof allocationFilterSchema>;
export const allocationListQuerySchema = z.object({ ...allocationFilterShape, ...balancePaging.shape }).superRefine(checkDateRange);
export type AllocationListQuery = z.output<typeof allocationListQuerySchema>;
