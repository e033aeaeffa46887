import { APPRAISAL_KIND_LABELS, CASE_WITHDRAWN_LABEL, type AppraisalCaseKind } from '@valuation/domain';
import { CHECKED, filterQuery, type FilterField, type FilterValues } from '@valuation/ui';

/** The query of GET api/tenant/appraisal/queue without the page. */
export interface QueueQuery {
  kind?: AppraisalCaseKind;
  /** Always sent: the server's default is the open cases. */
  state: 'open' | 'answered' | 'all';
  city?: string;
  age?: string;
  mine?: boolean;
}

export const KIND_OPTIONS = [
  { value: 'all', label: '全部类型' },
  ...(Object.entries(APPRAISAL_KIND_LABELS) as [AppraisalCaseKind, string][]).map(([value, label]) => ({ value, label })),
];

export const STATE_OPTIONS = [
  { value: 'open', label: '待处理' },
  { value: 'answered', label: '已处理' },
  { value: 'all', label: '全部' },
];

export const AGE_OPTIONS = [
  { value: 'all', label: '不限' },
  { value: 'within:1', label: '1天内提交' },
  { value: 'within:3', label: '3天内提交' },
  { value: 'within:7', label: '7天内提交' },
  { value: 'older:7', label: '超过7天' },
  { value: 'older:30', label: '超过30天' },
];

/** The queue's filters: case type, state (open by default), city by name or code, age, only the caller's. */
export const QUEUE_FIELDS: readonly FilterField[] = [
  { kind: 'select', key: 'kind', label: '案件类型', options: KIND_OPTIONS, width: 130 },
  { kind: 'select', key: 'state', label: '处理状态', options: STATE_OPTIONS, width: 110 },
  { kind: 'text', key: 'city', label: '城市', placeholder: '城市名称或代码', maxLength: 50, width: 150 },
  { kind: 'select', key: 'age', label: '提交时间', options: AGE_OPTIONS, width: 130 },
  { kind: 'checkbox', key: 'mine', label: '只看我领取的' },
];

const STATES: readonly QueueQuery['state'][] = ['open', 'answered', 'all'];

/** The request's query from the applied filters: blank values dropped, the state always sent. */
export function queueQuery(applied: FilterValues): QueueQuery {
  const q = filterQuery(applied);
  return {
    kind: q.kind as AppraisalCaseKind | undefined,
    state: STATES.find((s) => s === applied.state) ?? 'open',
    city: q.city,
    age: q.age,
    mine: q.mine === CHECKED ? true : undefined,
  };
}

/** Label and colour of a case's workflow state. */
export function caseStateBadge(machineState: string, kind: AppraisalCaseKind): { label: string; color: string } {
  switch (machineState) {
    case 'pending':
      return { label: kind === 'objection' ? '待处理' : '待估价', color: 'orange' };
    case 'claimed':
      return { label: '处理中', color: 'blue' };
    case 'succeeded':
      return { label: '已答复', color: 'green' };
    case 'completed':
      return { label: '已完成', color: 'green' };
    case 'failed':
      return { label: '已退回', color: 'gray' };
    case 'withdrawn':
      return { label: CASE_WITHDRAWN_LABEL, color: 'gray' };
    default:
      return { label: machineState, color: 'gray' };
  }
}

export const KIND_COLORS: Readonly<Record<AppraisalCaseKind, string>> = { artificial: 'indigo', review: 'teal', objection: 'grape' };
