import { Badge } from '@mantine/core';
import { LOAN_APPLY_STATES, type LoanApplyState } from '@valuation/domain';
import { LOAN_APPLY_STATE_COLORS } from '../model/loan-application-list';

/** An application's state: 待审批, 已批准, 已拒绝 or 已撤回. */
export function LoanStateBadge({ state }: { state: number }) {
  return (
    <Badge color={LOAN_APPLY_STATE_COLORS[state as LoanApplyState] ?? 'gray'} variant="light" radius="sm">
      {LOAN_APPLY_STATES[state as LoanApplyState] ?? state}
    </Badge>
  );
}
