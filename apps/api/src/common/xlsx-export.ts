import type { Readable } from 'node:stream';
import { type CallHandler, type ExecutionContext, Inject, Injectable, type NestInterceptor, type StreamableFile } from '@nestjs/common';
import type { Response } from 'express';
import { from, type Observable, switchMap } from 'rxjs';
import { APP_CONFIG, type AppConfig } from '@valuation/config';
import { XLSX_MIME } from '@valuation/core';
import { ApiError } from './api-error';
import { fileDownload } from './file-download';
import { RateLimitMsg } from './rate-limiter';
import { Slots, SlotsFullError } from './slots';

/** A workbook (built, or streamed as it is written) as an attachment; the Chinese file name goes in `filename*`. */
export function xlsxFile(content: Buffer | Readable, fileName: string): StreamableFile {
  return fileDownload({ content, name: fileName, type: XLSX_MIME });
}

/** Waiting exports allowed per slot before further ones are refused. */
const WAITING_PER_SLOT = 4;

/**
 * A semaphore over the spreadsheet exports of this process: writing a workbook takes the event
 * loop, so only EXPORT_CONCURRENCY run at once; the next ones wait in turn, and beyond four times
 * as many waiting the request is refused (429).
 */
@Injectable()
export class ExportSlots {
  private readonly slots: Slots;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.slots = new Slots(config.EXPORT_CONCURRENCY, config.EXPORT_CONCURRENCY * WAITING_PER_SLOT);
  }

  get running(): number {
    return this.slots.running;
  }

  get queued(): number {
    return this.slots.queued;
  }

  /** Resolves with the release of a slot once one is free; rejects (429) when too many wait, or when `signal` aborts first. */
  async acquire(signal: AbortSignal): Promise<() => void> {
    try {
      return await this.slots.acquire(signal);
    } catch (error) {
      throw error instanceof SlotsFullError ? new ApiError(429, RateLimitMsg.tooMany) : error;
    }
  }
}

/**
 * Runs every spreadsheet download inside a slot of {@link ExportSlots}, from the handler's first
 * query until the last byte is sent or the client goes away; bound by `@ReturnsXlsx`.
 */
@Injectable()
export class ExportSlotsInterceptor implements NestInterceptor {
  constructor(private readonly slots: ExportSlots) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const res = context.switchToHttp().getResponse<Response>();
    const gone = new AbortController();
    res.once('close', () => gone.abort(new ApiError(429, RateLimitMsg.tooMany)));
    return from(this.slots.acquire(gone.signal)).pipe(
      switchMap((release) => {
        if (res.writableFinished || gone.signal.aborted) release();
        else res.once('close', release);
        return next.handle();
      }),
    );
  }
}
