import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { DataSource } from 'typeorm';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { batchStartJobId, QUEUES } from '@valuation/contracts';
import { BalanceBookService, BatchRunner, seedDemoMarket } from '@valuation/core';
import { BATCH_COLUMNS, batchChunkOf, BuyMode, OrderFrom, ProductCode, type BatchRowInput } from '@valuation/domain';
import {
  AccountEntity,
  BalanceOrderRepository,
  BalancePackageEntity,
  BalanceRepository,
  BatchItemEntity,
  type BatchTaskEntity,
} from '@valuation/persistence';
import { JobProducer } from '@valuation/queue';
import { BatchReservationService } from '../src/modules/batch/batch-reservation.service';
import { BatchProcessor } from '../../worker/src/processors/batch.processor';
import { WorkerModule } from '../../worker/src/worker.module';
import { startTestApi, type TestApi } from './test-api';

const root = path.resolve(__dirname, '../../..');
const SOURCES = ['apps/worker/src', 'libs/domain/src', 'libs/valuation/src', 'libs/contracts/src', 'libs/server'];

interface Community {
  name: string;
  cityCode: string;
}

interface TaskRow {
  id: string;
  batchId: string;
  state: number;
  evalTotal: number;
  processed: number;
  evalSuccess: number;
  evalFail: number;
  evalError: number;
  evalAmount: string;
  refunded: boolean;
  errorReason: string | null;
  finishedAt: Date | null;
}

const CITY_NAMES: Record<string, string> = { '110100': '北京市', '310100': '上海' };

/** A row of the template for a flat in a community of the demo market. */
function flat(c: Community, i: number): BatchRowInput {
  return {
    cityName: CITY_NAMES[c.cityCode],
    location: c.name,
    propType: '住宅',
    bldgArea: String(50 + (i % 9) * 10 + 0.5),
    floor: String(1 + (i % 17)),
    bheight: '18',
    br: String(1 + (i % 3)),
    lr: '1',
    ba: '1',
    face: '南北',
    intDeco: '精装',
    principalCode: `KH${i}`,
  };
}

describe('batch valuation worker', () => {
  let t: TestApi;
  let ds: DataSource;
  let admin: AccountEntity;
  let communities: Community[];

  const task = async (id: string): Promise<TaskRow> =>
    (
      await ds.query(
        `SELECT id, batch_id AS "batchId", state, eval_total AS "evalTotal", processed, eval_success AS "evalSuccess", eval_fail AS "evalFail",
                eval_error AS "evalError", eval_amount AS "evalAmount", refunded, error_reason AS "errorReason", finished_at AS "finishedAt"
           FROM batch_task WHERE id = $1`,
        [id],
      )
    )[0];

  const balances = async () => {
    const [row] = await ds.query(
      `SELECT coalesce(sum(remaining) FILTER (WHERE kind = 'universal'), 0)::int AS universal,
              coalesce(sum(remaining) FILTER (WHERE kind = 'city'), 0)::int AS city
         FROM balance_package WHERE account_id = $1`,
      [admin.id],
    );
    return { universal: Number(row.universal), city: Number(row.city) };
  };

  /** Counts credited to the administrator by an order, valid until 2099. */
  const credit = (productCode: string, buyModeCode: BuyMode, count: number, cities: { code: string; name: string }[] = []) =>
    ds.transaction((m) =>
      new BalanceBookService(new BalanceRepository(ds), new BalanceOrderRepository(ds)).placeOrder(m, {
        tenantId: admin.tenantId,
        accountId: admin.id,
        companyId: admin.companyId,
        productCode,
        buyModeCode,
        cities,
        count,
        orderPrice: '0.00',
        effectiveDate: '2020-01-01',
        expireDate: '2099-12-31',
        remark: null,
        orderFrom: OrderFrom.admin,
        createdBy: null,
      }),
    );

  /**
   * A task in state 1 with its rows, its counts reserved as the upload does (the upload's own
   * reservation): the city packages of each row's city first, then nationwide counts, each with a
   * ledger row of the batch.
   */
  async function createTask(
    rows: BatchRowInput[],
    rowCities: (string | null)[],
    recvPhone: string | null = null,
  ): Promise<{ id: string; batchId: string }> {
    const batchId = `BT${randomBytes(8).toString('hex')}`;
    return ds.transaction(async (m) => {
      const perCity = new Map<string | null, number>();
      for (const city of rowCities) perCity.set(city, (perCity.get(city) ?? 0) + 1);
      const payer = { tenantId: admin.tenantId, accountId: admin.id, batchId };
      const reservation = new BatchReservationService(new BalanceRepository(ds));
      const reservations = await reservation.apply(m, payer, await reservation.plan(m, payer, perCity));
      const [{ id }] = await m.query(
        `INSERT INTO batch_task (batch_id, tenant_id, company_id, organization_id, account_id, task_name, recv_phone, file_key, file_name, state, eval_total, reservations)
         VALUES ($1, $2, $3, $4, $5, '测试批量', $6, $7, 'batch.xlsx', 1, $8, $9::jsonb) RETURNING id`,
        [
          batchId,
          admin.tenantId,
          admin.companyId,
          admin.organizationId,
          admin.id,
          recvPhone,
          `batch/${batchId}.xlsx`,
          rows.length,
          JSON.stringify(reservations),
        ],
      );
      await m.query(
        `INSERT INTO batch_item (task_id, row_no, chunk, input, city_code)
         SELECT $1, r.n, r.chunk, r.input, r.city FROM unnest($2::int[], $3::int[], $4::jsonb[], $5::varchar[]) AS r(n, chunk, input, city)`,
        [id, rows.map((_, i) => i + 1), rows.map((_, i) => batchChunkOf(i + 1)), rows.map((r) => JSON.stringify(r)), rowCities],
      );
      return { id: String(id), batchId };
    });
  }

  /** Every row left state 0 once, with one record per valued row and a charge per valued row. */
  async function expectExactlyOnce(taskId: string, batchId: string) {
    const [items] = await ds.query(
      `SELECT count(*) FILTER (WHERE state = 1)::int AS valued, count(*) FILTER (WHERE state IN (2, 3))::int AS unvalued,
              count(*) FILTER (WHERE state = 0)::int AS waiting, count(DISTINCT eval_code)::int AS codes,
              coalesce(sum(total_price) FILTER (WHERE state = 1), 0)::numeric(18, 2)::text AS amount,
              count(*) FILTER (WHERE state = 1 AND (eval_code IS NULL OR unit_price IS NULL OR total_price IS NULL))::int AS incomplete
         FROM batch_item WHERE task_id = $1`,
      [taskId],
    );
    const [records] = await ds.query(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE r.eval_code IN (SELECT eval_code FROM batch_item WHERE task_id = $1))::int AS linked,
              count(*) FILTER (WHERE r.total_price = i.total_price AND r.unit_price = i.unit_price)::int AS same
         FROM eval_record r LEFT JOIN batch_item i ON i.eval_code = r.eval_code AND i.task_id = $1
        WHERE r.eval_code IN (SELECT eval_code FROM batch_item WHERE task_id = $1)
           OR r.created_at >= (SELECT created_at FROM batch_task WHERE id = $1)`,
      [taskId],
    );
    const [ledger] = await ds.query(
      `SELECT coalesce(sum(delta), 0)::int AS net, coalesce(sum(delta) FILTER (WHERE reason = 'refund'), 0)::int AS refunded,
              count(*) FILTER (WHERE reason = 'refund')::int AS refunds
         FROM balance_ledger WHERE ref_type = 'batch' AND ref_id = $1`,
      [batchId],
    );
    const row = await task(taskId);
    expect(items.waiting).toBe(0);
    expect(items.incomplete).toBe(0);
    expect(items.codes).toBe(items.valued);
    expect(records).toEqual({ n: items.valued, linked: items.valued, same: items.valued });
    expect(ledger.net).toBe(-items.valued);
    expect(ledger.refunded).toBe(items.unvalued);
    expect(row).toMatchObject({ state: 2, processed: row.evalTotal, evalSuccess: items.valued, evalAmount: items.amount, refunded: true });
    expect(row.evalFail + row.evalError).toBe(items.unvalued);
    expect(row.finishedAt).not.toBeNull();
    return { ...items, row };
  }

  const waitFor = async (what: string, check: () => Promise<boolean>, timeoutMs: number, everyMs = 25) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  };

  beforeAll(async () => {
    t = await startTestApi();
    ds = t.ds;
    await seedDemoMarket(ds, { cityCodes: ['110100', '310100', '440300'], communitiesPerCity: 40, months: 24 });
    admin = await ds.getRepository(AccountEntity).findOneByOrFail({ loginUser: 'demoadmin' });
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

    it('never values a row twice when the same chunk runs twice, at once or again', async () => {
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
      await expectExactlyOnce(id, batchId);
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
      fs.mkdirSync(path.join(root, 'dist'), { recursive: true });
      outDir = fs.mkdtempSync(path.join(root, 'dist', 'batch-worker-test-'));
      const swc = spawnSync(
        process.execPath,
        [
          require.resolve('@swc/cli/bin/swc.js'),
          ...SOURCES.filter((dir) => fs.existsSync(path.join(root, dir))),
          '-d',
          outDir,
          '--config-file',
          '.swcrc',
          '--quiet',
        ],
        { cwd: root, encoding: 'utf8' },
      );
      if (swc.status !== 0) throw new Error(`swc failed:\n${swc.stdout}\n${swc.stderr}`);
    }, 120_000);

    afterAll(() => {
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
    });

    /** A short lock, so the second worker takes the killed worker's chunks over within seconds. */
    const LOCK_MS = 5000;

    const startWorker = () => {
      const child = spawn(process.execPath, [path.join(outDir, 'apps/worker/src/main.js')], {
        cwd: root,
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
