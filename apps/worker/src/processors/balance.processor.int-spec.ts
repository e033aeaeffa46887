import { randomBytes } from 'node:crypto';
import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { QUEUES, type BalanceOrderStatesResult } from '@valuation/contracts';
import { createTestDatabase, settledJob, uniqueRedisPrefix, type TestDatabase } from '@valuation/testing';
import { WorkerModule } from '../worker.module';
import { ORDER_STATES_PATTERN, ORDER_STATES_SCHEDULER } from './balance.processor';

describe('balance order states in the worker', () => {
  let db: TestDatabase;
  let pg: Client;
  let redis: Redis;
  const apps: INestApplicationContext[] = [];
  let queue: Queue;
  const prefix = uniqueRedisPrefix();

  const start = async () => {
    const module = WorkerModule.forRoot({ queues: [QUEUES.balance], concurrency: 1 });
    const app = await NestFactory.createApplicationContext(module, { logger: false, abortOnError: false });
    apps.push(app);
    return app;
  };

  const order = (no: string, effective: string, expire: string, state: number) =>
    pg.query(
      `INSERT INTO balance_order (order_no, tenant_id, account_id, company_id, product_code, product_name, buy_mode_code, buy_mode_name, effective_date, expire_date, state)
       VALUES ($1, 1, 1, 1, '000001', '估价次数', 3, '企业赠送', $2, $3, $4)`,
      [no, effective, expire, state],
    );

  beforeAll(async () => {
    db = await createTestDatabase();
    process.env.DATABASE_URL = db.url;
    process.env.REDIS_PREFIX = prefix;
    process.env.S3_BUCKET = `test-${randomBytes(5).toString('hex')}`;
    pg = new Client({ connectionString: db.url });
    await pg.connect();
    redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0');
    queue = (await start()).get<Queue>(getQueueToken(QUEUES.balance));
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await pg?.end();
    await db?.drop();
    delete process.env.DATABASE_URL;
    delete process.env.REDIS_PREFIX;
    delete process.env.S3_BUCKET;
  });

  it('schedules one run per business day however many workers start', async () => {
    await start();
    expect(await queue.getJobSchedulers()).toEqual([
      expect.objectContaining({
        key: ORDER_STATES_SCHEDULER,
        pattern: ORDER_STATES_PATTERN,
        tz: 'Asia/Shanghai',
        name: 'balance.order-states',
      }),
    ]);
  });

  it('moves orders to the state of the business day, and only those that changed', async () => {
    await order('S-PENDING', '2026-03-02', '2027-03-01', 0);
    await order('S-EFFECTIVE', '2025-03-02', '2026-03-01', 1);
    await order('S-STAYS', '2026-01-01', '2026-12-31', 1);
    const job = await queue.add('balance.order-states', { day: '2026-03-02' });
    const done = await settledJob(queue, String(job.id));
    expect(done.returnvalue as BalanceOrderStatesResult).toEqual({ day: '2026-03-02', moved: 2 });
    const { rows } = await pg.query(`SELECT order_no, state FROM balance_order WHERE order_no LIKE 'S-%' ORDER BY order_no`);
    expect(rows).toEqual([
      { order_no: 'S-EFFECTIVE', state: 2 },
      { order_no: 'S-PENDING', state: 1 },
      { order_no: 'S-STAYS', state: 1 },
    ]);
    const bad = await queue.add('balance.order-states', { day: '2026/03/02' }, { attempts: 3 });
    expect((await settledJob(queue, String(bad.id))).attemptsMade).toBe(1);
  });
});
