import { EvalMethodMsg } from '@valuation/domain';
import { EvalRecordEntity, OperationLogEntity, TenantEntity } from '@valuation/persistence';
import { buildMarket } from './market-fixture';
import { startTestApi, type TestApi } from './test-api';

describe('valuation methods of a channel', () => {
  let t: TestApi;
  const tokens: Record<string, string> = {};
  let otherTenantId: number;

  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const get = (tenantId: number, token = tokens.channeladmin) =>
    t.http().get('/api/org/tenant/getevalclass').query({ tenantId }).set(auth(token));
  const update = (body: Record<string, unknown>, token = tokens.channeladmin) =>
    t.http().post('/api/org/tenant/updateevalclass').set(auth(token)).send(body);
  const value = async () => {
    const res = await t
      .http()
      .post('/api/eval/rapid?evalType=1&mtype=4&mtypeOn=0&timestamp=1')
      .set(auth(tokens.demouser))
      .send({
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
      });
    expect(res.body).toMatchObject({ code: 200 });
    const record = await t.ds.getRepository(EvalRecordEntity).findOneByOrFail({ evalCode: res.body.data.evalCode });
    const methods = ((record.result as { methods?: { kind: string }[] } | null)?.methods ?? []).map((m) => m.kind);
    return {
      method: (await t.http().get(`/api/eval/get?evalCode=${record.evalCode}`).set(auth(tokens.demouser))).body.data.record.method,
      methods,
    };
  };

  beforeAll(async () => {
    t = await startTestApi();
    await buildMarket(t);
    tokens.channeladmin = await t.login('tenant', 'channeladmin');
    tokens.otherchannel = await t.login('tenant', 'otherchannel');
    tokens.demouser = await t.login('user', 'demouser');
    otherTenantId = t.otherTenantId;
  });
  afterAll(() => t.close());

  it('answers every method and class C when nothing is stored', async () => {
    await t.ds.getRepository(TenantEntity).update({ id: t.demoTenantId }, { evalFlags: null, evalClass: null });
    expect((await get(t.demoTenantId).expect(200)).body.data).toEqual({ tenantId: t.demoTenantId, evalFlags: '1,2,3,4', evalClass: 'C' });
  });

  it('values with the chosen methods only', async () => {
    await update({ tenantId: t.demoTenantId, evalFlags: '2', evalClass: '' }).expect(200);
    const regression = await value();
    expect(regression.method).toBe('mraSale');

    const res = await update({ tenantId: t.demoTenantId, evalFlags: [1, 3, 4], evalClass: 'B' }).expect(200);
    expect(res.body.data).toEqual({ tenantId: t.demoTenantId, evalFlags: '1,3,4', evalClass: 'B' });
    const without = await value();
    expect(without.method).not.toBe('mraSale');
    expect(JSON.stringify(without)).not.toContain('mra');
  });

  it('logs each change with the values before and after', async () => {
    const rows = await t.ds.getRepository(OperationLogEntity).find({ where: { action: '修改估价方法' }, order: { id: 'ASC' } });
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      population: 'tenant',
      actorLogin: 'channeladmin',
      targetId: String(t.demoTenantId),
      changes: { before: { evalFlags: '2', evalClass: null }, after: { evalFlags: '1,3,4', evalClass: 'B' } },
    });
  });

  it('refuses no method, a class without comparison and another channel', async () => {
    expect((await update({ tenantId: t.demoTenantId, evalFlags: '', evalClass: '' }).expect(400)).body.message).toBe(
      EvalMethodMsg.noMethod,
    );
    expect((await update({ tenantId: t.demoTenantId, evalFlags: '2,4', evalClass: 'A' }).expect(400)).body.message).toBe(
      EvalMethodMsg.comparisonFirst,
    );
    expect((await update({ tenantId: otherTenantId, evalFlags: '1', evalClass: 'A' })).body.code).toBe(403);
    expect((await get(t.demoTenantId, tokens.otherchannel)).body.code).toBe(403);
    expect((await get(t.demoTenantId).expect(200)).body.data).toMatchObject({ evalFlags: '1,3,4', evalClass: 'B' });
  });
});
