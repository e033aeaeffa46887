import type { CustomerBalanceSummary, UserBalanceRow } from '@valuation/contracts';
import { BalanceMsg, type AllocationKind } from '@valuation/domain';

/** What the dialog is opened for: an allocation to an account, or the defaults that prefill allocations. */
export type AllocationTarget = { mode: 'allocate'; row: UserBalanceRow } | { mode: 'defaults' };

/** The four counts as typed (digits only). */
export type CountValues = Record<`${AllocationKind}Count`, string>;

export const countKey = (kind: AllocationKind) => `${kind}Count` as const;

/** The units of the counts: valuations are times, reports copies. */
export const COUNT_UNITS: Readonly<Record<AllocationKind, string>> = { annually: '次', universal: '次', advisory: '份', inquiry: '份' };

const shown = (n: number | undefined) => (n && n > 0 ? String(n) : '');

/** The dialog's first values: the defaults the administrator set (a default of 0 leaves the field empty). */
export function initialCounts(summary: CustomerBalanceSummary | undefined): CountValues {
  return {
    annuallyCount: shown(summary?.annuallyDefault),
    universalCount: shown(summary?.universalDefault),
    advisoryCount: shown(summary?.advisoryDefault),
    inquiryCount: shown(summary?.inquiryDefault),
  };
}

/** The request the schema reads: the counts, and for an allocation the account and its type. */
export function allocationInput(target: AllocationTarget, summary: CustomerBalanceSummary | undefined, values: CountValues) {
  return target.mode === 'allocate'
    ? { ...values, balanceId: target.row.id, userType: target.row.userType }
    : { ...values, balanceId: summary?.id };
}

/** What the administrator can still allocate of each count. */
export function allocatable(summary: CustomerBalanceSummary, kind: AllocationKind): number {
  return summary[countKey(kind)];
}

/** The form's rule that is not one field's: shown above the fields, not under the first of them. */
export const isFormRule = (message: string | undefined) => message === BalanceMsg.defaultsRequired;
