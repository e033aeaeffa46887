import type { QueueOptions } from 'bullmq';
import type { AppConfig } from '@valuation/config';
import { redisOptionsFromUrl } from './redis.options';

/** Connection and key prefix shared by every queue and worker of a process. */
export function bullOptions(config: Pick<AppConfig, 'REDIS_URL' | 'REDIS_PREFIX'>): QueueOptions {
  return {
    // BullMQ workers block on Redis commands and must retry them indefinitely.
    connection: { ...redisOptionsFromUrl(config.REDIS_URL), maxRetriesPerRequest: null },
    prefix: config.REDIS_PREFIX,
  };
}
