import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { RateLimiter } from './rate-limiter';
import { ExportSlots, ExportSlotsInterceptor } from './xlsx-export';

/**
 * Request rate limits and the export semaphore. The guard is registered as a global guard by the
 * auth module, right after the authentication guard, since the per-account limits need the caller.
 */
@Module({
  providers: [RateLimiter, ExportSlots, { provide: APP_INTERCEPTOR, useClass: ExportSlotsInterceptor }],
  exports: [RateLimiter, ExportSlots],
})
export class RateLimitModule {}
