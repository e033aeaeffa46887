import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { QUEUES, type AuditRecordPayload } from '@valuation/contracts';
import { AccountEntity, TenantStaffEntity } from '@valuation/persistence';
import { DEMO_PASSWORD } from '@valuation/core';
import { Msg } from '@valuation/domain';
import { LoginMsg } from '../src/modules/auth/auth.service';
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

  it('gives an unknown account and a wrong password the same answer, and says what else is wrong', async () => {
    const attempt = async (userName: string, password: string) => {
      const { identity, answer } = await t.captcha('user');
      return loginAs('/api/login', { userName, password, captcha: answer, identity });
    };
    const unknown = await attempt('nobody_here', DEMO_PASSWORD);
    const wrong = await attempt('demouser', 'Wrong@123');
    expect(unknown.body).toEqual({ code: 400, message: Msg.loginFailed, data: null });
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.status).toBe(unknown.status);

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
    for (let i = 0; i < 3; i++) expect((await attempt('Wrong@123')).body.message).toBe(Msg.loginFailed);
    const refused = await attempt(DEMO_PASSWORD);
    expect(refused.body).toEqual({ code: 429, message: '登录失败次数过多，请30秒后再试', data: { retryAfter: 30 } });
    expect(refused.headers['retry-after']).toBe('30');
    const account = await t.ds.getRepository(AccountEntity).findOneByOrFail({ loginUser: 'otheradmin' });
    const stale = await t.redis.keys(`${t.keys.of('login-fail', 'user', 'pair', `account:${account.id}`)}:*`);
    expect(stale).toHaveLength(1);
    await t.redis.del(...stale);
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
    expect(customerOnTenant.body).toMatchObject({ code: 400, message: Msg.loginFailed });
    const staffRow = await t.ds.getRepository(TenantStaffEntity).findOneByOrFail({ loginUser: 'channeladmin' });
    expect(staffRow.lastLoginTime).not.toBeNull();

    const staffAttempt = async (userName: string, password: string) => {
      const c = await t.captcha('tenant');
      return loginAs('/api/tenant/login', { userName, password, captcha: c.answer, identity: c.identity });
    };
    expect((await staffAttempt('appraiser1', 'Wrong@123')).body).toMatchObject({ code: 400, message: Msg.loginFailed });
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

  it('routes paths only in their declared letter case, so no casing reaches a channel endpoint with a customer token', async () => {
    const user = await t.login('user', 'demoadmin');
    const staff = await t.login('tenant', 'channeladmin');
    for (const path of ['/api/Tenant/auth/user/login-user', '/api/TENANT/auth/user/login-user', '/api/tenant/Auth/user/login-user']) {
      for (const token of [user, staff]) {
        const res = await t.http().get(path).set('Authorization', `Bearer ${token}`);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ code: 404, message: Msg.notFound, data: null });
      }
    }
    expect((await t.http().get('/api/Tenant/captcha')).status).toBe(404);
    expect((await t.http().get('/api/Login/captcha')).status).toBe(404);
    const admin = await t.ds.getRepository(AccountEntity).findOneByOrFail({ loginUser: 'demoadmin' });
    expect((await t.http().get(`/api/auth/user/infodetail?userId=${admin.id}`).set('Authorization', `Bearer ${user}`)).status).toBe(404);
    await t.http().get(`/api/auth/user/infoDetail?userId=${admin.id}`).set('Authorization', `Bearer ${user}`).expect(200);
    expect((await t.http().get('/api/tenant/auth/user/login-user').set('Authorization', `Bearer ${user}`)).status).toBe(401);
  });

  it('accepts the token as an Authorization query parameter (downloads)', async () => {
    const token = await t.login('user', 'demoadmin');
    const res = await t.http().get('/api/auth/user/login-user').query({ Authorization: token }).expect(200);
    expect(res.body.data.loginUser).toBe('demoadmin');
  });
});

describe('login throttling without lock-outs', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi({
      LOGIN_MAX_FAILURES: '3',
      LOGIN_MAX_FAILURES_PER_IP: '8',
      LOGIN_HARD_CAPTCHA_AFTER: '4',
      LOGIN_DELAY_SECONDS: '1',
      LOGIN_MAX_DELAY_SECONDS: '4',
    });
  });
  afterAll(() => t.close());

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** The login page as seen from one address (the API trusts X-Forwarded-For from loopback, the web server's side). */
  const from = (address: string) => {
    const captcha = async () => {
      const res = await t.http().get('/api/login/captcha').set('X-Forwarded-For', address).expect(200);
      const identity: string = res.body.data.identity;
      return { identity, answer: (await t.redis.get(t.keys.of('captcha', identity))) ?? '' };
    };
    const login = async (userName: string, password: string, given?: { identity: string; answer: string }) => {
      const c = given ?? (await captcha());
      return t
        .http()
        .post('/api/login')
        .set('X-Forwarded-For', address)
        .type('form')
        .send({ userName, password, captcha: c.answer, identity: c.identity });
    };
    return { captcha, login };
  };

  const auditEvents = async (action: string): Promise<AuditRecordPayload[]> => {
    const jobs = await t.app.get<Queue>(getQueueToken(QUEUES.audit)).getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
    return jobs.map((j) => j.data as AuditRecordPayload).filter((d) => d.action === action);
  };

  it('counts failures per account, by login name or mobile alike, and holds up only the address that failed', async () => {
    const a = from('203.0.113.1');
    for (let i = 0; i < 3; i++) expect((await a.login('demouser', 'Wrong@123')).body.message).toBe(Msg.loginFailed);
    const byMobile = await a.login('13800000002', DEMO_PASSWORD);
    expect(byMobile.body).toEqual({ code: 429, message: '登录失败次数过多，请1秒后再试', data: { retryAfter: 1 } });
    expect(byMobile.headers['retry-after']).toBe('1');
    expect((await a.login('DemoUser', DEMO_PASSWORD)).body.code).toBe(429);
    expect((await from('203.0.113.2').login('demouser', DEMO_PASSWORD)).body.code).toBe(200);
  });

  it('makes the wait grow with each further failure, up to the longest wait', async () => {
    const c = from('203.0.113.3');
    for (let i = 0; i < 3; i++) await c.login('demoadmin', 'Wrong@123');
    expect((await c.login('demoadmin', DEMO_PASSWORD)).body.data).toEqual({ retryAfter: 1 });
    await sleep(1100);
    expect((await c.login('demoadmin', 'Wrong@123')).body.message).toBe(Msg.loginFailed);
    expect((await c.login('demoadmin', DEMO_PASSWORD)).body.data).toEqual({ retryAfter: 2 });
    await sleep(2100);
    expect((await c.login('demoadmin', 'Wrong@123')).body.message).toBe(Msg.loginFailed);
    expect((await c.login('demoadmin', DEMO_PASSWORD)).body.data).toEqual({ retryAfter: 4 });
    await sleep(4100);
    expect((await c.login('demoadmin', 'Wrong@123')).body.message).toBe(Msg.loginFailed);
    const capped = await c.login('demoadmin', DEMO_PASSWORD);
    expect(capped.body).toEqual({ code: 429, message: '登录失败次数过多，请4秒后再试', data: { retryAfter: 4 } });
    // Elsewhere the user still gets in: with a harder captcha, the account having failed so often.
    const elsewhere = from('203.0.113.4');
    expect((await elsewhere.login('demoadmin', DEMO_PASSWORD)).body.message).toBe(LoginMsg.hardCaptcha);
    expect((await elsewhere.login('demoadmin', DEMO_PASSWORD)).body.code).toBe(200);
  });

  it('throttles a name that is nobody’s exactly like an account, so the answers tell nothing', async () => {
    const d = from('203.0.113.5');
    for (let i = 0; i < 3; i++) expect((await d.login('nobody_at_all', 'Wrong@123')).body.message).toBe(Msg.loginFailed);
    expect((await d.login('nobody_at_all', 'Wrong@123')).body).toEqual({
      code: 429,
      message: '登录失败次数过多，请1秒后再试',
      data: { retryAfter: 1 },
    });
  });

  it('holds up an address after many failures across accounts, except accounts that logged in from it before', async () => {
    const office = from('198.51.100.7');
    expect((await office.login('otheruser', DEMO_PASSWORD)).body.code).toBe(200);
    for (let i = 0; i < 8; i++) expect((await office.login(`stranger_${i}`, 'Wrong@123')).body.message).toBe(Msg.loginFailed);
    const captcha = await office.captcha();
    expect(captcha.answer).toMatch(/^[a-z0-9]{6}$/);
    const held = await office.login('demouser', DEMO_PASSWORD, captcha);
    expect(held.body).toMatchObject({ code: 429, data: { retryAfter: 1 } });
    expect((await office.login('otheruser', DEMO_PASSWORD)).body.code).toBe(200);
    expect((await from('198.51.100.8').captcha()).answer).toMatch(/^[a-z0-9]{4}$/);
  });

  it('asks for a harder captcha, never a lock, when one account fails from many addresses', async () => {
    for (let i = 1; i <= 4; i++) expect((await from(`192.0.2.${i}`).login('otheradmin', 'Wrong@123')).body.message).toBe(Msg.loginFailed);
    const newcomer = from('192.0.2.50');
    const easy = await newcomer.captcha();
    expect(easy.answer).toHaveLength(4);
    expect((await newcomer.login('otheradmin', DEMO_PASSWORD, easy)).body).toEqual({
      code: 400,
      message: LoginMsg.hardCaptcha,
      data: null,
    });
    const hard = await newcomer.captcha();
    expect(hard.answer).toMatch(/^[a-z0-9]{6}$/);
    expect((await newcomer.login('otheradmin', DEMO_PASSWORD, hard)).body.code).toBe(200);
  });

  it('puts failed logins in the operation log of the account’s tenant, and unknown names in the platform’s', async () => {
    const e = from('192.0.2.99');
    await e.login('otherchannel_x', 'Wrong@123');
    await e.login('13900000002', 'Wrong@123');
    const account = await t.ds.getRepository(AccountEntity).findOneByOrFail({ mobilePhone: '13900000002' });
    const failures = (await auditEvents('登录失败')).filter((f) => f.ip === '192.0.2.99');
    expect(failures).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ tenantId: 0, actorId: 0, actorLogin: 'otherchannel_x', detail: 'otherchannel_x 登录失败：账号不存在' }),
        expect.objectContaining({
          tenantId: t.otherTenantId,
          actorId: account.id,
          actorLogin: account.loginUser,
          detail: '13900000002 登录失败：密码错误',
        }),
      ]),
    );
    expect(failures).toHaveLength(2);
  });
});
