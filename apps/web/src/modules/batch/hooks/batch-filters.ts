import type { BatchListQuery } from '@valuation/contracts';
import { businessNow, cleanFilters, defaultDateRange } from '@valuation/domain';

export const BATCH_PAGE_SIZES = [10, 50, 100, 200] as const;

/** What the filter bar holds; task state '0' means every state. */
export interface BatchFilterForm {
  taskName: string;
  taskState: string;
  beginDate?: string;
  endDate?: string;
}

export function initialBatchFilters(today: Date | string = businessNow()): BatchFilterForm {
  return { taskName: '', taskState: '0', ...defaultDateRange(today) };
}

/** The query of api/batch/list for the filters, blank ones left out. */
export function batchFilterQuery(form: BatchFilterForm): Omit<BatchListQuery, 'pageIndex' | 'pageSize'> {
  const cleaned = cleanFilters({ taskName: form.taskName, taskState: form.taskState, beginDate: form.beginDate, endDate: form.endDate });
  return { ...cleaned, taskState: cleaned.taskState === undefined ? undefined : Number(cleaned.taskState) };
}
