import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { DataSource } from 'typeorm';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { batchStartJobId, QUEUES } from '@valuation/contracts';
import { BatchRunner, seedDemoMarket } from '@valuation/core';
import { BATCH_COLUMNS, BuyMode, ProductCode, type BatchRowInput } from '@valuation/domain';
import { AccountEntity, BalancePackageEntity, BatchItemEntity, type BatchTaskEntity } from '@valuation/persistence';
import { JobProducer, Metrics } from '@valuation/queue';
import { compileServer, REPO_ROOT, waitFor } from '@valuation/testing';
import { BatchProcessor } from '../../worker/src/processors/batch.processor';
import { WorkerModule } from '../../worker/src/worker.module';
import { batchFixture, flat, type BatchFixture, type Community } from './batch-fixture';
import { startTestApi, type TestApi } from './test-api';

describe('batch valuation worker', () => {
  let t: TestApi;
  let ds: DataSource;
  let admin: AccountEntity;
  let communities: Community[];

  let fx: BatchFixture;
  const task = (id: string) => fx.task(id);
  const balances = () => fx.balances();
  const credit: BatchFixture['credit'] = (...args) => fx.credit(...args);
  const createTask: BatchFixture['createTask'] = (...args) => fx.createTask(...args);
  const expectExactlyOnce = (taskId: string, batchId: string) => fx.expectExactlyOnce(taskId, batchId);

  beforeAll(async () => {
    t = await startTestApi();
    ds = t.ds;
    await seedDemoMarket(ds, { cityCodes: ['110100', '310100', '440300'], communitiesPerCity: 40, months: 24 });
    admin = await ds.getRepository(AccountEntity).findOneByOrFail({ loginUser: 'demoadmin' });
    fx = batchFixture(ds, admin);
    // Enough for every task below: 5,000 Beijing counts in all, and nationwide counts for the Shanghai rows beyond its package.
    await credit(ProductCode.valuation, BuyMode.cityAnnual, 4000, [{ code: '110100', name: '北京市' }]);
    await credit(ProductCode.valuation, BuyMode.enterpriseGift, 2000);
    communities = await ds.query(
      `SELECT name, city_code AS "cityCode" FROM community WHERE source = 'demo' AND city_code IN ('110100', '310100') ORDER BY city_code, ha_code`,
    );
    expect(communities.length).toBe(80);
  }, 120_000);

  afterAll(() => t?.close());

  describe('in this process', () => {
    let worker: INestApplicationContext;
    let runner: BatchRunner;

    beforeAll(async () => {
      worker = await NestFactory.createApplicationContext(WorkerModule.forRoot({ queues: [QUEUES.batch], concurrency: 2 }), {
        logger: false,
        abortOnError: false,
      });
      runner = worker.get(BatchRunner);
    });
    afterAll(() => worker?.close());

    it('values what it can, marks unknown addresses, refunds the rest and tells the owner once', async () => {
      const before = await balances();
      const rows: BatchRowInput[] = [];
      const cities: (string | null)[] = [];
      for (let i = 0; i < 60; i++) {
        rows.push(flat(communities[i % communities.length], i));
        cities.push(communities[i % communities.length].cityCode);
      }
      // The second row names its building too: found by the fuzzy address match, not the exact name.
      rows[1] = { ...rows[1], location: `${communities[1].name}3号楼2单元` };
      rows.push({ ...flat(communities[0], 60), location: 'QXZW-7781-JKL' });
      cities.push('110100');
      rows.push({ ...flat(communities[0], 61), cityName: '不存在市' });
      cities.push(null);
      rows.push({ ...flat(communities[0], 62), bldgArea: 'abc' });
      cities.push('110100');
      const { id, batchId } = await createTask(rows, cities, '13800138000');
      const reserved = await balances();
      expect(before.city + before.universal - (reserved.city + reserved.universal)).toBe(63);

      await t.app.get(JobProducer).enqueue('batch.start', { taskId: id }, { jobId: batchStartJobId(id) });
      await waitFor('the task to finish', async () => (await task(id)).state !== 1, 30_000);

      const done = await expectExactlyOnce(id, batchId);
      expect(done.valued).toBeGreaterThanOrEqual(55);
      const items: { row_no: number; state: number; error: string | null }[] = await ds.query(
        `SELECT row_no, state, error FROM batch_item WHERE task_id = $1 AND row_no > 60 ORDER BY row_no`,
        [id],
      );
      expect(items).toEqual([
        { row_no: 61, state: 3, error: '地址解析失败，未匹配到小区' },
        { row_no: 62, state: 3, error: '地址解析失败，未匹配到小区' },
        { row_no: 63, state: 2, error: '请输入正确的面积' },
      ]);
      expect(done.row.evalError).toBe(2);
      const found = await ds.query(`SELECT row_no, location, ha_name FROM batch_item WHERE task_id = $1 AND row_no <= 2 ORDER BY row_no`, [
        id,
      ]);
      expect(found).toEqual([
        { row_no: 1, location: communities[0].name, ha_name: communities[0].name },
        { row_no: 2, location: `${communities[1].name}3号楼2单元`, ha_name: communities[1].name },
      ]);
      const after = await balances();
      expect(before.city + before.universal - (after.city + after.universal)).toBe(done.valued);
      const outbox = await ds.query(`SELECT kind, channel, phone, payload FROM notify_outbox WHERE payload->>'batchId' = $1`, [batchId]);
      expect(outbox).toEqual([
        {
          kind: 'batch.finished',
          channel: 'sms',
          phone: '13800138000',
          payload: expect.objectContaining({
            taskName: '测试批量',
            total: 63,
            success: done.valued,
            refunded: 63 - done.valued,
            taskState: 2,
          }),
        },
      ]);
    });

    it('values uploaded rows whose city is written in pinyin or as a code in the city the upload reserved for', async () => {
      const { packageId: shenzhenPackageId } = await credit(ProductCode.valuation, BuyMode.cityAnnual, 100, [
        { code: '440300', name: '深圳市' },
      ]);
      // The communities with the most cases of each city, so that every row gets a value.
      const best = async (cityCode: string): Promise<string[]> =>
        (
          await ds.query(
            `SELECT c.name FROM community c JOIN market_case k ON k.community_id = c.id
              WHERE c.source = 'demo' AND c.city_code = $1 AND k.trade_type = 1
              GROUP BY c.id, c.name ORDER BY count(*) DESC, c.id LIMIT 6`,
            [cityCode],
          )
        ).map((r: { name: string }) => r.name);
      const [beijing, shenzhen] = [await best('110100'), await best('440300')];
      const written: [city: string, dist: string, location: string, cityCode: string, distName: string | null][] = [
        ['beijing', '', beijing[0], '110100', null],
        ['Bei Jing', '朝阳', beijing[1], '110100', '朝阳区'],
        ['110101', '', beijing[2], '110100', '东城区'],
        ['110100', 'haidian', beijing[3], '110100', '海淀区'],
        ['北京', '', beijing[4], '110100', null],
        ['shenzhen', '', shenzhen[0], '440300', null],
        ['ShenZhen', '南山', shenzhen[1], '440300', '南山区'],
        ['440305', '', shenzhen[2], '440300', '南山区'],
        ['440300', '', shenzhen[3], '440300', null],
        ['广东省深圳市', '福田区', shenzhen[4], '440300', '福田区'],
      ];
      const csv = [
        BATCH_COLUMNS.map((c) => c.header),
        ...written.map(([city, dist, location], i) => [
          city,
          dist,
          location,
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
          `PY${i}`,
        ]),
      ]
        .map((cells) => cells.join(','))
        .join('\r\n');
      const before = await balances();
      const token = await t.login('user', 'demoadmin');
      const res = await t
        .http()
        .post('/api/batch/upload')
        .set({ Authorization: `Bearer ${token}` })
        .field('taskName', '拼音与代码')
        .attach('file', Buffer.from(csv), { filename: '拼音.csv', contentType: 'text/csv' });
      expect(res.body).toMatchObject({ code: 200, data: { evalTotal: written.length } });
      expect(res.body.subCode).toBeUndefined();
      const [{ id, batchId, reservations }]: { id: string; batchId: string; reservations: BatchTaskEntity['reservations'] }[] =
        await ds.query(`SELECT id, batch_id AS "batchId", reservations FROM batch_task WHERE batch_id = $1`, [res.body.data.batchId]);
      // Of the two Beijing packages, the demo seed's expires first, so it pays.
      const [beijingPackage]: { id: number }[] = await ds.query(
        `SELECT id FROM balance_package WHERE account_id = $1 AND kind = 'city' AND '110100' = ANY(city_codes) ORDER BY expire_date, id`,
        [admin.id],
      );
      expect(reservations).toEqual([
        { kind: 'city', packageId: beijingPackage.id, cityCode: '110100', count: 5 },
        { kind: 'city', packageId: shenzhenPackageId, cityCode: '440300', count: 5 },
      ]);
      const stored = await ds.getRepository(BatchItemEntity).find({ where: { taskId: id }, order: { rowNo: 'ASC' } });
      expect(stored.map((i) => i.cityCode)).toEqual(written.map((w) => w[3]));

      await waitFor('the task to finish', async () => (await task(id)).state !== 1, 30_000);
      const done = await expectExactlyOnce(id, batchId);
      const items = await ds.getRepository(BatchItemEntity).find({ where: { taskId: id }, order: { rowNo: 'ASC' } });
      expect(items.map((i) => [i.state, i.error, i.cityCode, i.cityName, i.haName])).toEqual(
        written.map(([, , location, cityCode]) => [1, null, cityCode, cityCode === '110100' ? '北京市' : '深圳市', location]),
      );
      for (const [i, [, , , , distName]] of written.entries()) if (distName) expect([i, items[i].distName]).toEqual([i, distName]);
      expect(done).toMatchObject({ valued: written.length, unvalued: 0 });
      const after = await balances();
      expect(after).toEqual({ universal: before.universal, city: before.city - written.length });
      expect(await ds.getRepository(BalancePackageEntity).findOneByOrFail({ id: shenzhenPackageId })).toMatchObject({ remaining: 95 });
    });

    /** The batch rows counted so far and the valuations by outcome, from the worker's registry. */
    const counted = async () => {
      const metrics = worker.get(Metrics);
      const valuations = (await metrics.registry.getSingleMetric('valuations_total')!.get()).values;
      const sum = (state: string) => valuations.filter((v) => v.labels.state === state).reduce((n, v) => n + v.value, 0);
      return {
        rows: (await metrics.batchRowsValued.get()).values.reduce((n, v) => n + v.value, 0),
        valued: sum('valued'),
        labels: valuations.filter((v) => v.labels.state === 'valued').map((v) => v.labels),
      };
    };

    it('never values a row twice when the same chunk runs twice, at once or again', async () => {
      const before = await counted();
      const rows = Array.from({ length: 300 }, (_, i) => flat(communities[(i * 7) % communities.length], i));
      const { id, batchId } = await createTask(
        rows,
        rows.map((_, i) => communities[(i * 7) % communities.length].cityCode),
      );

      const [a, b] = await Promise.all([runner.runChunk(id, 0), runner.runChunk(id, 0)]);
      expect(a.written + b.written).toBe(250);
      const again = await runner.runChunk(id, 0);
      expect(again).toEqual({ written: 0, valued: 0, finished: false, skipped: false });
      expect(await task(id)).toMatchObject({ state: 1, processed: 250 });

      const last = await Promise.all([runner.runChunk(id, 1), runner.runChunk(id, 1)]);
      expect(last.filter((r) => r.finished)).toHaveLength(1);
      expect(await runner.runChunk(id, 1)).toMatchObject({ written: 0, skipped: true });
      const done = await expectExactlyOnce(id, batchId);
      // The metrics count each row once too, however many runs valued it.
      const after = await counted();
      expect(after.rows - before.rows).toBe(300);
      expect(after.valued - before.valued).toBe(done.valued);
      for (const labels of after.labels) {
        expect(['forsale', 'mraSale', 'msaSale', 'fvSale']).toContain(labels.method);
        expect(['A', 'B', 'C']).toContain(labels.class);
      }
      const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM notify_outbox WHERE payload->>'batchId' = $1`, [batchId]);
      expect(n).toBe(0);
    });

    it('fails a task whose rows are gone and refunds every count', async () => {
      const before = await balances();
      const rows = Array.from({ length: 20 }, (_, i) => flat(communities[i], i));
      const { id, batchId } = await createTask(
        rows,
        rows.map((_, i) => communities[i].cityCode),
      );
      await ds.query(`DELETE FROM batch_item WHERE task_id = $1 AND row_no > 15`, [id]);

      await t.app.get(JobProducer).enqueue('batch.start', { taskId: id }, { jobId: batchStartJobId(id) });
      await waitFor('the task to fail', async () => (await task(id)).state !== 1, 30_000);
      const failed = await task(id);
      expect(failed).toMatchObject({ state: 3, refunded: true, evalSuccess: 0, evalFail: 15, processed: 15 });
      expect(failed.errorReason).toContain('批量估价数据缺失');
      expect(await balances()).toEqual(before);
      const [{ refunded }] = await ds.query(
        `SELECT coalesce(sum(delta), 0)::int AS refunded FROM balance_ledger WHERE ref_type = 'batch' AND ref_id = $1 AND reason = 'refund'`,
        [batchId],
      );
      expect(refunded).toBe(20);
    });

    it('starts a task whose start job never reached the queue once it has made no progress for a while', async () => {
      const rows = Array.from({ length: 30 }, (_, i) => flat(communities[i], i));
      const { id, batchId } = await createTask(
        rows,
        rows.map((_, i) => communities[i].cityCode),
      );
      const sweeper = worker.get(BatchProcessor);
      expect(await sweeper.sweep()).not.toContain(id);
      expect(await t.app.get<Queue>(getQueueToken(QUEUES.batch)).getJob(batchStartJobId(id))).toBeUndefined();

      await ds.query(`UPDATE batch_task SET updated_at = now() - interval '10 minutes' WHERE id = $1`, [id]);
      expect(await sweeper.sweep()).toEqual([id]);
      await waitFor('the task to finish', async () => (await task(id)).state !== 1, 30_000);
      await expectExactlyOnce(id, batchId);
      expect(await sweeper.sweep()).toEqual([]);
    });
  });

  describe('across worker processes', () => {
    let outDir: string;
    const children: ChildProcess[] = [];

    beforeAll(() => {
      outDir = compileServer('batch-worker-test');
    }, 120_000);

    afterAll(() => {
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
    });

    /** A short lock, so the second worker takes the killed worker's chunks over within seconds. */
    const LOCK_MS = 5000;

    const startWorker = () => {
      const child = spawn(process.execPath, [path.join(outDir, 'apps/worker/src/main.js')], {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          WORKER_QUEUES: QUEUES.batch,
          BATCH_CONCURRENCY: '2',
          LOG_LEVEL: 'warn',
          DATABASE_POOL_SIZE: '6',
          WORKER_LOCK_MS: String(LOCK_MS),
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      children.push(child);
      return { child, stderr: () => stderr };
    };

    it('finishes a batch exactly once when its worker is killed half-way and another takes over', async () => {
      const before = await balances();
      const rows = Array.from({ length: 2000 }, (_, i) => flat(communities[(i * 13) % communities.length], i));
      const { id, batchId } = await createTask(
        rows,
        rows.map((_, i) => communities[(i * 13) % communities.length].cityCode),
      );

      const first = startWorker();
      await t.app.get(JobProducer).enqueue('batch.start', { taskId: id }, { jobId: batchStartJobId(id) });
      await waitFor('the first worker to value some rows', async () => (await task(id)).processed > 0, 60_000, 10);
      first.child.kill('SIGKILL');
      await new Promise((resolve) => first.child.once('exit', resolve));
      const cut = await task(id);
      expect(cut.processed).toBeGreaterThan(0);
      expect(cut.processed).toBeLessThan(2000);
      expect(cut.state).toBe(1);

      // The chunks the killed worker held stay locked until their lock expires; the second worker's stalled-job check then takes them.
      const second = startWorker();
      await waitFor('the second worker to finish the task', async () => (await task(id)).state !== 1, 120_000, 200);
      expect(second.stderr()).toBe('');

      const done = await expectExactlyOnce(id, batchId);
      expect(done.valued).toBeGreaterThan(1900);
      const after = await balances();
      expect(before.city + before.universal - (after.city + after.universal)).toBe(done.valued);
      const [{ n }] = await ds.query(
        `SELECT count(*)::int AS n FROM eval_record WHERE eval_code IN (SELECT eval_code FROM batch_item WHERE task_id = $1)`,
        [id],
      );
      expect(n).toBe(done.valued);
    }, 240_000);
  });
});
