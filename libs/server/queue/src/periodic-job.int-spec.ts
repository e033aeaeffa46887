import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { QUEUES } from '@valuation/contracts';
import { uniqueRedisPrefix, waitFor } from '@valuation/testing';
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
    const runs: number[] = [];
    for (let replica = 0; replica < 3; replica++) {
      const queue = new Queue(QUEUES.notify, { connection, prefix });
      closing.push(queue);
      await scheduleEvery(queue, 'relay-test', EVERY_MS, 'notify.relay');
      const worker = new Worker(
        QUEUES.notify,
        async (job) => {
          expect(job.name).toBe('notify.relay');
          runs.push(Date.now());
        },
        { connection, prefix, concurrency: 4 },
      );
      closing.push(worker);
    }
    // Each (re)scheduling may start a run at once; from the next period on, the schedule is steady.
    const from = Date.now() + EVERY_MS;
    await new Promise((resolve) => setTimeout(resolve, RUN_MS + EVERY_MS));
    const to = Date.now();
    const queue = new Queue(QUEUES.notify, { connection, prefix });
    closing.push(queue);

    expect(await queue.getJobSchedulers()).toEqual([expect.objectContaining({ key: 'relay-test', every: EVERY_MS })]);
    // One run per period, not one per replica (three workers would give about three times as many).
    const periods = (to - from) / EVERY_MS;
    const steady = runs.filter((at) => at >= from && at < to).length;
    expect(steady).toBeGreaterThanOrEqual(Math.floor(periods / 3));
    expect(steady).toBeLessThanOrEqual(Math.ceil(periods) + 1);

    // Scheduling again with another interval replaces the one schedule.
    await scheduleEvery(queue, 'relay-test', 2 * EVERY_MS, 'notify.relay');
    expect(await queue.getJobSchedulers()).toEqual([expect.objectContaining({ key: 'relay-test', every: 2 * EVERY_MS })]);
  }, 20_000);

  it('schedules again, once connected again, a job scheduler that Redis lost', async () => {
    const own = `${prefix}-lost`;
    const queue = new Queue(QUEUES.notify, { connection, prefix: own });
    closing.push(queue);
    await scheduleEvery(queue, 'lost-test', 60_000, 'notify.relay');
    const redis = new Redis(connection.url);
    try {
      // As a Redis that restarts without its data: the keys are gone and the connection drops.
      await redis.del(...(await redis.keys(`${own}:*`)));
      expect(await queue.getJobSchedulers()).toEqual([]);
      (await queue.client).disconnect(true);
      await waitFor('the scheduler to be made again', async () => (await queue.getJobSchedulers()).length === 1, 10_000);
      expect(await queue.getJobSchedulers()).toEqual([expect.objectContaining({ key: 'lost-test', every: 60_000 })]);
      // A reconnection that finds it in place leaves it as it is.
      const [before] = await queue.getJobSchedulers();
      (await queue.client).disconnect(true);
      await waitFor('the client to be connected again', async () => (await queue.client).status === 'ready', 10_000);
      expect(await queue.getJobSchedulers()).toEqual([before]);
    } finally {
      const left = await redis.keys(`${own}:*`);
      if (left.length > 0) await redis.del(...left);
      await redis.quit();
    }
  });
});
