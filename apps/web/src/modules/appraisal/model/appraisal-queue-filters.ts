import { APPRAISAL_KIND_LABELS, type AppraisalCaseKind } from '@valuation/domain';

/** The queue filters as the form holds them; '' means no filter. */
export interface QueueFilters {
  kind: 'all' | AppraisalCaseKind;
  state: 'open' | 'answered' | 'all';
  city: string;
  age: string;
  mine: boolean;
}

export const EMPTY_QUEUE_FILTERS: QueueFilters = { kind: 'all', state: 'open', city: '', age: '', mine: false };

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
  { value: '', label: '不限' },
  { value: 'within:1', label: '1天内提交' },
  { value: 'within:3', label: '3天内提交' },
  { value: 'within:7', label: '7天内提交' },
  { value: 'older:7', label: '超过7天' },
  { value: 'older:30', label: '超过30天' },
];

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
    default:
      return { label: machineState, color: 'gray' };
  }
}

export const KIND_COLORS: Readonly<Record<AppraisalCaseKind, string>> = { artificial: 'indigo', review: 'teal', objection: 'grape' };
