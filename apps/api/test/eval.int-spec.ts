import { AccountEntity, EvalRecordEntity, PriceIndexEntity } from '@valuation/persistence';
import { REPORT_LIMITS, shiftMonth, ValuationMsg } from '@valuation/domain';
import { startTestApi, type TestApi } from './test-api';
import { buildMarket, monthStart } from './market-fixture';

describe('quick valuation API', () => {
  let t: TestApi;
  let token: string;
  let accountId: number;

  const body = (patch: Record<string, unknown> = {}) => ({
    cityCode: '110100',
    cityName: '北京',
    propType: 11,
    haInfo: { haCode: 'EVT001', haName: '估价测试花园' },
    bldgArea: '90',
    floor: '8',
    bheight: '18',
    br: 2,
    lr: 1,
    ba: 1,
    face: '2',
    intDeco: '4',
    ...patch,
  });
  const rapid = (evalType: number, payload: object, as = token) =>
    t.http().post(`/api/eval/rapid?evalType=${evalType}&mtype=4&mtypeOn=0&timestamp=1`).set('Authorization', `Bearer ${as}`).send(payload);
  const get = (path: string, as = token) => t.http().get(path).set('Authorization', `Bearer ${as}`);
  const balance = async () => (await get('/api/auth/user/login-user/balance').expect(200)).body.data;
  /** Sets what is left in an account's packages of a kind (of those covering `cityCode` for city-annual ones). */
  const setRemaining = (id: number, kind: 'city' | 'universal', remaining: number, cityCode: string | null = null) =>
    t.ds.query(
      `UPDATE balance_package SET remaining = $3 WHERE account_id = $1 AND kind = $2 AND ($4::varchar IS NULL OR $4 = ANY(city_codes))`,
      [id, kind, remaining, cityCode],
    );

  beforeAll(async () => {
    t = await startTestApi();
    await buildMarket(t);
    token = await t.login('user', 'demouser');
    accountId = (await t.ds.getRepository(AccountEntity).findOneByOrFail({ loginUser: 'demouser' })).id;
  });
  afterAll(() => t.close());

  it('values a flat, charges one Beijing count, and stores an explainable record', async () => {
    const before = await balance();
    const res = await rapid(1, body());
    expect(res.body).toMatchObject({ code: 200, data: { state: 1, evalCode: expect.stringMatching(/^EV\d{22}$/) } });
    const { evalCode } = res.body.data;

    const got = await get(`/api/eval/get?evalCode=${evalCode}`).expect(200);
    const record = got.body.data.record;
    expect(record).toMatchObject({
      evalCode,
      evalType: 1,
      state: 1,
      haCode: 'EVT001',
      // The client wrote 北京; the record names the city as the region table does.
      cityName: '北京市',
      bldgArea: 90,
      faceName: '南',
      intdecoName: '精装',
      proprtname: '住宅',
    });
    expect(record.unitPrice).toBeGreaterThan(54000);
    expect(record.unitPrice).toBeLessThan(66000);
    expect(record.totalPrice).toBeCloseTo(record.unitPrice * 90, -2);
    expect(['forsale', 'fvSale', 'mraSale', 'msaSale']).toContain(record.method);
    expect(got.body.data.samples.length).toBeGreaterThan(0);
    expect(got.body.data.samples.length).toBeLessThanOrEqual(5);
    expect(got.body.data.betas.length).toBeGreaterThan(0);
    expect(record.gpsLon).toBeGreaterThan(116.46);

    const after = await balance();
    expect(after.annuallyCount).toBe(before.annuallyCount - 1);
    expect(after.universalCount).toBe(before.universalCount);
    const ledger = await t.ds.query(
      `SELECT kind, delta, reason, ref_type, ref_id FROM balance_ledger WHERE account_id = $1 AND reason = 'consume'`,
      [accountId],
    );
    expect(ledger).toEqual([{ kind: 'city', delta: -1, reason: 'consume', ref_type: 'rapid', ref_id: evalCode }]);
    const stored = await t.ds.getRepository(EvalRecordEntity).findOneByOrFail({ evalCode });
    expect(stored.engineVersion).toMatch(/\S/);
    expect(stored.input).toMatchObject({ bldgArea: 90, floor: 8 });
    expect((stored.result as { marketCaseIds: number[] }).marketCaseIds.length).toBe(40);
    expect((await get('/api/auth/user/statistics').expect(200)).body.data.rapidTotal).toBe(1);
  });

  it('answers the calibrated range of the value and keeps it with the record for the detail and the list', async () => {
    const res = await rapid(1, body({ floor: '9' }));
    expect(res.body.code).toBe(200);
    const { evalCode, range } = res.body.data;
    const { record } = (await get(`/api/eval/get?evalCode=${evalCode}`).expect(200)).body.data;
    expect(range).toEqual({
      fsd: expect.any(Number),
      low: expect.any(Number),
      high: expect.any(Number),
      low95: expect.any(Number),
      high95: expect.any(Number),
    });
    expect(range.fsd).toBeGreaterThan(0);
    expect(range.low).toBeLessThan(record.totalPrice);
    expect(range.high).toBeGreaterThan(record.totalPrice);
    expect(range.low95).toBeLessThanOrEqual(range.low);
    expect(range.high95).toBeGreaterThanOrEqual(range.high);
    // In yuan like the total, rounded as it is.
    expect(Number.isInteger(range.low) && Number.isInteger(range.high95)).toBe(true);
    expect(record.range).toEqual(range);
    const stored = await t.ds.getRepository(EvalRecordEntity).findOneByOrFail({ evalCode });
    expect((stored.result as { range: unknown }).range).toEqual(range);
    const listed = (await get(`/api/eval/list?pageIndex=1&pageSize=50`).expect(200)).body.data.list.find(
      (r: { evalCode: string }) => r.evalCode === evalCode,
    );
    expect(listed.range).toEqual(range);

    // A record stored before ranges were kept answers null everywhere.
    await t.ds.query(`UPDATE eval_record SET result = result - 'range' WHERE eval_code = $1`, [evalCode]);
    expect((await get(`/api/eval/get?evalCode=${evalCode}`).expect(200)).body.data.record.range).toBeNull();
    const relisted = (await get(`/api/eval/list?pageIndex=1&pageSize=50`).expect(200)).body.data.list.find(
      (r: { evalCode: string }) => r.evalCode === evalCode,
    );
    expect(relisted.range).toBeNull();
  });

  it('values rent per month', async () => {
    const res = await rapid(2, body());
    expect(res.body.data.state).toBe(1);
    const { record } = (await get(`/api/eval/get?evalCode=${res.body.data.evalCode}`).expect(200)).body.data;
    expect(record.evalType).toBe(2);
    expect(record.unitPrice).toBeGreaterThan(90);
    expect(record.unitPrice).toBeLessThan(110);
    expect(record.range.low).toBeLessThan(record.totalPrice);
    expect(record.range.high).toBeGreaterThan(record.totalPrice);
    expect(res.body.data.range).toEqual(record.range);
  });

  it('checks the form rules with the form messages and charges nothing', async () => {
    const before = await balance();
    expect((await rapid(1, body({ bldgArea: '0' }))).body).toMatchObject({ code: 400, message: ValuationMsg.areaInvalid });
    expect((await rapid(1, body({ floor: '19' }))).body).toMatchObject({ code: 400, message: ValuationMsg.floorAboveTotal });
    expect((await rapid(1, body({ cityCode: '' }))).body).toMatchObject({ code: 400, message: ValuationMsg.cityMissing });
    expect((await rapid(3, body())).body).toMatchObject({ code: 400, message: ValuationMsg.evalTypeInvalid });
    expect(await balance()).toEqual(before);
  });

  it('answers 402 when no property information is found', async () => {
    const res = await rapid(1, body({ haInfo: { haCode: 'NOPE', haName: '不存在的小区' } }));
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ code: 402, message: ValuationMsg.noPropertyFound });
  });

  it('gives a reference price (state 2) from the regional average when the community has no cases, free of charge', async () => {
    const before = await balance();
    const res = await rapid(1, body({ haInfo: { haCode: 'EVT002', haName: '无成交小区' } }));
    expect(res.body.data.state).toBe(2);
    const { record } = (await get(`/api/eval/get?evalCode=${res.body.data.evalCode}`).expect(200)).body.data;
    expect(record.method).toBe('averageSale');
    expect(record.unitPrice).toBeGreaterThan(50000);
    expect(await balance()).toEqual(before);
  });

  it('counts the valuations it keeps by method, confidence class and outcome in /api/metrics', async () => {
    const scrape = async () => (await t.http().get('/api/metrics').expect(200)).text;
    const lines = (text: string) => text.split('\n').filter((l) => l.startsWith('valuations_total{'));
    const sum = (text: string, labels: string) =>
      lines(text)
        .filter((l) => l.includes(labels))
        .reduce((n, l) => n + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
    const before = await scrape();
    expect(before).toContain('# TYPE valuations_total counter');

    const valued = (await rapid(1, body({ bldgArea: '88' }))).body.data.evalCode;
    const record = await t.ds.getRepository(EvalRecordEntity).findOneByOrFail({ evalCode: valued });
    expect((await rapid(1, body({ haInfo: { haCode: 'EVT002', haName: '无成交小区' } }))).body.data.state).toBe(2);
    const after = await scrape();

    const labels = `method="${record.method}",class="${record.confidenceClass}",state="valued"`;
    expect(sum(after, labels) - sum(before, labels)).toBe(1);
    expect(sum(after, 'state="valued"') - sum(before, 'state="valued"')).toBe(1);
    expect(sum(after, 'method="averageSale"') - sum(before, 'method="averageSale"')).toBe(1);
    expect(sum(after, 'state="reference"') - sum(before, 'state="reference"')).toBe(1);
    // The batch and report figures are the worker's.
    expect(after).not.toContain('batch_rows_valued_total');
    expect(after).not.toContain('report_render_seconds');
  });

  it('re-values into the same history, with the trend', async () => {
    const first = (await rapid(1, body({ bldgArea: '75.5' }))).body.data.evalCode;
    const again = await t.http().post('/api/eval/reval?evalType=1').set('Authorization', `Bearer ${token}`).send({ evalCode: first });
    expect(again.body.code).toBe(200);
    expect(again.body.data.evalCode).not.toBe(first);
    const id = (await get(`/api/eval/get?evalCode=${first}`).expect(200)).body.data.record.id;
    const history = (await get(`/api/eval/history/list?evalRecordId=${id}`).expect(200)).body.data;
    expect(history.map((h: { evalCode: string }) => h.evalCode).sort()).toEqual([first, again.body.data.evalCode].sort());
    const pm = (await get(`/api/eval/pm?evalCode=${first}`).expect(200)).body.data;
    expect(pm.series.length).toBeGreaterThan(3);
    expect(typeof pm.X).toBe('number');
  });

  it.each([1, 2] as const)('gives the 环比 and 同比 of trade type %s from the last points of the series it returns', async (evalType) => {
    if (evalType === 2) {
      // Rent indices of the community, one month of which rests on a single case.
      await t.ds.getRepository(PriceIndexEntity).insert(
        Array.from({ length: 13 }, (_, back) => ({
          scope: 'community' as const,
          scopeCode: 'EVT001',
          tradeType: 2,
          propType: 11,
          month: monthStart(back),
          avgUnitPrice: (back === 6 ? 130 : 100 + (12 - back) * 0.5).toFixed(2),
          medianUnitPrice: '100.00',
          caseCount: back === 6 ? 1 : 30,
        })),
      );
    }
    const evalCode = (await rapid(evalType, body())).body.data.evalCode;
    const pm = (await get(`/api/eval/pm?evalCode=${evalCode}`).expect(200)).body.data;
    const series: { month: string; value: number }[] = pm.series;
    expect(series.length).toBeGreaterThanOrEqual(REPORT_LIMITS.minTrendPoints);
    const last = series[series.length - 1];
    const valueOf = (months: number) => series.find((p) => p.month === shiftMonth(last.month, -months))?.value;
    const change = (before: number | undefined) => (before === undefined ? null : Math.round((last.value / before - 1) * 10000) / 10000);
    expect(pm.month).toBe(last.month);
    expect(pm.X).toBe(change(valueOf(1)));
    expect(pm.R).toBe(change(valueOf(12)));
    expect(pm.X).not.toBeNull();
    if (evalType === 2) {
      const thin = pm.series.find((p: { month: string }) => p.month === monthStart(6).slice(0, 7));
      expect(thin).toMatchObject({ count: 1, smoothed: true });
      expect(thin.value).toBeLessThan(105);
    }
  });

  it("hides records from other tenants' users", async () => {
    const evalCode = (await rapid(1, body())).body.data.evalCode;
    const other = await t.login('user', 'otheruser');
    expect((await get(`/api/eval/get?evalCode=${evalCode}`, other)).body).toMatchObject({ code: 404 });
  });

  it('refuses a valuation when the balance is empty, storing nothing', async () => {
    const other = await t.login('user', 'otheruser');
    const otherId = (await t.ds.getRepository(AccountEntity).findOneByOrFail({ loginUser: 'otheruser' })).id;
    await setRemaining(otherId, 'city', 0);
    await setRemaining(otherId, 'universal', 0);
    const res = await rapid(1, body(), other);
    expect(res.body).toMatchObject({ code: 403, message: '估价次数不足，请联系管理员分配次数' });
    expect(await t.ds.getRepository(EvalRecordEntity).countBy({ accountId: otherId })).toBe(0);
  });

  it('never overdraws: 200 concurrent valuations against 100 counts, exactly 100 succeed', async () => {
    const admin = await t.login('user', 'demoadmin');
    const adminId = (await t.ds.getRepository(AccountEntity).findOneByOrFail({ loginUser: 'demoadmin' })).id;
    await setRemaining(adminId, 'city', 30, '110100');
    await setRemaining(adminId, 'city', 0, '310100');
    await setRemaining(adminId, 'universal', 70);
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => rapid(1, body({ bldgArea: String(60 + (i % 50)) }), admin)));
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(100);
    expect(codes.filter((c) => c === 403)).toHaveLength(100);
    const left = (await get('/api/auth/user/login-user/balance', admin).expect(200)).body.data;
    expect(left).toMatchObject({ annuallyCount: 0, universalCount: 0 });
    const [{ n }] = await t.ds.query(`SELECT count(*)::int AS n FROM balance_ledger WHERE account_id = $1 AND reason = 'consume'`, [
      adminId,
    ]);
    expect(n).toBe(100);
    expect(await t.ds.getRepository(EvalRecordEntity).countBy({ accountId: adminId })).toBe(100);
  });
});
