import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor, StreamableFile } from '@nestjs/common';
import { map, type Observable } from 'rxjs';
import type { ApiEnvelope } from '@valuation/contracts';
import { Reply } from './api-error';

/** Wraps every JSON result in `{ code: 200, message, data }`; files and streams pass through. */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((value): unknown => {
        if (value instanceof StreamableFile) return value;
        if (value instanceof Reply) {
          const envelope: ApiEnvelope = { code: 200, message: value.message, data: value.data ?? null };
          if (value.subCode !== undefined) envelope.subCode = value.subCode;
          return envelope;
        }
        return { code: 200, message: 'success', data: value ?? null } satisfies ApiEnvelope;
      }),
    );
  }
}
