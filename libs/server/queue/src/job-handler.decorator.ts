import { applyDecorators, Injectable, SetMetadata, type Type } from '@nestjs/common';
import { Processor } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import type { JobName, JobPayloads, QueueName } from '@valuation/contracts';
import type { ProcessorDescription } from './job-handler.check';

const PROCESSOR_QUEUE = Symbol('job-processor:queue');
const HANDLERS = Symbol('job-processor:handlers');

interface HandlerEntry {
  jobName: string;
  method: string | symbol;
}

/** A job as its handler receives it: the payload type its producer sent. */
export type JobOf<N extends JobName> = Job<JobPayloads[N], unknown, N>;

/**
 * Marks a JobProcessorHost subclass as the consumer of one queue. Its worker starts only when
 * the worker process has checked the handlers (JobWorkersModule), with WORKER_CONCURRENCY.
 */
export function JobProcessor(queue: QueueName): ClassDecorator {
  return applyDecorators(Injectable(), Processor(queue, { autorun: false }), SetMetadata(PROCESSOR_QUEUE, queue));
}

/** Marks a method of a @JobProcessor class as the handler of one job name of its queue. */
export function JobHandler<N extends JobName>(name: N) {
  return <M extends (job: JobOf<N>, token?: string) => Promise<unknown>>(
    target: object,
    method: string | symbol,
    _descriptor: TypedPropertyDescriptor<M>,
  ): void => {
    const owner = target.constructor;
    const entries: HandlerEntry[] = Reflect.getOwnMetadata(HANDLERS, owner) ?? [];
    Reflect.defineMetadata(HANDLERS, [...entries, { jobName: name, method }], owner);
  };
}

/** The queue of a @JobProcessor class, undefined for any other class. */
export function jobProcessorQueue(processor: Type<unknown>): string | undefined {
  const queue: unknown = Reflect.getMetadata(PROCESSOR_QUEUE, processor);
  return typeof queue === 'string' ? queue : undefined;
}

/** Name of the method handling `jobName` in the processor class, if any. */
export function jobHandlerMethod(processor: object, jobName: string): string | symbol | undefined {
  const entries: HandlerEntry[] = Reflect.getOwnMetadata(HANDLERS, processor) ?? [];
  return entries.find((entry) => entry.jobName === jobName)?.method;
}

/** What the handler check needs to know of a processor class. */
export function describeJobProcessor(processor: Type<unknown>): ProcessorDescription {
  const entries: HandlerEntry[] = Reflect.getOwnMetadata(HANDLERS, processor) ?? [];
  return {
    name: processor.name,
    queue: jobProcessorQueue(processor),
    handlers: entries.map((entry) => ({ jobName: entry.jobName, method: String(entry.method) })),
  };
}
