import type { Queue } from 'bullmq';
import type { JobName } from '@valuation/contracts';

/** Finished runs of a periodic job kept for inspection: enough to see the last few, not a log. */
const KEPT_RUNS = 20;

/**
 * Runs `name` every `everyMs` through a BullMQ job scheduler with this id: however many worker
 * processes call it, the scheduler is one and each period gives one job, taken by one worker.
 * Idempotent; a later call with another interval replaces the schedule. A run is not retried, the
 * next period runs it again.
 */
export async function scheduleEvery(queue: Queue, schedulerId: string, everyMs: number, name: JobName): Promise<void> {
  await queue.upsertJobScheduler(
    schedulerId,
    { every: everyMs },
    { name, data: {}, opts: { attempts: 1, removeOnComplete: { count: KEPT_RUNS }, removeOnFail: { count: KEPT_RUNS } } },
  );
}
