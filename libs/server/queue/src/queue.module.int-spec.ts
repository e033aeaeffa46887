import { Test, type TestingModule } from '@nestjs/testing';
import { getQueueToken } from '@nestjs/bullmq';
import { Worker, type Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { ConfigModule } from '@valuation/config';
import { QUEUES, type AuditRecordPayload } from '@valuation/contracts';
import { uniqueRedisPrefix } from '@valuation/testing';
import { JobProducer } from './job-producer.service';
import { QueueModule } from './queue.module';

const payload = (eventKey: string): AuditRecordPayload => ({
  eventKey,
  tenantId: 1,
  population: 'tenant',
  actorId: 7,
  actorLogin: 'admin',
  actorName: '管理员',
  action: '修改密码',
  detail: '',
  ip: '127.0.0.1',
  at: new Date().toISOString(),
});

describe('QueueModule and JobProducer', () => {
  const prefix = uniqueRedisPrefix();
  let moduleRef: TestingModule;
  let producer: JobProducer;
  let queue: Queue;
  let redis: Redis;

  beforeAll(async () => {
    process.env.REDIS_PREFIX = prefix;
    moduleRef = await Test.createTestingModule({ imports: [ConfigModule, QueueModule.forRoot()] }).compile();
    await moduleRef.init();
    producer = moduleRef.get(JobProducer);
    queue = moduleRef.get<Queue>(getQueueToken(QUEUES.audit));
    redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0');
  });

  afterAll(async () => {
    await moduleRef.close();
    const found = await redis.keys(`${prefix}:*`);
    if (found.length > 0) await redis.del(...found);
    await redis.quit();
    delete process.env.REDIS_PREFIX;
  });

  it('puts a job on the queue of its name, under REDIS_PREFIX, with the default options', async () => {
    const data = payload('e-defaults');
    const id = await producer.enqueue('audit.record', data);
    const job = await queue.getJob(id);
    expect(job?.name).toBe('audit.record');
    expect(job?.data).toEqual(data);
    expect(job?.opts).toMatchObject({
      attempts: 3,
      backoff: { type: 'exponential', delay: 2000 },
      removeOnComplete: { age: 86400, count: 1000 },
      removeOnFail: { age: 604800, count: 5000 },
    });
    expect(await job?.getState()).toBe('waiting');
    expect(await redis.exists(`${prefix}:audit:${id}`)).toBe(1);
  });

  it('keeps one job per jobId', async () => {
    const before = await queue.getWaitingCount();
    const first = await producer.enqueue('audit.record', payload('e-dedup'), { jobId: 'e-dedup' });
    const second = await producer.enqueue('audit.record', payload('e-dedup'), { jobId: 'e-dedup' });
    expect([first, second]).toEqual(['e-dedup', 'e-dedup']);
    expect(await queue.getWaitingCount()).toBe(before + 1);
  });

  it('delays a job and overrides the attempts', async () => {
    const id = await producer.enqueue('audit.record', payload('e-delayed'), { delay: 60_000, attempts: 1 });
    const job = await queue.getJob(id);
    expect(await job?.getState()).toBe('delayed');
    expect(job?.opts).toMatchObject({ delay: 60_000, attempts: 1 });
  });

  it('ensures a job runs: adds it when missing, keeps it while queued, retries it once it failed for good', async () => {
    expect(await producer.ensure('audit.record', payload('e-ensure'), 'e-ensure', { attempts: 1 })).toBe('added');
    expect(await producer.ensure('audit.record', payload('e-ensure'), 'e-ensure')).toBe('kept');
    expect(await queue.getJobState('e-ensure')).toBe('waiting');

    const worker = new Worker(
      QUEUES.audit,
      async (job) => {
        if (job.id === 'e-ensure') throw new Error('unreachable store');
      },
      { connection: { host: '127.0.0.1', port: Number(new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379').port || 6379) }, prefix },
    );
    try {
      await new Promise<void>((resolve) => worker.on('failed', (job) => job?.id === 'e-ensure' && resolve()));
    } finally {
      await worker.close();
    }
    expect(await queue.getJobState('e-ensure')).toBe('failed');
    expect(await producer.ensure('audit.record', payload('e-ensure'), 'e-ensure')).toBe('retried');
    expect(await queue.getJobState('e-ensure')).toBe('waiting');
  });
});
