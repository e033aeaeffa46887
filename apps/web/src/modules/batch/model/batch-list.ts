import type { BatchListQuery } from '@valuation/contracts';
import { BATCH_TASK_NAME_MAX } from '@valuation/domain';
import type { FilterField } from '@valuation/ui';
import { ITEM_STATE_OPTIONS, TASK_STATE_OPTIONS } from './batch-format';

/** Page sizes of the task list and the item list (staff back-office spec, section 9). */
export const BATCH_PAGE_SIZES = [10, 50, 100, 200] as const;

/** The filters of the task list. */
export const BATCH_TASK_FIELDS: readonly FilterField[] = [
  { kind: 'text', key: 'taskName', label: '任务名称', maxLength: BATCH_TASK_NAME_MAX, width: 180 },
  { kind: 'select', key: 'taskState', label: '任务状态', options: TASK_STATE_OPTIONS, width: 120 },
  { kind: 'dateRange', key: 'submitTime', label: '提交时间', beginKey: 'beginDate', endKey: 'endDate', defaultMonths: 3 },
];

/** The filter of a task's items: their state, applied as soon as it is chosen. */
export const BATCH_ITEM_FIELDS: readonly FilterField[] = [
  { kind: 'segmented', key: 'evalState', label: '估价状态', options: ITEM_STATE_OPTIONS },
];

/** The query of api/batch/list from the applied filters (blank ones already dropped). */
export function batchTaskQuery(q: Readonly<Record<string, string>>): Omit<BatchListQuery, 'pageIndex' | 'pageSize'> {
  return {
    taskName: q.taskName,
    beginDate: q.beginDate,
    endDate: q.endDate,
    taskState: q.taskState === undefined ? undefined : Number(q.taskState),
  };
}

/** The item state of the applied filter; 0 is every item. */
export const itemStateOf = (q: Readonly<Record<string, string>>) => Number(q.evalState ?? 0);
