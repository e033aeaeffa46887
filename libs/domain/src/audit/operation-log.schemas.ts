import { z } from 'zod';
import { pageQuerySchema } from '../validation/paging.schemas';
import { checkDateRange, dateRangeFilterShape, filterTextSchema } from '../validation/eval-list.schemas';

/** Days the operation log shows by default: the last 7 up to today. */
export const OPERATION_LOG_DEFAULT_DAYS = 7;

/** Characters of an operation's text the log list shows before cutting it. */
export const OPERATION_LOG_TEXT_CHARS = 100;

/** GET /api/tenant/logs/list: operation dates (yyyy/MM/dd), the operator's account and name (contained), the page. */
export const operationLogQuerySchema = z
  .object({
    ...dateRangeFilterShape,
    loginUser: filterTextSchema(18),
    userName: filterTextSchema(20),
    ...pageQuerySchema().shape,
  })
  .superRefine(checkDateRange);
export type OperationLogListQuery = z.output<typeof operationLogQuerySchema>;
