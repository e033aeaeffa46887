import { Inject, Injectable } from '@nestjs/common';
import type { JobsOptions, Queue } from 'bullmq';
import { JOB_QUEUE, type JobName, type JobPayloads, type QueueName } from '@valuation/contracts';

/** Injection token of the map from queue name to its BullMQ queue. */
export const QUEUE_MAP = Symbol('QUEUE_MAP');

export interface EnqueueOptions {
  /** Deduplicates: while a job with this id is kept in Redis, adding it again is a no-op. No ":" and not an integer. */
  jobId?: string;
  /** Milliseconds before the job may run. */
  delay?: number;
  /** Tries in all, including the first. */
  attempts?: number;
  /** Wait before the first retry in milliseconds, doubling before each later one; DEFAULT_JOB_OPTIONS' when absent. */
  backoffMs?: number;
}

export const DEFAULT_JOB_OPTIONS = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600, count: 5000 },
} as const satisfies JobsOptions;

/** Puts typed jobs on the queue that carries them. */
@Injectable()
export class JobProducer {
  constructor(@Inject(QUEUE_MAP) private readonly queues: ReadonlyMap<QueueName, Queue>) {}

  private queueOf(name: JobName): Queue {
    const queueName = JOB_QUEUE[name];
    const queue = this.queues.get(queueName);
    if (!queue) throw new Error(`Queue "${queueName}" of job "${name}" is not registered`);
    return queue;
  }

  /** Adds the job; resolves to its id. */
  async enqueue<N extends JobName>(name: N, payload: JobPayloads[N], opts: EnqueueOptions = {}): Promise<string> {
    const queue = this.queueOf(name);
    const job = await queue.add(name, payload, {
      ...DEFAULT_JOB_OPTIONS,
      attempts: opts.attempts ?? DEFAULT_JOB_OPTIONS.attempts,
      ...(opts.backoffMs !== undefined ? { backoff: { type: 'exponential', delay: opts.backoffMs } } : {}),
      ...(opts.jobId !== undefined ? { jobId: opts.jobId } : {}),
      ...(opts.delay !== undefined ? { delay: opts.delay } : {}),
    });
    if (job.id === undefined) throw new Error(`BullMQ gave job "${name}" no id`);
    return job.id;
  }

  /**
   * Makes sure the job with this id runs: adds it when the queue holds no such job and retries it
   * when it failed for good; a job still waiting, running or completed is left alone.
   */
  async ensure<N extends JobName>(
    name: N,
    payload: JobPayloads[N],
    jobId: string,
    opts: Omit<EnqueueOptions, 'jobId'> = {},
  ): Promise<'added' | 'retried' | 'kept'> {
    const existing = await this.queueOf(name).getJob(jobId);
    if (!existing) {
      await this.enqueue(name, payload, { ...opts, jobId });
      return 'added';
    }
    if ((await existing.getState()) !== 'failed') return 'kept';
    await existing.retry('failed');
    return 'retried';
  }
}
