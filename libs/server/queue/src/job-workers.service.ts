import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { UnrecoverableError, type Job } from 'bullmq';
import type { JobProcessorHost } from './job-processor.host';

export const JOB_WORKER_HOSTS = Symbol('JOB_WORKER_HOSTS');
export const JOB_WORKERS_OPTIONS = Symbol('JOB_WORKERS_OPTIONS');

export interface JobWorkersRunOptions {
  queues: readonly string[];
  concurrency: number;
  /** Lock duration and stalled-job check interval, milliseconds. */
  lockDuration?: number;
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
  ) {}

  onApplicationBootstrap(): void {
    for (const host of this.hosts) {
      const worker = host.worker;
      worker.concurrency = host.concurrency ?? this.options.concurrency;
      if (this.options.lockDuration !== undefined) {
        worker.opts.lockDuration = this.options.lockDuration;
        worker.opts.stalledInterval = this.options.lockDuration;
      }
      worker.on('error', (error) => this.logger.error(`queue "${worker.name}": ${error.message}`));
      worker.on('failed', (job, error) => this.logFailure(worker.name, job, error));
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
    const message = `queue "${queue}": ${what} failed${attempt}${final ? ', giving up' : ', will retry'}: ${error.message}`;
    if (final) this.logger.error(message);
    else this.logger.warn(message);
  }
}
