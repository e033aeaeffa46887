import { DEMO_PASSWORD, hashPassword } from '@valuation/core';
import { Msg, permissionsOfScope, Perm } from '@valuation/domain';
import { AccountEntity, SiteConfigEntity } from '@valuation/persistence';
import { startTestApi, type TestApi } from './test-api';

describe('profile, permissions and tenant scoping', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi();
  });
  afterAll(() => t.close());

  const get = (token: string, path: string) => t.http().get(path).set('Authorization', `Bearer ${token}`);
  const post = (token: string, path: string, body: Record<string, string>) =>
    t.http().post(path).set('Authorization', `Bearer ${token}`).type('form').send(body);

  it('returns the logged-in user with organisation names', async () => {
    const token = await t.login('user', 'demouser');
    const { body } = await get(token, '/api/auth/user/login-user').expect(200);
    expect(body.data).toMatchObject({
      loginUser: 'demouser',
      userName: '演示用户',
      organizationName: '朝阳支行',
      parentOrgName: '北京示范银行',
      userType: 1,
      mobilePhone: '13800000002',
    });
    const staff = await t.login('tenant', 'channeladmin');
    const tenantUser = await get(staff, '/api/tenant/auth/user/login-user').expect(200);
    expect(tenantUser.body.data).toMatchObject({ loginUser: 'channeladmin', organizationName: '演示渠道', tenantId: t.demoTenantId });
  });

  it('fetches the permissions each population holds', async () => {
    const admin = await get(await t.login('user', 'demoadmin'), '/api/auth/user/login-user/perms').expect(200);
    expect(admin.body.data.map((p: { id: number }) => p.id).sort((a: number, b: number) => a - b)).toEqual(
      permissionsOfScope('customer')
        .map((p) => p.id)
        .sort((a, b) => a - b),
    );
    const user = await get(await t.login('user', 'demouser'), '/api/auth/user/login-user/perms').expect(200);
    const ids: number[] = user.body.data.map((p: { id: number }) => p.id);
    expect(ids).toEqual(expect.arrayContaining([Perm.quickValuation, Perm.saleValuation, Perm.rentValuation]));
    expect(ids).not.toContain(Perm.accounts);
    const staff = await get(await t.login('tenant', 'channeladmin'), '/api/tenant/auth/user/t/login-user/perms').expect(200);
    expect(staff.body.data[0]).toEqual(
      expect.objectContaining({
        id: expect.any(Number),
        code: expect.stringMatching(/:(visible|dataRange)$/),
        parentId: expect.any(Number),
      }),
    );
    expect(staff.body.data.map((p: { id: number }) => p.id)).toContain(Perm.customerCompany);
    const appraiser = await get(await t.login('tenant', 'appraiser1'), '/api/tenant/auth/user/t/login-user/perms').expect(200);
    expect(appraiser.body.data.map((p: { id: number }) => p.id)).toEqual([Perm.appraiser, Perm.appraiserClaim, Perm.appraiserAnswer]);
  });

  it('refuses an endpoint whose permission the caller lacks', async () => {
    const demouser = await t.login('user', 'demouser');
    const admin = await t.login('user', 'demoadmin');
    const adminRow = await t.ds.getRepository(AccountEntity).findOneByOrFail({ loginUser: 'demoadmin' });
    const refused = await get(demouser, `/api/auth/user/infoDetail?userId=${adminRow.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 403, message: Msg.forbidden, data: null });
    const allowed = await get(admin, `/api/auth/user/infoDetail?userId=${adminRow.id}`).expect(200);
    expect(allowed.body.data).toMatchObject({ loginUser: 'demoadmin', roleList: [{ name: '机构管理员' }] });
  });

  it("never shows one tenant's users or branding to another", async () => {
    const admin = await t.login('user', 'demoadmin');
    const foreign = await t.ds.getRepository(AccountEntity).findOneByOrFail({ loginUser: 'otheruser' });
    const res = await get(admin, `/api/auth/user/infoDetail?userId=${foreign.id}`);
    expect(res.body).toMatchObject({ code: 404 });
    const ownSubordinate = await t.ds.getRepository(AccountEntity).findOneByOrFail({ loginUser: 'demouser' });
    await get(admin, `/api/auth/user/infoDetail?userId=${ownSubordinate.id}`).expect(200);

    const otherAdmin = await t.login('user', 'otheradmin');
    expect((await get(otherAdmin, '/api/site-config/get').expect(200)).body.data.productName).toBe('另一渠道估价系统');
    expect((await get(admin, '/api/site-config/get').expect(200)).body.data.productName).toBe('房产智能估价平台');
    const otherStaff = await t.login('tenant', 'otherchannel');
    expect((await get(otherStaff, '/api/tenant/site-config/get').expect(200)).body.data.productName).toBe('另一渠道估价系统');
    expect((await get(otherStaff, '/api/tenant/auth/user/login-user').expect(200)).body.data.tenantId).toBe(t.otherTenantId);
  });

  it("prefers a customer company's own branding to its tenant's", async () => {
    const otherAdmin = await t.login('user', 'otheradmin');
    const me = await get(otherAdmin, '/api/auth/user/login-user').expect(200);
    await t.ds.getRepository(SiteConfigEntity).save({
      tenantId: t.otherTenantId,
      companyId: me.body.data.organizationId,
      productName: '江南银行押品估价',
      themeColor: 'rgba(12, 166, 120, 1)',
    });
    expect((await get(otherAdmin, '/api/site-config/get').expect(200)).body.data).toMatchObject({
      productName: '江南银行押品估价',
      themeColor: 'rgba(12, 166, 120, 1)',
    });
    const otherStaff = await t.login('tenant', 'otherchannel');
    expect((await get(otherStaff, '/api/tenant/site-config/get').expect(200)).body.data.productName).toBe('另一渠道估价系统');
  });

  it('serves the login-page branding and images without a token', async () => {
    const config = await t.http().get('/api/site-config/get').expect(200);
    expect(config.body.data).toMatchObject({
      productName: '房产智能估价平台',
      contact: '400-800-1234',
      hasLogo: true,
      hasBackground: true,
    });
    const logo = await t.http().get('/api/site-config/images').query({ type: 1 }).buffer(true).expect(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.body.subarray(1, 4).toString()).toBe('PNG');
    const background = await t.http().get('/api/tenant/site-config/images').query({ type: 2 }).buffer(true).expect(200);
    expect(background.body.length).toBeGreaterThan(1000);
    const otherLogo = await get(await t.login('user', 'otheradmin'), '/api/site-config/images?type=1');
    expect(otherLogo.body).toMatchObject({ code: 404 });
    expect((await t.http().get('/api/site-config/images').query({ type: 3 })).body).toMatchObject({ code: 400, message: '图片类型不正确' });
  });

  it('edits e-mail and mobile with the rules and messages of the form', async () => {
    const token = await t.login('user', 'demouser');
    const edit = (body: Record<string, string>) => post(token, '/api/auth/user/login-user/edit', body);
    expect((await edit({ email: '', phone: '13800000002' })).body).toMatchObject({ code: 400, message: Msg.emailRequired });
    expect((await edit({ email: 'not-mail', phone: '13800000002' })).body).toMatchObject({ code: 400, message: Msg.emailInvalid });
    expect((await edit({ email: 'a@b.cn', phone: '' })).body).toMatchObject({ code: 400, message: Msg.phoneRequired });
    expect((await edit({ email: 'a@b.cn', phone: '12800000002' })).body).toMatchObject({ code: 400, message: Msg.phoneInvalid });
    expect((await edit({ email: 'demouser@bank.example.com', phone: '13800000002' })).body).toMatchObject({
      code: 400,
      message: Msg.profileUnchanged,
    });
    expect((await edit({ email: 'x@bank.example.com', phone: '13800000001' })).body).toMatchObject({ code: 409 });
    const before = await t.ds.getRepository(AccountEntity).findOneByOrFail({ loginUser: 'demouser' });
    expect(before.email).toBe('demouser@bank.example.com');

    const ok = await edit({ email: 'new.mail@bank.example.com', phone: '15800000002', loginUser: 'demouser' });
    expect(ok.body).toMatchObject({ code: 200, message: Msg.profileUpdated });
    const me = await get(token, '/api/auth/user/login-user').expect(200);
    expect(me.body.data).toMatchObject({ email: 'new.mail@bank.example.com', mobilePhone: '15800000002' });

    const staff = await t.login('tenant', 'channeladmin');
    const staffEdit = await post(staff, '/api/tenant/auth/user/t/login-user/edit', {
      email: 'boss@channel.example.com',
      phone: '17700000003',
    });
    expect(staffEdit.body.code).toBe(200);
  });

  it("keeps mobile numbers unique within a tenant only, so another tenant's numbers are neither refused nor revealed", async () => {
    const accounts = t.ds.getRepository(AccountEntity);
    const foreign = await accounts.findOneByOrFail({ tenantId: t.otherTenantId, mobilePhone: '13900000001' });
    const token = await t.login('user', 'demoadmin');
    const edit = (phone: string) => post(token, '/api/auth/user/login-user/edit', { email: 'demoadmin@bank.example.com', phone });
    const colleague = await accounts.findOneByOrFail({ loginUser: 'demouser' });
    const sameTenant = await edit(colleague.mobilePhone ?? '');
    expect(sameTenant.body).toEqual({ code: 409, message: '该手机号码已被其他账号使用', data: null });
    expect((await edit('13900000001')).body).toMatchObject({ code: 200, message: Msg.profileUpdated });
    expect((await accounts.findOneByOrFail({ loginUser: 'demoadmin' })).mobilePhone).toBe('13900000001');
    await expect(accounts.update({ loginUser: 'demouser' }, { mobilePhone: '13900000001' })).rejects.toThrow(/duplicate key/);

    // Logging in by the shared number finds the account whose password it is.
    await accounts.update({ id: foreign.id }, { passwordHash: await hashPassword('Other@654321') });
    const loginByPhone = async (password: string) => {
      const { identity, answer } = await t.captcha('user');
      const res = await t.http().post('/api/login').send({ userName: '13900000001', password, captcha: answer, identity });
      return get(res.body.data.token, '/api/auth/user/login-user').expect(200);
    };
    expect((await loginByPhone(DEMO_PASSWORD)).body.data.loginUser).toBe('demoadmin');
    expect((await loginByPhone('Other@654321')).body.data.loginUser).toBe(foreign.loginUser);
    await accounts.update({ id: foreign.id }, { passwordHash: await hashPassword(DEMO_PASSWORD) });
  });

  it('changes the password: checks, then every session ends and the new password works', async () => {
    const token = await t.login('tenant', 'appraiser1');
    const change = (body: Record<string, string>) => post(token, '/api/tenant/auth/user/t/updatePwd', body);
    expect((await change({ oldPwd: DEMO_PASSWORD, newPwd: DEMO_PASSWORD })).body).toMatchObject({
      code: 400,
      message: Msg.newPasswordSameAsOld,
    });
    expect((await change({ oldPwd: DEMO_PASSWORD, newPwd: '123' })).body).toMatchObject({ code: 400, message: Msg.newPasswordFormat });
    expect((await change({ oldPwd: 'Wrong@1234', newPwd: 'Better@2026' })).body).toMatchObject({
      code: 400,
      message: Msg.oldPasswordWrong,
    });
    expect((await change({ oldPwd: DEMO_PASSWORD, newPwd: 'Better@2026' })).body).toMatchObject({
      code: 200,
      message: Msg.passwordUpdated,
    });
    expect((await t.http().get('/api/tenant/auth/user/login-user').set('Authorization', `Bearer ${token}`)).status).toBe(401);
    await expect(t.login('tenant', 'appraiser1')).rejects.toThrow(Msg.loginFailed);
    await t.login('tenant', 'appraiser1', 'Better@2026');
  });

  it('reports balances, usage and orders of the caller', async () => {
    const token = await t.login('user', 'demoadmin');
    const balance = await get(token, '/api/auth/user/login-user/balance').expect(200);
    expect(balance.body.data).toEqual({
      cityCount: 2,
      annuallyCount: 1500,
      universalCount: 200,
      advisoryCount: 50,
      inquiryCount: 50,
      buyScope: expect.stringMatching(/北京市.上海市|上海市.北京市/),
    });
    const stats = await get(token, '/api/auth/user/statistics').expect(200);
    expect(stats.body.data).toEqual({ rapidTotal: 0, advisoryTotal: 0, inquiryTotal: 0, batchTotal: 0 });
    const orders = await get(token, '/api/auth/user/login-user/orders?pageIndex=1&pageSize=20').expect(200);
    expect(orders.body.data).toMatchObject({ total: 5, pages: 1, pageNum: 1 });
    expect(orders.body.data.list[0]).toMatchObject({ state: 1, effectiveDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect((await get(token, '/api/auth/user/login-user/orders?pageSize=7')).body).toMatchObject({
      code: 400,
      message: '每页条数只能为20、50、100、200',
    });
  });
});
