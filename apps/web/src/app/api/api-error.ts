export type ApiErrorKind = 'network' | 'response';

/** A failed call: no answer at all (`network`) or an answer whose code is not 200 (`response`). */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly code: number;
  readonly subCode?: number;
  readonly data?: unknown;

  constructor(kind: ApiErrorKind, code: number, message: string, subCode?: number, data?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.code = code;
    this.subCode = subCode;
    this.data = data;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * What a dialog shows for a save the server refused: its message. Null for a network failure,
 * which the API client shows already.
 */
export function failureMessage(error: unknown, fallback = '保存失败！'): string | null {
  if (isApiError(error)) return error.kind === 'network' ? null : error.message;
  return fallback;
}
