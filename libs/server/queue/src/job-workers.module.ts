import { Module, type DynamicModule, type ModuleMetadata, type Type } from '@nestjs/common';
import type { QueueName } from '@valuation/contracts';
import { assertJobHandlers } from './job-handler.check';
import { describeJobProcessor, jobProcessorQueue } from './job-handler.decorator';
import type { JobProcessorHost } from './job-processor.host';
import { JOB_WORKER_HOSTS, JOB_WORKERS_OPTIONS, JobWorkers, type JobWorkersRunOptions } from './job-workers.service';

export interface JobWorkersOptions {
  /** Queues this process serves (WORKER_QUEUES). */
  queues: readonly QueueName[];
  /** Jobs processed at once per queue (WORKER_CONCURRENCY). */
  concurrency: number;
  /** How long a job stays locked to a worker that stopped answering (WORKER_LOCK_MS). */
  lockDuration?: number;
  /** Every processor the application has; those of queues not served are left out. */
  processors: ReadonlyArray<Type<JobProcessorHost>>;
  /** Modules providing what the processors inject. */
  imports?: ModuleMetadata['imports'];
}

/**
 * The consuming side of the queues. Needs QueueModule.forRoot() in the application for the
 * connection. forRoot() throws JobHandlerError, before anything connects, when a served job
 * name has no handler or more than one.
 */
@Module({})
export class JobWorkersModule {
  static forRoot(options: JobWorkersOptions): DynamicModule {
    assertJobHandlers(options.queues, options.processors.map(describeJobProcessor));
    const active = options.processors.filter((p) => options.queues.some((q) => q === jobProcessorQueue(p)));
    const runOptions: JobWorkersRunOptions = {
      queues: options.queues,
      concurrency: options.concurrency,
      lockDuration: options.lockDuration,
    };
    return {
      module: JobWorkersModule,
      imports: options.imports ?? [],
      providers: [
        ...active,
        { provide: JOB_WORKER_HOSTS, inject: active, useFactory: (...hosts: JobProcessorHost[]) => hosts },
        { provide: JOB_WORKERS_OPTIONS, useValue: runOptions },
        JobWorkers,
      ],
    };
  }
}
