import { Logger } from '@nestjs/common';
import type { JobSchedulerTemplateOptions, Queue, RepeatOptions } from 'bullmq';
import type { JobName } from '@valuation/contracts';
import { DEFAULT_JOB_OPTIONS } from './job-producer.service';

const logger = new Logger('JobScheduler');

/** The schedules each queue of this process made, by scheduler id, to make again when Redis lost them. */
const schedules = new WeakMap<Queue, Map<string, () => Promise<unknown>>>();

/**
 * Makes (or replaces) the BullMQ job scheduler `schedulerId`, which adds a job `name` on the
 * schedule of `repeat`: however many worker processes call it, the scheduler is one and each
 * period gives one job, taken by one worker. A Redis that comes back without its data (restarted
 * without persistence, or failed over to an empty replica) has lost the scheduler: the process
 * makes it again as soon as it is connected again.
 */
export async function keepJobScheduled(
  queue: Queue,
  schedulerId: string,
  repeat: Omit<RepeatOptions, 'key'>,
  name: JobName,
  opts: JobSchedulerTemplateOptions,
): Promise<void> {
  const upsert = () => queue.upsertJobScheduler(schedulerId, repeat, { name, data: {}, opts });
  await upsert();
  let ofQueue = schedules.get(queue);
  if (!ofQueue) {
    const made = new Map<string, () => Promise<unknown>>();
    schedules.set(queue, made);
    ofQueue = made;
    const client = await queue.client;
    client.on('ready', () => void restore(queue, made));
  }
  ofQueue.set(schedulerId, upsert);
}

/**
 * Runs `name` every `everyMs` (see keepJobScheduled). Idempotent; a later call with another
 * interval replaces the schedule. A run is not retried, the next period runs it again.
 */
export async function scheduleEvery(queue: Queue, schedulerId: string, everyMs: number, name: JobName): Promise<void> {
  // BullMQ trims the finished jobs of the whole queue to the count of the job that finishes: a
  // periodic run keeps what every job of the queue keeps, or it would drop the others' records.
  await keepJobScheduled(queue, schedulerId, { every: everyMs }, name, {
    attempts: 1,
    removeOnComplete: DEFAULT_JOB_OPTIONS.removeOnComplete,
    removeOnFail: DEFAULT_JOB_OPTIONS.removeOnFail,
  });
}

async function restore(queue: Queue, made: Map<string, () => Promise<unknown>>): Promise<void> {
  for (const [schedulerId, upsert] of made) {
    try {
      if (await queue.getJobScheduler(schedulerId)) continue;
      await upsert();
      logger.warn(`job scheduler ${schedulerId} of queue "${queue.name}" was gone from Redis; scheduled again`);
    } catch (error) {
      logger.error(
        `job scheduler ${schedulerId} of queue "${queue.name}" could not be checked or scheduled again: ${(error as Error).message}`,
      );
    }
  }
}
