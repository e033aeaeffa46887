import { EvalFieldMsg } from '@valuation/domain';
import { AccountEntity, EvalFieldSettingEntity, OperationLogEntity } from '@valuation/persistence';
import { buildMarket } from './market-fixture';
import { startTestApi, type TestApi } from './test-api';

describe('valuation field settings (organisation and channel)', () => {
  let t: TestApi;
  const tokens: Record<string, string> = {};
  let companyId: number;

  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const save = (body: unknown, token = tokens.demoadmin) => t.http().post('/api/eval-field/save').set(auth(token)).send(body);
  const saveTenant = (body: unknown, token = tokens.channeladmin) =>
    t.http().post('/api/tenant/eval-field/save').set(auth(token)).send(body);
  const list = (token = tokens.demoadmin) => t.http().get('/api/eval-field/list').set(auth(token));
  const listTenant = (token = tokens.channeladmin) => t.http().get('/api/tenant/eval-field/list').set(auth(token));
  const field = (items: { fieldKey: string }[], key: string) => items.find((f) => f.fieldKey === key);
  const rapid = (payload: Record<string, unknown>) =>
    t.http().post('/api/eval/rapid?evalType=1&mtype=4&mtypeOn=0&timestamp=1').set(auth(tokens.demouser)).send(payload);
  const flat = (patch: Record<string, unknown> = {}) => ({
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
    ...patch,
  });
  const logs = (action: string) => t.ds.getRepository(OperationLogEntity).find({ where: { action }, order: { id: 'ASC' } });

  beforeAll(async () => {
    t = await startTestApi();
    await buildMarket(t);
    tokens.demoadmin = await t.login('user', 'demoadmin');
    tokens.demouser = await t.login('user', 'demouser');
    tokens.channeladmin = await t.login('tenant', 'channeladmin');
    tokens.otherchannel = await t.login('tenant', 'otherchannel');
    companyId = (await t.ds.getRepository(AccountEntity).findOneByOrFail({ loginUser: 'demoadmin' })).companyId!;
  });
  afterAll(() => t.close());

  it('refuses a valuation without 业务类型 once it is required, and accepts it again when optional', async () => {
    expect((await rapid(flat())).body).toMatchObject({ code: 200 });

    const res = await save([{ fieldKey: 'businessTypeId', display: true, required: true }]).expect(200);
    expect(res.body.message).toBe(EvalFieldMsg.saved);
    expect(field(res.body.data, 'businessTypeId')).toMatchObject({ display: true, required: true });
    expect((await rapid(flat())).body).toMatchObject({ code: 400, message: '请选择业务类型' });

    await save([{ fieldKey: 'businessTypeId', display: true, required: false }]).expect(200);
    expect((await rapid(flat())).body).toMatchObject({ code: 200 });
  });

  it('writes one operation-log row per save with the values before and after', async () => {
    const rows = await logs('修改字段设置');
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows[0]).toMatchObject({
      population: 'user',
      actorLogin: 'demoadmin',
      targetType: 'eval_field_setting',
      targetId: String(companyId),
      changes: { before: { 'businessTypeId.required': false }, after: { 'businessTypeId.required': true } },
    });
    expect(rows[1].changes).toEqual({ before: { 'businessTypeId.required': true }, after: { 'businessTypeId.required': false } });
  });

  it('keeps the company setting ahead of the channel setting, and the channel setting for the channel', async () => {
    await saveTenant([
      { fieldKey: 'owner', display: true, required: 1 },
      { fieldKey: 'face', display: 0, required: 1 },
    ]).expect(200);
    const tenantItems = (await listTenant().expect(200)).body.data;
    expect(field(tenantItems, 'owner')).toMatchObject({ display: true, required: true });
    // A hidden field is never required.
    expect(field(tenantItems, 'face')).toMatchObject({ display: false, required: false });
    const stored = await t.ds.getRepository(EvalFieldSettingEntity).findBy({ tenantId: t.demoTenantId, fieldKey: 'owner' });
    expect(stored).toEqual([expect.objectContaining({ companyId: null, required: true })]);

    // The company has its own row for businessTypeId only; the channel's choices apply to the others.
    const orgItems = (await list().expect(200)).body.data;
    expect(field(orgItems, 'owner')).toMatchObject({ required: true });
    expect((await rapid(flat({ businessTypeId: null }))).body).toMatchObject({ code: 400, message: '请输入产权人' });
    await save([{ fieldKey: 'owner', display: true, required: false }]).expect(200);
    expect((await rapid(flat())).body).toMatchObject({ code: 200 });
    expect(field((await listTenant().expect(200)).body.data, 'owner')).toMatchObject({ required: true });

    const tenantLog = await logs('修改渠道字段设置');
    expect(tenantLog).toEqual([
      expect.objectContaining({ population: 'tenant', actorLogin: 'channeladmin', targetId: `tenant:${t.demoTenantId}` }),
    ]);
  });

  it("does not show one channel's settings to another", async () => {
    const other = (await listTenant(tokens.otherchannel).expect(200)).body.data;
    expect(field(other, 'owner')).toMatchObject({ id: null, required: false });
  });

  it('refuses unknown fields, repeated fields and empty saves, writing nothing', async () => {
    const before = await t.ds.getRepository(OperationLogEntity).count();
    expect((await save([{ fieldKey: 'cityCode', display: true, required: true }]).expect(400)).body.message).toBe(
      EvalFieldMsg.unknown('cityCode'),
    );
    expect(
      (
        await save([
          { fieldKey: 'owner', display: true, required: true },
          { fieldKey: 'owner', display: true, required: false },
        ]).expect(400)
      ).body.message,
    ).toBe(EvalFieldMsg.duplicate('产权人'));
    expect((await save([]).expect(400)).body.message).toBe(EvalFieldMsg.empty);
    expect(await t.ds.getRepository(OperationLogEntity).count()).toBe(before);
  });

  it('asks for the permission of each side', async () => {
    expect((await save([{ fieldKey: 'owner', display: true, required: true }], tokens.demouser)).body.code).toBe(403);
    expect((await saveTenant([{ fieldKey: 'owner', display: true, required: true }], tokens.demoadmin)).status).toBe(401);
  });
});
