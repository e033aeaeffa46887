import { IsNull } from 'typeorm';
import { categoryInUseMessage, CustomerCategoryMsg, Msg } from '@valuation/domain';
import {
  CustomerCategoryEntity,
  OperationLogEntity,
  OrganizationEntity,
  OrganizationStatus,
  TenantStaffEntity,
} from '@valuation/persistence';
import { startTestApi, type TestApi } from './test-api';

describe('customer categories (channel)', () => {
  let t: TestApi;
  const tokens: Record<string, string> = {};
  let demoCompany: OrganizationEntity;
  let staffId: number;

  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const page = (token = tokens.channeladmin, query: Record<string, number> = {}) =>
    t
      .http()
      .get('/api/tenant/customer-category/pageable')
      .query({ pageIndex: 1, pageSize: 10, timestamp: Date.now(), ...query })
      .set(auth(token));
  const options = (token = tokens.channeladmin) => t.http().get('/api/tenant/customer-category/list').set(auth(token));
  const add = (body: Record<string, unknown>, token = tokens.channeladmin) =>
    t.http().post('/api/tenant/customer-category/add').set(auth(token)).send(body);
  const update = (body: Record<string, unknown>, token = tokens.channeladmin) =>
    t.http().post('/api/tenant/customer-category/update').set(auth(token)).send(body);
  const del = (id: number | string, token = tokens.channeladmin) =>
    t.http().post('/api/tenant/customer-category/delete').set(auth(token)).type('form').send({ id });
  const logs = (action: string) => t.ds.getRepository(OperationLogEntity).find({ where: { action }, order: { id: 'ASC' } });
  const categories = () => t.ds.getRepository(CustomerCategoryEntity);

  beforeAll(async () => {
    t = await startTestApi();
    for (const login of ['channeladmin', 'appraiser1', 'otherchannel']) tokens[login] = await t.login('tenant', login);
    tokens.demoadmin = await t.login('user', 'demoadmin');
    demoCompany = await t.ds
      .getRepository(OrganizationEntity)
      .findOneByOrFail({ tenantId: t.demoTenantId, parentId: IsNull(), name: '北京示范银行' });
    staffId = (await t.ds.getRepository(TenantStaffEntity).findOneByOrFail({ loginUser: 'channeladmin' })).id;
  });
  afterAll(() => t.close());

  let bankId: number;

  describe('adding', () => {
    it('stores the category of the tenant, answers it and logs one row', async () => {
      const res = await add({ name: ' 银行 ', remark: '商业银行' }).expect(200);
      expect(res.body).toEqual({
        code: 200,
        message: CustomerCategoryMsg.added,
        data: {
          id: expect.any(Number),
          name: '银行',
          remark: '商业银行',
          companyCount: 0,
          updateTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
          updateName: '渠道管理员',
        },
      });
      bankId = res.body.data.id;
      expect(await categories().findOneByOrFail({ id: bankId })).toMatchObject({ tenantId: t.demoTenantId, createdBy: staffId });
      expect(await logs('新增客户类别')).toEqual([
        expect.objectContaining({
          tenantId: t.demoTenantId,
          population: 'tenant',
          actorId: staffId,
          actorLogin: 'channeladmin',
          targetType: 'customer_category',
          targetId: String(bankId),
          changes: { before: {}, after: { name: '银行', remark: '商业银行' } },
        }),
      ]);
    });

    it('answers each broken rule with the message of the spec, and writes nothing', async () => {
      const before = await categories().count();
      expect((await add({ remark: 'x' }).expect(400)).body).toMatchObject({ code: 400, message: CustomerCategoryMsg.nameRequired });
      expect((await add({ name: ' ' }).expect(400)).body.message).toBe(CustomerCategoryMsg.nameRequired);
      expect((await add({ name: '类'.repeat(21) }).expect(400)).body.message).toBe(CustomerCategoryMsg.nameTooLong);
      expect((await add({ name: '小贷', remark: '备'.repeat(101) }).expect(400)).body.message).toBe(CustomerCategoryMsg.remarkTooLong);
      expect(await categories().count()).toBe(before);
    });

    it('is refused without permission 92', async () => {
      expect((await add({ name: '无权' }, tokens.appraiser1).expect(403)).body).toMatchObject({ code: 403, message: Msg.forbidden });
    });
  });

  describe('listing', () => {
    it("pages the tenant's categories with the number of companies of each, and lists them for pickers", async () => {
      const other = (await add({ name: '他家类别' }, tokens.otherchannel).expect(200)).body.data.id as number;
      const loan = (await add({ name: '小贷公司', remark: '' }).expect(200)).body.data.id as number;
      await t.ds.getRepository(OrganizationEntity).update({ id: demoCompany.id }, { categoryId: bankId });

      const res = await page().expect(200);
      expect(res.body.data).toMatchObject({ pages: 1, pageNum: 1, total: 2 });
      expect(res.body.data.list).toEqual([
        expect.objectContaining({ id: loan, name: '小贷公司', companyCount: 0 }),
        expect.objectContaining({ id: bankId, name: '银行', companyCount: 1 }),
      ]);
      expect((await options().expect(200)).body.data).toEqual([
        { id: loan, name: '小贷公司' },
        { id: bankId, name: '银行' },
      ]);
      expect((await options(tokens.otherchannel).expect(200)).body.data).toEqual([{ id: other, name: '他家类别' }]);
      expect((await page(tokens.channeladmin, { pageSize: 20 }).expect(400)).body.message).toBe('每页条数只能为10、50、100、200');
    });

    it('is refused without permission 70, and to a user token', async () => {
      expect((await page(tokens.appraiser1).expect(403)).body.message).toBe(Msg.forbidden);
      expect((await options(tokens.appraiser1).expect(403)).body.message).toBe(Msg.forbidden);
      await page(tokens.demoadmin).expect(401);
    });

    it('shows the category of the company in the domain applications', async () => {
      await t
        .http()
        .post('/api/tenant/customer-domain/add')
        .set(auth(tokens.channeladmin))
        .send({ companyId: demoCompany.id, domain: 'cat.example.com' })
        .expect(200);
      const res = await t.http().get('/api/tenant/customer-domain/pageable').set(auth(tokens.channeladmin)).expect(200);
      expect(res.body.data.list).toEqual([expect.objectContaining({ companyId: demoCompany.id, categoryName: '银行' })]);
    });
  });

  describe('editing', () => {
    it('changes name and remark and logs what changed', async () => {
      const res = await update({ id: bankId, name: '银行机构', remark: '商业银行' }).expect(200);
      expect(res.body).toMatchObject({
        code: 200,
        message: CustomerCategoryMsg.edited,
        data: { id: bankId, name: '银行机构', remark: '商业银行', companyCount: 1 },
      });
      expect(await logs('编辑客户类别')).toEqual([
        expect.objectContaining({
          targetType: 'customer_category',
          targetId: String(bankId),
          changes: { before: { name: '银行' }, after: { name: '银行机构' } },
          detail: expect.stringContaining('类别名称：银行 → 银行机构'),
        }),
      ]);
      const domains = await t.http().get('/api/tenant/customer-domain/pageable').set(auth(tokens.channeladmin)).expect(200);
      expect(domains.body.data.list[0].categoryName).toBe('银行机构');
    });

    it('checks the form and the id', async () => {
      expect((await update({ id: bankId, name: '' }).expect(400)).body.message).toBe(CustomerCategoryMsg.nameRequired);
      expect((await update({ id: bankId, name: '银行', remark: '备'.repeat(101) }).expect(400)).body.message).toBe(
        CustomerCategoryMsg.remarkTooLong,
      );
      expect((await update({ name: '银行' }).expect(400)).body.message).toBe(CustomerCategoryMsg.notFound);
      expect((await update({ id: 2147483647, name: '银行' }).expect(404)).body).toMatchObject({
        code: 404,
        message: CustomerCategoryMsg.notFound,
      });
    });

    it("answers 404 for another tenant's category and 403 without permission 93", async () => {
      expect((await update({ id: bankId, name: '越权' }, tokens.otherchannel).expect(404)).body.message).toBe(CustomerCategoryMsg.notFound);
      expect((await update({ id: bankId, name: '越权' }, tokens.appraiser1).expect(403)).body.message).toBe(Msg.forbidden);
      expect((await categories().findOneByOrFail({ id: bankId })).name).toBe('银行机构');
    });
  });

  describe('deleting', () => {
    it('refuses a category that customer companies have, naming how many', async () => {
      const res = await del(bankId).expect(400);
      expect(res.body).toMatchObject({ code: 400, message: categoryInUseMessage(1) });
      expect(res.body.message).toContain('1家客户公司');
      expect(await categories().countBy({ id: bankId })).toBe(1);
      expect(await logs('删除客户类别')).toEqual([]);
    });

    it('deletes a category no company has any more (a deleted company does not count) and logs one row', async () => {
      await t.ds.getRepository(OrganizationEntity).update({ id: demoCompany.id }, { status: OrganizationStatus.Deleted });
      try {
        expect((await del(bankId, tokens.otherchannel).expect(404)).body.message).toBe(CustomerCategoryMsg.notFound);
        expect((await del(bankId, tokens.appraiser1).expect(403)).body.message).toBe(Msg.forbidden);
        expect((await del(bankId).expect(200)).body).toEqual({ code: 200, message: CustomerCategoryMsg.deleted, data: null });
      } finally {
        await t.ds.getRepository(OrganizationEntity).update({ id: demoCompany.id }, { status: OrganizationStatus.Active });
      }
      expect(await categories().countBy({ id: bankId })).toBe(0);
      expect(await logs('删除客户类别')).toEqual([
        expect.objectContaining({
          targetType: 'customer_category',
          targetId: String(bankId),
          changes: { before: { name: '银行机构', remark: '商业银行' }, after: {} },
        }),
      ]);
      expect((await del(bankId).expect(404)).body.message).toBe(CustomerCategoryMsg.notFound);
      const domains = await t.http().get('/api/tenant/customer-domain/pageable').set(auth(tokens.channeladmin)).expect(200);
      expect(domains.body.data.list[0].categoryName).toBe('');
    });

    it('checks the id', async () => {
      expect((await del('').expect(400)).body.message).toBe(CustomerCategoryMsg.notFound);
      expect((await del('x').expect(400)).body.message).toBe(CustomerCategoryMsg.notFound);
    });
  });
});
