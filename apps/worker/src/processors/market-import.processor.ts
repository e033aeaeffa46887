import { Logger } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { z } from 'zod';
import { MARKET_IMPORT_KINDS, QUEUES, type MarketImportPayload, type MarketImportReport } from '@valuation/contracts';
import { MarketImportService, TableFileError } from '@valuation/core';
import { JobHandler, JobProcessor, JobProcessorHost, JobProducer, type JobOf } from '@valuation/queue';
import { ObjectNotFoundError } from '@valuation/storage';

const marketImportPayload = z.object({
  kind: z.enum(MARKET_IMPORT_KINDS),
  objectKey: z.string().min(1).max(1024),
  fileName: z.string().min(1).max(255),
  requestedBy: z.string().max(64).optional(),
  cityCode: z
    .string()
    .regex(/^\d{6}$/, 'a 6-digit city code')
    .optional(),
}) satisfies z.ZodType<MarketImportPayload>;

/** Validates a market.import payload; invalid data fails the job at once, without retries. */
export function parseMarketImportPayload(data: unknown): MarketImportPayload {
  const parsed = marketImportPayload.safeParse(data);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(payload)'}: ${i.message}`);
    throw new UnrecoverableError(`invalid market.import payload: ${problems.join('; ')}`);
  }
  return parsed.data;
}

/**
 * Imports an uploaded market data file, stores its report next to the upload, then asks for the
 * price index of the cities whose cases changed. A retried job imports again, which only updates.
 */
@JobProcessor(QUEUES.import)
export class MarketImportProcessor extends JobProcessorHost {
  private readonly logger = new Logger(MarketImportProcessor.name);

  constructor(
    private readonly imports: MarketImportService,
    private readonly jobs: JobProducer,
  ) {
    super();
  }

  @JobHandler('market.import')
  async import(job: JobOf<'market.import'>): Promise<MarketImportReport> {
    const payload = parseMarketImportPayload(job.data);
    let report: MarketImportReport;
    try {
      report = await this.imports.importObject(payload, (processed) => job.updateProgress({ processed }));
    } catch (error) {
      if (error instanceof ObjectNotFoundError || error instanceof TableFileError) throw new UnrecoverableError(error.message);
      throw error;
    }
    for (const cityCode of report.affected.cityCodes) {
      const since = report.affected.since ?? undefined;
      const id = await this.jobs.enqueue(
        'market.rebuild-index',
        { cityCode, ...(since ? { since } : {}) },
        { jobId: `index-after-import-${job.id}-${cityCode}` },
      );
      this.logger.log(`queued price index job ${id} for city ${cityCode} from ${since ?? 'the first month'}`);
    }
    return report;
  }
}
