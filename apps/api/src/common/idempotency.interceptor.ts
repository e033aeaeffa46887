import { createHash } from 'node:crypto';
import { type CallHandler, type ExecutionContext, Injectable, Logger, type NestInterceptor, StreamableFile } from '@nestjs/common';
import type { Request, Response } from 'express';
import { catchError, concatMap, from, type Observable, of, switchMap, throwError } from 'rxjs';
import { canonicalRequest, IDEMPOTENT_REPLAYED_HEADER, IdempotencyMsg, isIdempotencyKey, type RequestFileDigest } from '@valuation/domain';
import type { ApiEnvelope } from '@valuation/contracts';
import { IdempotencyRequestRepository, type SeenIdempotentRequest } from '@valuation/persistence';
import { ApiError } from './api-error';
import type { AuthenticatedRequest } from './principal';

/** How often one API process removes the kept answers older than a day. */
const PURGE_INTERVAL_MS = 10 * 60_000;

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** SHA-256 of the request's canonical text: method, path, query, body and its files. */
export function idempotentRequestHash(req: Request): string {
  const files = ((req.files ?? []) as Express.Multer.File[]).map((f): RequestFileDigest => ({
    field: f.fieldname,
    name: f.originalname,
    size: f.size,
    sha256: f.buffer ? sha256(f.buffer) : '',
  }));
  const path = req.originalUrl.split('?')[0];
  return sha256(canonicalRequest(req.method, path, req.query as Record<string, unknown>, req.body, files));
}

/** Whose keys these are: the account of the population, and the API key when one was used. */
export function idempotencyScope(req: AuthenticatedRequest): string | null {
  const p = req.principal;
  if (!p) return null;
  return `${p.population}:${p.id}${req.apiKey ? `:key:${req.apiKey.id}` : ''}`;
}

const isEnvelope = (value: unknown): value is ApiEnvelope =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof StreamableFile) && 'code' in value;

/**
 * POSTs with an Idempotency-Key header from a logged-in caller (session or API key) run once: the
 * first one claims the key in PostgreSQL, runs, and its enveloped JSON answer (a success or a
 * refusal) is kept; a retry with the same key and the same request gets that answer again with
 * Idempotent-Replayed: true and runs nothing. The same key with another request is refused with
 * 422, and while the first one runs with 409. A server failure or a file answer frees the key, so a
 * retry runs. Registered between the multipart reader (the body is read) and the envelope (the
 * answer is enveloped).
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Idempotency');
  private lastPurge = 0;

  constructor(private readonly requests: IdempotencyRequestRepository) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request & AuthenticatedRequest>();
    if (req.method !== 'POST') return next.handle();
    const header = req.headers['idempotency-key'];
    const scope = idempotencyScope(req);
    if (header === undefined || scope === null) return next.handle();
    if (typeof header !== 'string' || !isIdempotencyKey(header)) throw ApiError.badRequest(IdempotencyMsg.keyInvalid);
    const res = http.getResponse<Response>();
    const hash = idempotentRequestHash(req);
    this.purgeNowAndThen();
    return from(this.requests.claim(scope, header, hash)).pipe(
      switchMap((claim) => (claim.kind === 'seen' ? this.replay(claim.request, hash, res) : this.runOnce(claim.id, res, next))),
    );
  }

  private replay(seen: SeenIdempotentRequest, hash: string, res: Response): Observable<unknown> {
    if (seen.requestHash !== hash) return throwError(() => new ApiError(422, IdempotencyMsg.reusedDifferently));
    if (seen.state !== 'done' || !isEnvelope(seen.responseBody)) return throwError(() => ApiError.conflict(IdempotencyMsg.inProgress));
    res.setHeader(IDEMPOTENT_REPLAYED_HEADER, 'true');
    const body = seen.responseBody;
    if ((seen.statusCode ?? 200) < 400) return of(body);
    // A kept refusal is answered again through the exception filter, which writes the same envelope.
    return throwError(() => new ApiError(body.code, body.message, body.data, body.subCode));
  }

  private runOnce(id: string, res: Response, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      concatMap(async (value) => {
        if (isEnvelope(value)) await this.requests.complete(id, res.statusCode, value);
        else await this.requests.release(id);
        return value;
      }),
      catchError((err: unknown) => from(this.afterFailure(id, err)).pipe(switchMap(() => throwError(() => err)))),
    );
  }

  /** A refusal (4xx ApiError) is kept like an answer; anything else frees the key for a retry. */
  private async afterFailure(id: string, err: unknown): Promise<void> {
    try {
      if (err instanceof ApiError && err.code < 500) {
        const envelope: ApiEnvelope = { code: err.code, message: err.message, data: err.data };
        if (err.subCode !== undefined) envelope.subCode = err.subCode;
        await this.requests.complete(id, err.code, envelope);
      } else {
        await this.requests.release(id);
      }
    } catch (failure) {
      this.logger.error({ err: failure }, 'Idempotency key could not be settled');
    }
  }

  private purgeNowAndThen(): void {
    const now = Date.now();
    if (now - this.lastPurge < PURGE_INTERVAL_MS) return;
    this.lastPurge = now;
    this.requests.purgeExpired().catch((err: unknown) => this.logger.warn({ err }, 'Expired idempotency keys could not be removed'));
  }
}
