import { Client } from 'minio';
import { IsNull } from 'typeorm';
import { encodePng, SECOND_DEMO_COMPANY } from '@valuation/core';
import { companyHasAccountsMessage, CustomerCompanyMsg, LicenceImageMsg, Msg, Perm } from '@valuation/domain';
import {
  AccountEntity,
  BusinessEntity,
  CustomerCategoryEntity,
  OperationLogEntity,
  OrganizationEntity,
  OrganizationStatus,
  RoleEntity,
  RolePermissionEntity,
  TenantStaffEntity,
  TenantStaffRoleEntity,
} from '@valuation/persistence';
import { minioClientOptions } from '@valuation/storage';
import { startTestApi, type TestApi } from './test-api';

const LICENCE_PNG = encodePng(4, 4, () => [200, 30, 30, 255]);
const LICENCE_GIF = Buffer.concat([
  Buffer.from('GIF89a', 'latin1'),
  Buffer.from([1, 0, 1, 0, 0, 0, 0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0, 0x3b]),
]);
const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>', 'latin1');
const pngOfSize = (size: number) => Buffer.concat([LICENCE_PNG, Buffer.alloc(size - LICENCE_PNG.length)]);

type Fields = Record<string, string | number>;
type File = { content: Buffer; name: string };

/** A complete, valid form. */
const FORM: Fields = {
  name: '苏州示范农商银行',
  provinceCode: '320000',
  provinceName: '江苏省',
  cityCode: '320500',
  cityName: '苏州市',
  address: '苏州市工业园区星海街9号',
  socialCode: '91320500123456789a',
  contact: '周经理',
  contactNumber: '0512-66000000,13900000000',
  email: 'contact@szbank.example.com',
  fax: '0512-66000001',
  department: '公司业务部',
  position: '经理',
};

describe('customer companies (channel)', () => {
  let t: TestApi;
  let s3: Client;
  const tokens: Record<string, string> = {};
  let demoCompanyId: number;
  let secondCompanyId: number;
  let otherCompanyId: number;
  let staffId: number;
  let bankCategory: number;

  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const get = (path: string, query: Record<string, string | number> = {}, token = tokens.channeladmin) =>
    t
      .http()
      .get(`/api/tenant/customer-company/${path}`)
      .query({ timestamp: Date.now(), ...query })
      .set(auth(token));
  const page = (query: Record<string, string | number> = {}, token = tokens.channeladmin) => get('pageable', query, token);
  const names = async (query: Record<string, string | number> = {}) =>
    (await page(query).expect(200)).body.data.list.map((r: { name: string }) => r.name);
  function save(path: 'add' | 'update', fields: Fields, file?: File, token = tokens.channeladmin) {
    const req = t.http().post(`/api/tenant/customer-company/${path}`).set(auth(token));
    for (const [k, v] of Object.entries(fields)) req.field(k, String(v));
    if (file) req.attach('licenseFile', file.content, { filename: file.name, contentType: 'application/octet-stream' });
    return req;
  }
  const del = (id: number | string, token = tokens.channeladmin) =>
    t.http().post('/api/tenant/customer-company/delete').set(auth(token)).type('form').send({ id });
  /** The image's bytes, or the envelope of an error. */
  const image = (companyId: number | string, token = tokens.channeladmin) =>
    get('images', { companyId }, token)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          done(null, res.statusCode === 200 ? body : JSON.parse(body.toString('utf8')));
        });
      });
  const deleteImage = (companyId: number | string, token = tokens.channeladmin) =>
    t.http().post('/api/tenant/customer-company/images/delete').set(auth(token)).type('form').send({ companyId });
  const logs = (action: string, targetId?: number) =>
    t.ds.getRepository(OperationLogEntity).find({
      where: { action, ...(targetId ? { targetId: String(targetId) } : {}) },
      order: { id: 'ASC' },
    });
  const company = (id: number) => t.ds.getRepository(OrganizationEntity).findOneByOrFail({ id });
  const rootNamed = (tenantId: number, name: string) =>
    t.ds.getRepository(OrganizationEntity).findOneByOrFail({ tenantId, parentId: IsNull(), name });

  async function objects(): Promise<string[]> {
    const keys: string[] = [];
    for await (const o of s3.listObjectsV2(t.config.S3_BUCKET, `customer-company/${t.demoTenantId}/`, true)) if (o.name) keys.push(o.name);
    return keys.sort();
  }

  beforeAll(async () => {
    t = await startTestApi();
    s3 = new Client(minioClientOptions(t.config));
    for (const login of ['channeladmin', 'appraiser1', 'otherchannel']) tokens[login] = await t.login('tenant', login);
    tokens.demoadmin = await t.login('user', 'demoadmin');
    demoCompanyId = (await rootNamed(t.demoTenantId, '北京示范银行')).id;
    secondCompanyId = (await rootNamed(t.demoTenantId, SECOND_DEMO_COMPANY.name)).id;
    otherCompanyId = (await rootNamed(t.otherTenantId, '江南示范银行')).id;
    staffId = (await t.ds.getRepository(TenantStaffEntity).findOneByOrFail({ loginUser: 'channeladmin' })).id;
    bankCategory = (
      await t.ds.getRepository(CustomerCategoryEntity).save({ tenantId: t.demoTenantId, name: '商业银行', remark: '', updatedName: '系统' })
    ).id;
    await t.ds.getRepository(OrganizationEntity).update({ id: secondCompanyId }, { categoryId: bankCategory });
  });
  afterAll(() => t.close());

  describe('the demo data', () => {
    it('has a second company with a branch, an enterprise and a personal account that log in and value', async () => {
      const second = await company(secondCompanyId);
      expect(second).toMatchObject({ companyId: second.id, path: `/${second.id}/`, status: OrganizationStatus.Active });
      const branch = await t.ds.getRepository(OrganizationEntity).findOneByOrFail({ parentId: second.id });
      expect(branch).toMatchObject({ name: SECOND_DEMO_COMPANY.branch, companyId: second.id, path: `/${second.id}/${branch.id}/` });
      const accounts = await t.ds.getRepository(AccountEntity).find({ where: { companyId: second.id }, order: { id: 'ASC' } });
      expect(accounts.map((a) => [a.loginUser, a.userType])).toEqual([
        [SECOND_DEMO_COMPANY.enterpriseLogin, 1],
        [SECOND_DEMO_COMPANY.personalLogin, 2],
      ]);
      for (const login of [SECOND_DEMO_COMPANY.enterpriseLogin, SECOND_DEMO_COMPANY.personalLogin]) {
        const token = await t.login('user', login);
        const perms = (await t.http().get('/api/auth/user/login-user/perms').set(auth(token)).expect(200)).body.data.map(
          (p: { id: number }) => p.id,
        );
        expect(perms).toEqual(expect.arrayContaining([Perm.quickValuation, Perm.valuationRecords]));
      }
      const businesses = await t.ds.getRepository(BusinessEntity).find({ where: { companyId: second.id }, order: { id: 'ASC' } });
      expect(businesses.map((b) => b.businessName)).toEqual(['按揭贷款', '其他贷款']);
    });
  });

  describe('listing', () => {
    it('pages the active companies of the tenant, newest first, with every column', async () => {
      const res = await page().expect(200);
      expect(res.body.data).toMatchObject({ pages: 1, pageNum: 1, total: 2 });
      expect(res.body.data.list.map((r: { id: number }) => r.id)).toEqual([secondCompanyId, demoCompanyId]);
      expect(res.body.data.list[0]).toEqual({
        id: secondCompanyId,
        name: SECOND_DEMO_COMPANY.name,
        categoryId: bankCategory,
        categoryName: '商业银行',
        provinceCode: '310000',
        provinceName: '上海市',
        cityCode: '310100',
        cityName: '上海市',
        address: '上海市浦东新区陆家嘴环路1000号',
        socialCode: '91310000100000000Y',
        contact: '陈经理',
        contactName: '陈经理',
        contactNumber: '021-68000000',
        email: 'contact@eastbank.example.com',
        fax: '021-68000001',
        department: '零售信贷部',
        position: '经理',
        hasLicense: false,
        licenseName: '',
        revalCharge: false,
        accountCount: 2,
        createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      });
      expect((await page({}, tokens.otherchannel).expect(200)).body.data.list.map((r: { id: number }) => r.id)).toEqual([otherCompanyId]);
    });

    it('filters by company name, category, province, city and contact', async () => {
      expect(await names({ companyName: '华东' })).toEqual([SECOND_DEMO_COMPANY.name]);
      expect(await names({ companyName: '%' })).toEqual([]);
      expect(await names({ categoryId: bankCategory })).toEqual([SECOND_DEMO_COMPANY.name]);
      expect(await names({ categoryId: 0 })).toHaveLength(2);
      expect(await names({ provinceCode: '110000' })).toEqual(['北京示范银行']);
      expect(await names({ provinceCode: '110000', cityCode: '110100' })).toEqual(['北京示范银行']);
      expect(await names({ cityCode: '310100' })).toEqual([SECOND_DEMO_COMPANY.name]);
      expect(await names({ contact: '王' })).toEqual(['北京示范银行']);
      expect(await names({ contact: '王', companyName: '华东' })).toEqual([]);
      for (const [query, message] of [
        [{ pageSize: 10 }, '每页条数只能为20、50、100、200'],
        [{ categoryId: 'x' }, CustomerCompanyMsg.categoryInvalid],
        [{ provinceCode: '11' }, CustomerCompanyMsg.provinceInvalid],
        [{ cityCode: 'abc' }, CustomerCompanyMsg.cityInvalid],
      ] as const) {
        expect((await page(query).expect(400)).body.message).toBe(message);
      }
      expect((await page().expect(200)).body.data.list).toHaveLength(2);
    });

    it('lists options (list, filter) and the companies without accounts', async () => {
      const both = [
        { id: demoCompanyId, name: '北京示范银行' },
        { id: secondCompanyId, name: SECOND_DEMO_COMPANY.name },
      ];
      expect((await get('list').expect(200)).body.data).toEqual(both);
      expect((await get('filter').expect(200)).body.data).toEqual(both);
      expect((await get('list/nouser').expect(200)).body.data).toEqual([]);
      expect((await get('filter', {}, tokens.otherchannel).expect(200)).body.data).toEqual([{ id: otherCompanyId, name: '江南示范银行' }]);
    });
  });

  let addedId: number;

  describe('adding', () => {
    it('creates the root organisation with its default business types and licence, and logs one row', async () => {
      const before = await objects();
      const res = await save('add', { ...FORM, categoryId: bankCategory }, { content: LICENCE_PNG, name: '营业执照.png' }).expect(200);
      expect(res.body).toMatchObject({
        code: 200,
        message: CustomerCompanyMsg.added,
        data: {
          name: FORM.name,
          categoryId: bankCategory,
          categoryName: '商业银行',
          provinceName: '江苏省',
          cityName: '苏州市',
          socialCode: '91320500123456789A',
          contact: '周经理',
          hasLicense: true,
          licenseName: '营业执照.png',
          accountCount: 0,
        },
      });
      addedId = res.body.data.id;
      const row = await company(addedId);
      expect(row).toMatchObject({
        tenantId: t.demoTenantId,
        parentId: null,
        companyId: addedId,
        path: `/${addedId}/`,
        status: OrganizationStatus.Active,
        businessType: '按揭贷款,其他贷款',
      });
      expect(row.licenseKey).toMatch(new RegExp(`^customer-company/${t.demoTenantId}/[0-9a-f-]{36}/营业执照\\.png$`));
      expect(await objects()).toEqual([...before, row.licenseKey].sort());
      const businesses = await t.ds.getRepository(BusinessEntity).find({ where: { companyId: addedId }, order: { id: 'ASC' } });
      expect(businesses.map((b) => [b.tenantId, b.businessName, b.deleted])).toEqual([
        [t.demoTenantId, '按揭贷款', false],
        [t.demoTenantId, '其他贷款', false],
      ]);
      expect(await logs('新增客户公司')).toEqual([
        expect.objectContaining({
          tenantId: t.demoTenantId,
          population: 'tenant',
          actorId: staffId,
          actorLogin: 'channeladmin',
          targetType: 'customer_company',
          targetId: String(addedId),
          changes: {
            before: {},
            after: {
              name: FORM.name,
              category: '商业银行',
              provinceName: '江苏省',
              cityName: '苏州市',
              address: FORM.address,
              socialCode: '91320500123456789A',
              licenseFile: '营业执照.png',
              contact: '周经理',
              contactNumber: FORM.contactNumber,
              email: FORM.email,
              fax: FORM.fax,
              department: FORM.department,
              position: FORM.position,
              revalCharge: '不计费',
            },
          },
        }),
      ]);
      expect((await get('list/nouser').expect(200)).body.data).toEqual([{ id: addedId, name: FORM.name }]);
    });

    it('takes the contact as contactName, and a form with the name only', async () => {
      const res = await save('add', { name: '无锡示范银行', contactName: '吴经理' }).expect(200);
      expect(res.body.data).toMatchObject({
        contact: '吴经理',
        contactName: '吴经理',
        provinceCode: '',
        categoryId: null,
        hasLicense: false,
      });
      expect((await del(res.body.data.id).expect(200)).body.message).toBe(CustomerCompanyMsg.deleted);
    });

    it('answers each broken rule with its message, and writes and stores nothing', async () => {
      const count = () => t.ds.getRepository(OrganizationEntity).count();
      const rows = await count();
      const stored = await objects();
      const cases: [Fields, string][] = [
        [{ ...FORM, name: '' }, CustomerCompanyMsg.nameRequired],
        [{ ...FORM, name: '   ' }, CustomerCompanyMsg.nameRequired],
        [{ ...FORM, name: '银'.repeat(51) }, CustomerCompanyMsg.nameTooLong],
        [{ ...FORM, name: 'ABC银行' }, CustomerCompanyMsg.nameChinese],
        [{ ...FORM, name: '北京示范银行' }, CustomerCompanyMsg.nameTaken],
        [{ ...FORM, categoryId: 'x' }, CustomerCompanyMsg.categoryInvalid],
        [{ ...FORM, categoryId: 999999 }, CustomerCompanyMsg.categoryInvalid],
        [{ ...FORM, provinceCode: '32' }, CustomerCompanyMsg.provinceInvalid],
        [{ ...FORM, provinceCode: '999999' }, CustomerCompanyMsg.provinceInvalid],
        [{ ...FORM, cityCode: '310100' }, CustomerCompanyMsg.cityInvalid],
        [{ ...FORM, provinceCode: '' }, CustomerCompanyMsg.provinceFirst],
        [{ ...FORM, address: '址'.repeat(101) }, CustomerCompanyMsg.addressTooLong],
        [{ ...FORM, socialCode: '1234567890123456' }, CustomerCompanyMsg.socialCodeInvalid],
        [{ ...FORM, socialCode: '91320500-2345678' }, CustomerCompanyMsg.socialCodeInvalid],
        [{ ...FORM, socialCode: '9'.repeat(19) }, CustomerCompanyMsg.socialCodeInvalid],
        [{ ...FORM, contact: '联'.repeat(21) }, CustomerCompanyMsg.contactTooLong],
        [{ ...FORM, contactNumber: '0512 6600' }, CustomerCompanyMsg.phoneInvalid],
        [{ ...FORM, contactNumber: '1'.repeat(101) }, CustomerCompanyMsg.phoneTooLong],
        [{ ...FORM, email: 'not-an-email' }, CustomerCompanyMsg.emailInvalid],
        [{ ...FORM, email: `${'a'.repeat(40)}@example.com` }, CustomerCompanyMsg.emailTooLong],
        [{ ...FORM, fax: '传真' }, CustomerCompanyMsg.faxInvalid],
        [{ ...FORM, fax: '1'.repeat(101) }, CustomerCompanyMsg.faxTooLong],
        [{ ...FORM, department: 'IT部' }, CustomerCompanyMsg.departmentChinese],
        [{ ...FORM, department: '部'.repeat(51) }, CustomerCompanyMsg.departmentTooLong],
        [{ ...FORM, position: 'CEO' }, CustomerCompanyMsg.positionChinese],
        [{ ...FORM, position: '职'.repeat(51) }, CustomerCompanyMsg.positionTooLong],
      ];
      for (const [fields, message] of cases) {
        const res = await save('add', { ...fields, name: fields.name === FORM.name ? '常州示范银行' : fields.name }).expect(400);
        expect([fields, res.body.message]).toEqual([fields, message]);
      }
      for (const [file, message] of [
        [{ content: HTML, name: 'licence.png' }, LicenceImageMsg.format],
        [{ content: LICENCE_PNG, name: 'licence.bmp' }, LicenceImageMsg.format],
        [{ content: Buffer.alloc(0), name: 'empty.png' }, LicenceImageMsg.format],
        [{ content: pngOfSize(10 * 1024 * 1024 + 1), name: 'big.png' }, LicenceImageMsg.tooLarge],
      ] as const) {
        expect((await save('add', { ...FORM, name: '常州示范银行' }, file).expect(400)).body.message).toBe(message);
      }
      expect(await count()).toBe(rows);
      expect(await objects()).toEqual(stored);
    });

    it('takes a licence of exactly 10M', async () => {
      const res = await save('add', { name: '南通示范银行' }, { content: pngOfSize(10 * 1024 * 1024), name: 'full.png' }).expect(200);
      expect((await image(res.body.data.id).expect(200)).body.length).toBe(10 * 1024 * 1024);
      await del(res.body.data.id).expect(200);
    });
  });

  describe('editing', () => {
    it('changes the fields, replaces the licence and logs before and after', async () => {
      const old = (await company(addedId)).licenseKey!;
      const res = await save(
        'update',
        { ...FORM, id: addedId, name: '苏州示范银行', categoryId: '', contact: '', position: '副经理' },
        { content: LICENCE_GIF, name: 'new.gif' },
      ).expect(200);
      expect(res.body).toMatchObject({
        message: CustomerCompanyMsg.edited,
        data: {
          id: addedId,
          name: '苏州示范银行',
          categoryId: null,
          categoryName: '',
          contact: '',
          position: '副经理',
          licenseName: 'new.gif',
        },
      });
      const row = await company(addedId);
      expect(row.licenseKey).not.toBe(old);
      expect(await objects()).not.toContain(old);
      expect(await objects()).toContain(row.licenseKey);
      const [log] = await logs('编辑客户公司', addedId);
      expect(log).toMatchObject({
        actorLogin: 'channeladmin',
        targetType: 'customer_company',
        changes: {
          before: { name: FORM.name, category: '商业银行', licenseFile: '营业执照.png', contact: '周经理', position: '经理' },
          after: { name: '苏州示范银行', category: null, licenseFile: 'new.gif', contact: null, position: '副经理' },
        },
      });
      expect(Object.keys(log.changes.after).sort()).toEqual(['category', 'contact', 'licenseFile', 'name', 'position']);
    });

    it('keeps the licence when no file comes, and checks like adding', async () => {
      const key = (await company(addedId)).licenseKey;
      await save('update', { ...FORM, id: addedId, name: '苏州示范银行' }).expect(200);
      expect((await company(addedId)).licenseKey).toBe(key);
      expect((await save('update', { ...FORM, id: addedId, name: '' }).expect(400)).body.message).toBe(CustomerCompanyMsg.nameRequired);
      expect(
        (await save('update', { ...FORM, id: addedId, name: '苏州示范银行' }, { content: HTML, name: 'x.jpg' }).expect(400)).body.message,
      ).toBe(LicenceImageMsg.format);
      expect((await save('update', { ...FORM, id: addedId, name: SECOND_DEMO_COMPANY.name }).expect(400)).body.message).toBe(
        CustomerCompanyMsg.nameTaken,
      );
      expect((await save('update', { ...FORM, id: 'x' }).expect(400)).body.message).toBe(CustomerCompanyMsg.notFound);
      expect((await company(addedId)).licenseKey).toBe(key);
    });
  });

  describe('the licence image', () => {
    it('is served with its checked type, and deleted with a log row', async () => {
      const res = await image(addedId).expect(200);
      expect(res.headers['content-type']).toBe('image/gif');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(Buffer.compare(res.body, LICENCE_GIF)).toBe(0);
      const key = (await company(addedId)).licenseKey!;

      const deleted = await deleteImage(addedId).expect(200);
      expect(deleted.body).toMatchObject({ message: CustomerCompanyMsg.licenceDeleted, data: { hasLicense: false, licenseName: '' } });
      expect((await company(addedId)).licenseKey).toBeNull();
      expect(await objects()).not.toContain(key);
      expect((await logs('删除营业执照副本', addedId))[0]).toMatchObject({
        targetType: 'customer_company',
        changes: { before: { licenseFile: 'new.gif' }, after: { licenseFile: null } },
      });
      expect((await image(addedId).expect(404)).body.message).toBe(CustomerCompanyMsg.noLicence);
      expect((await deleteImage(addedId).expect(404)).body.message).toBe(CustomerCompanyMsg.noLicence);
    });
  });

  describe('deleting', () => {
    it('is refused while the company has accounts, naming how many', async () => {
      expect((await del(secondCompanyId).expect(400)).body.message).toBe(companyHasAccountsMessage(2));
      expect((await company(secondCompanyId)).status).toBe(OrganizationStatus.Active);
      expect(await logs('删除客户公司', secondCompanyId)).toEqual([]);
    });

    it('marks a company without accounts deleted, logs it, and it leaves every list', async () => {
      await save('update', { ...FORM, id: addedId, name: '苏州示范银行' }, { content: LICENCE_PNG, name: 'again.png' }).expect(200);
      expect((await del(addedId).expect(200)).body).toMatchObject({ code: 200, message: CustomerCompanyMsg.deleted });
      expect((await company(addedId)).status).toBe(OrganizationStatus.Deleted);
      expect((await logs('删除客户公司', addedId))[0]).toMatchObject({
        actorLogin: 'channeladmin',
        changes: { before: { name: '苏州示范银行', licenseFile: 'again.png' }, after: {} },
      });
      expect(await names()).not.toContain('苏州示范银行');
      for (const path of ['list', 'filter', 'list/nouser'])
        expect((await get(path).expect(200)).body.data.map((c: { id: number }) => c.id)).not.toContain(addedId);
      expect((await del(addedId).expect(404)).body.message).toBe(CustomerCompanyMsg.notFound);
      expect((await save('update', { ...FORM, id: addedId }).expect(404)).body.message).toBe(CustomerCompanyMsg.notFound);
      expect((await image(addedId).expect(404)).body.message).toBe(CustomerCompanyMsg.notFound);
      expect((await deleteImage(addedId).expect(404)).body.message).toBe(CustomerCompanyMsg.notFound);
      const again = await save('add', { ...FORM, name: '苏州示范银行' }).expect(200);
      await del(again.body.data.id).expect(200);
    });
  });

  describe('tenancy and permissions', () => {
    it("answers 404 for another tenant's company", async () => {
      await t.ds.getRepository(OrganizationEntity).update({ id: otherCompanyId }, { licenseKey: 'customer-company/x/y/z.png' });
      expect((await save('update', { ...FORM, id: otherCompanyId }).expect(404)).body.message).toBe(CustomerCompanyMsg.notFound);
      expect((await del(otherCompanyId).expect(404)).body.message).toBe(CustomerCompanyMsg.notFound);
      expect((await image(otherCompanyId).expect(404)).body.message).toBe(CustomerCompanyMsg.notFound);
      expect((await deleteImage(otherCompanyId).expect(404)).body.message).toBe(CustomerCompanyMsg.notFound);
      expect(
        (await save('update', { ...FORM, id: demoCompanyId, name: '北京示范银行' }, undefined, tokens.otherchannel).expect(404)).body
          .message,
      ).toBe(CustomerCompanyMsg.notFound);
      expect((await company(otherCompanyId)).licenseKey).toBe('customer-company/x/y/z.png');
    });

    it('refuses each call without its permission, and user tokens', async () => {
      const forbidden = async (res: Promise<{ body: { code: number; message: string } }>) =>
        expect((await res).body).toMatchObject({ code: 403, message: Msg.forbidden });
      await forbidden(page({}, tokens.appraiser1).expect(403));
      await forbidden(get('list/nouser', {}, tokens.appraiser1).expect(403));
      await forbidden(image(demoCompanyId, tokens.appraiser1).expect(403));

      const appraiser = await t.ds.getRepository(TenantStaffEntity).findOneByOrFail({ loginUser: 'appraiser1' });
      const role = await t.ds
        .getRepository(RoleEntity)
        .save({ tenantId: t.demoTenantId, kind: 'tenant', companyId: null, code: '2999', name: '只看客户公司', remark: null });
      await t.ds.getRepository(RolePermissionEntity).save({ roleId: role.id, permissionId: Perm.customerCompany });
      await t.ds.getRepository(TenantStaffRoleEntity).save({ staffId: appraiser.id, roleId: role.id });
      await page({}, tokens.appraiser1).expect(200);
      await forbidden(save('add', { ...FORM, name: '扬州示范银行' }, undefined, tokens.appraiser1).expect(403));
      await forbidden(save('update', { ...FORM, id: secondCompanyId }, undefined, tokens.appraiser1).expect(403));
      await forbidden(del(secondCompanyId, tokens.appraiser1).expect(403));
      await forbidden(deleteImage(secondCompanyId, tokens.appraiser1).expect(403));
      expect(await t.ds.getRepository(OrganizationEntity).countBy({ name: '扬州示范银行' })).toBe(0);
      await page({}, tokens.demoadmin).expect(401);
    });
  });
});
