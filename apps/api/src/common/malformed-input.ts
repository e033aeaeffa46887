import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { Msg } from '@valuation/domain';
import { ApiError } from './api-error';
import { requestId } from './http-logger';

/** Nesting deeper than any request of the API has (a JSON or form body, a query). */
export const MAX_INPUT_DEPTH = 32;

export interface TextProblem {
  /** Where in the input: `name`, `houseInfo.cityName`, `list.0`. */
  field: string;
  message: string;
}

/**
 * The first thing in parsed request input that no endpoint may receive: a NUL character in a key
 * or a text (PostgreSQL cannot store it in any text column), or nesting deeper than
 * {@link MAX_INPUT_DEPTH}. Walks without recursion, so no input can exhaust the stack.
 */
export function textProblem(input: unknown, maxDepth = MAX_INPUT_DEPTH): TextProblem | undefined {
  const pending: { value: unknown; path: string; depth: number }[] = [{ value: input, path: '', depth: 0 }];
  while (pending.length) {
    const { value, path, depth } = pending.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { field: path, message: Msg.textHasNul };
      continue;
    }
    if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) continue;
    if (depth >= maxDepth) return { field: path, message: Msg.nestedTooDeep };
    for (const [key, child] of Object.entries(value)) {
      // A key with a NUL is named by the object holding it, so no NUL reaches the answer.
      if (key.includes('\u0000')) return { field: path, message: Msg.textHasNul };
      pending.push({ value: child, path: path ? `${path}.${key}` : key, depth: depth + 1 });
    }
  }
  return undefined;
}

/** The answer to input with a {@link TextProblem}: 400 naming the field, like a validation failure. */
export function textProblemError(problem: TextProblem): ApiError {
  return ApiError.badRequest(problem.message, { field: problem.field, errors: { [problem.field || '_']: problem.message } });
}

/**
 * Gives every request its id (the caller's X-Request-Id when well formed) before anything else
 * runs, so answers of the body parsers carry it too; the request logger keeps the id it finds.
 */
export function assignRequestId(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    req.id ??= requestId(req);
    res.setHeader('X-Request-Id', String(req.id));
    next();
  };
}

/** Refuses a query or a parsed JSON or form body holding a {@link TextProblem}; multipart bodies are checked where they are read. */
export function rejectMalformedText(): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    const problem = textProblem(req.query) ?? textProblem(req.body);
    next(problem ? textProblemError(problem) : undefined);
  };
}

/** How Node's parser errors are answered: its own limits by their status, anything else 400. */
const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: Msg.headersTooLarge },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, message: Msg.payloadTooLarge },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: Msg.requestTimeout },
};

type ClientSocket = Duplex & { _httpMessage?: { headersSent?: boolean } | null };

/**
 * Answers requests that Node's HTTP parser refuses before Express sees them (headers or a query
 * string beyond the header limit, malformed request lines or headers) with the envelope, a Chinese
 * message and a request id instead of Node's bare status line.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: ClientSocket) => {
    // Nothing may be written into a response already under way on this connection.
    if (err.code === 'ECONNRESET' || !socket.writable || socket._httpMessage?.headersSent) {
      socket.destroy();
      return;
    }
    const { status, message } = CLIENT_ERRORS[err.code ?? ''] ?? { status: 400, message: Msg.badRequest };
    const id = randomUUID();
    const body = JSON.stringify({ code: status, message, data: { requestId: id } });
    socket.end(
      [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'X-Content-Type-Options: nosniff',
        `X-Request-Id: ${id}`,
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  });
}
