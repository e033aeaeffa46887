import { z } from 'zod';
import { isBlankFilter } from '../filters/list-filters';
import { checkDateRange, dateRangeFilterShape, ListMsg } from '../validation/eval-list.schemas';
import { pageQuerySchema } from '../validation/paging.schemas';
import { BatchMsg } from './batch-upload.rules';

/** Filter of the task list: 0 all, 1 valuing, 2 finished, 3 failed. */
export const BATCH_TASK_STATE_FILTERS = [0, 1, 2, 3] as const;
/** Filter of the item list: 0 all, 1 valued, 2 not valued, 3 address parse failed. */
export const BATCH_ITEM_STATE_FILTERS = [0, 1, 2, 3] as const;

export const BATCH_TASK_STATE_LABELS: Readonly<Record<number, string>> = { 0: '待确认', 1: '估价中', 2: '已完成', 3: '估价异常' };
export const BATCH_ITEM_STATE_LABELS: Readonly<Record<number, string>> = { 0: '待估价', 1: '已估价', 2: '未估价', 3: '地址解析失败' };

const blankAsUndefined = (v: unknown) => (isBlankFilter(v as string | number | null | undefined) ? undefined : v);

const stateFilter = (states: readonly number[]) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 0 : v),
    z.coerce
      .number({ message: '状态不正确' })
      .int('状态不正确')
      .refine((n) => states.includes(n), '状态不正确'),
  );

/** GET api/batch/list: task name (contains), date range, state, page (10/50/100/200). */
export const batchListQuerySchema = z
  .object({
    taskName: z.preprocess(
      (v) => (typeof v === 'string' ? blankAsUndefined(v.trim()) : blankAsUndefined(v)),
      z.string({ message: ListMsg.textTooLong }).max(50, ListMsg.textTooLong).optional(),
    ),
    ...dateRangeFilterShape,
    taskState: stateFilter(BATCH_TASK_STATE_FILTERS),
    ...pageQuerySchema().shape,
  })
  .superRefine(checkDateRange);

/** The task: its numeric id or its batchId. */
const taskRef = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v === undefined || v === null ? '' : String(v)),
  z.string().regex(/^[A-Za-z0-9]{1,32}$/, BatchMsg.taskNotFound),
);

export const batchDetailQuerySchema = z.object({ id: taskRef });

/** GET api/batch/items/export: the task and the item state (0 all). */
export const batchItemsFilterSchema = z.object({ batchId: taskRef, evalState: stateFilter(BATCH_ITEM_STATE_FILTERS) });

/** GET api/batch/items: the filter and the page. */
export const batchItemsQuerySchema = z.object({ ...batchItemsFilterSchema.shape, ...pageQuerySchema().shape });

/** POST api/batch/eval. */
export const batchEvalBodySchema = z.object({ batchId: taskRef });

export type BatchListFilter = z.output<typeof batchListQuerySchema>;
export type BatchItemsFilter = z.output<typeof batchItemsFilterSchema>;
export type BatchItemsPage = z.output<typeof batchItemsQuerySchema>;
