import { Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { JobName } from '@valuation/contracts';

/** Finished runs of a periodic job kept for inspection: enough to see the last few, not a log. */
const KEPT_RUNS = 20;

const logger = new Logger('JobScheduler');

/** The schedules each queue of this process made, by scheduler id, to make again when Redis lost them. */
const schedules = new WeakMap<Queue, Map<string, () => Promise<unknown>>>();

/**
 * Runs `name` every `everyMs` through a BullMQ job scheduler with this id: however many worker
 * processes call it, the scheduler is one and each period gives one job, taken by one worker.
 * Idempotent; a later call with another interval replaces the schedule. A run is not retried, the
 * next period runs it again. A Redis that comes back without its data (restarted without
 * persistence, or failed over to an empty replica) has lost the scheduler: the process makes it
 * again as soon as it is connected again.
 */
export async function scheduleEvery(queue: Queue, schedulerId: string, everyMs: number, name: JobName): Promise<void> {
  const upsert = () =>
    queue.upsertJobScheduler(
      schedulerId,
      { every: everyMs },
      { name, data: {}, opts: { attempts: 1, removeOnComplete: { count: KEPT_RUNS }, removeOnFail: { count: KEPT_RUNS } } },
    );
  await upsert();
  await keepScheduled(queue, schedulerId, upsert);
}

/** On every reconnection of the queue's client, makes each schedule of the queue that Redis no longer holds again. */
async function keepScheduled(queue: Queue, schedulerId: string, upsert: () => Promise<unknown>): Promise<void> {
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
