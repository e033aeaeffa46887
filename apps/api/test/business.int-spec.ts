import { seedBusinessTypes, seedDemoPlatform } from '@valuation/core';
import { BusinessMsg, Msg } from '@valuation/domain';
import { AccountEntity, BusinessEntity, OperationLogEntity, RiskCoefficientEntity } from '@valuation/persistence';
import { startTestApi, type TestApi } from './test-api';

describe('business types (organisation)', () => {
  let t: TestApi;
  const tokens: Record<string, string> = {};
  let demoCompanyId: number;
  let otherCompanyId: number;
  let adminId: number;

  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const page = (token = tokens.demoadmin, query: Record<string, number> = {}) =>
    t
      .http()
      .get('/api/business/pageable')
      .query({ pageIndex: 1, pageSize: 10, timestamp: Date.now(), ...query })
      .set(auth(token));
  const add = (body: Record<string, unknown>, token = tokens.demoadmin) =>
    t.http().post('/api/business/add').set(auth(token)).type('form').send(body);
  const update = (body: Record<string, unknown>, token = tokens.demoadmin) =>
    t.http().post('/api/business/update').set(auth(token)).type('form').send(body);
  const del = (id: number | string, token = tokens.demoadmin) =>
    t.http().post('/api/business/del').set(auth(token)).type('form').send({ id });
  const logs = (action: string) => t.ds.getRepository(OperationLogEntity).find({ where: { action }, order: { id: 'ASC' } });

  beforeAll(async () => {
    t = await startTestApi();
    for (const login of ['demoadmin', 'demouser', 'otheradmin']) tokens[login] = await t.login('user', login);
    tokens.channeladmin = await t.login('tenant', 'channeladmin');
    const accounts = t.ds.getRepository(AccountEntity);
    const admin = await accounts.findOneByOrFail({ loginUser: 'demoadmin' });
    adminId = admin.id;
    demoCompanyId = admin.companyId;
    otherCompanyId = (await accounts.findOneByOrFail({ loginUser: 'otheradmin' })).companyId;
  });
  afterAll(() => t.close());

  it('seeds 按揭贷款 and 其他贷款 for the customer companies of both tenants, and lists them in the page', async () => {
    const res = await page().expect(200);
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({ pages: 1, pageNum: 1, total: 2 });
    expect(res.body.data.list.map((b: { businessName: string }) => b.businessName).sort()).toEqual(['其他贷款', '按揭贷款'].sort());
    expect(res.body.data.list[0]).toEqual({
      id: expect.any(Number),
      businessName: expect.any(String),
      businessRemark: '',
      createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      createBy: null,
      createName: '系统',
      updateTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      updateBy: null,
      updateName: '系统',
    });
    const other = await page(tokens.otheradmin).expect(200);
    expect(other.body.data.total).toBe(2);
    const otherRows = await t.ds.getRepository(BusinessEntity).findBy({ tenantId: t.otherTenantId, companyId: otherCompanyId });
    expect(otherRows.map((b) => b.businessName).sort()).toEqual(['其他贷款', '按揭贷款'].sort());
  });

  it('seeds again without adding anything, and does not bring back a deleted default', async () => {
    expect(await seedDemoPlatform(t.ds)).toMatchObject({ created: false });
    expect(await t.ds.getRepository(BusinessEntity).countBy({ tenantId: t.demoTenantId, companyId: demoCompanyId })).toBe(2);
    const repo = t.ds.getRepository(BusinessEntity);
    await repo.update({ tenantId: t.demoTenantId, companyId: demoCompanyId, businessName: '其他贷款' }, { deleted: true });
    expect(await t.ds.transaction((m) => seedBusinessTypes(m, t.demoTenantId, demoCompanyId))).toBe(0);
    expect(await repo.countBy({ tenantId: t.demoTenantId, companyId: demoCompanyId, deleted: false })).toBe(1);
    await repo.update({ tenantId: t.demoTenantId, companyId: demoCompanyId, businessName: '其他贷款' }, { deleted: false });
  });

  it('refuses the page sizes the spec does not offer', async () => {
    expect((await page(tokens.demoadmin, { pageSize: 20 }).expect(400)).body.message).toBe('每页条数只能为10、50、100、200');
  });

  describe('adding', () => {
    it('stores the type for the caller, answers it and logs one row', async () => {
      const res = await add({ name: ' 经营贷款 ', remark: '小微企业经营' }).expect(200);
      expect(res.body).toMatchObject({
        code: 200,
        message: BusinessMsg.added,
        data: {
          businessName: '经营贷款',
          businessRemark: '小微企业经营',
          createBy: adminId,
          createName: '演示管理员',
          updateBy: adminId,
          updateName: '演示管理员',
        },
      });
      const row = await t.ds.getRepository(BusinessEntity).findOneByOrFail({ id: res.body.data.id });
      expect(row).toMatchObject({ tenantId: t.demoTenantId, companyId: demoCompanyId, deleted: false });
      expect(await logs('新增业务')).toEqual([
        expect.objectContaining({
          tenantId: t.demoTenantId,
          population: 'user',
          actorId: adminId,
          actorLogin: 'demoadmin',
          companyId: demoCompanyId,
          targetType: 'business',
          targetId: String(row.id),
          changes: { before: {}, after: { businessName: '经营贷款', businessRemark: '小微企业经营' } },
          detail: expect.stringContaining('经营贷款'),
        }),
      ]);
      expect((await page().expect(200)).body.data.list[0].id).toBe(row.id);
      expect((await t.http().get('/api/business/list').set(auth(tokens.demouser)).expect(200)).body.data).toContainEqual({
        id: row.id,
        businessName: '经营贷款',
      });
    });

    it('answers each broken rule with the message of the spec, and writes nothing', async () => {
      const before = await t.ds.getRepository(BusinessEntity).count();
      expect((await add({ remark: 'x' }).expect(400)).body).toMatchObject({ code: 400, message: BusinessMsg.nameRequired });
      expect((await add({ name: '   ' }).expect(400)).body.message).toBe(BusinessMsg.nameRequired);
      expect((await add({ name: '业'.repeat(21) }).expect(400)).body.message).toBe(BusinessMsg.nameTooLong);
      expect((await add({ name: '按揭', remark: '备'.repeat(101) }).expect(400)).body.message).toBe(BusinessMsg.remarkTooLong);
      expect(await add({ name: '业'.repeat(20), remark: '备'.repeat(100) }).expect(200)).toBeTruthy();
      expect(await t.ds.getRepository(BusinessEntity).count()).toBe(before + 1);
    });

    it('is refused without permission 55', async () => {
      expect((await add({ name: '无权新增' }, tokens.demouser).expect(403)).body).toMatchObject({ code: 403, message: Msg.forbidden });
      expect(await t.ds.getRepository(BusinessEntity).countBy({ businessName: '无权新增' })).toBe(0);
    });
  });

  describe('editing', () => {
    let id: number;
    beforeAll(async () => {
      id = (await add({ name: '装修贷款', remark: '' }).expect(200)).body.data.id;
    });

    it('changes name and remark and logs what changed', async () => {
      const res = await update({ id, name: '家装贷款', remark: '个人' }).expect(200);
      expect(res.body).toMatchObject({
        code: 200,
        message: BusinessMsg.edited,
        data: { id, businessName: '家装贷款', businessRemark: '个人' },
      });
      const [row] = await logs('编辑业务');
      expect(row).toMatchObject({
        targetType: 'business',
        targetId: String(id),
        changes: {
          before: { businessName: '装修贷款', businessRemark: null },
          after: { businessName: '家装贷款', businessRemark: '个人' },
        },
      });
      expect(row.detail).toContain('业务名称：装修贷款 → 家装贷款');
    });

    it('checks the form and the id', async () => {
      expect((await update({ id, name: '' }).expect(400)).body.message).toBe(BusinessMsg.nameRequired);
      expect((await update({ id, name: '业'.repeat(21) }).expect(400)).body.message).toBe(BusinessMsg.nameTooLong);
      expect((await update({ name: '无编号' }).expect(400)).body.message).toBe(BusinessMsg.notFound);
      expect((await update({ id: 'abc', name: '无编号' }).expect(400)).body.message).toBe(BusinessMsg.notFound);
      expect((await update({ id: 2147483647, name: '不存在' }).expect(404)).body).toMatchObject({
        code: 404,
        message: BusinessMsg.notFound,
      });
    });

    it("answers 404 for another tenant's type and 403 without permission 56", async () => {
      expect((await update({ id, name: '越权' }, tokens.otheradmin).expect(404)).body.message).toBe(BusinessMsg.notFound);
      expect((await update({ id, name: '越权' }, tokens.demouser).expect(403)).body.message).toBe(Msg.forbidden);
      expect((await t.ds.getRepository(BusinessEntity).findOneByOrFail({ id })).businessName).toBe('家装贷款');
    });
  });

  describe('deleting', () => {
    it('marks the type deleted, keeps its name for records, releases its risk coefficients and logs one row', async () => {
      const id = (await add({ name: '消费贷款', remark: '个人消费' }).expect(200)).body.data.id as number;
      const keep = (await add({ name: '留存业务' }).expect(200)).body.data.id as number;
      const risks = t.ds.getRepository(RiskCoefficientEntity);
      const coefficient = (companyId: number, tenantId: number, businessIds: number[]) =>
        risks.save(risks.create({ tenantId, companyId, provinceCode: '110000', businessIds, priceCoefficient: '0.80' }));
      const alone = await coefficient(demoCompanyId, t.demoTenantId, [id]);
      const shared = await coefficient(demoCompanyId, t.demoTenantId, [keep, id]);
      const every = await coefficient(demoCompanyId, t.demoTenantId, []);
      const otherCompany = await coefficient(otherCompanyId, t.otherTenantId, [id]);

      expect((await del(id, tokens.otheradmin).expect(404)).body.message).toBe(BusinessMsg.notFound);
      expect((await del(id, tokens.demouser).expect(403)).body.message).toBe(Msg.forbidden);
      expect(await risks.countBy({ id: alone.id })).toBe(1);

      expect((await del(id).expect(200)).body).toEqual({ code: 200, message: BusinessMsg.deleted, data: null });
      expect(await t.ds.getRepository(BusinessEntity).findOneByOrFail({ id })).toMatchObject({ deleted: true, businessName: '消费贷款' });
      expect(await risks.countBy({ id: alone.id })).toBe(0);
      expect((await risks.findOneByOrFail({ id: shared.id })).businessIds).toEqual([keep]);
      expect((await risks.findOneByOrFail({ id: every.id })).businessIds).toEqual([]);
      expect((await risks.findOneByOrFail({ id: otherCompany.id })).businessIds).toEqual([id]);

      const list = (await page(tokens.demoadmin, { pageSize: 50 }).expect(200)).body.data.list as { id: number }[];
      expect(list.map((b) => b.id)).not.toContain(id);
      expect((await t.http().get('/api/business/list').set(auth(tokens.demoadmin)).expect(200)).body.data).not.toContainEqual(
        expect.objectContaining({ id }),
      );
      expect(await logs('删除业务')).toEqual([
        expect.objectContaining({
          targetType: 'business',
          targetId: String(id),
          changes: { before: { businessName: '消费贷款', businessRemark: '个人消费' }, after: {} },
        }),
      ]);
      expect((await del(id).expect(404)).body.message).toBe(BusinessMsg.notFound);
      expect((await update({ id, name: '复活' }).expect(404)).body.message).toBe(BusinessMsg.notFound);
    });

    it('checks the id', async () => {
      expect((await del('').expect(400)).body.message).toBe(BusinessMsg.notFound);
      expect((await del('1.5').expect(400)).body.message).toBe(BusinessMsg.notFound);
    });
  });

  it('is refused to a caller without permission 13, and to a channel token', async () => {
    expect((await page(tokens.demouser).expect(403)).body).toMatchObject({ code: 403, message: Msg.forbidden });
    await t.http().get('/api/business/pageable').set(auth(tokens.channeladmin)).expect(401);
  });
});
