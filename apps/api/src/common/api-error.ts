import { HttpStatus } from '@nestjs/common';

/** An error answered as `{ code, message, data }` with the HTTP status equal to code. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
    readonly subCode?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  static badRequest(message: string, data: unknown = null) {
    return new ApiError(HttpStatus.BAD_REQUEST, message, data);
  }
  static unauthorized(message: string) {
    return new ApiError(HttpStatus.UNAUTHORIZED, message);
  }
  static forbidden(message: string) {
    return new ApiError(HttpStatus.FORBIDDEN, message);
  }
  static notFound(message: string) {
    return new ApiError(HttpStatus.NOT_FOUND, message);
  }
  static conflict(message: string) {
    return new ApiError(HttpStatus.CONFLICT, message);
  }
  static tooMany(message: string) {
    return new ApiError(HttpStatus.TOO_MANY_REQUESTS, message);
  }
}

/** A successful answer with a message other than the default (login puts the token there). */
export class Reply<T> {
  constructor(
    readonly data: T,
    readonly message = 'success',
    readonly subCode?: number,
  ) {}
}
