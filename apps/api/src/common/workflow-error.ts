import { WorkflowConflictError, WorkflowRefusedError } from '@valuation/core';
import { ApiError } from './api-error';

/** The answer to a failed workflow transition: 409 when someone else changed the subject first, 400 when the machine refuses the event; other errors as they are. */
export function workflowApiError(error: unknown): unknown {
  if (error instanceof WorkflowConflictError) return ApiError.conflict(error.message);
  if (error instanceof WorkflowRefusedError) return ApiError.badRequest(error.message);
  return error;
}
