import { Injectable, Logger, Module } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { UnrecoverableError } from 'bullmq';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { revalStartJobId, type RevalChunkPayload, type RevalStartPayload } from '@valuation/contracts';
import { RevaluationRunner, RevaluationRunnerModule, type RevalChunkResult } from '@valuation/core';
import { JobProducer } from '@valuation/queue';

const runId = z.string().regex(/^[1-9]\d{0,18}$/, 'a run id');
const revalStartPayload = z.object({ runId }) satisfies z.ZodType<RevalStartPayload>;
export const revalChunkPayload = z.object({ runId, chunk: z.int32().min(0) }) satisfies z.ZodType<RevalChunkPayload>;

function parse<T>(schema: z.ZodType<T>, name: string, data: unknown): T {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new UnrecoverableError(`invalid ${name} payload: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  return parsed.data;
}

/** Job id of a chunk of a run: adding the chunks again never duplicates one. */
export const revalChunkJobId = (id: string, chunk: number) => `reval:${id}:${chunk}`;

/**
 * The revaluation jobs the batch queue carries (the same workers as batch valuation): reval.start
 * splits a run into reval.chunk jobs; the batch sweep restarts runs without progress and opens the
 * scheduled runs that are due.
 */
@Injectable()
export class RevaluationJobs {
  private readonly logger = new Logger(RevaluationJobs.name);

  constructor(
    private readonly runner: RevaluationRunner,
    private readonly producer: JobProducer,
    @InjectDataSource() private readonly ds: DataSource,
  ) {}

  async start(data: unknown): Promise<{ chunks: number[] }> {
    const { runId: id } = parse(revalStartPayload, 'reval.start', data);
    const plan = await this.runner.plan(id);
    if (plan.kind === 'missing') throw new UnrecoverableError(`revaluation run ${id} does not exist`);
    if (plan.kind === 'idle') return { chunks: [] };
    for (const chunk of plan.chunks) {
      await this.producer.enqueue('reval.chunk', { runId: id, chunk }, { jobId: revalChunkJobId(id, chunk) });
    }
    return { chunks: plan.chunks };
  }

  async chunk(data: unknown): Promise<RevalChunkResult> {
    const { runId: id, chunk } = parse(revalChunkPayload, 'reval.chunk', data);
    const result = await this.runner.runChunk(id, chunk);
    if (result.finished) this.logger.log(`revaluation run ${id} finished`);
    return result;
  }

  /** A chunk that gave up for good ends its run. */
  async chunkGaveUp(data: unknown, error: Error): Promise<void> {
    const payload = revalChunkPayload.safeParse(data);
    if (!payload.success) return;
    try {
      const failed = await this.runner.fail(payload.data.runId, `重估失败（第${payload.data.chunk + 1}组）：${error.message}`);
      if (failed) this.logger.error(`revaluation run ${payload.data.runId} failed: chunk ${payload.data.chunk} gave up: ${error.message}`);
    } catch (failure) {
      this.logger.error(`revaluation run ${payload.data.runId} could not be failed: ${(failure as Error).message}`);
    }
  }

  /**
   * Restarts the start job of runs without progress for `stallSeconds` (and the missing chunk
   * jobs of those whose start job is kept), then opens and starts the scheduled runs that are due
   * (a charged company's run that nobody can pay for is kept failed, and the schedule counts from
   * it); resolves to the run ids it queued work for.
   */
  async sweep(stallSeconds: number): Promise<string[]> {
    const queued: string[] = [];
    for (const id of await this.runner.stalled(stallSeconds)) {
      const start = await this.producer.ensure('reval.start', { runId: id }, revalStartJobId(id));
      let chunks = 0;
      if (start === 'kept') {
        const plan = await this.runner.plan(id);
        for (const chunk of plan.kind === 'run' ? plan.chunks : []) {
          if ((await this.producer.ensure('reval.chunk', { runId: id, chunk }, revalChunkJobId(id, chunk))) !== 'kept') chunks++;
        }
      }
      if (start !== 'kept' || chunks > 0) queued.push(id);
    }
    for (const owner of await this.runner.due()) {
      const opened = await this.ds.transaction((m) => this.runner.open(m, owner, { accountId: null, accountName: '定期重估', trigger: 2 }));
      if (typeof opened === 'string') continue;
      if (opened.state === 3) {
        this.logger.warn(
          `scheduled revaluation run ${opened.runId} of company ${owner.companyId} failed: no valuation counts to pay for it`,
        );
        continue;
      }
      await this.producer.enqueue('reval.start', { runId: opened.runId }, { jobId: revalStartJobId(opened.runId) });
      this.logger.log(`scheduled revaluation run ${opened.runId} of company ${owner.companyId}: ${opened.total} assets`);
      queued.push(opened.runId);
    }
    return queued;
  }
}

@Module({ imports: [RevaluationRunnerModule], providers: [RevaluationJobs], exports: [RevaluationJobs] })
export class RevaluationJobsModule {}
