import { Inject, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue, OnWorkerEvent } from '@nestjs/bullmq';
import { UnrecoverableError, type Job, type Queue } from 'bullmq';
import { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '@valuation/config';
import { batchStartJobId, QUEUES, type BatchChunkPayload, type BatchStartPayload, type PeriodicResult } from '@valuation/contracts';
import { BatchRunner, type BatchChunkResult, type RevalChunkResult } from '@valuation/core';
import { isDatabaseUnavailable } from '@valuation/persistence';
import { JobHandler, JobProcessor, JobProcessorHost, JobProducer, scheduleEvery, type JobOf } from '@valuation/queue';
import { RevaluationJobs } from './revaluation.jobs';

const taskId = z.string().regex(/^[1-9]\d{0,18}$/, 'a task id');
const batchStartPayload = z.object({ taskId }) satisfies z.ZodType<BatchStartPayload>;
const batchChunkPayload = z.object({ taskId, chunk: z.int32().min(0) }) satisfies z.ZodType<BatchChunkPayload>;

function parse<T>(schema: z.ZodType<T>, name: string, data: unknown): T {
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(payload)'}: ${i.message}`);
    throw new UnrecoverableError(`invalid ${name} payload: ${problems.join('; ')}`);
  }
  return parsed.data;
}

export const parseBatchStartPayload = (data: unknown) => parse(batchStartPayload, 'batch.start', data);
export const parseBatchChunkPayload = (data: unknown) => parse(batchChunkPayload, 'batch.chunk', data);

/** Id of the job scheduler of the batch sweep: one per deployment, however many workers run. */
export const BATCH_SWEEP_SCHEDULER = 'batch-sweep';

/** Job id of a chunk: adding the chunks of a task again never duplicates one. */
export const batchChunkJobId = (taskId: string, chunk: number) => `batch:${taskId}:${chunk}`;

/**
 * Batch valuation: batch.start splits a task into one batch.chunk job per chunk, which any worker
 * process may take; a task whose chunk gave up for good, or whose rows are gone, fails. Every
 * BATCH_SWEEP_INTERVAL_MS one batch.sweep job (of a job scheduler, so once across all workers)
 * enqueues again the start job of a task without progress. Revaluation runs of asset books go
 * through the same queue and workers (reval.start, reval.chunk), and the same sweep restarts them
 * and opens the scheduled ones that are due.
 */
@JobProcessor(QUEUES.batch)
export class BatchProcessor extends JobProcessorHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(BatchProcessor.name);
  readonly concurrency: number;

  constructor(
    private readonly runner: BatchRunner,
    private readonly producer: JobProducer,
    @InjectQueue(QUEUES.batch) private readonly queue: Queue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly revaluations: RevaluationJobs,
  ) {
    super();
    this.concurrency = config.BATCH_CONCURRENCY;
  }

  onApplicationBootstrap(): Promise<void> {
    return scheduleEvery(this.queue, BATCH_SWEEP_SCHEDULER, this.config.BATCH_SWEEP_INTERVAL_MS, 'batch.sweep');
  }

  @JobHandler('batch.sweep')
  async sweepJob(): Promise<PeriodicResult> {
    const queued = await this.sweep();
    if (queued.length > 0) this.logger.warn(`started stalled batch tasks again: ${queued.join(', ')}`);
    const runs = await this.revaluations.sweep(this.config.BATCH_STALL_SECONDS);
    return { queued: [...queued, ...runs.map((id) => `reval:${id}`)] };
  }

  /**
   * Adds or retries the start job of every stalled task that has none waiting or running, and the
   * job of each of its chunks with waiting rows that is missing or gave up (a chunk gives up
   * without failing its task while the database is unreachable); resolves to the ids of the tasks
   * it queued work for.
   */
  async sweep(): Promise<string[]> {
    const restarted: string[] = [];
    for (const taskId of await this.runner.stalled(this.config.BATCH_STALL_SECONDS)) {
      const start = await this.producer.ensure('batch.start', { taskId }, batchStartJobId(taskId));
      const chunks = start === 'kept' ? await this.requeueChunks(taskId) : 0;
      if (start !== 'kept' || chunks > 0) restarted.push(taskId);
    }
    return restarted;
  }

  /** Adds or retries the job of each chunk of the task with waiting rows; resolves to how many it queued. */
  private async requeueChunks(taskId: string): Promise<number> {
    const plan = await this.runner.plan(taskId);
    if (plan.kind !== 'run') return 0;
    let queued = 0;
    for (const chunk of plan.chunks) {
      const outcome = await this.producer.ensure('batch.chunk', { taskId, chunk }, batchChunkJobId(taskId, chunk));
      if (outcome !== 'kept') queued++;
    }
    return queued;
  }

  @JobHandler('batch.start')
  async start(job: JobOf<'batch.start'>): Promise<{ chunks: number[] }> {
    const { taskId } = parseBatchStartPayload(job.data);
    const plan = await this.runner.plan(taskId);
    switch (plan.kind) {
      case 'missing':
        throw new UnrecoverableError(`batch task ${taskId} does not exist`);
      case 'idle':
        this.logger.warn(`batch task ${taskId} is in state ${plan.state}, not valuing; nothing to start`);
        return { chunks: [] };
      case 'rows-missing':
        await this.runner.fail(taskId, `批量估价数据缺失：应有${plan.expected}条待估数据，实有${plan.waiting}条`);
        throw new UnrecoverableError(`batch task ${taskId}: ${plan.waiting} waiting rows, ${plan.expected} expected`);
      case 'run':
        for (const chunk of plan.chunks) {
          await this.producer.enqueue('batch.chunk', { taskId, chunk }, { jobId: batchChunkJobId(taskId, chunk) });
        }
        return { chunks: plan.chunks };
    }
  }

  @JobHandler('batch.chunk')
  async chunk(job: JobOf<'batch.chunk'>): Promise<BatchChunkResult> {
    const { taskId, chunk } = parseBatchChunkPayload(job.data);
    const result = await this.runner.runChunk(taskId, chunk);
    if (result.finished) this.logger.log(`batch task ${taskId} finished`);
    return result;
  }

  @JobHandler('reval.start')
  revalStart(job: JobOf<'reval.start'>): Promise<{ chunks: number[] }> {
    return this.revaluations.start(job.data);
  }

  @JobHandler('reval.chunk')
  revalChunk(job: JobOf<'reval.chunk'>): Promise<RevalChunkResult> {
    return this.revaluations.chunk(job.data);
  }

  /**
   * A chunk that will not be tried again ends its task: the rows it left are refunded. One that
   * gave up because the database was unreachable leaves its task valuing: once the database is
   * back, the sweep queues the chunk again.
   */
  @OnWorkerEvent('failed')
  async onFailed(job: Job | undefined, error: Error): Promise<void> {
    if (!job || (job.name !== 'batch.chunk' && job.name !== 'reval.chunk')) return;
    const final =
      error instanceof UnrecoverableError || error.name === 'UnrecoverableError' || job.attemptsMade >= (job.opts.attempts ?? 1);
    if (!final) return;
    if (job.name === 'reval.chunk') {
      if (!isDatabaseUnavailable(error)) await this.revaluations.chunkGaveUp(job.data, error);
      return;
    }
    const payload = batchChunkPayload.safeParse(job.data);
    if (!payload.success) return;
    if (isDatabaseUnavailable(error)) {
      this.logger.warn(
        `batch task ${payload.data.taskId}: chunk ${payload.data.chunk} gave up while the database was unreachable; the sweep queues it again`,
      );
      return;
    }
    try {
      const failed = await this.runner.fail(payload.data.taskId, `批量估价失败（第${payload.data.chunk + 1}组）：${error.message}`);
      if (failed) this.logger.error(`batch task ${payload.data.taskId} failed: chunk ${payload.data.chunk} gave up: ${error.message}`);
    } catch (failure) {
      this.logger.error(`batch task ${payload.data.taskId} could not be failed: ${(failure as Error).message}`);
    }
  }
}
