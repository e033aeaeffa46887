import type { FilterField, FilterValues } from '@valuation/ui';
import { ORG_FIELD, ORG_KEY, tickedOrgs } from './org-choice';

/** The filters of 余额管理: the organisations (the tree beside the list), the account and the name. */
export const BALANCE_FIELDS: readonly FilterField[] = [
  ORG_FIELD,
  { kind: 'text', key: 'account', label: '账号', placeholder: '请输入账号', maxLength: 50, width: 170 },
  { kind: 'text', key: 'accountName', label: '姓名', placeholder: '请输入姓名', maxLength: 50, width: 150 },
];

/** The filters of 分配记录: the organisations, order number, account, name, allocator and the dates (the last month up to today). */
export const ALLOCATION_FIELDS: readonly FilterField[] = [
  ORG_FIELD,
  { kind: 'text', key: 'orderNo', label: '订单编号', placeholder: '请输入订单编号', maxLength: 32, width: 170 },
  { kind: 'text', key: 'account', label: '账号', placeholder: '请输入账号', maxLength: 50, width: 150 },
  { kind: 'text', key: 'accountName', label: '姓名', placeholder: '请输入姓名', maxLength: 50, width: 130 },
  { kind: 'text', key: 'creator', label: '分配人', placeholder: '请输入分配人', maxLength: 50, width: 130 },
  { kind: 'dateRange', key: 'createTime', label: '分配日期', beginKey: 'beginDate', endKey: 'endDate', defaultMonths: 1 },
];

/** The fields the filter bar shows: the organisations are ticked in the tree beside it. */
export const barFields = (fields: readonly FilterField[]) => fields.filter((f) => f.key !== ORG_KEY);

export interface BalanceListFilter {
  organizationIds: number[];
  account?: string;
  accountName?: string;
}

export interface AllocationListFilter extends BalanceListFilter {
  orderNo?: string;
  creator?: string;
  beginDate?: string;
  endDate?: string;
}

/** The request of api/user-balance/list from the applied filters (`query`: blank ones already dropped). */
export function balanceListFilter(
  applied: FilterValues,
  query: Readonly<Record<string, string>>,
  treeIds: readonly number[],
): BalanceListFilter {
  return { organizationIds: tickedOrgs(applied[ORG_KEY], treeIds), account: query.account, accountName: query.accountName };
}

/** The request of api/user-balance/allocate/list and its export from the applied filters. */
export function allocationListFilter(
  applied: FilterValues,
  query: Readonly<Record<string, string>>,
  treeIds: readonly number[],
): AllocationListFilter {
  return {
    ...balanceListFilter(applied, query, treeIds),
    orderNo: query.orderNo,
    creator: query.creator,
    beginDate: query.beginDate,
    endDate: query.endDate,
  };
}
