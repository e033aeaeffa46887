import { Inject, Logger, Optional, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue, OnWorkerEvent } from '@nestjs/bullmq';
import { UnrecoverableError, type Job, type Queue } from 'bullmq';
import { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '@valuation/config';
import { QUEUES, type PeriodicResult, type ReportRenderPayload } from '@valuation/contracts';
import { REPORT_RENDER_ATTEMPTS, ReportRenderService } from '@valuation/core';
import { PdfRenderer } from '@valuation/pdf';
import { JobHandler, JobProcessor, JobProcessorHost, JobProducer, Metrics, scheduleEvery, type JobOf } from '@valuation/queue';

const reportRenderPayload = z.object({
  reportId: z.string().regex(/^[1-9]\d{0,18}$/, 'a report id'),
}) satisfies z.ZodType<ReportRenderPayload>;

export function parseReportRenderPayload(data: unknown): ReportRenderPayload {
  const parsed = reportRenderPayload.safeParse(data);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(payload)'}: ${i.message}`);
    throw new UnrecoverableError(`invalid report.render payload: ${problems.join('; ')}`);
  }
  return parsed.data;
}

/** Id of the job scheduler of the report sweep: one per deployment, however many workers run. */
export const REPORT_SWEEP_SCHEDULER = 'report-sweep';

export interface ReportRenderOutcome {
  rendered: boolean;
  pages?: number;
  ms?: number;
}

/**
 * Renders ordered reports to PDF on the warm browser of this process, as many at once as it has
 * pages; a report whose last try fails ends in state 3 and its copy is refunded. Every
 * REPORT_SWEEP_INTERVAL_MS one report.sweep job (of a job scheduler, so once across all workers)
 * adds or retries the render job of a report left waiting.
 */
@JobProcessor(QUEUES.report)
export class ReportProcessor extends JobProcessorHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(ReportProcessor.name);
  readonly concurrency: number;

  constructor(
    private readonly reports: ReportRenderService,
    private readonly renderer: PdfRenderer,
    private readonly producer: JobProducer,
    @InjectQueue(QUEUES.report) private readonly queue: Queue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() private readonly metrics?: Metrics,
  ) {
    super();
    this.concurrency = config.PDF_PAGES;
  }

  @JobHandler('report.sweep')
  async sweepJob(): Promise<PeriodicResult> {
    const queued = await this.sweep();
    if (queued.length > 0) this.logger.warn(`rendering stalled reports again: ${queued.join(', ')}`);
    return { queued };
  }

  /** Adds or retries the render job of every report waiting too long without one; resolves to their ids. */
  async sweep(): Promise<string[]> {
    const restarted: string[] = [];
    for (const { reportId, jobId } of await this.reports.stalled(this.config.REPORT_STALL_SECONDS)) {
      const outcome = await this.producer.ensure('report.render', { reportId }, jobId, { attempts: REPORT_RENDER_ATTEMPTS });
      if (outcome !== 'kept') restarted.push(reportId);
    }
    return restarted;
  }

  /** Starts the browser before the first job; a browser that cannot start fails the jobs (and refunds them) instead of the process. */
  async onApplicationBootstrap(): Promise<void> {
    await scheduleEvery(this.queue, REPORT_SWEEP_SCHEDULER, this.config.REPORT_SWEEP_INTERVAL_MS, 'report.sweep');
    try {
      await this.renderer.warm();
    } catch (error) {
      this.logger.error(`the report renderer could not start: ${(error as Error).message}`);
    }
  }

  @JobHandler('report.render')
  async render(job: JobOf<'report.render'>): Promise<ReportRenderOutcome> {
    const { reportId } = parseReportRenderPayload(job.data);
    const report = await this.reports.prepare(reportId);
    if (!report) return { rendered: false };
    const { pdf, pages, ms } = await this.renderer.render(report.html, { footerLeft: report.footer });
    this.metrics?.reportRenderSeconds.observe(ms / 1000);
    const rendered = await this.reports.complete(reportId, pdf, ms);
    return { rendered, pages, ms };
  }

  @OnWorkerEvent('failed')
  async onFailed(job: Job | undefined, error: Error): Promise<void> {
    if (!job || job.name !== 'report.render') return;
    const final =
      error instanceof UnrecoverableError || error.name === 'UnrecoverableError' || job.attemptsMade >= (job.opts.attempts ?? 1);
    if (!final) return;
    const payload = reportRenderPayload.safeParse(job.data);
    if (!payload.success) return;
    try {
      if (await this.reports.fail(payload.data.reportId, error.message))
        this.logger.error(`report ${payload.data.reportId} failed and was refunded: ${error.message}`);
    } catch (failure) {
      this.logger.error(`report ${payload.data.reportId} could not be failed: ${(failure as Error).message}`);
    }
  }
}
