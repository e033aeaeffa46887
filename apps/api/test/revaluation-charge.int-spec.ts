import { QuotaExhaustedError, REVAL_REF_TYPE, RevalItemMsg, RevaluationRunner, seedDemoMarket } from '@valuation/core';
import { BuyMode, Msg, ProductCode, RevalMsg } from '@valuation/domain';
import { AccountEntity, BalanceRepository, OperationLogEntity, OrganizationEntity, type QuotaReservation } from '@valuation/persistence';
import { JobProducer } from '@valuation/queue';
import { RevaluationJobs } from '../../worker/src/processors/revaluation.jobs';
import { creditOrder } from './batch-fixture';
import { valuableCommunities, valuedAsset, type ValuedAsset } from './revaluation-fixture';
import { startTestApi, type TestApi } from './test-api';

const BEIJING = [{ code: '110100', name: '北京市' }];
const QUOTA_SHORT = new QuotaExhaustedError('valuation').message;

describe('revaluation runs charged when the channel sets 押品重估计费', () => {
  let t: TestApi;
  let admin: AccountEntity;
  let valuer: AccountEntity;
  let token: string;
  let channel: string;
  let runner: RevaluationRunner;
  const book: ValuedAsset[] = [];
  /** The asset whose community is gone from the market: its revaluation finds no value. */
  let lost: ValuedAsset;

  const get = (url: string) => t.http().get(url).set('Authorization', `Bearer ${token}`);
  const data = async (url: string) => {
    const res = await get(url);
    expect(res.body).toMatchObject({ code: 200 });
    return res.body.data;
  };
  const runView = (id: number | string) => data(`/api/reval/run?id=${id}`);
  const start = () => t.http().post('/api/reval/run').set('Authorization', `Bearer ${token}`);
  const owner = () => ({ tenantId: admin.tenantId, companyId: admin.companyId });

  /** Counts credited to an account by an order valid until 2099. */
  const credit = (account: AccountEntity, buyModeCode: BuyMode, count: number, cities: { code: string; name: string }[] = []) =>
    creditOrder(t.ds, account, ProductCode.valuation, buyModeCode, count, cities);
  /** Ends the validity of every valuation package of the account: its counts can no longer pay (their ledger sums stay). */
  const expireCounts = (account: AccountEntity) =>
    t.ds.query(
      `UPDATE balance_package SET effective_date = DATE '2020-01-01', expire_date = DATE '2020-12-31'
        WHERE account_id = $1 AND kind IN ('city', 'universal')`,
      [account.id],
    );
  /** The valuation counts an account can use today. */
  const counts = async (account: AccountEntity) => {
    const [row] = await t.ds.query(
      `SELECT coalesce(sum(remaining) FILTER (WHERE kind = 'city'), 0)::int AS city,
              coalesce(sum(remaining) FILTER (WHERE kind = 'universal'), 0)::int AS universal
         FROM balance_package WHERE account_id = $1 AND expire_date >= CURRENT_DATE`,
      [account.id],
    );
    return row as { city: number; universal: number };
  };
  const ledger = (runId: number | string): Promise<{ account_id: number; kind: string; delta: number; reason: string }[]> =>
    t.ds.query(`SELECT account_id, kind, delta, reason FROM balance_ledger WHERE ref_type = $1 AND ref_id = $2 ORDER BY id`, [
      REVAL_REF_TYPE,
      String(runId),
    ]);
  const runRow = async (runId: number | string) =>
    (
      await t.ds.query(
        `SELECT state, payer_id AS "payerId", reservations, refunded, total, valued, error_reason AS "errorReason", trigger FROM reval_run WHERE id = $1`,
        [String(runId)],
      )
    )[0] as {
      state: number;
      payerId: number | null;
      reservations: QuotaReservation[];
      refunded: boolean;
      total: number;
      valued: number;
      errorReason: string | null;
      trigger: number;
    };
  const runCount = async () => (await t.ds.query(`SELECT count(*)::int AS n FROM reval_run WHERE company_id = $1`, [admin.companyId]))[0].n;
  /** Values the waiting chunks of a run in this process. */
  const finish = async (runId: number | string) => {
    const plan = await runner.plan(String(runId));
    if (plan.kind === 'run') for (const chunk of plan.chunks) await runner.runChunk(String(runId), chunk);
  };
  const expectBooksBalance = async () => expect(await new BalanceRepository(t.ds).differences()).toEqual([]);
  /** Makes the company's monthly schedule due: every run of it two months older. */
  const makeDue = async () => {
    await t.ds.query(`UPDATE reval_run SET created_at = created_at - interval '2 months' WHERE company_id = $1`, [admin.companyId]);
    expect(await runner.due()).toContainEqual(owner());
  };
  const sweeper = () => new RevaluationJobs(runner, t.app.get(JobProducer), t.ds);

  beforeAll(async () => {
    t = await startTestApi();
    runner = t.app.get(RevaluationRunner);
    await seedDemoMarket(t.ds, { cityCodes: ['110100'], communitiesPerCity: 12, months: 24 });
    admin = await t.ds.getRepository(AccountEntity).findOneByOrFail({ loginUser: 'demoadmin' });
    valuer = await t.ds.getRepository(AccountEntity).findOneByOrFail({ loginUser: 'demouser' });
    expect(valuer.companyId).toBe(admin.companyId);
    token = await t.login('user', 'demoadmin');
    channel = await t.login('tenant', 'channeladmin');
    for (const [i, c] of (await valuableCommunities(t, 5)).entries()) book.push(await valuedAsset(t, token, c, 80 + i * 10));
    lost = book[4];
    await t.ds.query(`UPDATE eval_record SET ha_code = 'GONE-0001' WHERE eval_code = $1`, [lost.evalCode]);
  }, 180_000);

  afterAll(() => t?.close());

  it('runs uncharged while the channel has not set it: no ledger rows, no counts used', async () => {
    expect(await data('/api/reval/rule')).toMatchObject({ charged: false });
    const before = await counts(admin);
    const started = await start();
    expect(started.body).toMatchObject({ code: 200, data: { total: 5 } });
    const runId = started.body.data.runId as number;
    await finish(runId);
    expect(await runView(runId)).toMatchObject({ state: 2, valued: 4, charged: false, chargeCount: 0, refundCount: 0 });
    expect(await runRow(runId)).toMatchObject({ payerId: null, reservations: [], refunded: false });
    expect(await ledger(runId)).toEqual([]);
    expect(await counts(admin)).toEqual(before);
    const lostItem = (await data(`/api/reval/items?runId=${runId}&state=2`)).list;
    expect(lostItem).toMatchObject([{ assetId: lost.assetId, error: RevalItemMsg.notFound }]);
  }, 60_000);

  it('is set by the channel on the company form, logged before and after, and by nobody else', async () => {
    const save = (fields: Record<string, string | number>, as = channel) => {
      const req = t.http().post('/api/tenant/customer-company/update').set('Authorization', `Bearer ${as}`);
      for (const [k, v] of Object.entries(fields)) req.field(k, String(v));
      return req;
    };
    const list = await t.http().get('/api/tenant/customer-company/pageable').set('Authorization', `Bearer ${channel}`).expect(200);
    const row = list.body.data.list.find((r: { id: number }) => r.id === admin.companyId);
    expect(row).toMatchObject({ name: '北京示范银行', revalCharge: false });
    const form = {
      id: row.id,
      name: row.name,
      categoryId: row.categoryId ?? '',
      provinceCode: row.provinceCode,
      cityCode: row.cityCode,
      address: row.address,
      socialCode: row.socialCode,
      contact: row.contact,
      contactNumber: row.contactNumber,
      email: row.email,
      fax: row.fax,
      department: row.department,
      position: row.position,
    };

    // A customer's user token is no channel token; a channel staff member needs the edit permission.
    expect((await save({ ...form, revalCharge: 'true' }, token)).status).toBe(401);
    const appraiser = await t.login('tenant', 'appraiser1');
    expect((await save({ ...form, revalCharge: 'true' }, appraiser)).body).toMatchObject({ code: 403, message: Msg.forbidden });
    expect((await t.ds.getRepository(OrganizationEntity).findOneByOrFail({ id: admin.companyId })).revalCharge).toBe(false);

    const saved = await save({ ...form, revalCharge: 'true' }).expect(200);
    expect(saved.body.data).toMatchObject({ id: admin.companyId, revalCharge: true });
    expect((await t.ds.getRepository(OrganizationEntity).findOneByOrFail({ id: admin.companyId })).revalCharge).toBe(true);
    const [log] = await t.ds
      .getRepository(OperationLogEntity)
      .find({ where: { action: '编辑客户公司', targetId: String(admin.companyId) } });
    expect(log).toMatchObject({
      actorLogin: 'channeladmin',
      targetType: 'customer_company',
      changes: { before: { revalCharge: '不计费' }, after: { revalCharge: '按估价次数计费' } },
    });
    expect(log.detail).toContain('押品重估计费：不计费 → 按估价次数计费');
    // An edit that does not send it keeps it.
    await save(form).expect(200);
    expect((await t.ds.getRepository(OrganizationEntity).findOneByOrFail({ id: admin.companyId })).revalCharge).toBe(true);

    expect(await data('/api/reval/rule')).toMatchObject({ charged: true });
  });

  it('refuses a run the caller cannot pay for with 403, keeping nothing', async () => {
    await expireCounts(admin);
    await credit(admin, BuyMode.cityAnnual, 3, BEIJING);
    const runs = await runCount();
    const ledgerRows = (await t.ds.query(`SELECT count(*)::int AS n FROM balance_ledger`))[0].n;
    const refused = await start();
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 403, message: QUOTA_SHORT, data: null });
    expect(await runCount()).toBe(runs);
    expect((await t.ds.query(`SELECT count(*)::int AS n FROM balance_ledger`))[0].n).toBe(ledgerRows);
    expect(await counts(admin)).toEqual({ city: 3, universal: 0 });
    expect(await t.ds.getRepository(OperationLogEntity).countBy({ action: '发起重估' })).toBe(1);
  });

  it('reserves one count per asset, city-annual first, and gives back the counts of the assets not valued, once', async () => {
    await credit(admin, BuyMode.enterpriseGift, 10);
    const started = await start();
    expect(started.body).toMatchObject({ code: 200, message: RevalMsg.started, data: { total: 5 } });
    const runId = started.body.data.runId as number;

    // Five Beijing assets: the three city-annual counts, then two nationwide ones.
    expect(await counts(admin)).toEqual({ city: 0, universal: 8 });
    const opened = await runRow(runId);
    expect(opened).toMatchObject({ state: 1, payerId: admin.id, refunded: false });
    expect(opened.reservations).toEqual([
      { kind: 'city', packageId: expect.any(Number), cityCode: '110100', count: 3 },
      { kind: 'universal', packageId: expect.any(Number), cityCode: null, count: 2 },
    ]);
    expect(await ledger(runId)).toEqual([
      { account_id: admin.id, kind: 'city', delta: -3, reason: 'consume' },
      { account_id: admin.id, kind: 'universal', delta: -2, reason: 'consume' },
    ]);
    expect(await runView(runId)).toMatchObject({ state: 1, charged: true, chargeCount: 5, refundCount: 0 });
    const [log] = await t.ds.getRepository(OperationLogEntity).find({ where: { action: '发起重估', targetId: String(runId) } });
    expect(log.changes.after).toEqual({ total: 5, charged: 5 });

    await finish(runId);
    // The lost asset's count goes back to the city-annual package of its city.
    expect(await runView(runId)).toMatchObject({ state: 2, valued: 4, charged: true, chargeCount: 5, refundCount: 1 });
    expect(await runRow(runId)).toMatchObject({ refunded: true });
    expect(await ledger(runId)).toEqual([
      { account_id: admin.id, kind: 'city', delta: -3, reason: 'consume' },
      { account_id: admin.id, kind: 'universal', delta: -2, reason: 'consume' },
      { account_id: admin.id, kind: 'city', delta: 1, reason: 'refund' },
    ]);
    expect(await counts(admin)).toEqual({ city: 1, universal: 8 });

    // Nothing ends it twice, so nothing refunds twice.
    expect(await runner.fail(String(runId), 'late')).toBe(false);
    expect((await runner.runChunk(String(runId), 0)).skipped).toBe(true);
    expect(await ledger(runId)).toHaveLength(3);
    expect(await counts(admin)).toEqual({ city: 1, universal: 8 });
    await expectBooksBalance();
  }, 60_000);

  it('gives every count back, once, when a charged run fails', async () => {
    const runId = (await start()).body.data.runId as number;
    expect(await counts(admin)).toEqual({ city: 0, universal: 4 });
    expect(await runner.fail(String(runId), '重估失败（第1组）：test')).toBe(true);
    expect(await runner.fail(String(runId), 'again')).toBe(false);
    expect(await runView(runId)).toMatchObject({ state: 3, charged: true, chargeCount: 5, refundCount: 5 });
    const rows = await ledger(runId);
    expect(rows.filter((r) => r.reason === 'refund')).toEqual([
      { account_id: admin.id, kind: 'city', delta: 1, reason: 'refund' },
      { account_id: admin.id, kind: 'universal', delta: 4, reason: 'refund' },
    ]);
    expect(rows.reduce((sum, r) => sum + r.delta, 0)).toBe(0);
    expect(await counts(admin)).toEqual({ city: 1, universal: 8 });
    await expectBooksBalance();
  });

  it('records a scheduled run nobody can pay for as failed, and counts the next schedule from it', async () => {
    // No drift rule saved: the payer is the account that started the latest run, and its counts are gone.
    await expireCounts(admin);
    await makeDue();
    const runs = await runCount();
    expect(await sweeper().sweep(120)).toEqual([]);
    expect(await runCount()).toBe(runs + 1);
    const [failed] = (await data('/api/reval/runs?pageSize=10')).list;
    expect(failed).toMatchObject({ trigger: 2, state: 3, errorReason: RevalMsg.scheduledUnpaid, total: 5, valued: 0, charged: false });
    expect(failed.finishTime).not.toBeNull();
    expect(await runRow(failed.id)).toMatchObject({ payerId: admin.id, reservations: [], refunded: false });
    expect((await data(`/api/reval/items?runId=${failed.id}&state=2&pageSize=10`)).list.map((i: { error: string }) => i.error)).toEqual(
      Array(5).fill(RevalItemMsg.unpaid),
    );
    expect(await ledger(failed.id)).toEqual([]);

    // Not retried: the schedule counts a month from the failed run.
    expect(await runner.due()).not.toContainEqual(owner());
    expect(await sweeper().sweep(120)).toEqual([]);
    expect(await runCount()).toBe(runs + 1);
    await expectBooksBalance();
  });

  it('charges a scheduled run to the account that last saved the drift rule', async () => {
    const rule = await t.http().post('/api/reval/rule').set('Authorization', `Bearer ${token}`).type('form').send({
      originDropPct: 10,
      lastDropPct: 10,
      maxLtvPct: 80,
      alertClassC: 'true',
      scheduleMonths: 1,
      scheduleEnabled: 'true',
      charged: 'false',
    });
    expect(rule.body).toMatchObject({ code: 200, message: RevalMsg.ruleSaved });
    // A company user cannot switch the charge off.
    expect(await data('/api/reval/rule')).toMatchObject({ charged: true });
    // The rule as the valuer would have saved it last.
    await t.ds.query(`UPDATE drift_rule SET updated_by = $1 WHERE company_id = $2`, [valuer.id, admin.companyId]);
    await expireCounts(valuer);
    await credit(valuer, BuyMode.enterpriseGift, 6);
    await makeDue();

    const [runId] = await sweeper().sweep(120);
    expect(runId).toBeDefined();
    expect(await runRow(runId)).toMatchObject({ trigger: 2, state: 1, payerId: valuer.id });
    expect(await counts(valuer)).toEqual({ city: 0, universal: 1 });
    await finish(runId);
    expect(await runView(runId)).toMatchObject({ state: 2, accountName: '定期重估', valued: 4, chargeCount: 5, refundCount: 1 });
    expect(await ledger(runId)).toEqual([
      { account_id: valuer.id, kind: 'universal', delta: -5, reason: 'consume' },
      { account_id: valuer.id, kind: 'universal', delta: 1, reason: 'refund' },
    ]);
    expect(await counts(valuer)).toEqual({ city: 0, universal: 2 });
    await expectBooksBalance();
  }, 60_000);
});
