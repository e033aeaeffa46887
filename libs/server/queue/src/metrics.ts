import { Global, Inject, Injectable, Module, type DynamicModule } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { APP_CONFIG, type AppConfig } from '@valuation/config';
import type { QueueName } from '@valuation/contracts';
import { QUEUE_MAP } from './job-producer.service';

/** Which kind of process the metrics describe (the `process` label of the default metrics). */
export type MetricsProcess = 'api' | 'worker';

export const METRICS_PROCESS = Symbol('METRICS_PROCESS');

const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/**
 * The Prometheus registry of the process: process metrics (memory, event-loop lag, GC) and, read
 * from Redis at each scrape, the jobs of every queue by state as `bullmq_queue_<state>{queue,prefix}`,
 * the gauges the worker autoscalers read. The API and the worker add their own metrics to it.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();

  constructor(
    @Inject(METRICS_PROCESS) process: MetricsProcess,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(QUEUE_MAP) queues: ReadonlyMap<QueueName, Queue>,
  ) {
    collectDefaultMetrics({ register: this.registry, labels: { process } });
    const prefix = config.REDIS_PREFIX;
    for (const state of QUEUE_STATES) {
      new Gauge({
        name: `bullmq_queue_${state}`,
        help: `Jobs of the queue in the ${state} state`,
        labelNames: ['queue', 'prefix'],
        registers: [this.registry],
        async collect() {
          // A scrape while Redis is away reports no queue figures rather than stale ones.
          this.reset();
          await Promise.all(
            [...queues].map(async ([name, queue]) => {
              const counts = await queue.getJobCounts(state).catch(() => undefined);
              if (counts) this.set({ queue: name, prefix }, counts[state] ?? 0);
            }),
          );
        },
      });
    }
  }

  /** The text exposition of every metric, and its content type. */
  async exposition(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }
}

/** Provides Metrics to the whole application. Needs QueueModule.forRoot() for the queues. */
@Global()
@Module({})
export class MetricsModule {
  static forRoot(process: MetricsProcess): DynamicModule {
    return {
      module: MetricsModule,
      global: true,
      providers: [{ provide: METRICS_PROCESS, useValue: process }, Metrics],
      exports: [Metrics],
    };
  }
}
