import { Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import { UnrecoverableError, type Queue } from 'bullmq';
import { z } from 'zod';
import { QUEUES, type MarketIndexRebuildResult, type MarketRebuildIndexPayload } from '@valuation/contracts';
import { PriceIndexService } from '@valuation/core';
import { DEFAULT_JOB_OPTIONS, JobHandler, JobProcessor, JobProcessorHost, keepJobScheduled, type JobOf } from '@valuation/queue';
import { businessTimeZone } from '@valuation/domain';

const marketRebuildIndexPayload = z.object({
  cityCode: z
    .string()
    .regex(/^\d{6}$/, 'a 6-digit city code')
    .optional(),
  since: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])(-\d{2})?$/, 'YYYY-MM or YYYY-MM-DD')
    .optional(),
}) satisfies z.ZodType<MarketRebuildIndexPayload>;

/** Validates a market.rebuild-index payload; invalid data fails the job at once, without retries. */
export function parseMarketRebuildIndexPayload(data: unknown): MarketRebuildIndexPayload {
  const parsed = marketRebuildIndexPayload.safeParse(data);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(payload)'}: ${i.message}`);
    throw new UnrecoverableError(`invalid market.rebuild-index payload: ${problems.join('; ')}`);
  }
  return parsed.data;
}

/** Id of the repeatable job that rebuilds the whole index every month. */
export const MONTHLY_INDEX_SCHEDULER = 'market-index-monthly';
/** 03:00 on the first day of every month, Beijing time, once the last month's cases are in. */
export const MONTHLY_INDEX_PATTERN = '0 3 1 * *';

/** Rebuilds the price index after imports and, on a schedule it sets up at start, every month. */
@JobProcessor(QUEUES.marketIndex)
export class MarketIndexProcessor extends JobProcessorHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(MarketIndexProcessor.name);

  constructor(
    private readonly index: PriceIndexService,
    @InjectQueue(QUEUES.marketIndex) private readonly queue: Queue,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    await keepJobScheduled(
      this.queue,
      MONTHLY_INDEX_SCHEDULER,
      { pattern: MONTHLY_INDEX_PATTERN, tz: businessTimeZone() },
      'market.rebuild-index',
      { ...DEFAULT_JOB_OPTIONS },
    );
    this.logger.log(`monthly price index rebuild scheduled (${MONTHLY_INDEX_PATTERN}, ${businessTimeZone()})`);
  }

  @JobHandler('market.rebuild-index')
  async rebuild(job: JobOf<'market.rebuild-index'>): Promise<MarketIndexRebuildResult> {
    return this.index.rebuild(parseMarketRebuildIndexPayload(job.data));
  }
}
