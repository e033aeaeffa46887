import ExcelJS from 'exceljs';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { QUEUES } from '@valuation/contracts';
import { RevaluationRunner, seedDemoMarket } from '@valuation/core';
import { LOAN_BOOK_COLUMNS, LoanBookMsg, LoanMsg, RevalMsg } from '@valuation/domain';
import { AccountEntity, OperationLogEntity } from '@valuation/persistence';
import { waitFor } from '@valuation/testing';
import { RevaluationJobs } from '../../worker/src/processors/revaluation.jobs';
import { WorkerModule } from '../../worker/src/worker.module';
import { valuedAsset, type ValuedAsset, valuableCommunities } from './revaluation-fixture';
import { startTestApi, type TestApi } from './test-api';

describe('collateral monitoring: loans on assets, revaluation runs and drift alerts', () => {
  let t: TestApi;
  let admin: string;
  let valuer: string;
  let communities: { haCode: string; name: string }[];
  const flats: ValuedAsset[] = [];

  const get = (url: string, as = admin) => t.http().get(url).set('Authorization', `Bearer ${as}`);
  const post = (url: string, form: Record<string, string | number> = {}, as = admin) =>
    t
      .http()
      .post(url)
      .set('Authorization', `Bearer ${as}`)
      .type('form')
      .send(Object.fromEntries(Object.entries(form).map(([k, v]) => [k, String(v)])));
  const data = async (url: string) => {
    const res = await get(url);
    expect(res.body).toMatchObject({ code: 200 });
    return res.body.data;
  };
  const run = (id: number) => data(`/api/reval/run?id=${id}`);

  /** The loan of an asset, amounts in yuan (sent in 万元). */
  const setLoan = (assetId: number, loanNo: string, amount: number, originValue: number, loanDate = '2024/06/30') =>
    post('/api/asset/loan', {
      id: assetId,
      loanNo,
      loanAmount: (amount / 10_000).toFixed(2),
      originValue: (originValue / 10_000).toFixed(2),
      loanDate,
    });

  beforeAll(async () => {
    t = await startTestApi();
    await seedDemoMarket(t.ds, { cityCodes: ['110100'], communitiesPerCity: 12, months: 24 });
    communities = await valuableCommunities(t, 4);
    admin = await t.login('user', 'demoadmin');
    valuer = await t.login('user', 'demouser');
    for (const [i, c] of communities.entries()) flats.push(await valuedAsset(t, admin, c, 80 + i * 10));
  }, 180_000);

  afterAll(() => t?.close());

  it('keeps the loan an asset secures, checked, logged and shown with its LTV', async () => {
    const [a] = flats;
    const bad = await post('/api/asset/loan', {
      id: a.assetId,
      loanNo: 'L-1',
      loanAmount: '-3',
      originValue: '100',
      loanDate: '2024/06/30',
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 400, message: LoanMsg.amountInvalid });
    const future = await post('/api/asset/loan', {
      id: a.assetId,
      loanNo: 'L-1',
      loanAmount: '3',
      originValue: '100',
      loanDate: '2099/01/01',
    });
    expect(future.body.message).toBe(LoanMsg.dateInvalid);

    const saved = await setLoan(a.assetId, 'L-0001', a.totalPrice * 0.9, a.totalPrice * 2);
    expect(saved.body).toMatchObject({ code: 200, message: LoanMsg.saved });
    const dup = await setLoan(flats[1].assetId, 'L-0001', 100_000, 200_000);
    expect(dup.body).toEqual({ code: 400, message: LoanMsg.duplicateLoanNo, data: null });

    const list = await data('/api/asset/list?pageSize=50');
    const row = list.pageInfo.list.find((r: { id: number }) => r.id === a.assetId);
    expect(row).toMatchObject({ loanNo: 'L-0001', loanDate: '2024-06-30', loanAmount: Math.round((a.totalPrice * 0.9) / 100) * 100 });
    expect(row.ltv).toBeCloseTo(90, 1);
    const [log] = await t.ds.getRepository(OperationLogEntity).find({ where: { action: '设置贷款信息' } });
    expect(log.detail).toContain('L-0001');

    expect((await post('/api/asset/loan', { id: a.assetId }, valuer)).status).toBe(403);
    // Assets added today: the monthly schedule has nothing due yet.
    expect(await t.app.get(RevaluationRunner).due()).toEqual([]);
    expect(await data('/api/reval/rule')).toMatchObject({ scheduleEnabled: true, scheduleMonths: 1 });
  });

  it('revalues the book once on the batch workers, uncharged, and raises the alerts the rule names', async () => {
    const [a, b, c] = flats;
    // b: covered loan, value as at origination: no alert. c: no loan.
    await setLoan(b.assetId, 'L-0002', b.totalPrice * 0.3, b.totalPrice);
    const balance = async () => (await t.ds.query(`SELECT coalesce(sum(remaining), 0)::int AS n FROM balance_package`))[0].n as number;
    const before = await balance();

    expect((await get('/api/reval/runs', valuer)).status).toBe(403);
    const started = await post('/api/reval/run');
    expect(started.body).toMatchObject({ code: 200, message: RevalMsg.started, data: { total: 4 } });
    const runId = started.body.data.runId as number;
    const again = await post('/api/reval/run');
    expect(again.body).toEqual({ code: 400, message: RevalMsg.running, data: null });

    const worker: INestApplicationContext = await NestFactory.createApplicationContext(
      WorkerModule.forRoot({ queues: [QUEUES.batch], concurrency: 2 }),
      { logger: false, abortOnError: false },
    );
    try {
      await waitFor('the run to finish', async () => (await run(runId)).state !== 1, 60_000);
      const done = await run(runId);
      expect(done).toMatchObject({ state: 2, total: 4, processed: 4, valued: 4, trigger: 1 });
      // A chunk job run again after the end writes nothing.
      const rerun = await worker.get(RevaluationRunner).runChunk(String(runId), 0);
      expect(rerun.skipped).toBe(true);
    } finally {
      await worker.close();
    }
    expect(await balance()).toBe(before);

    const items = await data(`/api/reval/items?runId=${runId}&pageSize=50`);
    expect(items.total).toBe(4);
    const itemOf = (assetId: number) => items.list.find((i: { assetId: number }) => i.assetId === assetId);
    expect(itemOf(a.assetId)).toMatchObject({ state: 1, loanNo: 'L-0001', prevValue: a.totalPrice, cityName: '北京市' });
    expect(itemOf(a.assetId).alerts.sort()).toEqual(['ltv', 'originDrop']);
    expect(itemOf(b.assetId).alerts).toEqual([]);
    expect(itemOf(c.assetId)).toMatchObject({ loanNo: null, ltv: null, alerts: [] });

    const alerts = await data(`/api/reval/alerts?runId=${runId}&pageSize=50`);
    expect(alerts.total).toBe(2);
    expect(alerts.list.map((x: { kind: string; assetId: number }) => [x.kind, x.assetId]).sort()).toEqual([
      ['ltv', a.assetId],
      ['originDrop', a.assetId],
    ]);
    const ltv = alerts.list.find((x: { kind: string }) => x.kind === 'ltv');
    expect(ltv.actual).toBeCloseTo(90, 0);
    expect(ltv).toMatchObject({ threshold: 80, loanNo: 'L-0001' });
    expect((await data('/api/reval/alerts?kind=ltv')).total).toBe(1);
    expect((await get('/api/reval/alerts?kind=nope')).body).toMatchObject({ code: 400, message: RevalMsg.kindInvalid });

    const file = await get('/api/reval/alerts/export')
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(file.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.body as Buffer);
    const sheet = book.worksheets[0];
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(1).values).toContain('预警类型');
  }, 120_000);

  it('measures a fall since the last run, and keeps each run reproducible', async () => {
    const [, b] = flats;
    const [first] = (await data('/api/reval/runs')).list;
    // The previous run found b at twice its value: this one sees a fall of about half.
    await t.ds.query(`UPDATE reval_item SET total_price = total_price * 2 WHERE run_id = $1 AND asset_id = $2`, [first.id, b.assetId]);
    const saved = await post('/api/reval/rule', {
      originDropPct: 10,
      lastDropPct: 20,
      maxLtvPct: 95,
      alertClassC: 'false',
      scheduleMonths: 3,
      scheduleEnabled: 'true',
    });
    expect(saved.body).toMatchObject({ code: 200, message: RevalMsg.ruleSaved });
    expect((await post('/api/reval/rule', { originDropPct: 0, lastDropPct: 20, maxLtvPct: 95, scheduleMonths: 3 })).body.message).toBe(
      RevalMsg.dropInvalid,
    );
    expect(await data('/api/reval/rule')).toMatchObject({ lastDropPct: 20, maxLtvPct: 95, scheduleMonths: 3 });

    const runId = (await post('/api/reval/run')).body.data.runId as number;
    const runner = t.app.get(RevaluationRunner);
    const plan = await runner.plan(String(runId));
    expect(plan).toEqual({ kind: 'run', chunks: [0] });
    // Two workers taking the same chunk at once value each asset once.
    await Promise.all([runner.runChunk(String(runId), 0), runner.runChunk(String(runId), 0)]);
    expect(await run(runId)).toMatchObject({ state: 2, processed: 4, valued: 4 });

    const alerts = await data(`/api/reval/alerts?runId=${runId}&pageSize=50`);
    // LTV 90 % is under the new 95 % limit; the fall from origination of asset a and b's fall since the last run remain.
    expect(alerts.list.map((x: { kind: string; assetId: number }) => [x.kind, x.assetId]).sort()).toEqual([
      ['lastDrop', b.assetId],
      ['originDrop', flats[0].assetId],
    ]);
    const [{ n }] = await t.ds.query(`SELECT count(*)::int AS n FROM drift_alert WHERE run_id = $1`, [runId]);
    expect(n).toBe(2);
    const [kept] = await t.ds.query(`SELECT engine_version, rule FROM reval_run WHERE id = $1`, [runId]);
    expect(kept.rule).toMatchObject({ lastDropPct: 20, maxLtvPct: 95 });
    expect(kept.engine_version).toMatch(/^avm-/);
    const [input] = await t.ds.query(`SELECT input FROM reval_item WHERE run_id = $1 AND asset_id = $2`, [runId, b.assetId]);
    expect(input.input).toMatchObject({ propType: 11, bldgArea: 90, haInfo: { haCode: communities[1].haCode } });

    const logs = await t.ds.getRepository(OperationLogEntity).find({ where: { action: '设置预警规则' } });
    expect(logs).toHaveLength(1);
    const owner = await t.ds.getRepository(AccountEntity).findOneByOrFail({ loginUser: 'demoadmin' });
    // Ran today with a 3-month schedule: not due.
    expect(await runner.due()).not.toContainEqual({ tenantId: owner.tenantId, companyId: owner.companyId });
    await t.ds.query(`UPDATE reval_run SET created_at = created_at - interval '4 months' WHERE company_id = $1`, [owner.companyId]);
    expect(await runner.due()).toEqual([{ tenantId: owner.tenantId, companyId: owner.companyId }]);

    // The batch sweep opens the scheduled run that is due and the workers value it.
    const worker: INestApplicationContext = await NestFactory.createApplicationContext(
      WorkerModule.forRoot({ queues: [QUEUES.batch], concurrency: 2 }),
      { logger: false, abortOnError: false },
    );
    try {
      const [scheduled] = await worker.get(RevaluationJobs).sweep(120);
      expect(scheduled).toBeDefined();
      await waitFor('the scheduled run to finish', async () => (await run(Number(scheduled))).state !== 1, 60_000);
      expect(await run(Number(scheduled))).toMatchObject({ state: 2, trigger: 2, accountName: '定期重估', processed: 4 });
      expect(await worker.get(RevaluationJobs).sweep(120)).toEqual([]);
    } finally {
      await worker.close();
    }
    expect(await runner.due()).toEqual([]);
  }, 120_000);

  it('imports a loan book: every row checked first, known loans updated uncharged, the others valued into assets with their loans', async () => {
    const header = LOAN_BOOK_COLUMNS.map((c) => c.header);
    const row = (c: { name: string }, area: number, loanNo: string, amount: string, date = '2022/03/15', origin = '600') => [
      '北京市',
      '',
      c.name,
      '住宅',
      String(area),
      '5',
      '18',
      '2',
      '1',
      '1',
      '',
      '',
      '',
      '',
      loanNo,
      amount,
      date,
      origin,
    ];
    const csv = (rows: string[][]) => Buffer.from([header, ...rows].map((r) => r.join(',')).join('\r\n'), 'utf8');
    const upload = (rows: string[][]) =>
      t
        .http()
        .post('/api/batch/book/upload')
        .set('Authorization', `Bearer ${admin}`)
        .field('taskName', '贷款台账')
        .attach('file', csv(rows), 'book.csv');

    const bad = await upload([row(communities[0], 61, 'B-1', '300'), row(communities[1], 62, 'B-2', '-1')]);
    expect(bad.body).toMatchObject({ code: 400, message: `第2行：${LoanMsg.amountInvalid}` });
    const dup = await upload([row(communities[0], 61, 'B-1', '300'), row(communities[1], 62, 'B-1', '200')]);
    expect(dup.body).toMatchObject({ code: 400, message: LoanBookMsg.duplicate(2, 1) });
    expect((await t.http().post('/api/batch/book/upload').set('Authorization', `Bearer ${valuer}`)).status).toBe(403);

    const balance = async () => (await t.ds.query(`SELECT coalesce(sum(remaining), 0)::int AS n FROM balance_package`))[0].n as number;
    const before = await balance();
    const assetsBefore = (await data('/api/asset/list?pageSize=10')).pageInfo.total as number;
    const res = await upload([
      row(communities[0], 61, 'B-1', '300'),
      row(communities[1], 62, 'B-2', '280.5', '2021/12/01', '450'),
      row(communities[2], 63, 'B-3', '150'),
      row(communities[3], 64, 'L-0001', '123.45', '2020/01/02', '700'),
    ]);
    expect(res.body).toMatchObject({ code: 200, message: LoanBookMsg.started, data: { evalTotal: 3, updated: 1 } });
    const batchId = res.body.data.batchId as string;
    // The known loan is updated at once, without a valuation.
    const [known] = await t.ds.query(
      `SELECT loan_amount, loan_date::text AS loan_date, loan_origin_value FROM asset WHERE loan_no = 'L-0001'`,
    );
    expect(known).toEqual({ loan_amount: '1234500.00', loan_date: '2020-01-02', loan_origin_value: '7000000.00' });

    const worker: INestApplicationContext = await NestFactory.createApplicationContext(
      WorkerModule.forRoot({ queues: [QUEUES.batch], concurrency: 2 }),
      { logger: false, abortOnError: false },
    );
    try {
      await waitFor(
        'the book to be valued',
        async () => (await t.ds.query(`SELECT state FROM batch_task WHERE batch_id = $1`, [batchId]))[0].state === 2,
        60_000,
      );
    } finally {
      await worker.close();
    }
    const imported = await t.ds.query(
      `SELECT a.loan_no, a.loan_amount, a.loan_date::text AS loan_date, a.loan_origin_value, r.bldg_area
         FROM asset a JOIN eval_record r ON r.id = a.eval_record_id WHERE a.loan_no LIKE 'B-%' ORDER BY a.loan_no`,
    );
    expect(imported).toEqual([
      { loan_no: 'B-1', loan_amount: '3000000.00', loan_date: '2022-03-15', loan_origin_value: '6000000.00', bldg_area: '61.00' },
      { loan_no: 'B-2', loan_amount: '2805000.00', loan_date: '2021-12-01', loan_origin_value: '4500000.00', bldg_area: '62.00' },
      { loan_no: 'B-3', loan_amount: '1500000.00', loan_date: '2022-03-15', loan_origin_value: '6000000.00', bldg_area: '63.00' },
    ]);
    expect((await data('/api/asset/list?pageSize=10')).pageInfo.total).toBe(assetsBefore + 3);
    expect(before - (await balance())).toBe(3);
    const [log] = await t.ds.getRepository(OperationLogEntity).find({ where: { action: '导入贷款台账' } });
    expect(log.detail).toContain('3');
  }, 120_000);
});
