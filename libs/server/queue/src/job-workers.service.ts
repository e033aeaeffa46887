import { hostname } from 'node:os';
import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { UnrecoverableError, type Job } from 'bullmq';
import { Counter, Histogram } from 'prom-client';
import type { JobProcessorHost } from './job-processor.host';
import { Metrics } from './metrics';

export const JOB_WORKER_HOSTS = Symbol('JOB_WORKER_HOSTS');
export const JOB_WORKERS_OPTIONS = Symbol('JOB_WORKERS_OPTIONS');

export interface JobWorkersRunOptions {
  queues: readonly string[];
  concurrency: number;
  /** Lock duration and stalled-job check interval, milliseconds. */
  lockDuration?: number;
}

/**
 * Fields of every log line about a job: its queue, id and name, and the task and tenant its payload
 * names, so the lines of one batch or one tenant can be found together.
 */
export function jobLogFields(queue: string, job: Job): Record<string, string | number | undefined> {
  const fields: Record<string, string | number | undefined> = { queue, jobId: job.id, jobName: job.name };
  const data: unknown = job.data;
  if (data && typeof data === 'object') {
    for (const key of ['taskId', 'tenantId']) {
      const value: unknown = (data as Record<string, unknown>)[key];
      if (typeof value === 'number' || typeof value === 'string') fields[key] = value;
    }
  }
  return fields;
}

/**
 * Starts the BullMQ worker of every processor once the application has booted, and on shutdown
 * closes them before anything else is torn down: close() waits for the active jobs to finish.
 */
@Injectable()
export class JobWorkers implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(JobWorkers.name);

  constructor(
    @Inject(JOB_WORKER_HOSTS) private readonly hosts: readonly JobProcessorHost[],
    @Inject(JOB_WORKERS_OPTIONS) private readonly options: JobWorkersRunOptions,
    @Optional() private readonly metrics?: Metrics,
  ) {}

  onApplicationBootstrap(): void {
    const jobMetrics = this.metrics && new JobMetrics(this.metrics);
    for (const host of this.hosts) {
      const worker = host.worker;
      // Every job keeps the name of the process that took it (processedBy): host and pid.
      worker.opts.name ??= `${hostname()}:${process.pid}`;
      worker.concurrency = host.concurrency ?? this.options.concurrency;
      if (this.options.lockDuration !== undefined) {
        worker.opts.lockDuration = this.options.lockDuration;
        worker.opts.stalledInterval = this.options.lockDuration;
      }
      worker.on('error', (error) => this.logger.error(`queue "${worker.name}": ${error.message}`));
      worker.on('failed', (job, error) => this.logFailure(worker.name, job, error));
      worker.on('completed', (job) =>
        this.logger.debug({ msg: `job "${job.name}" ${job.id} completed`, ...jobLogFields(worker.name, job) }),
      );
      if (jobMetrics) {
        worker.on('completed', (job) => jobMetrics.record(worker.name, job, 'completed'));
        worker.on('failed', (job) => {
          if (job) jobMetrics.record(worker.name, job, 'failed');
        });
      }
      worker.run().catch((error: Error) => this.logger.error(`queue "${worker.name}" stopped: ${error.message}`));
    }
    this.logger.log(`serving queues ${this.options.queues.join(', ') || '(none)'} with concurrency ${this.options.concurrency}`);
  }

  async onModuleDestroy(): Promise<void> {
    this.logger.log('closing workers; waiting for active jobs');
    await Promise.all(this.hosts.map((host) => host.worker.close()));
    this.logger.log('workers closed');
  }

  private logFailure(queue: string, job: Job | undefined, error: Error): void {
    const what = job ? `job "${job.name}" ${job.id}` : 'a job';
    const final = error instanceof UnrecoverableError || !job || job.attemptsMade >= (job.opts.attempts ?? 1);
    const attempt = job ? ` (attempt ${job.attemptsMade} of ${job.opts.attempts ?? 1})` : '';
    const msg = `queue "${queue}": ${what} failed${attempt}${final ? ', giving up' : ', will retry'}: ${error.message}`;
    const line = job ? { msg, ...jobLogFields(queue, job) } : { msg, queue };
    if (final) this.logger.error(line);
    else this.logger.warn(line);
  }
}

/** `worker_jobs_total{queue,name,state}` and `worker_job_duration_seconds{queue,name}`, per attempt. */
class JobMetrics {
  private readonly total: Counter<'queue' | 'name' | 'state'>;
  private readonly duration: Histogram<'queue' | 'name'>;

  constructor(metrics: Metrics) {
    const registers = [metrics.registry];
    this.total = new Counter({
      name: 'worker_jobs_total',
      help: 'Job attempts finished, by outcome',
      labelNames: ['queue', 'name', 'state'],
      registers,
    });
    this.duration = new Histogram({
      name: 'worker_job_duration_seconds',
      help: 'Time a job attempt took to process',
      labelNames: ['queue', 'name'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
      registers,
    });
  }

  record(queue: string, job: Job, state: 'completed' | 'failed'): void {
    this.total.inc({ queue, name: job.name, state });
    if (job.processedOn && job.finishedOn) this.duration.observe({ queue, name: job.name }, (job.finishedOn - job.processedOn) / 1000);
  }
}
