import { OPERATION_LOG_DEFAULT_DAYS, type OperationLogListQuery } from '@valuation/domain';
import type { FilterField } from '@valuation/ui';

/** Page sizes of the operation log (channel spec, section 9). */
export const OPERATION_LOG_PAGE_SIZES = [10, 50, 100, 200] as const;

/** The filters of the operation log: operation dates (the last 7 days by default), the operator's account and name. */
export const OPERATION_LOG_FIELDS: readonly FilterField[] = [
  {
    kind: 'dateRange',
    key: 'operateTime',
    label: '操作时间',
    beginKey: 'beginDate',
    endKey: 'endDate',
    defaultDays: OPERATION_LOG_DEFAULT_DAYS,
  },
  { kind: 'text', key: 'loginUser', label: '账号', placeholder: '请输入账号', maxLength: 18, width: 150 },
  { kind: 'text', key: 'userName', label: '姓名', placeholder: '请输入姓名', maxLength: 20, width: 150 },
];

/** The query of api/tenant/logs/list from the applied filters (blank ones already dropped). */
export function operationLogQuery(q: Readonly<Record<string, string>>): Omit<OperationLogListQuery, 'pageIndex' | 'pageSize'> {
  return { beginDate: q.beginDate, endDate: q.endDate, loginUser: q.loginUser, userName: q.userName };
}
