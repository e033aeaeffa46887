import { connect } from 'node:net';
import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { loadConfig, workerQueues } from '@valuation/config';
import { QUEUES, type AuditRecordPayload } from '@valuation/contracts';
import { AuditService } from '@valuation/core';
import { bullOptions, JobHandler, JobProcessor, JobProcessorHost, JobProducer, type JobOf } from '@valuation/queue';
import { createTestDatabase, freePort, uniqueRedisPrefix, type TestDatabase, settledJob } from '@valuation/testing';
import { WorkerModule, type WorkerModuleOptions } from './worker.module';

const event = (eventKey: string): AuditRecordPayload => ({
  eventKey,
  tenantId: 1,
  population: 'user',
  actorId: 5,
  actorLogin: 'lisi',
  actorName: '李四',
  action: '登录',
  detail: '',
  ip: '10.1.2.3',
  at: new Date().toISOString(),
});

async function bootWorker(options: Partial<WorkerModuleOptions> = {}): Promise<INestApplicationContext> {
  const config = loadConfig();
  const module = WorkerModule.forRoot({ queues: workerQueues(config), concurrency: 2, ...options });
  return NestFactory.createApplicationContext(module, { logger: false, abortOnError: false });
}

describe('worker process (in-process)', () => {
  let db: TestDatabase;
  let pg: Client;
  let redis: Redis;
  const prefix = uniqueRedisPrefix();

  const logRows = async (eventKey: string) =>
    (await pg.query('SELECT action, actor_name FROM operation_log WHERE event_key = $1', [eventKey])).rows;

  beforeAll(async () => {
    db = await createTestDatabase();
    process.env.DATABASE_URL = db.url;
    process.env.REDIS_PREFIX = prefix;
    pg = new Client({ connectionString: db.url });
    await pg.connect();
    redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0');
  });

  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await pg.end();
    await db.drop();
    delete process.env.DATABASE_URL;
    delete process.env.REDIS_PREFIX;
  });

  describe('with its own processors', () => {
    let app: INestApplicationContext;
    let producer: JobProducer;
    let queue: Queue;

    beforeAll(async () => {
      app = await bootWorker();
      producer = app.get(JobProducer);
      queue = app.get<Queue>(getQueueToken(QUEUES.audit));
    });

    afterAll(async () => {
      await app.close();
    });

    it('records an audit event once when its job is enqueued twice', async () => {
      const first = await producer.enqueue('audit.record', event('login-twice'));
      const second = await producer.enqueue('audit.record', event('login-twice'));
      expect(first).not.toBe(second);

      const jobs = await Promise.all([settledJob(queue, first), settledJob(queue, second)]);
      expect(await Promise.all(jobs.map((job) => job.getState()))).toEqual(['completed', 'completed']);
      expect(jobs.map((job) => job.returnvalue)).toEqual(expect.arrayContaining([{ recorded: true }, { recorded: false }]));
      expect(await logRows('login-twice')).toEqual([{ action: '登录', actor_name: '李四' }]);
    });

    it('fails a malformed payload at once, without retries', async () => {
      const job = await queue.add('audit.record', { eventKey: 'bad-payload', tenantId: 'one' }, { attempts: 3, backoff: 10 });
      const done = await settledJob(queue, String(job.id));
      expect(await done.getState()).toBe('failed');
      expect(done.attemptsMade).toBe(1);
      expect(done.failedReason).toMatch(/^invalid audit\.record payload: .*tenantId: /);
      expect(await logRows('bad-payload')).toEqual([]);
    });

    it('fails a job name that has no handler, without retries', async () => {
      const job = await queue.add('audit.erase', {}, { attempts: 3, backoff: 10 });
      const done = await settledJob(queue, String(job.id));
      expect(done.attemptsMade).toBe(1);
      expect(done.failedReason).toBe('no handler for job "audit.erase" in AuditProcessor');
    });
  });

  describe('metrics and health probes', () => {
    let app: INestApplicationContext;
    let port: number;
    let base: string;

    beforeAll(async () => {
      port = await freePort();
      base = `http://127.0.0.1:${port}`;
      app = await bootWorker({ queues: [QUEUES.audit], httpPort: port });
    });

    // The last test closes the application.

    it('answers the liveness and readiness probes once PostgreSQL and Redis answer', async () => {
      const live = await fetch(`${base}/health/live`);
      expect(live.status).toBe(200);
      expect(await live.json()).toEqual({ status: 'ok' });
      const ready = await fetch(`${base}/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ok', checks: { postgres: 'up', redis: 'up' } });
      expect((await fetch(`${base}/nothing`)).status).toBe(404);
    });

    it('counts and times the jobs it ran by queue, name and outcome, next to the queue gauges', async () => {
      const queue = app.get<Queue>(getQueueToken(QUEUES.audit));
      const done = await app.get(JobProducer).enqueue('audit.record', event('metrics-event'));
      const bad = await queue.add('audit.record', { eventKey: 'metrics-bad' }, { attempts: 1 });
      await Promise.all([settledJob(queue, done), settledJob(queue, String(bad.id))]);

      const res = await fetch(`${base}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      const text = await res.text();
      expect(text).toContain('worker_jobs_total{queue="audit",name="audit.record",state="completed"} 1\n');
      expect(text).toContain('worker_jobs_total{queue="audit",name="audit.record",state="failed"} 1\n');
      expect(text).toMatch(/^worker_job_duration_seconds_count\{queue="audit",name="audit.record"\} 2$/m);
      const failed = new RegExp(`^bullmq_queue_failed\\{queue="audit",prefix="${prefix}"\\} (\\d+)$`, 'm').exec(text);
      expect(Number(failed?.[1])).toBeGreaterThanOrEqual(1);
      expect(text).toMatch(/^process_resident_memory_bytes\{process="worker"\} \d+/m);
      // The domain figures of the worker, moved by the batch and report tests.
      expect(text).toContain('# TYPE valuations_total counter');
      expect(text).toContain('# TYPE batch_rows_valued_total counter');
      expect(text).toContain('# TYPE report_render_seconds histogram');
    });

    it('stops listening when the application closes', async () => {
      await app.close();
      const refused = await new Promise<string | undefined>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.destroy();
          resolve(undefined);
        });
        socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code));
      });
      expect(refused).toBe('ECONNREFUSED');
    });
  });

  describe('on shutdown', () => {
    const progress = { started: false, finished: false };
    let release: () => void = () => undefined;
    const started = new Promise<void>((resolve) => {
      release = resolve;
    });

    @JobProcessor(QUEUES.audit)
    class SlowAuditProcessor extends JobProcessorHost {
      constructor(private readonly audit: AuditService) {
        super();
      }

      @JobHandler('audit.record')
      async record(job: JobOf<'audit.record'>): Promise<void> {
        progress.started = true;
        release();
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await this.audit.record(job.data);
        progress.finished = true;
      }
    }

    it('finishes the active job before close() resolves', async () => {
      const app = await bootWorker({ queues: [QUEUES.audit], processors: [SlowAuditProcessor] });
      const id = await app.get(JobProducer).enqueue('audit.record', event('slow-event'));
      await started;

      let closed = false;
      const closing = app.close().then(() => {
        closed = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(progress).toEqual({ started: true, finished: false });
      expect(closed).toBe(false);

      await closing;
      expect(progress.finished).toBe(true);
      expect(await logRows('slow-event')).toHaveLength(1);

      const inspect = new Queue(QUEUES.audit, bullOptions(loadConfig()));
      try {
        expect(await (await inspect.getJob(id))?.getState()).toBe('completed');
      } finally {
        await inspect.close();
      }
    });
  });
});
