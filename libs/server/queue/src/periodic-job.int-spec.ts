import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { QUEUES } from '@valuation/contracts';
import { uniqueRedisPrefix } from '@valuation/testing';
import { scheduleEvery } from './periodic-job';

const EVERY_MS = 300;
const RUN_MS = 3_000;

describe('scheduleEvery', () => {
  const prefix = uniqueRedisPrefix();
  const connection = { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0' };
  const closing: { close(): Promise<void> }[] = [];

  afterAll(async () => {
    for (const c of closing.reverse()) await c.close();
    const redis = new Redis(connection.url);
    const found = await redis.keys(`${prefix}:*`);
    if (found.length > 0) await redis.del(...found);
    await redis.quit();
  });

  it('runs the job once per period however many processes schedule it and serve the queue', async () => {
    // Three "replicas": each has its own queue client, schedules the job and runs a worker.
    const runs: { replica: number; at: number }[] = [];
    const started = Date.now();
    for (let replica = 0; replica < 3; replica++) {
      const queue = new Queue(QUEUES.notify, { connection, prefix });
      closing.push(queue);
      await scheduleEvery(queue, 'relay-test', EVERY_MS, 'notify.relay');
      const worker = new Worker(
        QUEUES.notify,
        async (job) => {
          expect(job.name).toBe('notify.relay');
          runs.push({ replica, at: Date.now() - started });
        },
        { connection, prefix, concurrency: 4 },
      );
      closing.push(worker);
    }
    await new Promise((resolve) => setTimeout(resolve, RUN_MS));
    const queue = new Queue(QUEUES.notify, { connection, prefix });
    closing.push(queue);

    expect(await queue.getJobSchedulers()).toEqual([expect.objectContaining({ key: 'relay-test', every: EVERY_MS })]);
    // One run per period (not one per replica): at most one more than the periods that fit.
    const periods = RUN_MS / EVERY_MS;
    expect(runs.length).toBeGreaterThanOrEqual(periods / 2);
    expect(runs.length).toBeLessThanOrEqual(periods + 1);
    // Never two runs in the same period.
    const slots = runs.map((r) => Math.floor(r.at / EVERY_MS));
    expect(new Set(slots).size).toBeGreaterThanOrEqual(runs.length - 1);

    // Scheduling again with another interval replaces the one schedule.
    await scheduleEvery(queue, 'relay-test', 2 * EVERY_MS, 'notify.relay');
    expect(await queue.getJobSchedulers()).toEqual([expect.objectContaining({ key: 'relay-test', every: 2 * EVERY_MS })]);
  }, 20_000);
});
