import { Module } from '@nestjs/common';
import { RateLimiter } from './rate-limiter';
import { ExportSlots } from './xlsx-export';

/**
 * Request rate limits and the export semaphore. The guard is registered as a global guard by the
 * auth module, right after the authentication guard, since the per-account limits need the caller.
 */
@Module({
  providers: [RateLimiter, ExportSlots],
  exports: [RateLimiter, ExportSlots],
})
export class RateLimitModule {}
