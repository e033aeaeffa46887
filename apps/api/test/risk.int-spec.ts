import { DEMO_PASSWORD, hashPassword } from '@valuation/core';
import { Msg, RiskMsg, UserType } from '@valuation/domain';
import {
  AccountEntity,
  AccountRoleEntity,
  BusinessEntity,
  EvalRecordEntity,
  OperationLogEntity,
  RiskCoefficientEntity,
  RoleEntity,
  RolePermissionEntity,
} from '@valuation/persistence';
import { buildMarket } from './market-fixture';
import { startTestApi, type TestApi } from './test-api';

describe('risk coefficients (organisation)', () => {
  let t: TestApi;
  const tokens: Record<string, string> = {};
  let adminId: number;
  let companyId: number;
  let mortgage: number;
  let other: number;
  let foreignBusiness: number;

  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const list = (query: Record<string, string | number> = {}, token = tokens.demoadmin) =>
    t
      .http()
      .get('/api/risk/list')
      .query({ pageIndex: 1, pageSize: 10, timestamp: Date.now(), ...query })
      .set(auth(token));
  const getAt = (query: Record<string, string>, token = tokens.demoadmin) => t.http().get('/api/risk/get').query(query).set(auth(token));
  const add = (body: Record<string, unknown>, token = tokens.demoadmin) =>
    t.http().post('/api/risk/add').set(auth(token)).type('form').send(body);
  const update = (body: Record<string, unknown>, token = tokens.demoadmin) =>
    t.http().post('/api/risk/update').set(auth(token)).type('form').send(body);
  const del = (id: number | string, token = tokens.demoadmin) => t.http().post('/api/risk/del').set(auth(token)).type('form').send({ id });
  const logs = (action: string) => t.ds.getRepository(OperationLogEntity).find({ where: { action }, order: { id: 'ASC' } });
  const clearAll = () => t.ds.query('DELETE FROM risk_coefficient');

  /** An account of the demo company holding only `permissions`. */
  async function accountWith(loginUser: string, permissions: number[]) {
    const role = await t.ds.getRepository(RoleEntity).save({
      tenantId: t.demoTenantId,
      kind: 'customer',
      companyId,
      code: `9${loginUser.length}${permissions.length}`,
      name: loginUser,
      remark: null,
      createdName: '测试',
      updatedName: '测试',
    });
    await t.ds.getRepository(RolePermissionEntity).insert(permissions.map((permissionId) => ({ roleId: role.id, permissionId })));
    const admin = await t.ds.getRepository(AccountEntity).findOneByOrFail({ id: adminId });
    const account = await t.ds.getRepository(AccountEntity).save({
      tenantId: t.demoTenantId,
      organizationId: admin.organizationId,
      companyId,
      loginUser,
      userName: loginUser,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      email: null,
      mobilePhone: `1370000${String(permissions.length).padStart(2, '0')}${loginUser.length}`.slice(0, 11),
      userType: UserType.Enterprise,
      status: 0,
      expireDate: null,
    });
    await t.ds.getRepository(AccountRoleEntity).insert({ accountId: account.id, roleId: role.id });
    return t.login('user', loginUser);
  }

  beforeAll(async () => {
    t = await startTestApi();
    await buildMarket(t);
    for (const login of ['demoadmin', 'demouser', 'otheradmin']) tokens[login] = await t.login('user', login);
    tokens.channeladmin = await t.login('tenant', 'channeladmin');
    const admin = await t.ds.getRepository(AccountEntity).findOneByOrFail({ loginUser: 'demoadmin' });
    adminId = admin.id;
    companyId = admin.companyId;
    const businesses = t.ds.getRepository(BusinessEntity);
    mortgage = (await businesses.findOneByOrFail({ tenantId: t.demoTenantId, companyId, businessName: '按揭贷款' })).id;
    other = (await businesses.findOneByOrFail({ tenantId: t.demoTenantId, companyId, businessName: '其他贷款' })).id;
    foreignBusiness = (await businesses.findOneByOrFail({ tenantId: t.otherTenantId, businessName: '按揭贷款' })).id;
    tokens.viewer = await accountWith('riskviewer', [14]);
    tokens.adder = await accountWith('riskadder', [14, 58]);
    tokens.editor = await accountWith('riskeditor', [14, 59]);
    tokens.remover = await accountWith('riskremover', [14, 60]);
  });
  afterAll(() => t?.close());

  describe('adding', () => {
    beforeEach(clearAll);

    it('stores a district coefficient with the names of the region and businesses taken from the server, and logs it', async () => {
      const res = await add({
        provinceCode: '110000',
        provinceName: '伪造省',
        cityCode: '110100',
        cityName: '伪造市',
        distCode: '110105',
        distName: '伪造区',
        businessId: `${mortgage},${other}`,
        businessName: '伪造业务',
        priceCoefficient: '0.85',
      }).expect(200);
      expect(res.body).toMatchObject({
        code: 200,
        message: RiskMsg.added,
        data: {
          provinceCode: '110000',
          provinceName: '北京市',
          cityCode: '110100',
          cityName: '北京市',
          distCode: '110105',
          distName: '朝阳区',
          businessId: `${mortgage},${other}`,
          businessName: '按揭贷款,其他贷款',
          priceCoefficient: 0.85,
          updateTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
          updateBy: adminId,
          updateName: '演示管理员',
        },
      });
      const row = await t.ds.getRepository(RiskCoefficientEntity).findOneByOrFail({ id: res.body.data.id });
      expect(row).toMatchObject({ tenantId: t.demoTenantId, companyId, businessIds: [mortgage, other], priceCoefficient: '0.85' });
      expect((await logs('新增风控系数')).at(-1)).toMatchObject({
        tenantId: t.demoTenantId,
        actorId: adminId,
        companyId,
        targetType: 'risk-coefficient',
        targetId: String(row.id),
        changes: { before: {}, after: { region: '北京市/朝阳区', businessName: '按揭贷款,其他贷款', priceCoefficient: '0.85' } },
      });
    });

    it('accepts JSON, a province alone and an empty business set (every business)', async () => {
      const res = await t
        .http()
        .post('/api/risk/add')
        .set(auth(tokens.demoadmin))
        .send({ provinceCode: '130000', businessId: '', priceCoefficient: 1 })
        .expect(200);
      expect(res.body.data).toMatchObject({ provinceName: '河北省', cityCode: null, cityName: null, distCode: null, distName: null });
      expect(res.body.data).toMatchObject({ businessId: '', businessName: '', priceCoefficient: 1 });
    });

    it('answers each broken rule with the message of the spec and writes nothing', async () => {
      const ok = { provinceCode: '110000', cityCode: '110100', businessId: String(mortgage), priceCoefficient: '0.5' };
      const message = async (body: Record<string, unknown>) => (await add(body).expect(400)).body.message;
      expect(await message({ ...ok, provinceCode: '' })).toBe(RiskMsg.provinceRequired);
      expect(await message({ ...ok, priceCoefficient: '' })).toBe(RiskMsg.range);
      expect(await message({ ...ok, priceCoefficient: 'abc' })).toBe(RiskMsg.range);
      expect(await message({ ...ok, priceCoefficient: '1.01' })).toBe(RiskMsg.range);
      expect(await message({ ...ok, priceCoefficient: '-0.05' })).toBe(RiskMsg.range);
      expect(await message({ ...ok, priceCoefficient: '0.855' })).toBe(RiskMsg.decimals);
      expect(await message({ ...ok, cityCode: '440100' })).toBe(RiskMsg.regionInvalid);
      expect(await message({ ...ok, provinceCode: '999999' })).toBe(RiskMsg.regionInvalid);
      expect(await message({ ...ok, cityCode: '', distCode: '110105' })).toBe(RiskMsg.regionInvalid);
      expect(await message({ ...ok, distCode: '440103' })).toBe(RiskMsg.regionInvalid);
      expect(await message({ ...ok, businessId: `${mortgage},${foreignBusiness}` })).toBe(RiskMsg.businessInvalid);
      expect(await message({ ...ok, businessId: 'x' })).toBe(RiskMsg.businessInvalid);
      expect(await t.ds.getRepository(RiskCoefficientEntity).count()).toBe(0);
      expect((await add({ ...ok, priceCoefficient: '0' }).expect(200)).body.data.priceCoefficient).toBe(0);
    });

    it('replaces the coefficient a region already has, keeping its id, and logs before and after', async () => {
      const first = (
        await add({ provinceCode: '110000', cityCode: '110100', businessId: String(mortgage), priceCoefficient: '0.9' }).expect(200)
      ).body.data;
      await add({ provinceCode: '110000', businessId: '', priceCoefficient: '0.7' }).expect(200);
      const found = (await getAt({ provinceCode: '110000', cityCode: '110100' }).expect(200)).body.data;
      expect(found).toMatchObject({ id: first.id, priceCoefficient: 0.9 });
      expect((await getAt({ provinceCode: '110000', cityCode: '110100', distCode: '110105' }).expect(200)).body).toMatchObject({
        code: 200,
        data: null,
      });

      const again = await add({ provinceCode: '110000', cityCode: '110100', businessId: String(other), priceCoefficient: '0.8' }).expect(
        200,
      );
      expect(again.body.data).toMatchObject({ id: first.id, businessName: '其他贷款', priceCoefficient: 0.8 });
      expect(await t.ds.getRepository(RiskCoefficientEntity).countBy({ companyId })).toBe(2);
      expect((await logs('替换风控系数')).at(-1)).toMatchObject({
        targetId: String(first.id),
        changes: {
          before: { businessName: '按揭贷款', priceCoefficient: '0.90' },
          after: { businessName: '其他贷款', priceCoefficient: '0.80' },
        },
      });
    });

    it('keeps one coefficient per region when the same region is added concurrently', async () => {
      const body = { provinceCode: '120000', businessId: '', priceCoefficient: '0.6' };
      const answers = await Promise.all(Array.from({ length: 6 }, () => add(body)));
      expect(answers.map((r) => r.status)).toEqual(Array(6).fill(200));
      expect(await t.ds.getRepository(RiskCoefficientEntity).countBy({ provinceCode: '120000' })).toBe(1);
    });
  });

  describe('editing and deleting', () => {
    let id: number;
    beforeEach(async () => {
      await clearAll();
      id = (await add({ provinceCode: '110000', cityCode: '110100', businessId: String(mortgage), priceCoefficient: '0.9' }).expect(200))
        .body.data.id;
    });

    it('edits the region, businesses and value, and logs what changed', async () => {
      const res = await update({
        id,
        provinceCode: '110000',
        cityCode: '110100',
        distCode: '110108',
        businessId: '',
        priceCoefficient: '0.75',
      }).expect(200);
      expect(res.body).toMatchObject({ message: RiskMsg.edited, data: { id, distName: '海淀区', businessId: '', priceCoefficient: 0.75 } });
      expect((await logs('编辑风控系数')).at(-1)).toMatchObject({
        targetId: String(id),
        changes: {
          before: { region: '北京市', businessName: '按揭贷款', priceCoefficient: '0.90' },
          after: { region: '北京市/海淀区', businessName: '全部', priceCoefficient: '0.75' },
        },
      });
    });

    it('refuses to move a coefficient onto a region another holds, naming that one', async () => {
      const holder = (await add({ provinceCode: '110000', businessId: '', priceCoefficient: '0.5' }).expect(200)).body.data.id;
      const res = await update({ id, provinceCode: '110000', businessId: '', priceCoefficient: '0.6' }).expect(400);
      expect(res.body).toMatchObject({ message: RiskMsg.regionTaken, data: { id: holder } });
      expect(
        (await update({ id: holder, provinceCode: '110000', businessId: '', priceCoefficient: '0.6' }).expect(200)).body.data
          .priceCoefficient,
      ).toBe(0.6);
    });

    it('answers the edit rules and an unknown id', async () => {
      expect((await update({ id, provinceCode: '110000', priceCoefficient: '2' }).expect(400)).body.message).toBe(RiskMsg.range);
      expect((await update({ id: 999999, provinceCode: '110000', priceCoefficient: '0.5' }).expect(404)).body.message).toBe(
        RiskMsg.notFound,
      );
      expect((await update({ provinceCode: '110000', priceCoefficient: '0.5' }).expect(400)).body.message).toBe(RiskMsg.notFound);
    });

    it('deletes with the spec message and logs the deleted fields', async () => {
      expect((await del(id).expect(200)).body).toMatchObject({ code: 200, message: RiskMsg.deleted, data: null });
      expect(await t.ds.getRepository(RiskCoefficientEntity).countBy({ id })).toBe(0);
      expect((await logs('删除风控系数')).at(-1)).toMatchObject({
        targetId: String(id),
        changes: { before: { region: '北京市', businessName: '按揭贷款', priceCoefficient: '0.90' }, after: {} },
      });
      expect((await del(id).expect(404)).body.message).toBe(RiskMsg.notFound);
    });
  });

  describe('listing', () => {
    beforeAll(async () => {
      await clearAll();
      await add({
        provinceCode: '110000',
        cityCode: '110100',
        distCode: '110105',
        businessId: String(mortgage),
        priceCoefficient: '0.85',
      }).expect(200);
      await add({ provinceCode: '110000', cityCode: '110100', businessId: `${other}`, priceCoefficient: '0.9' }).expect(200);
      await add({ provinceCode: '440000', cityCode: '440100', businessId: '', priceCoefficient: '0.6' }).expect(200);
      await t.ds.query(`UPDATE risk_coefficient SET update_time = '2024-03-05 10:00:00+08' WHERE province_code = '440000'`);
      await add({ provinceCode: '110000', businessId: '', priceCoefficient: '0.7' }, tokens.otheradmin).expect(200);
    });
    const regions = async (query: Record<string, string | number>) =>
      ((await list(query).expect(200)).body.data.list as { provinceCode: string; cityCode: string | null; distCode: string | null }[]).map(
        (r) => [r.provinceCode, r.cityCode, r.distCode].filter(Boolean).join('/'),
      );

    it("lists the caller's company only, last updated first, with the paging envelope", async () => {
      const res = await list().expect(200);
      expect(res.body.data).toMatchObject({ total: 3, pages: 1, pageNum: 1 });
      expect(await regions({})).toEqual(['110000/110100', '110000/110100/110105', '440000/440100']);
      expect((await list({}, tokens.otheradmin).expect(200)).body.data.total).toBe(1);
      expect((await list({ pageSize: 20 }).expect(400)).body.message).toBe('每页条数只能为10、50、100、200');
    });

    it('filters by region, business, coefficient range and update dates', async () => {
      expect(await regions({ provinceCode: '110000' })).toHaveLength(2);
      expect(await regions({ provinceCode: '110000', cityCode: '110100', distCode: '110105' })).toEqual(['110000/110100/110105']);
      expect(await regions({ businessName: '按揭贷款' })).toEqual(['110000/110100/110105']);
      expect(await regions({ coefficientMin: '0.8', coefficientMax: '0.88' })).toEqual(['110000/110100/110105']);
      expect(await regions({ coefficientMax: '0.6' })).toEqual(['440000/440100']);
      expect(await regions({ beginDate: '2024/03/05', endDate: '2024/03/05' })).toEqual(['440000/440100']);
      expect(await regions({ beginDate: '2024/03/06' })).toHaveLength(2);
      expect(await regions({ provinceCode: '', cityCode: '', businessName: '' })).toHaveLength(3);
    });

    it('answers the filter rules with the messages of the spec', async () => {
      expect((await list({ coefficientMin: '0.9', coefficientMax: '0.8' }).expect(400)).body.message).toBe(RiskMsg.filterRange);
      expect((await list({ coefficientMin: '1.5' }).expect(400)).body.message).toBe(RiskMsg.range);
      expect((await list({ beginDate: '2024/03/06', endDate: '2024/03/05' }).expect(400)).body.code).toBe(400);
    });
  });

  describe('scoping and permissions', () => {
    let id: number;
    beforeAll(async () => {
      await clearAll();
      id = (await add({ provinceCode: '110000', businessId: '', priceCoefficient: '0.9' }).expect(200)).body.data.id;
    });

    it("keeps another company's callers away from the coefficient", async () => {
      expect((await getAt({ provinceCode: '110000' }, tokens.otheradmin).expect(200)).body.data).toBeNull();
      expect((await update({ id, provinceCode: '110000', priceCoefficient: '0.1' }, tokens.otheradmin).expect(404)).body.message).toBe(
        RiskMsg.notFound,
      );
      expect((await del(id, tokens.otheradmin).expect(404)).body.message).toBe(RiskMsg.notFound);
      expect((await t.ds.getRepository(RiskCoefficientEntity).findOneByOrFail({ id })).priceCoefficient).toBe('0.90');
    });

    it('needs 14 to list, 58 to add, 59 to edit, 60 to delete, and refuses channel tokens', async () => {
      const forbidden = { code: 403, message: Msg.forbidden };
      expect((await list({}, tokens.demouser).expect(403)).body).toMatchObject(forbidden);
      expect((await list({}, tokens.channeladmin)).status).toBeGreaterThanOrEqual(401);
      expect((await list({}, tokens.viewer).expect(200)).body.data.total).toBe(1);
      expect((await getAt({ provinceCode: '110000' }, tokens.viewer).expect(403)).body).toMatchObject(forbidden);

      const body = { provinceCode: '110000', businessId: '', priceCoefficient: '0.5' };
      for (const token of [tokens.viewer, tokens.editor, tokens.remover])
        expect((await add(body, token).expect(403)).body).toMatchObject(forbidden);
      expect((await getAt({ provinceCode: '110000' }, tokens.adder).expect(200)).body.data.id).toBe(id);
      expect((await add(body, tokens.adder).expect(200)).body.data.id).toBe(id);

      for (const token of [tokens.viewer, tokens.adder, tokens.remover])
        expect((await update({ id, ...body }, token).expect(403)).body).toMatchObject(forbidden);
      expect((await update({ id, ...body, priceCoefficient: '0.55' }, tokens.editor).expect(200)).body.data.priceCoefficient).toBe(0.55);

      for (const token of [tokens.viewer, tokens.adder, tokens.editor])
        expect((await del(id, token).expect(403)).body).toMatchObject(forbidden);
      expect((await del(id, tokens.remover).expect(200)).body.message).toBe(RiskMsg.deleted);
    });
  });

  describe('valuations', () => {
    const rapid = (businessTypeId: number | null) =>
      t
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
          face: '2',
          intDeco: '4',
          businessTypeId,
        });
    const valued = async (businessTypeId: number | null) => {
      const res = await rapid(businessTypeId).expect(200);
      expect(res.body.data.state).toBe(1);
      const stored = await t.ds.getRepository(EvalRecordEntity).findOneByOrFail({ evalCode: res.body.data.evalCode });
      const shown = (await t.http().get(`/api/eval/get?evalCode=${stored.evalCode}`).set(auth(tokens.demouser)).expect(200)).body.data
        .record;
      return { stored, shown };
    };

    beforeAll(clearAll);

    it('applies the most specific coefficient as soon as it is saved, records which one, and forgets a deleted one', async () => {
      const none = await valued(mortgage);
      expect(none.shown).toMatchObject({ riskCoefficient: null, riskTotalPrice: null, riskCoefficientLabel: null });

      const province = (await add({ provinceCode: '110000', businessId: '', priceCoefficient: '0.9' }).expect(200)).body.data.id;
      const first = await valued(mortgage);
      expect(first.stored).toMatchObject({
        riskCoefficient: '0.90',
        riskCoefficientId: province,
        riskCoefficientLabel: '北京市 · 全部业务 · 0.90',
      });
      expect(first.shown.riskTotalPrice).toBeCloseTo(first.shown.totalPrice * 0.9, -1);

      const city = (
        await add({ provinceCode: '110000', cityCode: '110100', businessId: String(mortgage), priceCoefficient: '0.8' }).expect(200)
      ).body.data.id;
      const district = (
        await add({
          provinceCode: '110000',
          cityCode: '110100',
          distCode: '110105',
          businessId: String(mortgage),
          priceCoefficient: '0.85',
        }).expect(200)
      ).body.data.id;
      const specific = await valued(mortgage);
      expect(specific.stored).toMatchObject({ riskCoefficientId: district, riskCoefficientLabel: '北京市/朝阳区 · 按揭贷款 · 0.85' });
      expect(specific.shown).toMatchObject({ riskCoefficient: 0.85, riskCoefficientLabel: '北京市/朝阳区 · 按揭贷款 · 0.85' });
      expect(specific.shown.riskTotalPrice).toBeCloseTo(specific.shown.totalPrice * 0.85, -1);

      // The district's and the city's coefficients are set for 按揭贷款 only: 其他贷款 falls back to the province's.
      expect((await valued(other)).stored).toMatchObject({ riskCoefficientId: province, riskCoefficient: '0.90' });
      expect((await valued(null)).stored).toMatchObject({ riskCoefficientId: province });

      await update({
        id: district,
        provinceCode: '110000',
        cityCode: '110100',
        distCode: '110105',
        businessId: String(mortgage),
        priceCoefficient: '0.7',
      }).expect(200);
      expect((await valued(mortgage)).stored).toMatchObject({ riskCoefficientId: district, riskCoefficient: '0.70' });

      await del(district).expect(200);
      expect((await valued(mortgage)).stored).toMatchObject({ riskCoefficientId: city, riskCoefficientLabel: '北京市 · 按揭贷款 · 0.80' });

      // Deleting the business type releases the city's coefficient set for it alone.
      await t.http().post('/api/business/del').set(auth(tokens.demoadmin)).type('form').send({ id: mortgage }).expect(200);
      expect((await valued(mortgage)).stored).toMatchObject({ riskCoefficientId: province });
    });

    it("never applies another company's coefficient", async () => {
      await clearAll();
      await add({ provinceCode: '110000', businessId: '', priceCoefficient: '0.5' }, tokens.otheradmin).expect(200);
      expect((await valued(other)).stored).toMatchObject({ riskCoefficientId: null, riskCoefficient: null });
    });
  });
});
