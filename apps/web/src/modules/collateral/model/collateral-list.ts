import type { RevalRunView } from '@valuation/contracts';
import {
  DRIFT_KIND_LABELS,
  DRIFT_KINDS,
  formatShare,
  REVAL_ITEM_STATE_NAMES,
  REVAL_ITEM_STATES,
  REVAL_RUN_STATES,
} from '@valuation/domain';
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
    options: [ALL, ...Object.entries(REVAL_ITEM_STATE_NAMES).map(([value, n]) => ({ value, label: REVAL_ITEM_STATES[n] }))],
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

/** The item state filter, by name: `waiting`, `valued` or `failed`; undefined for all. */
export const revalItemStateOf = (q: Readonly<Record<string, string>>) =>
  q.state !== undefined && Object.hasOwn(REVAL_ITEM_STATE_NAMES, q.state) ? (q.state as keyof typeof REVAL_ITEM_STATE_NAMES) : undefined;

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

/** The valuation counts a run used: 扣减估价次数 N，退回 M once it ended (N alone while valuing); 不扣减估价次数 for an uncharged run. */
export function revalChargeText(run: Pick<RevalRunView, 'charged' | 'chargeCount' | 'refundCount' | 'state'>): string {
  if (!run.charged) return '不扣减估价次数';
  return run.state === 1 ? `扣减估价次数 ${run.chargeCount}` : `扣减估价次数 ${run.chargeCount}，退回 ${run.refundCount}`;
}

/** The question before a run on demand, saying whether it uses the company's valuation counts (nothing said while that is unknown). */
export function revalStartQuestion(charged: boolean | undefined): string {
  const charge = charged === undefined ? '' : charged ? '（每项资产扣减 1 次估价次数，未估出价值的退回）' : '（不扣除估价次数）';
  return `将按各资产最近一次估价的房产信息重新估价全部资产${charge}，并按预警规则生成预警。确定发起吗？`;
}
