import { Inject, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { OnWorkerEvent } from '@nestjs/bullmq';
import { UnrecoverableError, type Job } from 'bullmq';
import { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '@valuation/config';
import { QUEUES, type ReportRenderPayload } from '@valuation/contracts';
import { REPORT_RENDER_ATTEMPTS, ReportRenderService } from '@valuation/core';
import { PdfRenderer } from '@valuation/pdf';
import { JobHandler, JobProcessor, JobProcessorHost, JobProducer, PeriodicTask, type JobOf } from '@valuation/queue';

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

export interface ReportRenderOutcome {
  rendered: boolean;
  pages?: number;
  ms?: number;
}

/**
 * Renders ordered reports to PDF on the warm browser of this process, as many at once as it has
 * pages; a report whose last try fails ends in state 3 and its copy is refunded. Every
 * REPORT_SWEEP_INTERVAL_MS the render job of a report left waiting is added or retried.
 */
@JobProcessor(QUEUES.report)
export class ReportProcessor extends JobProcessorHost implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ReportProcessor.name);
  readonly concurrency: number;
  private readonly sweeping: PeriodicTask;

  constructor(
    private readonly reports: ReportRenderService,
    private readonly renderer: PdfRenderer,
    private readonly producer: JobProducer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
    this.concurrency = config.PDF_PAGES;
    this.sweeping = new PeriodicTask(
      config.REPORT_SWEEP_INTERVAL_MS,
      async () => {
        const ids = await this.sweep();
        if (ids.length > 0) this.logger.warn(`rendering stalled reports again: ${ids.join(', ')}`);
      },
      (error) => this.logger.error(`report sweep failed: ${error.message}`),
    );
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

  onModuleDestroy(): Promise<void> {
    return this.sweeping.stop();
  }

  /** Starts the browser before the first job; a browser that cannot start fails the jobs (and refunds them) instead of the process. */
  async onApplicationBootstrap(): Promise<void> {
    this.sweeping.start();
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
