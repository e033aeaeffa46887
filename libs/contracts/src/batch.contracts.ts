/**
 * Batch valuation API: api/batch/upload, eval, list, detail, items, items/export, template.
 * Prices in yuan except where noted; evalAmount is in 亿元 as the specification shows it.
 */

/** 0 waiting for the user's agreement to use nationwide counts, 1 valuing, 2 finished, 3 failed. */
export type BatchTaskState = 0 | 1 | 2 | 3;

/** 0 waiting, 1 valued, 2 not valued, 3 address parse failed. */
export type BatchItemState = 0 | 1 | 2 | 3;

/** subCode of the upload answer when the city-annual counts do not cover the rows. */
export const BATCH_SUBCODE_NEEDS_UNIVERSAL = 100;

/** Answer of POST api/batch/upload and api/batch/eval. */
export interface BatchUploadResult {
  batchId: string;
  evalTotal: number;
  /** Counts still missing from the city-annual packages (with subCode 100). */
  shortfall?: number;
}

/** One row of GET api/batch/list and the answer of GET api/batch/detail. */
export interface BatchTask {
  id: number;
  batchId: string;
  taskName: string;
  taskState: BatchTaskState;
  evalTotal: number;
  /** Rows finished so far (progress = processed / evalTotal). */
  processed: number;
  /** Sum of the valued totals in 亿元, 4 decimals. */
  evalAmount: number;
  evalSuccess: number;
  evalFail: number;
  evalError: number;
  /** yyyy-MM-dd HH:mm:ss */
  submitTime: string;
  finishTime: string | null;
  recvPhone: string | null;
  fileName: string;
  errorReason: string | null;
}

/** Query of GET api/batch/list; dates yyyy/MM/dd, taskState 0 for all. */
export interface BatchListQuery {
  taskName?: string;
  beginDate?: string;
  endDate?: string;
  taskState?: number;
  pageIndex?: number;
  pageSize?: number;
}

/** One row of GET api/batch/items. */
export interface BatchItem {
  id: number;
  rowNo: number;
  state: BatchItemState;
  cityName: string | null;
  distName: string | null;
  location: string | null;
  haName: string | null;
  propType: number | null;
  bldgArea: number | null;
  floor: number | null;
  bheight: number | null;
  unitPrice: number | null;
  totalPrice: number | null;
  evalCode: string | null;
  error: string | null;
}

/** Query of GET api/batch/items and api/batch/items/export; evalState 0 for all. */
export interface BatchItemsQuery {
  batchId: string;
  evalState?: number;
  pageIndex?: number;
  pageSize?: number;
}
