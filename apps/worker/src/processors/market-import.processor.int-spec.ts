import { randomBytes } from 'node:crypto';
import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import iconv from 'iconv-lite';
import { QUEUES, type MarketImportReport } from '@valuation/contracts';
import { JobProducer } from '@valuation/queue';
import { ObjectStorage } from '@valuation/storage';
import { createTestDatabase, uniqueRedisPrefix, type TestDatabase, settledJob } from '@valuation/testing';
import { WorkerModule } from '../worker.module';
import { MONTHLY_INDEX_PATTERN, MONTHLY_INDEX_SCHEDULER } from './market-index.processor';

const LISTINGS = [
  'Direction,District,Elevator,Floor,Garden,Id,Layout,Price,Region,Renovation,Size,UnitPrice,Year',
  '南北,望京,板楼,6,望京西园三区,900000000001,2室1厅, 520万,朝阳,精装,80.0,"65,000元/平",2001',
  '南,望京,塔楼,18,望京西园三区,900000000002,1室1厅, 330万,朝阳,简装,50.0,"66,000元/平",2001',
  '东,中关村,板楼,16,知春里,900000000003,3室1厅, 900万,海淀,其他,100.0,"90,000元/平",1995',
  '西,中关村,板楼,16,知春里,900000000004,3室1厅, 900万,海淀,其他,100.0,"90,000元/平",2105',
].join('\n');

describe('market processors in the worker', () => {
  let db: TestDatabase;
  let pg: Client;
  let redis: Redis;
  let app: INestApplicationContext;
  let imports: Queue;
  let indexes: Queue;
  const prefix = uniqueRedisPrefix();

  beforeAll(async () => {
    db = await createTestDatabase();
    process.env.DATABASE_URL = db.url;
    process.env.REDIS_PREFIX = prefix;
    process.env.S3_BUCKET = `test-${randomBytes(5).toString('hex')}`;
    pg = new Client({ connectionString: db.url });
    await pg.connect();
    redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0');
    const module = WorkerModule.forRoot({ queues: [QUEUES.import, QUEUES.marketIndex], concurrency: 2 });
    app = await NestFactory.createApplicationContext(module, { logger: false, abortOnError: false });
    imports = app.get<Queue>(getQueueToken(QUEUES.import));
    indexes = app.get<Queue>(getQueueToken(QUEUES.marketIndex));
  });

  afterAll(async () => {
    await app?.close();
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await pg?.end();
    await db?.drop();
    delete process.env.DATABASE_URL;
    delete process.env.REDIS_PREFIX;
    delete process.env.S3_BUCKET;
  });

  it('imports an uploaded GB18030 file, stores the report beside it, then rebuilds the price index', async () => {
    const storage = app.get(ObjectStorage);
    const key = 'imports/market/2025/beijing-listings.csv';
    await storage.put(key, iconv.encode(LISTINGS, 'gb18030'), undefined, 'text/csv');

    const id = await app
      .get(JobProducer)
      .enqueue('market.import', { kind: 'lianjia-listings', objectKey: key, fileName: '北京挂牌.csv', requestedBy: 'demoadmin' });
    const job = await settledJob(imports, id);
    expect(job.failedReason).toBeUndefined();
    const report = job.returnvalue as MarketImportReport;
    expect(report).toMatchObject({
      kind: 'lianjia-listings',
      fileName: '北京挂牌.csv',
      encoding: 'gb18030',
      accepted: 3,
      updated: 0,
      communitiesCreated: 2,
      rejected: [{ line: 5, reason: expect.stringMatching(/^建成年代 2105 不在 1900–\d{4} 之间$/) }],
      reportKey: `${key}.report.json`,
      requestedBy: 'demoadmin',
    });
    expect(JSON.parse((await storage.getBuffer(`${key}.report.json`)).toString())).toEqual(report);
    expect((await pg.query(`SELECT name, area_name FROM community ORDER BY name`)).rows).toEqual([
      { name: '望京西园三区', area_name: '望京' },
      { name: '知春里', area_name: '中关村' },
    ]);

    const indexJob = await settledJob(indexes, `index-after-import-${id}-110100`);
    expect(indexJob.data).toEqual({ cityCode: '110100', since: '2021-11-01' });
    expect(indexJob.returnvalue).toMatchObject({ cityCode: '110100', community: 2, district: 2, city: 1 });
    const city = await pg.query(
      `SELECT avg_unit_price, median_unit_price, case_count FROM price_index WHERE scope = 'city' AND scope_code = '110100' AND month = '2021-11-01'`,
    );
    expect(city.rows).toEqual([{ avg_unit_price: '73666.67', median_unit_price: '66000.00', case_count: 3 }]);
  });

  it('fails bad payloads and missing uploads at once, without retries', async () => {
    const bad = await imports.add('market.import', { kind: 'houses', objectKey: '', fileName: 'x.csv' }, { attempts: 3, backoff: 10 });
    const badJob = await settledJob(imports, String(bad.id));
    expect(badJob.attemptsMade).toBe(1);
    expect(badJob.failedReason).toMatch(/^invalid market\.import payload: .*kind: .*objectKey: /);

    const missing = await imports.add(
      'market.import',
      { kind: 'cases', objectKey: 'imports/none.csv', fileName: 'none.csv' },
      { attempts: 3, backoff: 10 },
    );
    const missingJob = await settledJob(imports, String(missing.id));
    expect(missingJob.attemptsMade).toBe(1);
    expect(missingJob.failedReason).toBe('No object "imports/none.csv" in storage');

    const badIndex = await indexes.add('market.rebuild-index', { cityCode: 'Beijing' }, { attempts: 3, backoff: 10 });
    const badIndexJob = await settledJob(indexes, String(badIndex.id));
    expect(badIndexJob.attemptsMade).toBe(1);
    expect(badIndexJob.failedReason).toMatch(/^invalid market\.rebuild-index payload: cityCode: /);
  });

  it('schedules the monthly rebuild of the whole index at start', async () => {
    const schedulers = await indexes.getJobSchedulers();
    expect(schedulers).toEqual([
      expect.objectContaining({
        key: MONTHLY_INDEX_SCHEDULER,
        pattern: MONTHLY_INDEX_PATTERN,
        tz: 'Asia/Shanghai',
        name: 'market.rebuild-index',
      }),
    ]);
  });
});
