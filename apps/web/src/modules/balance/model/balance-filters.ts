import type { CustomerCompanyOption } from '@valuation/contracts';
import {
  BUY_MODE_NAMES,
  BuyMode,
  CUSTOMER_BALANCE_SORT_FIELDS,
  ORDER_FROM_LABELS,
  ORDER_STATE_LABELS,
  PRODUCTS,
  USER_TYPE_LABELS,
  type CustomerBalanceSortField,
} from '@valuation/domain';
import { filterQuery, type FilterField, type FilterValues, type ListSort, type TextFilterField } from '@valuation/ui';

const ALL = { value: 'all', label: '全部' };

/** The sortable count columns of the customer balance list (the API's sort fields). */
export const BALANCE_SORT_FIELDS: readonly CustomerBalanceSortField[] = CUSTOMER_BALANCE_SORT_FIELDS;

/** Account type: 0 all, 1 enterprise, 2 personal. */
const ACCOUNT_TYPE_FIELD: FilterField = {
  kind: 'select',
  key: 'type',
  label: '账号类型',
  width: 110,
  options: [{ value: '0', label: '全部' }, ...([1, 2] as const).map((t) => ({ value: String(t), label: USER_TYPE_LABELS[t] }))],
};

const ACCOUNT_FIELD: TextFilterField = {
  kind: 'text',
  key: 'account',
  label: '客户账号',
  placeholder: '请输入客户账号',
  maxLength: 50,
  width: 160,
};

/** The customer company filter: the channel's companies, found by typing; the id is sent. */
function companyField(companies: readonly CustomerCompanyOption[] | undefined): FilterField {
  return {
    kind: 'select',
    key: 'companyId',
    label: '客户公司',
    width: 200,
    searchable: true,
    options: [ALL, ...(companies ?? []).map((c) => ({ value: String(c.id), label: c.name }))],
  };
}

/** The filters of the customer balance list: account type, customer company, customer account. */
export function balanceFields(companies: readonly CustomerCompanyOption[] | undefined): FilterField[] {
  return [ACCOUNT_TYPE_FIELD, companyField(companies), ACCOUNT_FIELD];
}

const BUY_MODES = [
  BuyMode.personalGift,
  BuyMode.enterpriseGift,
  BuyMode.firstPurchase,
  BuyMode.tiered,
  BuyMode.cityAnnual,
  BuyMode.perCopy,
] as const;

/**
 * The filters of the order records (`withSource`) and of the balance details: order number,
 * product, buy mode, order state, source, account type, account, customer company and the
 * allocation dates (the last 3 months by default).
 */
export function orderFields(companies: readonly CustomerCompanyOption[] | undefined, withSource: boolean): FilterField[] {
  return [
    { kind: 'text', key: 'orderNo', label: '订单编号', placeholder: '请输入订单编号', maxLength: 32, width: 190 },
    {
      kind: 'select',
      key: 'productCode',
      label: '产品',
      width: 120,
      options: [ALL, ...PRODUCTS.map((p) => ({ value: p.productCode, label: p.productName }))],
    },
    {
      kind: 'select',
      key: 'buyModeCode',
      label: '购买模式',
      width: 130,
      options: [ALL, ...BUY_MODES.map((m) => ({ value: String(m), label: BUY_MODE_NAMES[m] }))],
    },
    {
      kind: 'select',
      key: 'state',
      label: '订单状态',
      width: 110,
      options: [ALL, ...([0, 1, 2] as const).map((s) => ({ value: String(s), label: ORDER_STATE_LABELS[s] }))],
    },
    ...(withSource
      ? [
          {
            kind: 'select',
            key: 'from',
            label: '订单来源',
            width: 120,
            options: [{ value: '0', label: '全部' }, ...[1, 2].map((f) => ({ value: String(f), label: ORDER_FROM_LABELS[f] }))],
          } satisfies FilterField,
        ]
      : []),
    ACCOUNT_TYPE_FIELD,
    { ...ACCOUNT_FIELD, label: '账号', placeholder: '请输入账号' },
    companyField(companies),
    { kind: 'dateRange', key: 'orderTime', label: '分配日期', beginKey: 'beginDate', endKey: 'endDate', defaultMonths: 3 },
  ];
}

/** GET api/tenant/customer-balance/list (and its export) without the page. */
export interface CustomerBalanceQuery {
  type?: number;
  companyId?: number;
  account?: string;
  sortField?: string;
  sortOrder?: 'asc' | 'desc';
}

/** GET api/tenant/customer-balance/order/list and balance/list (and their exports) without the page. */
export interface BalanceOrderQuery {
  orderNo?: string;
  productCode?: string;
  buyModeCode?: number;
  state?: number;
  from?: number;
  type?: number;
  account?: string;
  companyId?: number;
  beginDate?: string;
  endDate?: string;
}

const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));

/** The balance list's query from the applied filters and the sort of its count columns. */
export function customerBalanceQuery(applied: FilterValues, sort: ListSort | null): CustomerBalanceQuery {
  const q = filterQuery(applied);
  return {
    type: num(q.type),
    companyId: num(q.companyId),
    account: q.account,
    ...(sort ? { sortField: sort.field, sortOrder: sort.order } : {}),
  };
}

/**
 * The query of the order and detail lists from the applied filters. Blank, 0 and 'all' are left
 * out, except the order state, where 0 is 待生效 (only 'all' means every state).
 */
export function balanceOrderQuery(applied: FilterValues): BalanceOrderQuery {
  const q = filterQuery(applied);
  const state = applied.state;
  return {
    orderNo: q.orderNo,
    productCode: q.productCode,
    buyModeCode: num(q.buyModeCode),
    state: state === '0' || state === '1' || state === '2' ? Number(state) : undefined,
    from: num(q.from),
    type: num(q.type),
    account: q.account,
    companyId: num(q.companyId),
    beginDate: q.beginDate,
    endDate: q.endDate,
  };
}
