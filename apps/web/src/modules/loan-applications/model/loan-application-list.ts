import { LOAN_APPLY_LIMITS, LOAN_APPLY_STATE_KEYS, LOAN_APPLY_STATES, type LoanApplyState } from '@valuation/domain';
import type { FilterField } from '@valuation/ui';
import type { LoanApplyFilters } from '../api/loan-applications-api';

/** Page sizes of the application list. */
export const LOAN_APPLY_PAGE_SIZES = [10, 50, 100, 200] as const;

const ALL = { value: 'all', label: '全部' };

/** The filters of the application list (state by its name: a list's 0 means no filter). */
export const LOAN_APPLY_FIELDS: readonly FilterField[] = [
  { kind: 'text', key: 'applyNo', label: '申请编号', placeholder: '请输入申请编号', maxLength: LOAN_APPLY_LIMITS.applyNo, width: 170 },
  { kind: 'text', key: 'borrower', label: '借款人', placeholder: '请输入借款人', maxLength: LOAN_APPLY_LIMITS.borrower, width: 150 },
  {
    kind: 'select',
    key: 'state',
    label: '审批状态',
    width: 120,
    options: [ALL, ...LOAN_APPLY_STATE_KEYS.map((value, state) => ({ value, label: LOAN_APPLY_STATES[state as LoanApplyState] }))],
  },
  { kind: 'dateRange', key: 'applyDate', label: '申请日期', beginKey: 'beginDate', endKey: 'endDate' },
];

/** The query of api/loan-apply/list and its export from the applied filters. */
export function loanApplyQuery(q: Readonly<Record<string, string>>): LoanApplyFilters {
  return { applyNo: q.applyNo, borrower: q.borrower, state: q.state, beginDate: q.beginDate, endDate: q.endDate };
}

/** The colour of a state's badge. */
export const LOAN_APPLY_STATE_COLORS: Readonly<Record<LoanApplyState, string>> = { 0: 'blue', 1: 'green', 2: 'red', 3: 'gray' };
