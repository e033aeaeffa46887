import fs from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { Client as MinioClient } from 'minio';
import { loadConfig } from '@valuation/config';
import { batchStartJobId, QUEUES } from '@valuation/contracts';
import { seedDemoMarket } from '@valuation/core';
import { BATCH_COLUMNS, BuyMode, ProductCode } from '@valuation/domain';
import { AccountEntity, BalanceRepository } from '@valuation/persistence';
import { JobProducer } from '@valuation/queue';
import { minioClientOptions } from '@valuation/storage';
import {
  compileServer,
  portOpen,
  SERVER_SOURCES,
  startNodeProcess,
  startPrivateCluster,
  startPrivateRedis,
  startPrivateS3,
  waitFor,
  type PrivateCluster,
  type PrivateRedis,
  type PrivateS3,
  type RunningProcess,
} from '@valuation/testing';
import { batchFixture, flat, type BatchFixture, type Community } from './batch-fixture';
import { startTestApi, type TestApi } from './test-api';

/** Ports of this file's own PostgreSQL, Redis, S3 server, API process and worker probes. */
const PG_PORT = 5431;
const REDIS_PORT = 6431;
const S3_PORT = 9431;
const API_PORT = 3431;
const WORKER_PORTS = [3433, 3434];

/** A short lock, so a chunk whose worker lost Redis or PostgreSQL while holding it is taken over within seconds. */
const LOCK_MS = 5000;

interface Readiness {
  status: number;
  checks?: Record<string, string>;
}

/** The answer of a worker's readiness probe. */
async function readiness(port: number): Promise<Readiness> {
  const res = await fetch(`http://127.0.0.1:${port}/health/ready`);
  const body = (await res.json()) as { checks?: Record<string, string> };
  return { status: res.status, checks: body.checks };
}

describe('failures of PostgreSQL, Redis, S3 and the API while work is in flight', () => {
  let pg: PrivateCluster;
  let redis: PrivateRedis;
  let s3: PrivateS3;
  let outDir: string;
  let t: TestApi;
  let fx: BatchFixture;
  let admin: AccountEntity;
  let communities: Community[];
  const workers: RunningProcess[] = [];
  let api: RunningProcess | null = null;
  const saved = { ...process.env };

  /** Starts the worker processes: the first serves reports too. */
  const startWorkers = async () => {
    for (const [i, port] of WORKER_PORTS.entries()) {
      workers.push(
        startNodeProcess(path.join(outDir, 'apps/worker/src/main.js'), {
          WORKER_QUEUES: i === 0 ? `${QUEUES.batch},${QUEUES.report}` : QUEUES.batch,
          BATCH_CONCURRENCY: '2',
          PDF_PAGES: '1',
          DATABASE_POOL_SIZE: '4',
          WORKER_HTTP_PORT: String(port),
          WORKER_LOCK_MS: String(LOCK_MS),
          LOG_LEVEL: 'warn',
        }),
      );
    }
    await Promise.all(
      WORKER_PORTS.map((port) => waitFor(`the worker on ${port} to be ready`, async () => (await readiness(port)).status === 200, 30_000)),
    );
  };

  /** Every worker process is still the one started, and ready again. */
  const expectWorkersAlive = async () => {
    for (const worker of workers) expect(worker.child.exitCode).toBeNull();
    for (const port of WORKER_PORTS)
      await waitFor(`the worker on ${port} to be ready again`, async () => (await readiness(port)).status === 200, 30_000);
  };

  /** A task of `size` rows in state 1, its start job queued as the upload queues it. */
  const startBatch = async (size: number, seed: number) => {
    const at = (i: number) => communities[(i * 7 + seed) % communities.length];
    const rows = Array.from({ length: size }, (_, i) => flat(at(i), i));
    const task = await fx.createTask(
      rows,
      rows.map((_, i) => at(i).cityCode),
    );
    await t.app.get(JobProducer).enqueue('batch.start', { taskId: task.id }, { jobId: batchStartJobId(task.id) });
    return task;
  };

  const expectBooksBalance = async () => expect(await new BalanceRepository(t.ds).differences()).toEqual([]);

  beforeAll(async () => {
    outDir = compileServer('chaos-test', SERVER_SOURCES);
    // Each is kept as soon as it runs, so that afterAll stops it even when another did not start.
    await Promise.all([
      startPrivateCluster(PG_PORT).then((started) => (pg = started)),
      startPrivateRedis(REDIS_PORT, { appendonly: true }).then((started) => (redis = started)),
      startPrivateS3(S3_PORT).then((started) => (s3 = started)),
    ]);
    Object.assign(process.env, { DATABASE_ADMIN_URL: pg.adminUrl, REDIS_URL: redis.url, S3_ENDPOINT: s3.endpoint });
    t = await startTestApi({ BATCH_SWEEP_INTERVAL_MS: '1000', BATCH_STALL_SECONDS: '3' });
    await seedDemoMarket(t.ds, { cityCodes: ['110100', '310100'], communitiesPerCity: 20, months: 24 });
    admin = await t.ds.getRepository(AccountEntity).findOneByOrFail({ loginUser: 'demoadmin' });
    fx = batchFixture(t.ds, admin);
    await fx.credit(ProductCode.valuation, BuyMode.cityAnnual, 5000, [{ code: '110100', name: '北京市' }]);
    await fx.credit(ProductCode.valuation, BuyMode.enterpriseGift, 5000);
    communities = await t.ds.query(
      `SELECT name, city_code AS "cityCode" FROM community WHERE source = 'demo' AND city_code IN ('110100', '310100') ORDER BY city_code, ha_code`,
    );
    await startWorkers();
  }, 180_000);

  afterAll(async () => {
    await Promise.all([...workers, ...(api ? [api] : [])].map((p) => p.stop('SIGKILL')));
    // After a failed test a server may still be down: closing the test's API may then fail, and the servers go anyway.
    await t?.close().catch(() => undefined);
    await Promise.all([pg?.destroy(), redis?.destroy(), s3?.destroy()]);
    if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
    process.env = saved;
  }, 60_000);

  it('finishes a batch once when Redis is killed mid-batch and started again (append-only file, as production runs it)', async () => {
    const { id, batchId } = await startBatch(2000, 1);
    await waitFor('the workers to value some rows', async () => (await fx.task(id)).processed >= 250, 60_000, 10);

    await redis.kill();
    const cut = await fx.task(id);
    expect(cut).toMatchObject({ state: 1 });
    expect(cut.processed).toBeLessThan(2000);
    for (const port of WORKER_PORTS)
      await waitFor(`the worker on ${port} to see Redis gone`, async () => (await readiness(port)).checks?.redis === 'down', 15_000);
    await redis.start();

    await waitFor('the task to finish', async () => (await fx.task(id)).state !== 1, 120_000, 200);
    const done = await fx.expectExactlyOnce(id, batchId);
    expect(done.row.processed).toBe(2000);
    await expectBooksBalance();
    await expectWorkersAlive();
  }, 180_000);

  it('finishes a batch once when Redis comes back empty mid-batch: the sweep queues the rest again from PostgreSQL', async () => {
    const { id, batchId } = await startBatch(2000, 3);
    await waitFor('the workers to value some rows', async () => (await fx.task(id)).processed >= 250, 60_000, 10);

    await redis.kill();
    expect((await fx.task(id)).processed).toBeLessThan(2000);
    for (const port of WORKER_PORTS)
      await waitFor(`the worker on ${port} to see Redis gone`, async () => (await readiness(port)).checks?.redis === 'down', 15_000);
    await redis.start({ empty: true });

    await waitFor('the task to finish', async () => (await fx.task(id)).state !== 1, 60_000, 200);
    const done = await fx.expectExactlyOnce(id, batchId);
    expect(done.row.processed).toBe(2000);
    expect(workers.some((worker) => worker.stdout.includes(`started stalled batch tasks again: ${id}`))).toBe(true);
    await expectBooksBalance();
    await expectWorkersAlive();
  }, 180_000);

  it('finishes a batch once when PostgreSQL is restarted mid-batch; the workers wait and resume', async () => {
    const { id, batchId } = await startBatch(2000, 2);
    await waitFor('the workers to value some rows', async () => (await fx.task(id)).processed >= 250, 60_000, 10);

    await pg.stop();
    for (const port of WORKER_PORTS)
      await waitFor(
        `the worker on ${port} to see PostgreSQL gone`,
        async () => (await readiness(port)).checks?.postgres === 'down',
        15_000,
      );
    await pg.start();

    await waitFor('the task to finish', async () => (await fx.task(id)).state !== 1, 120_000, 200);
    const done = await fx.expectExactlyOnce(id, batchId);
    expect(done.row.processed).toBe(2000);
    await expectBooksBalance();
    await expectWorkersAlive();
  }, 180_000);

  it('finishes a batch once when PostgreSQL stays down longer than a chunk retries: the sweep queues the chunks that gave up again', async () => {
    const { id, batchId } = await startBatch(2000, 4);
    await waitFor('the workers to value some rows', async () => (await fx.task(id)).processed >= 250, 60_000, 10);
    const gaveUp = () =>
      workers.some((worker) => worker.stdout.split('\n').some((line) => line.includes(`"taskId":"${id}"`) && line.includes('giving up')));

    await pg.stop();
    await waitFor('a chunk to give up', gaveUp, 60_000, 50);
    await pg.start();

    await waitFor('the task to finish', async () => (await fx.task(id)).state !== 1, 60_000, 200);
    const done = await fx.expectExactlyOnce(id, batchId);
    expect(done.row.processed).toBe(2000);
    expect(workers.some((worker) => worker.stdout.includes(`started stalled batch tasks again: ${id}`))).toBe(true);
    await expectBooksBalance();
    await expectWorkersAlive();
  }, 180_000);

  describe('reports while S3 is unreachable', () => {
    let token: string;
    let community: { haCode: string; name: string };
    const get = (url: string) => t.http().get(url).set('Authorization', `Bearer ${token}`);
    const post = (url: string, body: object) => t.http().post(url).set('Authorization', `Bearer ${token}`).send(body);
    const ledger = async (reportCode: string) =>
      (await t.ds.query(`SELECT kind, delta, reason FROM balance_ledger WHERE ref_id = $1 ORDER BY id`, [reportCode])) as {
        kind: string;
        delta: number;
        reason: string;
      }[];
    const report = async (evalCode: string) => (await get(`/api/eval/advisory/get?evalCode=${evalCode}`)).body.data.report;

    const value = async (area: number) => {
      const res = await post('/api/eval/rapid?evalType=1&mtype=4&mtypeOn=0', {
        cityCode: '110100',
        cityName: '北京',
        propType: 11,
        haInfo: { haCode: community.haCode, haName: community.name },
        bldgArea: String(area),
        floor: '6',
        bheight: '18',
        br: 2,
        lr: 1,
        ba: 1,
      });
      expect(res.body).toMatchObject({ code: 200, data: { state: 1 } });
      return res.body.data.evalCode as string;
    };

    beforeAll(async () => {
      token = await t.login('user', 'demouser');
      [community] = await t.ds.query(
        `SELECT c.ha_code AS "haCode", c.name FROM community c
          WHERE c.city_code = '110100' AND c.source = 'demo'
            AND (SELECT count(*) FROM market_case m WHERE m.community_id = c.id AND m.trade_type = 1 AND m.prop_type = 11) >= 10
          ORDER BY c.ha_code LIMIT 1`,
      );
    });

    afterAll(async () => {
      if (!(await portOpen(S3_PORT))) await s3.start();
    });

    it('refunds a report whose tries all end while S3 stays down', async () => {
      const evalCode = await value(88);
      await s3.kill();
      const ordered = (await post('/api/eval/advisory/add', { evalCode })).body.data;
      expect(ordered).toMatchObject({ reportCode: expect.stringMatching(/^ZX\d{18}$/) });

      await waitFor('the report to fail', async () => (await report(evalCode))?.state === 3, 60_000, 100);
      expect(await report(evalCode)).toMatchObject({ state: 3, sha256: null });
      expect(await ledger(ordered.reportCode)).toEqual([
        { kind: 'advisory', delta: -1, reason: 'consume' },
        { kind: 'advisory', delta: 1, reason: 'refund' },
      ]);
      await expectBooksBalance();
    }, 90_000);

    it('renders a report whose first try failed once S3 is back before the retry', async () => {
      const evalCode = await value(93);
      const failures = (worker: RunningProcess) =>
        worker.stdout.split('\n').filter((line) => line.includes('report.render') && line.includes('will retry')).length;
      const before = failures(workers[0]);
      const ordered = (await post('/api/eval/advisory/add', { evalCode })).body.data;
      await waitFor('the first try to fail', () => failures(workers[0]) > before, 60_000, 20);
      await s3.start();

      await waitFor('the report to render', async () => (await report(evalCode))?.state !== 1, 60_000, 100);
      expect(await report(evalCode)).toMatchObject({ state: 2, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
      expect(await ledger(ordered.reportCode)).toEqual([{ kind: 'advisory', delta: -1, reason: 'consume' }]);
      await expectBooksBalance();
    }, 90_000);
  });

  describe('the API killed while a batch spreadsheet is being uploaded', () => {
    let token: string;
    let bucket: string;
    let minio: MinioClient;

    const startApi = async () => {
      api = startNodeProcess(path.join(outDir, 'apps/api/src/main.js'), {
        API_PORT: String(API_PORT),
        API_HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      });
      await waitFor(
        'the API to answer',
        async () => (await fetch(`http://127.0.0.1:${API_PORT}/api/health/ready`)).status === 200,
        60_000,
        100,
      );
    };

    /** The keys stored under batch/ in the bucket of the test. */
    const batchObjects = async () => {
      const keys: string[] = [];
      for await (const item of minio.listObjectsV2(bucket, 'batch/', true)) keys.push((item as { name: string }).name);
      return keys;
    };

    const counts = async () => {
      const [row] = await t.ds.query(
        `SELECT (SELECT count(*) FROM batch_task)::int AS tasks, (SELECT count(*) FROM balance_ledger)::int AS ledger,
                (SELECT coalesce(sum(remaining), 0) FROM balance_package WHERE account_id = $1)::int AS remaining`,
        [admin.id],
      );
      return row as { tasks: number; ledger: number; remaining: number };
    };

    /** A CSV of the template with `size` rows in the Beijing communities of the test, which the city package pays for. */
    const spreadsheet = (size: number) => {
      const beijing = communities.filter((c) => c.cityCode === '110100');
      const row = (i: number) => [
        '北京',
        '',
        beijing[i % beijing.length].name,
        '住宅',
        '89.5',
        '6',
        '18',
        '2',
        '1',
        '1',
        '南北',
        '精装',
        '2010',
        `UP${i}`,
      ];
      return Buffer.from(
        [BATCH_COLUMNS.map((c) => c.header), ...Array.from({ length: size }, (_, i) => row(i))]
          .map((cells) => cells.join(','))
          .join('\r\n'),
      );
    };

    /**
     * POST /api/batch/upload as a browser sends it; `cut` sends that many bytes of the body, then
     * calls it, and keeps the rest back. Resolves to the status and body, or rejects with the
     * connection's error.
     */
    const upload = (file: Buffer, cut?: { at: number; then: () => Promise<void> }) =>
      new Promise<{ status: number; body: { code: number; data?: { batchId: string; evalTotal: number } } }>((resolve, reject) => {
        const boundary = `----chaos${Date.now()}`;
        const body = Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="taskName"\r\n\r\n断线重传\r\n`),
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="batch.csv"\r\nContent-Type: text/csv\r\n\r\n`,
          ),
          file,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
        const req = request(
          {
            host: '127.0.0.1',
            port: API_PORT,
            method: 'POST',
            path: '/api/batch/upload',
            headers: {
              Authorization: `Bearer ${token}`,
              'Content-Type': `multipart/form-data; boundary=${boundary}`,
              'Content-Length': body.length,
            },
          },
          (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => (text += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        if (!cut) {
          req.end(body);
          return;
        }
        req.write(body.subarray(0, cut.at), () => {
          cut.then().catch(reject);
        });
      });

    beforeAll(async () => {
      token = await t.login('user', 'demoadmin');
      const config = loadConfig();
      bucket = config.S3_BUCKET;
      minio = new MinioClient(minioClientOptions(config));
      await startApi();
    }, 90_000);

    it('leaves no task, reservation or stored file behind, and the upload tried again succeeds', async () => {
      const file = spreadsheet(1500);
      const before = await counts();
      expect(await batchObjects()).toEqual([]);

      const failed = upload(file, { at: Math.floor(file.length / 2), then: async () => void (await api!.stop('SIGKILL')) });
      await expect(failed).rejects.toMatchObject({ code: expect.stringMatching(/^(ECONNRESET|EPIPE)$/) });
      expect(await counts()).toEqual(before);
      expect(await batchObjects()).toEqual([]);

      await startApi();
      const retried = await upload(file);
      expect(retried).toMatchObject({ status: 200, body: { code: 200, data: { evalTotal: 1500 } } });
      const [task]: { id: string; batchId: string; fileKey: string }[] = await t.ds.query(
        `SELECT id, batch_id AS "batchId", file_key AS "fileKey" FROM batch_task WHERE batch_id = $1`,
        [retried.body.data!.batchId],
      );
      expect(await batchObjects()).toEqual([task.fileKey]);
      const after = await counts();
      expect(after.tasks).toBe(before.tasks + 1);
      expect(before.remaining - after.remaining).toBe(1500);

      await waitFor('the uploaded task to finish', async () => (await fx.task(task.id)).state !== 1, 120_000, 200);
      await fx.expectExactlyOnce(task.id, task.batchId);
      await expectBooksBalance();
    }, 240_000);
  });
});
