import { DRIFT_KIND_LABELS, DRIFT_KINDS, formatShare, REVAL_ITEM_STATES, REVAL_RUN_STATES } from '@valuation/domain';
import type { FilterField } from '@valuation/ui';
import type { DriftAlertsQuery } from '../api/collateral-api';

/** Page sizes of the run, item and alert lists. */
export const REVAL_PAGE_SIZES = [10, 50, 100, 200] as const;

const ALL = { value: 'all', label: '全部' };

export const REVAL_RUN_FIELDS: readonly FilterField[] = [
  {
    kind: 'select',
    key: 'state',
    label: '任务状态',
    width: 120,
    options: [ALL, ...Object.entries(REVAL_RUN_STATES).map(([value, label]) => ({ value, label }))],
  },
];

export const REVAL_ITEM_FIELDS: readonly FilterField[] = [
  {
    kind: 'segmented',
    key: 'state',
    label: '估价状态',
    options: [ALL, ...Object.entries(REVAL_ITEM_STATES).map(([value, label]) => ({ value, label }))],
  },
];

export const DRIFT_ALERT_FIELDS: readonly FilterField[] = [
  {
    kind: 'select',
    key: 'kind',
    label: '预警类型',
    width: 150,
    options: [ALL, ...DRIFT_KINDS.map((k) => ({ value: k, label: DRIFT_KIND_LABELS[k] }))],
  },
  { kind: 'text', key: 'loanNo', label: '贷款编号', placeholder: '请输入贷款编号', maxLength: 40, width: 170 },
  { kind: 'text', key: 'runId', label: '重估任务', placeholder: '任务编号', maxLength: 12, width: 110 },
];

const num = (v: string | undefined) => (v === undefined || !/^\d+$/.test(v) ? undefined : Number(v));

export const revalStateOf = (q: Readonly<Record<string, string>>) => num(q.state);

/** The query of api/reval/alerts and its export from the applied filters. */
export function driftAlertQuery(q: Readonly<Record<string, string>>): Omit<DriftAlertsQuery, 'pageIndex' | 'pageSize'> {
  return { kind: q.kind, loanNo: q.loanNo, runId: num(q.runId) };
}

/** A loan-to-value in percent, 2 decimals: `85.12%`; `--` without one. */
export const formatLtv = (ltv: number | null | undefined) => formatShare(ltv, 2);

/** The colour of an LTV: red past 100 %, orange past the rule's limit. */
export function ltvColor(ltv: number | null, limit: number): string | undefined {
  if (ltv === null) return undefined;
  if (ltv > 100) return 'red';
  return ltv > limit ? 'orange' : undefined;
}
