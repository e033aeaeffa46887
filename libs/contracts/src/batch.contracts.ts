/**
 * Batch valuation API: api/batch/upload, eval, list, detail, items, items/export, template.
 * Prices in yuan except where noted; evalAmount is in 亿元 as the specification shows it.
 */

import { z } from 'zod';

export const batchTaskStateSchema = z
  .literal([0, 1, 2, 3])
  .describe("0 waiting for the user's agreement to use nationwide counts, 1 valuing, 2 finished, 3 failed.");
export type BatchTaskState = z.infer<typeof batchTaskStateSchema>;

export const batchItemStateSchema = z.literal([0, 1, 2, 3]).describe('0 waiting, 1 valued, 2 not valued, 3 address parse failed.');
export type BatchItemState = z.infer<typeof batchItemStateSchema>;

/** subCode of the upload answer when the city-annual counts do not cover the rows. */
export const BATCH_SUBCODE_NEEDS_UNIVERSAL = 100;

export const batchUploadResultSchema = z
  .object({
    batchId: z.string(),
    evalTotal: z.number(),
    shortfall: z.number().optional().describe('Counts still missing from the city-annual packages (with subCode 100).'),
    updated: z
      .number()
      .optional()
      .describe('A loan book: rows whose loan an asset already carries, updated and not valued (batchId is empty when every row was one).'),
  })
  .meta({ id: 'BatchUploadResult', description: 'Answer of POST api/batch/upload and api/batch/eval.' });
export type BatchUploadResult = z.infer<typeof batchUploadResultSchema>;

export const batchTaskSchema = z
  .object({
    id: z.number(),
    batchId: z.string(),
    taskName: z.string(),
    taskState: batchTaskStateSchema,
    evalTotal: z.number(),
    processed: z.number().describe('Rows finished so far (progress = processed / evalTotal).'),
    evalAmount: z.number().describe('Sum of the valued totals in 亿元, 4 decimals.'),
    evalSuccess: z.number(),
    evalFail: z.number(),
    evalError: z.number(),
    submitTime: z.string().describe('yyyy-MM-dd HH:mm:ss'),
    finishTime: z.string().nullable(),
    recvPhone: z.string().nullable(),
    fileName: z.string(),
    errorReason: z.string().nullable(),
  })
  .meta({ id: 'BatchTask', description: 'One row of GET api/batch/list and the answer of GET api/batch/detail.' });
export type BatchTask = z.infer<typeof batchTaskSchema>;

/** Query of GET api/batch/list; dates yyyy/MM/dd, taskState 0 for all. */
export interface BatchListQuery {
  taskName?: string;
  beginDate?: string;
  endDate?: string;
  taskState?: number;
  pageIndex?: number;
  pageSize?: number;
}

export const batchItemSchema = z
  .object({
    id: z.number(),
    rowNo: z.number(),
    state: batchItemStateSchema,
    cityName: z.string().nullable(),
    distName: z.string().nullable(),
    location: z.string().nullable(),
    haName: z.string().nullable(),
    propType: z.number().nullable(),
    bldgArea: z.number().nullable(),
    floor: z.number().nullable(),
    bheight: z.number().nullable(),
    unitPrice: z.number().nullable(),
    totalPrice: z.number().nullable(),
    evalCode: z.string().nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'BatchItem', description: 'One row of GET api/batch/items.' });
export type BatchItem = z.infer<typeof batchItemSchema>;

/** Query of GET api/batch/items and api/batch/items/export; evalState 0 for all. */
export interface BatchItemsQuery {
  batchId: string;
  evalState?: number;
  pageIndex?: number;
  pageSize?: number;
}
