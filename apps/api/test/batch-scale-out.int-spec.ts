import fs from 'node:fs';
import path from 'node:path';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { batchStartJobId, QUEUES } from '@valuation/contracts';
import { seedDemoMarket, type BatchChunkResult } from '@valuation/core';
import { BuyMode, ProductCode } from '@valuation/domain';
import { AccountEntity, BalanceRepository } from '@valuation/persistence';
import { JobProducer } from '@valuation/queue';
import { compileServer, startNodeProcess, waitFor, type RunningProcess } from '@valuation/testing';
import { batchFixture, flat, type BatchFixture, type Community } from './batch-fixture';
import { startTestApi, type TestApi } from './test-api';

const ROWS = 10_000;
const WORKERS = 3;

/** The chunk jobs a worker process logged as completed, from its JSON log lines. */
function completedChunks(worker: RunningProcess): string[] {
  return worker.stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { jobName?: string; jobId?: string; msg?: string })
    .filter((line) => line.jobName === 'batch.chunk' && line.msg?.endsWith(' completed'))
    .map((line) => String(line.jobId));
}

describe('batch valuation scaled out over worker processes', () => {
  let t: TestApi;
  let fx: BatchFixture;
  let admin: AccountEntity;
  let communities: Community[];
  let outDir: string;
  const workers: RunningProcess[] = [];

  beforeAll(async () => {
    outDir = compileServer('batch-scale-out-test');
    t = await startTestApi();
    await seedDemoMarket(t.ds, { cityCodes: ['110100', '310100'], communitiesPerCity: 40, months: 24 });
    admin = await t.ds.getRepository(AccountEntity).findOneByOrFail({ loginUser: 'demoadmin' });
    fx = batchFixture(t.ds, admin);
    await fx.credit(ProductCode.valuation, BuyMode.cityAnnual, ROWS, [{ code: '110100', name: '北京市' }]);
    await fx.credit(ProductCode.valuation, BuyMode.enterpriseGift, ROWS);
    communities = await t.ds.query(
      `SELECT name, city_code AS "cityCode" FROM community WHERE source = 'demo' AND city_code IN ('110100', '310100') ORDER BY city_code, ha_code`,
    );
  }, 120_000);

  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop('SIGKILL')));
    await t?.close();
    if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
  });

  it(`values a ${ROWS.toLocaleString('en')}-row batch once across ${WORKERS} worker processes, each taking chunks`, async () => {
    const before = await fx.balances();
    const at = (i: number) => communities[(i * 13) % communities.length];
    const rows = Array.from({ length: ROWS }, (_, i) => flat(at(i), i));
    const { id, batchId } = await fx.createTask(
      rows,
      rows.map((_, i) => at(i).cityCode),
    );

    for (let i = 0; i < WORKERS; i++) {
      workers.push(
        startNodeProcess(path.join(outDir, 'apps/worker/src/main.js'), {
          WORKER_QUEUES: QUEUES.batch,
          BATCH_CONCURRENCY: '2',
          DATABASE_POOL_SIZE: '4',
          WORKER_HTTP_PORT: '0',
          LOG_LEVEL: 'debug',
        }),
      );
    }
    await Promise.all(workers.map((worker) => worker.logged('serving queues batch')));

    await t.app.get(JobProducer).enqueue('batch.start', { taskId: id }, { jobId: batchStartJobId(id) });
    await waitFor('the task to finish', async () => (await fx.task(id)).state !== 1, 180_000, 250);

    const done = await fx.expectExactlyOnce(id, batchId);
    expect(done.row.evalTotal).toBe(ROWS);
    expect(done.valued).toBeGreaterThan(ROWS * 0.95);
    const [{ rows: distinctRows, results }] = await t.ds.query(
      `SELECT count(DISTINCT row_no)::int AS rows, count(*)::int AS results FROM batch_item WHERE task_id = $1`,
      [id],
    );
    expect({ distinctRows, results }).toEqual({ distinctRows: ROWS, results: ROWS });
    const after = await fx.balances();
    expect(before.city + before.universal - (after.city + after.universal)).toBe(done.valued);
    expect(await new BalanceRepository(t.ds).differences()).toEqual([]);

    // Every chunk job completed once, by one of the processes, and each process wrote rows of its own chunks.
    const queue = t.app.get<Queue>(getQueueToken(QUEUES.batch));
    const chunks: { chunk: number }[] = await t.ds.query(`SELECT DISTINCT chunk FROM batch_item WHERE task_id = $1 ORDER BY chunk`, [id]);
    const byWorker = workers.map(completedChunks);
    expect(byWorker.flat().sort()).toEqual(chunks.map(({ chunk }) => `batch:${id}:${chunk}`).sort());
    let written = 0;
    for (const jobIds of byWorker) {
      const results = await Promise.all(jobIds.map(async (jobId) => (await queue.getJob(jobId))?.returnvalue as BatchChunkResult));
      const own = results.reduce((sum, result) => sum + result.written, 0);
      expect(own).toBeGreaterThan(0);
      written += own;
    }
    expect(written).toBe(ROWS);

    const exits = await Promise.all(workers.map((worker) => worker.stop('SIGTERM')));
    expect(exits).toEqual(Array.from({ length: WORKERS }, () => ({ code: 0, signal: null })));
    for (const worker of workers) expect(worker.stderr).toBe('');
  }, 240_000);
});
