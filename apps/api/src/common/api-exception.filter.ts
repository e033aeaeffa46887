import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Msg } from '@valuation/domain';
import type { ApiEnvelope } from '@valuation/contracts';
import { EmptyExportError } from '@valuation/core';
import { ApiError } from './api-error';

const DEFAULT_MESSAGES: Record<number, string> = {
  400: Msg.badRequest,
  401: Msg.unauthorized,
  403: Msg.forbidden,
  404: Msg.notFound,
  409: Msg.conflict,
  413: Msg.payloadTooLarge,
  429: Msg.loginThrottled,
};

interface BodyParserError {
  type?: string;
  status?: number;
  code?: string;
}

/**
 * Answers every error with the envelope. Unexpected errors get a generic message and are logged
 * with the request id; no stack trace ever reaches the client.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request & { id?: string }>();
    const body = this.toEnvelope(exception, req);
    if (res.headersSent) return;
    res.status(body.code).json(body);
  }

  private toEnvelope(exception: unknown, req: Request & { id?: string }): ApiEnvelope {
    if (exception instanceof ApiError) {
      const env: ApiEnvelope = { code: exception.code, message: exception.message, data: exception.data };
      if (exception.subCode !== undefined) env.subCode = exception.subCode;
      return env;
    }
    if (exception instanceof EmptyExportError) return { code: HttpStatus.NOT_FOUND, message: exception.message, data: null };
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if (status >= 500) return this.unexpected(exception, req);
      return { code: status, message: DEFAULT_MESSAGES[status] ?? Msg.badRequest, data: null };
    }
    const parserError = exception as BodyParserError;
    if (parserError?.type === 'entity.too.large' || parserError?.code === 'LIMIT_FILE_SIZE' || parserError?.code === 'LIMIT_FIELD_VALUE') {
      return { code: HttpStatus.PAYLOAD_TOO_LARGE, message: Msg.payloadTooLarge, data: null };
    }
    if (parserError?.type === 'entity.parse.failed' || (parserError?.code?.startsWith?.('LIMIT_') ?? false)) {
      return { code: HttpStatus.BAD_REQUEST, message: Msg.badRequest, data: null };
    }
    return this.unexpected(exception, req);
  }

  private unexpected(exception: unknown, req: Request & { id?: string }): ApiEnvelope {
    const err = exception instanceof Error ? exception : new Error(String(exception));
    this.logger.error({ err, requestId: req.id, method: req.method, url: req.originalUrl }, 'Unexpected error');
    return { code: HttpStatus.INTERNAL_SERVER_ERROR, message: Msg.unexpected, data: { requestId: req.id ?? null } };
  }
}
