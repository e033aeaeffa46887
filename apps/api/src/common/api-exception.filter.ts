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
  415: Msg.unsupportedCharset,
  429: Msg.loginThrottled,
};

interface BodyParserError {
  type?: string;
  status?: number;
  statusCode?: number;
  expose?: boolean;
  code?: string;
}

/** Messages of the body parsers' refusals, by their type. */
const PARSER_MESSAGES: Record<string, string> = {
  'charset.unsupported': Msg.unsupportedCharset,
  'encoding.unsupported': Msg.unsupportedEncoding,
  'entity.too.large': Msg.payloadTooLarge,
  'parameters.too.many': Msg.payloadTooLarge,
  'querystring.parse.rangeError': Msg.nestedTooDeep,
};

const PARSER_TYPES = new Set([...Object.keys(PARSER_MESSAGES), 'entity.parse.failed', 'request.aborted', 'request.size.invalid']);

/**
 * A request the body parsers or the router refuse (http-errors with a 4xx status they mean to show,
 * an undecodable path): its status and message.
 */
function malformedRequest(exception: unknown): { status: number; message: string } | undefined {
  if (!exception || typeof exception !== 'object') return undefined;
  const e = exception as BodyParserError;
  const status = e.status ?? e.statusCode;
  if (typeof status !== 'number' || status < 400 || status >= 500) return undefined;
  const shown = e.expose === true || (e.type !== undefined && PARSER_TYPES.has(e.type)) || exception instanceof URIError;
  if (!shown) return undefined;
  return { status, message: (e.type && PARSER_MESSAGES[e.type]) ?? DEFAULT_MESSAGES[status] ?? Msg.badRequest };
}

/**
 * PostgreSQL refused a value (class 22, data exception: a number out of range, text it cannot
 * store, a malformed literal; 54000: an entry too large for an index): input no rule caught.
 */
function refusedByDatabase(exception: unknown): boolean {
  const driverError = (exception as { driverError?: { code?: unknown } } | null)?.driverError;
  const code = driverError?.code;
  return typeof code === 'string' && (code.startsWith('22') || code === '54000');
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
    const malformed = malformedRequest(exception);
    if (malformed) return { code: malformed.status, message: malformed.message, data: { requestId: req.id ?? null } };
    if (refusedByDatabase(exception)) {
      this.logger.warn({ err: exception, requestId: req.id, method: req.method, url: req.originalUrl }, 'Value refused by the database');
      return { code: HttpStatus.BAD_REQUEST, message: Msg.badRequest, data: { requestId: req.id ?? null } };
    }
    // The multipart parser's limits (its errors carry a code and no status).
    const multerError = exception as BodyParserError;
    if (multerError?.code === 'LIMIT_FILE_SIZE' || multerError?.code === 'LIMIT_FIELD_VALUE') {
      return { code: HttpStatus.PAYLOAD_TOO_LARGE, message: Msg.payloadTooLarge, data: null };
    }
    if (multerError?.code?.startsWith?.('LIMIT_') ?? false) {
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
