import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { LoggerModule, type Params } from 'nestjs-pino';
import { APP_CONFIG, ConfigModule, logTransport, type AppConfig } from '@valuation/config';
import type { QueueName } from '@valuation/contracts';
import { PersistenceModule } from '@valuation/persistence';
import { JobWorkersModule, MetricsModule, QueueModule, RedisModule, type JobProcessorHost } from '@valuation/queue';
import { WORKER_PROCESSOR_IMPORTS, WORKER_PROCESSORS } from './processors';
import { WORKER_HTTP_PORT, WorkerHttpServer } from './worker-http.server';

export interface WorkerModuleOptions {
  /** Queues this process serves (workerQueues(config)). */
  queues: readonly QueueName[];
  /** Jobs processed at once per queue (WORKER_CONCURRENCY). */
  concurrency: number;
  /** How long a job stays locked to a worker that stopped answering (WORKER_LOCK_MS). */
  lockDuration?: number;
  /** Port of /metrics and the health probes (WORKER_HTTP_PORT); without it (or 0) no HTTP server. */
  httpPort?: number;
  /** Replaces the worker's processors; tests use it to run processors of their own. */
  processors?: ReadonlyArray<Type<JobProcessorHost>>;
}

/** Logs on stdout at LOG_LEVEL: JSON, or single readable lines with LOG_PRETTY. */
export function workerLoggerParams(config: AppConfig): Params {
  return { pinoHttp: { name: 'worker', level: config.LOG_LEVEL, transport: logTransport(config) } };
}

/**
 * The worker process: the BullMQ workers of the chosen queues and, given a port, a bare HTTP server
 * for metrics and health probes. forRoot() throws JobHandlerError when a served job name has no
 * handler or more than one.
 */
@Module({})
export class WorkerModule {
  static forRoot(options: WorkerModuleOptions): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ConfigModule,
        LoggerModule.forRootAsync({ inject: [APP_CONFIG], useFactory: workerLoggerParams }),
        PersistenceModule,
        RedisModule,
        QueueModule.forRoot(),
        MetricsModule.forRoot('worker'),
        JobWorkersModule.forRoot({
          queues: options.queues,
          concurrency: options.concurrency,
          lockDuration: options.lockDuration,
          processors: options.processors ?? WORKER_PROCESSORS,
          imports: WORKER_PROCESSOR_IMPORTS,
        }),
      ],
      providers: options.httpPort ? [{ provide: WORKER_HTTP_PORT, useValue: options.httpPort }, WorkerHttpServer] : [],
    };
  }
}
