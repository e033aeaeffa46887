import { WorkerHost } from '@nestjs/bullmq';
import { UnrecoverableError, type Job } from 'bullmq';
import { jobHandlerMethod } from './job-handler.decorator';

/** Base of every @JobProcessor: hands each job to the @JobHandler method of its name. */
export abstract class JobProcessorHost extends WorkerHost {
  /** Jobs of this queue processed at once; the process-wide WORKER_CONCURRENCY when undefined. */
  readonly concurrency?: number;

  async process(job: Job, token?: string): Promise<unknown> {
    const method = jobHandlerMethod(this.constructor, job.name);
    const handler: unknown = method === undefined ? undefined : Reflect.get(this, method);
    if (typeof handler !== 'function') {
      throw new UnrecoverableError(`no handler for job "${job.name}" in ${this.constructor.name}`);
    }
    return handler.call(this, job, token);
  }
}
