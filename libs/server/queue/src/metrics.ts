import { Global, Inject, Injectable, Module, type DynamicModule } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { APP_CONFIG, type AppConfig } from '@valuation/config';
import type { QueueName } from '@valuation/contracts';
import { QUEUE_MAP } from './job-producer.service';

/** Which kind of process the metrics describe (the `process` label of the default metrics). */
export type MetricsProcess = 'api' | 'worker';

export const METRICS_PROCESS = Symbol('METRICS_PROCESS');

const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/** What an automatic valuation gave: a value, a regional reference price only, or nothing. */
export type ValuationOutcomeLabel = 'valued' | 'reference' | 'none';

/** The engine's answer as far as the valuation counter needs it; null when it gave no value. */
export interface CountedValuation {
  /** The engine's method name (forsale, mraSale, fvLease...). */
  method: string | null;
  confidenceClass: string | null;
  /** 1 valued, 2 reference price only. */
  state: number | null;
}

/**
 * The Prometheus registry of the process: process metrics (memory, event-loop lag, GC) and, read
 * from Redis at each scrape, the jobs of every queue by state as `bullmq_queue_<state>{queue,prefix}`,
 * the gauges the worker autoscalers read. The API and the worker add their own metrics to it.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();
  /**
   * `valuations_total{method,class,state}`: automatic valuations made and kept (quick valuations
   * in the API, batch rows in the worker), by the engine's method, confidence class A/B/C and
   * outcome; `none` in all three when the engine gave no value.
   */
  private readonly valuations: Counter<'method' | 'class' | 'state'>;
  /** `batch_rows_valued_total` (worker): batch rows taken through valuation, each once, with or without a value. */
  readonly batchRowsValued: Counter;
  /** `report_render_seconds` (worker): browser time of one report, from its HTML to its PDF. */
  readonly reportRenderSeconds: Histogram;

  constructor(
    @Inject(METRICS_PROCESS) process: MetricsProcess,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(QUEUE_MAP) queues: ReadonlyMap<QueueName, Queue>,
  ) {
    collectDefaultMetrics({ register: this.registry, labels: { process } });
    this.valuations = new Counter({
      name: 'valuations_total',
      help: 'Automatic valuations made and kept, by method, confidence class and outcome',
      labelNames: ['method', 'class', 'state'],
      registers: [this.registry],
    });
    // The worker's own figures are not exposed by the API, where they would stay at zero.
    const workerOnly = process === 'worker' ? [this.registry] : [];
    this.batchRowsValued = new Counter({
      name: 'batch_rows_valued_total',
      help: 'Batch rows taken through valuation (each once, with or without a value)',
      registers: workerOnly,
    });
    this.reportRenderSeconds = new Histogram({
      name: 'report_render_seconds',
      help: 'Browser time of one report, from its HTML to its PDF',
      buckets: [0.1, 0.2, 0.3, 0.5, 0.75, 1, 1.5, 2, 3, 5, 10, 20],
      registers: workerOnly,
    });
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

  /** Counts `count` valuations of one outcome (null: the engine gave no value). */
  countValuation(valuation: CountedValuation | null, count = 1): void {
    this.valuations.inc(valuationLabels(valuation), count);
  }

  /** The text exposition of every metric, and its content type. */
  async exposition(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }
}

/** The labels of `valuations_total` for one valuation. */
export function valuationLabels(valuation: CountedValuation | null): { method: string; class: string; state: ValuationOutcomeLabel } {
  if (!valuation || valuation.state === null || valuation.method === null) return { method: 'none', class: 'none', state: 'none' };
  return {
    method: valuation.method,
    class: valuation.confidenceClass ?? 'none',
    state: valuation.state === 1 ? 'valued' : 'reference',
  };
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
