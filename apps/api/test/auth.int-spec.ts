import { AccountEntity, TenantStaffEntity } from '@valuation/persistence';
import { DEMO_PASSWORD } from '@valuation/core';
import { Msg } from '@valuation/domain';
import { startTestApi, type TestApi } from './test-api';

describe('captcha and login', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi({ LOGIN_MAX_FAILURES: '3' });
  });
  afterAll(() => t.close());

  const loginAs = async (path: string, body: Record<string, string>) => t.http().post(path).type('form').send(body);

  it('issues an image captcha whose answer lives in Redis for 5 minutes', async () => {
    const res = await t.http().get('/api/login/captcha').query({ timestamp: Date.now() }).expect(200);
    expect(res.body.code).toBe(200);
    expect(res.body.data.captcha).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(res.body.data.captcha.split(',')[1], 'base64').toString()).toContain('<svg');
    const key = t.keys.of('captcha', res.body.data.identity);
    expect(await t.redis.get(key)).toMatch(/^[a-z0-9]{4}$/);
    const ttl = await t.redis.ttl(key);
    expect(ttl).toBeGreaterThan(290);
    expect(ttl).toBeLessThanOrEqual(300);
  });

  it('logs an organisation user in with the token in message and data', async () => {
    const { identity, answer } = await t.captcha('user');
    const res = await loginAs('/api/login/', { userName: 'demoadmin', password: DEMO_PASSWORD, captcha: answer.toUpperCase(), identity });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(res.body.data.token).toEqual(res.body.message);
    expect(res.body.data.token.split('.')).toHaveLength(3);
    const account = await t.ds.getRepository(AccountEntity).findOneByOrFail({ loginUser: 'demoadmin' });
    expect(account.lastLoginTime).not.toBeNull();
  });

  it('accepts the mobile phone as user name, and JSON and multipart bodies', async () => {
    const a = await t.captcha('user');
    const json = await t
      .http()
      .post('/api/login')
      .send({ userName: '13800000002', password: DEMO_PASSWORD, captcha: a.answer, identity: a.identity });
    expect(json.body.code).toBe(200);
    const b = await t.captcha('user');
    const multipart = await t
      .http()
      .post('/api/login')
      .field('userName', 'demouser')
      .field('password', DEMO_PASSWORD)
      .field('captcha', b.answer)
      .field('identity', b.identity);
    expect(multipart.body.code).toBe(200);
  });

  it('lets a captcha work only once, whatever the outcome', async () => {
    const { identity, answer } = await t.captcha('user');
    const wrong = await loginAs('/api/login', { userName: 'demouser', password: DEMO_PASSWORD, captcha: 'zzzz', identity });
    expect(wrong.body).toMatchObject({ code: 400, message: Msg.captchaWrong });
    const again = await loginAs('/api/login', { userName: 'demouser', password: DEMO_PASSWORD, captcha: answer, identity });
    expect(again.body).toMatchObject({ code: 400, message: Msg.captchaExpired });

    const second = await t.captcha('user');
    expect(
      (await loginAs('/api/login', { userName: 'demouser', password: DEMO_PASSWORD, captcha: second.answer, identity: second.identity }))
        .body.code,
    ).toBe(200);
    const replay = await loginAs('/api/login', {
      userName: 'demouser',
      password: DEMO_PASSWORD,
      captcha: second.answer,
      identity: second.identity,
    });
    expect(replay.body).toMatchObject({ code: 400, message: Msg.captchaExpired });
  });

  it('says clearly what is wrong for each failure', async () => {
    const attempt = async (userName: string, password: string) => {
      const { identity, answer } = await t.captcha('user');
      return loginAs('/api/login', { userName, password, captcha: answer, identity });
    };
    expect((await attempt('nobody_here', DEMO_PASSWORD)).body).toMatchObject({ code: 400, message: '该账号不存在' });
    expect((await attempt('demouser', 'Wrong@123')).body).toMatchObject({ code: 400, message: '密码错误' });

    const accounts = t.ds.getRepository(AccountEntity);
    await accounts.update({ loginUser: 'otheruser' }, { status: 1 });
    expect((await attempt('otheruser', DEMO_PASSWORD)).body).toMatchObject({ code: 403, message: Msg.accountDisabled });
    await accounts.update({ loginUser: 'otheruser' }, { status: 0, expireDate: '2020-01-01' });
    expect((await attempt('otheruser', DEMO_PASSWORD)).body).toMatchObject({ code: 403, message: Msg.accountExpired });
    await accounts.update({ loginUser: 'otheruser' }, { expireDate: null });

    const empty = await loginAs('/api/login', { userName: ' ', password: '', captcha: '', identity: '' });
    expect(empty.body).toMatchObject({ code: 400, message: Msg.loginUserRequired });
    const noPassword = await loginAs('/api/login', { userName: 'demouser', password: '', captcha: 'x', identity: 'y' });
    expect(noPassword.body).toMatchObject({ code: 400, message: Msg.loginPasswordRequired });
  });

  it('throttles repeated failures of one account, even with the right password afterwards', async () => {
    const attempt = async (password: string) => {
      const { identity, answer } = await t.captcha('user');
      return loginAs('/api/login', { userName: 'otheradmin', password, captcha: answer, identity });
    };
    for (let i = 0; i < 3; i++) expect((await attempt('Wrong@123')).body.message).toBe('密码错误');
    expect((await attempt(DEMO_PASSWORD)).body).toMatchObject({ code: 429, message: Msg.loginThrottled });
    await t.redis.del(t.keys.of('login-fail', 'user', 'account', 'otheradmin'));
    expect((await attempt(DEMO_PASSWORD)).body.code).toBe(200);
  });

  it('keeps the populations apart at login', async () => {
    const staff = await t.captcha('tenant');
    const asStaff = await loginAs('/api/tenant/login', {
      userName: 'channeladmin',
      password: DEMO_PASSWORD,
      captcha: staff.answer,
      identity: staff.identity,
    });
    expect(asStaff.body.code).toBe(200);
    expect(asStaff.body.data.population).toBe('tenant');
    const wrongDoor = await t.captcha('tenant');
    const customerOnTenant = await loginAs('/api/tenant/login', {
      userName: 'demoadmin',
      password: DEMO_PASSWORD,
      captcha: wrongDoor.answer,
      identity: wrongDoor.identity,
    });
    expect(customerOnTenant.body).toMatchObject({ code: 400, message: '该账号不存在' });
    const staffRow = await t.ds.getRepository(TenantStaffEntity).findOneByOrFail({ loginUser: 'channeladmin' });
    expect(staffRow.lastLoginTime).not.toBeNull();

    const staffAttempt = async (userName: string, password: string) => {
      const c = await t.captcha('tenant');
      return loginAs('/api/tenant/login', { userName, password, captcha: c.answer, identity: c.identity });
    };
    expect((await staffAttempt('appraiser1', 'Wrong@123')).body).toMatchObject({ code: 400, message: '密码错误' });
    await t.ds.getRepository(TenantStaffEntity).update({ loginUser: 'otherapprsr' }, { status: 1 });
    expect((await staffAttempt('otherapprsr', DEMO_PASSWORD)).body).toMatchObject({ code: 403, message: Msg.accountDisabled });
    await t.ds.getRepository(TenantStaffEntity).update({ loginUser: 'otherapprsr' }, { status: 0, expireDate: '2021-06-30' });
    expect((await staffAttempt('otherapprsr', DEMO_PASSWORD)).body).toMatchObject({ code: 403, message: Msg.accountExpired });
    expect((await staffAttempt('13800000003', DEMO_PASSWORD)).body.code).toBe(200);
  });
});

describe('sessions and tokens', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi();
  });
  afterAll(() => t.close());

  it('refuses a token of the other population', async () => {
    const user = await t.login('user', 'demoadmin');
    const staff = await t.login('tenant', 'channeladmin');
    await t.http().get('/api/auth/user/login-user').set('Authorization', `Bearer ${user}`).expect(200);
    await t.http().get('/api/tenant/auth/user/login-user').set('Authorization', `Bearer ${staff}`).expect(200);
    const crossed = await t.http().get('/api/tenant/auth/user/login-user').set('Authorization', `Bearer ${user}`);
    expect(crossed.body).toMatchObject({ code: 401, message: Msg.unauthorized });
    expect((await t.http().get('/api/auth/user/login-user').set('Authorization', `Bearer ${staff}`)).status).toBe(401);
    expect((await t.http().get('/api/auth/user/login-user')).status).toBe(401);
    expect((await t.http().get('/api/auth/user/login-user').set('Authorization', 'Bearer not.a.token')).status).toBe(401);
  });

  it('sends a refreshed token that works in the Authorization header', async () => {
    const token = await t.login('user', 'demouser');
    await new Promise((r) => setTimeout(r, 1100));
    const res = await t.http().get('/api/auth/user/login-user').set('Authorization', `Bearer ${token}`).expect(200);
    const refreshed = String(res.headers.authorization).replace(/^Bearer /, '');
    expect(refreshed).not.toEqual(token);
    const again = await t.http().get('/api/auth/user/login-user').set('Authorization', `Bearer ${refreshed}`).expect(200);
    expect(again.body.data.loginUser).toBe('demouser');
  });

  it('revokes the session on logout, on the server', async () => {
    const token = await t.login('user', 'demouser');
    await t.http().post('/api/logout/').set('Authorization', `Bearer ${token}`).expect(200);
    expect((await t.http().get('/api/auth/user/login-user').set('Authorization', `Bearer ${token}`)).status).toBe(401);

    const staff = await t.login('tenant', 'channeladmin');
    await t.http().post('/api/tenant/logout').set('Authorization', `Bearer ${staff}`).expect(200);
    expect((await t.http().get('/api/tenant/auth/user/login-user').set('Authorization', `Bearer ${staff}`)).status).toBe(401);
  });

  it("stops a disabled account's sessions at once, and they stay ended after re-enabling", async () => {
    const token = await t.login('user', 'otheruser');
    await t.http().get('/api/auth/user/login-user').set('Authorization', `Bearer ${token}`).expect(200);
    await t.ds.getRepository(AccountEntity).update({ loginUser: 'otheruser' }, { status: 1 });
    expect((await t.http().get('/api/auth/user/login-user').set('Authorization', `Bearer ${token}`)).status).toBe(401);
    await t.ds.getRepository(AccountEntity).update({ loginUser: 'otheruser' }, { status: 0 });
    expect((await t.http().get('/api/auth/user/login-user').set('Authorization', `Bearer ${token}`)).status).toBe(401);
  });

  it('accepts the token as an Authorization query parameter (downloads)', async () => {
    const token = await t.login('user', 'demoadmin');
    const res = await t.http().get('/api/auth/user/login-user').query({ Authorization: token }).expect(200);
    expect(res.body.data.loginUser).toBe('demoadmin');
  });
});
