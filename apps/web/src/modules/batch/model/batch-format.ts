import type { BatchItemState, BatchTaskState } from '@valuation/contracts';
import {
  BATCH_ITEM_STATE_LABELS,
  BATCH_TASK_STATE_LABELS,
  formatSaleSum,
  formatTotalPrice,
  formatUnitPriceFigure,
  YUAN_PER_YI,
} from '@valuation/domain';

const EMPTY = '--';

/** Whole percent of the rows done, 100 only when every row is done; 0 for an empty task. */
export function progressPercent(processed: number | null | undefined, total: number | null | undefined): number {
  if (!total || total <= 0 || !processed || processed <= 0) return 0;
  if (processed >= total) return 100;
  return Math.floor((processed * 100) / total);
}

const isNumber = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/** Total of a task, given in 亿元 by the API, as sums of sale totals read: `1.23亿元` from 1 亿 up, else `732万元`. */
export function formatBatchAmount(amount: number | null | undefined): string {
  return isNumber(amount) ? formatSaleSum(amount * YUAN_PER_YI) : EMPTY;
}

/** Unit price of an item (元/㎡), no decimals: `56,790`. */
export function formatBatchUnitPrice(unitPrice: number | null | undefined): string {
  return formatUnitPriceFigure(unitPrice, 1, 0);
}

/** Total price of an item, given in yuan, shown in 万元 with 2 decimals: `356.12`. */
export function formatBatchTotalPrice(totalPrice: number | null | undefined): string {
  return formatTotalPrice(totalPrice, 1, 2);
}

/** `5/18`; a missing side shows as `--`. */
export function formatFloor(floor: number | null | undefined, bheight: number | null | undefined): string {
  if (!isNumber(floor) && !isNumber(bheight)) return EMPTY;
  return `${isNumber(floor) ? floor : EMPTY}/${isNumber(bheight) ? bheight : EMPTY}`;
}

export interface StateLook {
  label: string;
  color: string;
}

export const TASK_STATE_LOOK: Readonly<Record<BatchTaskState, StateLook>> = {
  0: { label: BATCH_TASK_STATE_LABELS[0], color: 'yellow' },
  1: { label: BATCH_TASK_STATE_LABELS[1], color: 'blue' },
  2: { label: BATCH_TASK_STATE_LABELS[2], color: 'green' },
  3: { label: BATCH_TASK_STATE_LABELS[3], color: 'red' },
};

/** Task state filter; 0 means every state. */
export const TASK_STATE_OPTIONS = [
  { value: '0', label: '全部' },
  { value: '1', label: TASK_STATE_LOOK[1].label },
  { value: '2', label: TASK_STATE_LOOK[2].label },
  { value: '3', label: TASK_STATE_LOOK[3].label },
];

export const ITEM_STATE_LOOK: Readonly<Record<BatchItemState, StateLook>> = {
  0: { label: BATCH_ITEM_STATE_LABELS[0], color: 'gray' },
  1: { label: BATCH_ITEM_STATE_LABELS[1], color: 'green' },
  2: { label: BATCH_ITEM_STATE_LABELS[2], color: 'orange' },
  3: { label: BATCH_ITEM_STATE_LABELS[3], color: 'red' },
};

/** Item state filter; 0 means every item. */
export const ITEM_STATE_OPTIONS = [
  { value: '0', label: '全部' },
  { value: '1', label: ITEM_STATE_LOOK[1].label },
  { value: '2', label: ITEM_STATE_LOOK[2].label },
  { value: '3', label: ITEM_STATE_LOOK[3].label },
];

/** Whether a list page holds a task still being valued (the page is then polled). */
export function hasRunningTask(tasks: readonly { taskState: number }[] | undefined): boolean {
  return (tasks ?? []).some((t) => t.taskState === 1);
}
