import ExcelJS from 'exceljs';
import { RevaluationRunner, DEMO_PASSWORD, hashPassword, seedDemoMarket } from '@valuation/core';
import { LoanAnalyticsMsg, Perm, RevalMsg, UserType } from '@valuation/domain';
import {
  AccountEntity,
  AccountRoleEntity,
  DriftAlertEntity,
  OrganizationEntity,
  RoleEntity,
  RolePermissionEntity,
} from '@valuation/persistence';
import { valuedAsset as bookAsset, valuableCommunities } from './revaluation-fixture';
import { startTestApi, type TestApi } from './test-api';

const ANALYTICS = [Perm.loanTrend, Perm.loanStructure, Perm.loanHouse, Perm.loanScreen];

describe('loan analytics of the revaluation runs', () => {
  let t: TestApi;
  let admin: string;
  let valuer: string;
  /** An account of 海淀支行 holding the analytics: it sees the assets of its organisation only. */
  let haidian: string;
  let communities: { haCode: string; name: string }[];
  /** Assets a, b, c, d (d filed under 海淀支行), then e added between the runs. */
  const ids: Record<'a' | 'b' | 'c' | 'd' | 'e', number> = { a: 0, b: 0, c: 0, d: 0, e: 0 };
  const runs: number[] = [];

  const get = (url: string, as = admin) => t.http().get(url).set('Authorization', `Bearer ${as}`);
  const post = (url: string, form: Record<string, string | number> = {}) =>
    t
      .http()
      .post(url)
      .set('Authorization', `Bearer ${admin}`)
      .type('form')
      .send(Object.fromEntries(Object.entries(form).map(([k, v]) => [k, String(v)])));
  const data = async (url: string, as = admin) => {
    const res = await get(url, as);
    expect(res.body).toMatchObject({ code: 200 });
    return res.body.data;
  };
  const workbook = async (url: string) => {
    const file = await get(url)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(file.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.body as Buffer);
    return book.worksheets[0];
  };

  const valuedAsset = async (community: { haCode: string; name: string }, area: number) =>
    (await bookAsset(t, admin, community, area)).assetId;

  const setLoan = (assetId: number, loanNo: string, amount: number, loanDate: string) =>
    post('/api/asset/loan', { id: assetId, loanNo, loanAmount: (amount / 10_000).toFixed(2), originValue: '500', loanDate });

  async function revalue(): Promise<number> {
    const started = await post('/api/reval/run');
    expect(started.body).toMatchObject({ code: 200 });
    const runId = started.body.data.runId as number;
    const runner = t.app.get(RevaluationRunner);
    const plan = await runner.plan(String(runId));
    expect(plan).toMatchObject({ kind: 'run' });
    if (plan.kind === 'run') for (const chunk of plan.chunks) await runner.runChunk(String(runId), chunk);
    expect(await data(`/api/reval/run?id=${runId}`)).toMatchObject({ state: 2 });
    return runId;
  }

  /** Sets what a run found of an asset: its value, the previous value, unit price and LTV from them. */
  const found = (runId: number, assetId: number, value: number, prevValue: number | null) =>
    t.ds.query(
      `UPDATE reval_item SET total_price = $3, prev_value = $4, unit_price = round($3 / bldg_area, 2),
              ltv = CASE WHEN loan_amount IS NULL THEN NULL ELSE round(loan_amount / $3 * 100, 2) END
        WHERE run_id = $1 AND asset_id = $2`,
      [runId, assetId, value, prevValue],
    );

  async function addHaidianAccount(): Promise<{ accountId: number; organizationId: number }> {
    const owner = await t.ds.getRepository(AccountEntity).findOneByOrFail({ loginUser: 'demoadmin' });
    const org = await t.ds.getRepository(OrganizationEntity).findOneByOrFail({ name: '海淀支行', tenantId: owner.tenantId });
    const role = await t.ds.getRepository(RoleEntity).save({
      tenantId: org.tenantId,
      kind: 'customer',
      companyId: org.companyId,
      code: '3101',
      name: '海淀贷后角色',
      remark: null,
    });
    await t.ds
      .getRepository(RolePermissionEntity)
      .save([...ANALYTICS, Perm.valuationRecords].map((permissionId) => ({ roleId: role.id, permissionId })));
    const account = await t.ds.getRepository(AccountEntity).save({
      tenantId: org.tenantId,
      organizationId: org.id,
      companyId: org.companyId,
      loginUser: 'haidianloans',
      userName: 'haidianloans',
      passwordHash: await hashPassword(DEMO_PASSWORD),
      email: null,
      mobilePhone: '13700000401',
      userType: UserType.Enterprise,
      status: 0,
      expireDate: null,
    });
    await t.ds.getRepository(AccountRoleEntity).save({ accountId: account.id, roleId: role.id });
    return { accountId: account.id, organizationId: org.id };
  }

  beforeAll(async () => {
    t = await startTestApi();
    await seedDemoMarket(t.ds, { cityCodes: ['110100'], communitiesPerCity: 12, months: 24 });
    communities = await valuableCommunities(t, 4);
    admin = await t.login('user', 'demoadmin');
    valuer = await t.login('user', 'demouser');
    ids.a = await valuedAsset(communities[0], 80);
    ids.b = await valuedAsset(communities[1], 90);
    ids.c = await valuedAsset(communities[2], 100);
    ids.d = await valuedAsset(communities[3], 110);
    expect((await setLoan(ids.a, 'LN-A', 800_000, '2021/03/01')).body.code).toBe(200);
    expect((await setLoan(ids.b, 'LN-B', 1_500_000, '2023/05/05')).body.code).toBe(200);
    expect((await setLoan(ids.d, 'LN-D', 1_000_000, '2023/07/07')).body.code).toBe(200);
    const haidianOwner = await addHaidianAccount();
    await t.ds.query(`UPDATE asset SET organization_id = $2, account_id = $3 WHERE id = $1`, [
      ids.d,
      haidianOwner.organizationId,
      haidianOwner.accountId,
    ]);
    haidian = await t.login('user', 'haidianloans');

    runs.push(await revalue());
    ids.e = await valuedAsset(communities[0], 120);
    runs.push(await revalue());
    const [first, second] = runs;
    await found(first, ids.a, 1_000_000, null);
    await found(first, ids.b, 2_000_000, null);
    await found(first, ids.c, 3_000_000, null);
    await found(first, ids.d, 4_000_000, null);
    await found(second, ids.a, 1_100_000, 1_000_000);
    await found(second, ids.b, 1_800_000, 2_000_000);
    await found(second, ids.c, 3_000_000, 3_000_000);
    await found(second, ids.d, 4_400_000, 4_000_000);
    await found(second, ids.e, 4_800_000, 4_000_000);
    // The alerts of the second run, as its rule would have raised them from these values.
    await t.ds.query(`DELETE FROM drift_alert`);
    const [item] = await t.ds.query(
      `SELECT tenant_id AS "tenantId", company_id AS "companyId", organization_id AS "organizationId", account_id AS "accountId"
         FROM reval_item WHERE run_id = $1 AND asset_id = $2`,
      [second, ids.b],
    );
    await t.ds.getRepository(DriftAlertEntity).save([
      { ...item, runId: String(second), assetId: ids.b, kind: 'ltv', actual: '83.33', threshold: '80', message: '抵押率83.33%，超过80%' },
      {
        ...item,
        runId: String(second),
        assetId: ids.b,
        kind: 'lastDrop',
        actual: '10',
        threshold: '5',
        message: '估值较上次重估下跌10.00%，超过5%',
      },
    ]);
  }, 240_000);

  afterAll(() => t?.close());

  it('refuses accounts without the page permissions and bad filters', async () => {
    for (const url of ['trend', 'structure', 'house?assetId=1', 'screen', 'trend/export', 'structure/export'])
      expect((await get(`/api/reval/analytics/${url}`, valuer)).status).toBe(403);
    const bad = await get('/api/reval/analytics/trend?cityCode=beijing');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 400, message: LoanAnalyticsMsg.cityInvalid });
    expect((await get('/api/reval/analytics/structure?runId=999999')).body).toEqual({
      code: 404,
      message: RevalMsg.runNotFound,
      data: null,
    });
    expect((await get('/api/reval/analytics/house')).status).toBe(400);
  });

  it('chains the value index on the assets valued in consecutive runs, for the book and by region', async () => {
    const trend = await data('/api/reval/analytics/trend');
    expect(trend.points).toEqual([
      {
        runId: runs[0],
        date: expect.any(String),
        assets: 4,
        valueTotal: 10_000_000,
        loanTotal: 3_300_000,
        matched: 0,
        index: 100,
        change: null,
      },
      // e, new in the second run, counts in the value but not in the index: (1.1 + 1.8 + 3.0 + 4.4) / (1 + 2 + 3 + 4).
      {
        runId: runs[1],
        date: expect.any(String),
        assets: 5,
        valueTotal: 15_100_000,
        loanTotal: 3_300_000,
        matched: 4,
        index: 103,
        change: 3,
      },
    ]);
    expect(trend.seriesLevel).toBe('city');
    expect(trend.series).toEqual([
      {
        code: '110100',
        name: '北京市',
        points: [
          { runId: runs[0], index: 100 },
          { runId: runs[1], index: 103 },
        ],
      },
    ]);

    const city = await data('/api/reval/analytics/trend?cityCode=110100');
    expect(city.seriesLevel).toBe('district');
    expect(city.points.map((p: { index: number }) => p.index)).toEqual([100, 103]);
    expect(city.series.length).toBeGreaterThan(0);
    expect(city.series[0].points.at(-1).runId).toBe(runs[1]);
    expect((await data('/api/reval/analytics/trend?cityCode=310100')).points).toEqual([]);

    // 海淀支行 sees its own asset d only: +10 %.
    const own = await data('/api/reval/analytics/trend', haidian);
    expect(own.points.map((p: { assets: number; index: number }) => [p.assets, p.index])).toEqual([
      [1, 100],
      [1, 110],
    ]);

    const sheet = await workbook('/api/reval/analytics/trend/export');
    expect(sheet.getRow(1).values).toEqual(expect.arrayContaining(['重估任务', '价值合计', '价值合计单位', '价值指数', '指数变动(%)']));
    expect(sheet.rowCount).toBe(3);
    const header = sheet.getRow(1).values as string[];
    expect(sheet.getRow(3).getCell(header.indexOf('价值指数')).value).toBe(103);
    expect(sheet.getRow(3).getCell(header.indexOf('价值合计')).value).toBe(1510);
  });

  it('breaks the latest run down by every dimension, with the LTV bands and loan years', async () => {
    const view = await data('/api/reval/analytics/structure');
    expect(view.run).toMatchObject({ id: runs[1] });
    expect(view.runs.map((r: { id: number }) => r.id)).toEqual([runs[1], runs[0]]);
    const dim = (key: string) => view.dimensions.find((d: { key: string }) => d.key === key).groups;
    expect(dim('city')).toEqual([{ key: '110100', label: '北京市', count: 5, valueTotal: 15_100_000, loanTotal: 3_300_000, avgLtv: 59.6 }]);
    expect(dim('propType')).toEqual([expect.objectContaining({ key: '11', label: '住宅', count: 5 })]);
    // a 800,000 / 1.1 M = 72.73 %, b 1.5 M / 1.8 M = 83.33 %, d 1 M / 4.4 M = 22.73 %; c and e carry no loan.
    expect(dim('ltvBand')).toEqual([
      { key: '0', label: '50%以下', count: 1, valueTotal: 4_400_000, loanTotal: 1_000_000, avgLtv: 22.73 },
      { key: '2', label: '70%-80%', count: 1, valueTotal: 1_100_000, loanTotal: 800_000, avgLtv: 72.73 },
      { key: '3', label: '80%-100%', count: 1, valueTotal: 1_800_000, loanTotal: 1_500_000, avgLtv: 83.33 },
      { key: '', label: '无贷款', count: 2, valueTotal: 7_800_000, loanTotal: 0, avgLtv: null },
    ]);
    expect(dim('vintage').map((g: { label: string; count: number }) => [g.label, g.count])).toEqual([
      ['2021年', 1],
      ['2023年', 2],
      ['未登记', 2],
    ]);
    expect(dim('district').reduce((n: number, g: { count: number }) => n + g.count, 0)).toBe(5);

    const first = await data(`/api/reval/analytics/structure?runId=${runs[0]}`);
    expect(first.dimensions.find((d: { key: string }) => d.key === 'city').groups[0]).toMatchObject({ count: 4, valueTotal: 10_000_000 });
    const own = await data('/api/reval/analytics/structure', haidian);
    expect(own.dimensions.find((d: { key: string }) => d.key === 'ltvBand').groups).toEqual([
      { key: '0', label: '50%以下', count: 1, valueTotal: 4_400_000, loanTotal: 1_000_000, avgLtv: 22.73 },
    ]);

    const sheet = await workbook('/api/reval/analytics/structure/export');
    expect(sheet.getRow(1).values).toEqual(expect.arrayContaining(['分析维度', '分组', '资产数', '平均抵押率(%)']));
    const groups = view.dimensions.reduce((n: number, d: { groups: unknown[] }) => n + d.groups.length, 0);
    expect(sheet.rowCount).toBe(1 + groups);
  });

  it('follows one asset: valuations before the runs, its LTV path, its community index and its alerts', async () => {
    const a = await data(`/api/reval/analytics/house?assetId=${ids.a}`);
    expect(a.asset).toMatchObject({ id: ids.a, cityName: '北京市', haCode: communities[0].haCode, loanNo: 'LN-A', loanAmount: 800_000 });
    expect(
      a.history.map((h: { source: string; runId: number | null; value: number; ltv: number | null }) => [h.source, h.runId, h.ltv]),
    ).toEqual([
      ['valuation', null, null],
      ['reval', runs[0], 80],
      ['reval', runs[1], 72.73],
    ]);
    expect(a.history.slice(1).map((h: { value: number }) => h.value)).toEqual([1_000_000, 1_100_000]);
    // Community of a and e: a's unit price rose 10 %; e, new in the second run, does not move the index.
    expect(a.community.runs).toEqual([
      { runId: runs[0], date: expect.any(String), items: 1, avgUnitPrice: 12_500, index: 100 },
      { runId: runs[1], date: expect.any(String), items: 2, avgUnitPrice: 26_875, index: 110 },
    ]);
    expect(Array.isArray(a.community.market)).toBe(true);
    expect(a.alerts).toEqual([]);

    const b = await data(`/api/reval/analytics/house?assetId=${ids.b}`);
    expect(b.alerts.map((x: { kind: string; runId: number }) => [x.kind, x.runId])).toEqual([
      ['ltv', runs[1]],
      ['lastDrop', runs[1]],
    ]);

    const outside = await get(`/api/reval/analytics/house?assetId=${ids.a}`, haidian);
    expect(outside.body).toEqual({ code: 404, message: LoanAnalyticsMsg.assetNotFound, data: null });
    expect((await data(`/api/reval/analytics/house?assetId=${ids.d}`, haidian)).asset.loanNo).toBe('LN-D');

    const options = await data('/api/reval/analytics/house/assets?loanNo=ln-');
    expect(options.map((o: { loanNo: string }) => o.loanNo)).toEqual(['LN-A', 'LN-B', 'LN-D']);
    expect(await data('/api/reval/analytics/house/assets?loanNo=LN-', haidian)).toEqual([
      { assetId: ids.d, loanNo: 'LN-D', haName: communities[3].name, cityName: '北京市' },
    ]);
  });

  it('sums the latest run on the screen: totals, alerts, LTV bands, the movers in order and the trend', async () => {
    const screen = await data('/api/reval/analytics/screen');
    expect(screen.run).toEqual({
      id: runs[1],
      date: expect.any(String),
      assets: 5,
      loanAssets: 3,
      valueTotal: 15_100_000,
      loanTotal: 3_300_000,
      // 3.3 M of loans over the 7.3 M value of a, b and d.
      ltv: 45.21,
    });
    expect(screen.alerts).toEqual([
      { kind: 'originDrop', label: '较放款时下跌', count: 0 },
      { kind: 'lastDrop', label: '较上次重估下跌', count: 1 },
      { kind: 'ltv', label: '抵押率超限', count: 1 },
      { kind: 'classC', label: '置信度降为C', count: 0 },
    ]);
    expect(screen.ltvBands.map((b: { count: number; loanTotal: number }) => [b.count, b.loanTotal])).toEqual([
      [1, 1_000_000],
      [0, 0],
      [1, 800_000],
      [1, 1_500_000],
      [0, 0],
    ]);
    expect(screen.falls.map((m: { assetId: number; change: number }) => [m.assetId, m.change])).toEqual([[ids.b, -10]]);
    expect(screen.rises.map((m: { assetId: number; change: number }) => [m.assetId, m.change])).toEqual([
      [ids.e, 20],
      [ids.a, 10],
      [ids.d, 10],
    ]);
    expect(screen.trend).toEqual([
      { runId: runs[0], date: expect.any(String), valueTotal: 10_000_000, loanTotal: 3_300_000 },
      { runId: runs[1], date: expect.any(String), valueTotal: 15_100_000, loanTotal: 3_300_000 },
    ]);

    const own = await data('/api/reval/analytics/screen', haidian);
    expect(own.run).toMatchObject({ assets: 1, valueTotal: 4_400_000, loanTotal: 1_000_000, ltv: 22.73 });
    expect(own.alerts.every((x: { count: number }) => x.count === 0)).toBe(true);
    expect(own.rises.map((m: { assetId: number }) => m.assetId)).toEqual([ids.d]);
  });
});
