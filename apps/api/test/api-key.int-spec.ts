import { createHash } from 'node:crypto';
import {
  AccountEntity,
  AccountRoleEntity,
  ApiKeyEntity,
  IdempotencyRequestEntity,
  OperationLogEntity,
  OrganizationEntity,
  RoleEntity,
  RolePermissionEntity,
} from '@valuation/persistence';
import { DEMO_PASSWORD, hashPassword, SECOND_DEMO_COMPANY } from '@valuation/core';
import { ApiKeyMsg, canonicalRequest, IdempotencyMsg, Msg, Perm, UserType } from '@valuation/domain';
import { RateLimitMsg } from '../src/common/rate-limiter';
import { buildMarket } from './market-fixture';
import { startTestApi, type TestApi } from './test-api';

interface Created {
  id: number;
  secret: string;
}

describe('API keys and Idempotency-Key', () => {
  let t: TestApi;
  let admin: string;
  let adminId: number;
  let phone = 13900001000;

  const valuation = {
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
  };
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const rapid = (headers: Record<string, string>, body: object = valuation) =>
    t.http().post('/api/eval/rapid?evalType=1').set(headers).send(body);
  const consumed = async (accountId: number) =>
    (await t.ds.query(`SELECT count(*)::int AS n FROM balance_ledger WHERE account_id = $1 AND reason = 'consume'`, [accountId]))[0]
      .n as number;

  async function addKey(token: string, form: Record<string, string | string[]>): Promise<Created> {
    const res = await t.http().post('/api/api-key/add').set(bearer(token)).send(form);
    expect(res.body).toMatchObject({ code: 200, message: ApiKeyMsg.added });
    return { id: res.body.data.key.id, secret: res.body.data.secret };
  }

  /** An account of an organisation with a role of its own holding these permissions. */
  async function addAccount(loginUser: string, organizationId: number, permissionIds: number[]): Promise<AccountEntity> {
    const org = await t.ds.getRepository(OrganizationEntity).findOneByOrFail({ id: organizationId });
    const role = await t.ds.getRepository(RoleEntity).save({
      tenantId: org.tenantId,
      kind: 'customer',
      companyId: org.companyId,
      code: String(4000 + (phone % 1000)),
      name: `${loginUser}角色`,
      remark: null,
    });
    await t.ds.getRepository(RolePermissionEntity).save(permissionIds.map((permissionId) => ({ roleId: role.id, permissionId })));
    const account = await t.ds.getRepository(AccountEntity).save({
      tenantId: org.tenantId,
      organizationId: org.id,
      companyId: org.companyId,
      loginUser,
      userName: loginUser,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      email: null,
      mobilePhone: String(phone++),
      userType: UserType.Enterprise,
      status: 0,
      expireDate: null,
    });
    await t.ds.getRepository(AccountRoleEntity).save({ accountId: account.id, roleId: role.id });
    return account;
  }

  beforeAll(async () => {
    t = await startTestApi();
    await buildMarket(t);
    admin = await t.login('user', 'demoadmin');
    adminId = (await t.ds.getRepository(AccountEntity).findOneByOrFail({ loginUser: 'demoadmin' })).id;
  });
  afterAll(() => t.close());

  it('answers the secret once, lists only its prefix, keeps only its hash, and logs the addition', async () => {
    const res = await t
      .http()
      .post('/api/api-key/add')
      .set(bearer(admin))
      .type('form')
      .send('name=核心系统&scopes=valuate&scopes=read&rateLimitPerMinute=120');
    expect(res.body).toMatchObject({ code: 200, message: ApiKeyMsg.added });
    const { key, secret } = res.body.data;
    expect(secret).toMatch(/^vk_[A-Za-z0-9_-]{40}$/);
    expect(key).toMatchObject({
      name: '核心系统',
      prefix: secret.slice(0, 8),
      scopes: ['valuate', 'read'],
      rateLimitPerMinute: 120,
      state: 1,
      lastUsedTime: null,
      createName: '演示管理员',
    });
    expect(JSON.stringify(key)).not.toContain(secret);

    const list = await t.http().get('/api/api-key/list?name=核心').set(bearer(admin)).expect(200);
    expect(list.body.data).toMatchObject({ total: 1, pageNum: 1, pages: 1 });
    expect(list.body.data.list[0]).toMatchObject({ id: key.id, prefix: secret.slice(0, 8) });
    expect(JSON.stringify(list.body)).not.toContain(secret);

    const row = await t.ds.getRepository(ApiKeyEntity).findOneByOrFail({ id: key.id });
    expect(row.hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(row.accountId).toBe(adminId);
    expect(JSON.stringify(row)).not.toContain(secret.slice(8));

    const [log] = await t.ds.getRepository(OperationLogEntity).find({ where: { action: '新增API密钥', targetId: String(key.id) } });
    expect(log).toMatchObject({ actorId: adminId, targetType: 'api_key' });
    expect(log.changes).toEqual({
      before: {},
      after: { name: '核心系统', prefix: secret.slice(0, 8), scopes: ['估价', '查询结果'], rateLimitPerMinute: 120, state: '有效' },
    });
    expect(JSON.stringify(log)).not.toContain(secret.slice(8));
  });

  it('refuses a key form that breaks the rules with the Chinese messages', async () => {
    const bad = await t
      .http()
      .post('/api/api-key/add')
      .set(bearer(admin))
      .send({ name: '', scopes: ['fly'], rateLimitPerMinute: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(400);
    expect(bad.body.message).toBe(ApiKeyMsg.nameRequired);
    const tooFast = await t
      .http()
      .post('/api/api-key/add')
      .set(bearer(admin))
      .send({ name: 'x', scopes: ['read'], rateLimitPerMinute: 6001 });
    expect(tooFast.body).toMatchObject({ code: 400, message: ApiKeyMsg.rateLimitInvalid });
    const none = await t.http().post('/api/api-key/add').set(bearer(admin)).send({ name: 'x' });
    expect(none.body).toMatchObject({ code: 400, message: ApiKeyMsg.scopesRequired });
  });

  it('values as the key’s account, charged once, with no session and no refreshed token', async () => {
    const { id, secret } = await addKey(admin, { name: '估价接口', scopes: ['valuate', 'read'] });
    const before = await consumed(adminId);
    const res = await rapid({ Authorization: `ApiKey ${secret}` });
    expect(res.body).toMatchObject({ code: 200, data: { state: 1, evalCode: expect.stringMatching(/^EV\d{22}$/) } });
    expect(res.headers.authorization).toBeUndefined();
    expect(await consumed(adminId)).toBe(before + 1);

    const got = await t.http().get(`/api/eval/get?evalCode=${res.body.data.evalCode}`).set('X-Api-Key', secret).expect(200);
    expect(got.body.data.record.evalCode).toBe(res.body.data.evalCode);
    const listed = await t.http().get('/api/eval/list').set('X-Api-Key', secret).expect(200);
    expect(listed.body.data.list.map((r: { evalCode: string }) => r.evalCode)).toContain(res.body.data.evalCode);

    const row = await t.ds.getRepository(ApiKeyEntity).findOneByOrFail({ id });
    expect(row.lastUsedAt).not.toBeNull();
  });

  it('refuses a key without the endpoint’s scope (403) and on endpoints keys may not call (401)', async () => {
    const { secret } = await addKey(admin, { name: '只读', scopes: ['read'] });
    const denied = await rapid({ 'X-Api-Key': secret });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ code: 403, message: ApiKeyMsg.scopeMissing, data: null });

    for (const path of ['/api/asset-type/pageable', '/api/api-key/list', '/api/auth/user/login-user/balance']) {
      const res = await t.http().get(path).set('X-Api-Key', secret);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: 401, message: ApiKeyMsg.keyNotAccepted, data: null });
    }
    const add = await t
      .http()
      .post('/api/api-key/add')
      .set('Authorization', `ApiKey ${secret}`)
      .send({ name: 'x', scopes: ['read'] });
    expect(add.body).toEqual({ code: 401, message: ApiKeyMsg.keyNotAccepted, data: null });

    for (const wrong of ['vk_short', `${secret.slice(0, -1)}!`, `vk_${'a'.repeat(40)}`]) {
      const res = await t.http().get('/api/eval/list').set('X-Api-Key', wrong);
      expect(res.body).toEqual({ code: 401, message: Msg.unauthorized, data: null });
    }
  });

  it('refuses a revoked key at once, logs the revocation and keeps the key listed as revoked', async () => {
    const { id, secret } = await addKey(admin, { name: '将吊销', scopes: ['read'] });
    await t.http().get('/api/eval/list').set('X-Api-Key', secret).expect(200);
    const revoked = await t
      .http()
      .post('/api/api-key/revoke')
      .set(bearer(admin))
      .type('form')
      .send({ id: String(id) });
    expect(revoked.body).toMatchObject({ code: 200, message: ApiKeyMsg.revoked, data: { id, state: 2, revokeName: '演示管理员' } });
    const after = await t.http().get('/api/eval/list').set('X-Api-Key', secret);
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ code: 401, message: Msg.unauthorized, data: null });

    const again = await t.http().post('/api/api-key/revoke').set(bearer(admin)).send({ id });
    expect(again.body).toMatchObject({ code: 409, message: ApiKeyMsg.alreadyRevoked });

    const [log] = await t.ds.getRepository(OperationLogEntity).find({ where: { action: '吊销API密钥', targetId: String(id) } });
    expect(log.changes).toEqual({ before: { state: '有效' }, after: { state: '已吊销' } });

    const revokedOnly = await t.http().get('/api/api-key/list?state=2').set(bearer(admin)).expect(200);
    expect(revokedOnly.body.data.list.map((k: { id: number }) => k.id)).toEqual([id]);
    const active = await t.http().get('/api/api-key/list?state=1').set(bearer(admin)).expect(200);
    expect(active.body.data.list.map((k: { id: number }) => k.id)).not.toContain(id);
  });

  it('answers a key as its account would be answered: disabled 401, without the permission 403', async () => {
    const demoCompany = (await t.ds.getRepository(AccountEntity).findOneByOrFail({ id: adminId })).companyId;
    const owner = await addAccount('keyowner', demoCompany, [Perm.valuationRecords, Perm.apiKeys, Perm.apiKeyManage]);
    const token = await t.login('user', 'keyowner');
    const { secret } = await addKey(token, { name: '账号密钥', scopes: ['valuate', 'read'] });
    await t.http().get('/api/eval/list').set('X-Api-Key', secret).expect(200);
    const noValuation = await rapid({ 'X-Api-Key': secret });
    expect(noValuation.body).toEqual({ code: 403, message: Msg.forbidden, data: null });

    await t.ds.getRepository(AccountEntity).update({ id: owner.id }, { status: 1 });
    const disabled = await t.http().get('/api/eval/list').set('X-Api-Key', secret);
    expect(disabled.body).toEqual({ code: 401, message: Msg.unauthorized, data: null });
  });

  it('limits each key to its calls per minute, the refused ones answered 429 with the rate-limit envelope', async () => {
    const { secret } = await addKey(admin, { name: '限流', scopes: ['read'], rateLimitPerMinute: '3' });
    const other = await addKey(admin, { name: '限流对照', scopes: ['read'], rateLimitPerMinute: '3' });
    for (let i = 0; i < 3; i++) await t.http().get('/api/eval/list').set('X-Api-Key', secret).expect(200);
    const refused = await t.http().get('/api/eval/list').set('X-Api-Key', secret);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ code: 429, message: RateLimitMsg.tooMany, data: { retryAfter: expect.any(Number) } });
    expect(refused.headers['retry-after']).toBe(String(refused.body.data.retryAfter));
    // Another key of the same account has its own bucket, and the account's session is not limited by the key's.
    await t.http().get('/api/eval/list').set('X-Api-Key', other.secret).expect(200);
    await t.http().get('/api/eval/list').set(bearer(admin)).expect(200);
  });

  it('keeps the keys of each company to its own administrators', async () => {
    const { id, secret } = await addKey(admin, { name: '本公司', scopes: ['read'] });
    const second = await t.ds.getRepository(OrganizationEntity).findOneByOrFail({ name: SECOND_DEMO_COMPANY.name });
    await addAccount('hdkeyadmin', second.id, [Perm.apiKeys, Perm.apiKeyManage]);
    for (const login of ['hdkeyadmin', 'otheradmin']) {
      const token = await t.login('user', login);
      const list = await t.http().get('/api/api-key/list').set(bearer(token)).expect(200);
      expect(list.body.data.list.map((k: { id: number }) => k.id)).not.toContain(id);
      const revoke = await t.http().post('/api/api-key/revoke').set(bearer(token)).send({ id });
      expect(revoke.body).toEqual({ code: 404, message: ApiKeyMsg.notFound, data: null });
    }
    await t.http().get('/api/eval/list').set('X-Api-Key', secret).expect(200);
    const valuer = await t.login('user', 'demouser');
    const forbidden = await t.http().get('/api/api-key/list').set(bearer(valuer));
    expect(forbidden.body).toEqual({ code: 403, message: Msg.forbidden, data: null });
  });

  it('marks in the OpenAPI document the operations keys may call, and the Idempotency-Key of POSTs', async () => {
    type Operation = { security?: unknown[]; parameters?: { name: string; in: string }[]; 'x-api-key-scopes'?: string[] };
    const doc = (await t.http().get('/api/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, Operation>>;
      components: { securitySchemes: Record<string, { type: string; in?: string; name?: string }> };
    };
    expect(doc.components.securitySchemes.ApiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Api-Key' });
    const rapidOp = doc.paths['/api/eval/rapid'].post;
    expect(rapidOp['x-api-key-scopes']).toEqual(['valuate']);
    expect(rapidOp.security).toEqual([{ bearer: [] }, { ApiKey: [] }]);
    expect(rapidOp.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }));
    expect(doc.paths['/api/batch/upload'].post['x-api-key-scopes']).toEqual(['batch']);
    expect(doc.paths['/api/eval/inquiry/add'].post['x-api-key-scopes']).toEqual(['reports']);
    expect(doc.paths['/api/eval/list'].get['x-api-key-scopes']).toEqual(['read']);
    expect(doc.paths['/api/api-key/list'].get['x-api-key-scopes']).toBeUndefined();
    expect(doc.paths['/api/api-key/list'].get.security).toEqual([{ bearer: [] }]);
  });

  describe('Idempotency-Key', () => {
    let secret: string;
    let keyId: number;
    beforeAll(async () => {
      ({ secret, id: keyId } = await addKey(admin, { name: '幂等', scopes: ['valuate'] }));
    });

    it('runs a valuation once and answers a retry with the same answer, charged once', async () => {
      const before = await consumed(adminId);
      const headers = { 'X-Api-Key': secret, 'Idempotency-Key': 'loan-2026-0001' };
      const first = await rapid(headers);
      expect(first.body.code).toBe(200);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const second = await rapid(headers);
      expect(second.status).toBe(first.status);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.body).toEqual(first.body);
      expect(await consumed(adminId)).toBe(before + 1);

      // The same key with another body is refused, and runs nothing.
      const other = await rapid(headers, { ...valuation, floor: '9' });
      expect(other.status).toBe(422);
      expect(other.body).toEqual({ code: 422, message: IdempotencyMsg.reusedDifferently, data: null });
      expect(await consumed(adminId)).toBe(before + 1);

      // The same fields in another order are the same request.
      const reordered = Object.fromEntries(Object.entries(valuation).reverse());
      const third = await rapid(headers, reordered);
      expect(third.body).toEqual(first.body);
      expect(await consumed(adminId)).toBe(before + 1);
    });

    it('runs every request that carries no key', async () => {
      const before = await consumed(adminId);
      const a = await rapid({ 'X-Api-Key': secret });
      const b = await rapid({ 'X-Api-Key': secret });
      expect(a.body.data.evalCode).not.toBe(b.body.data.evalCode);
      expect(await consumed(adminId)).toBe(before + 2);
    });

    it('keeps keys per caller: a session and an API key of the same account do not share them', async () => {
      const before = await consumed(adminId);
      const viaSession = await rapid({ ...bearer(admin), 'Idempotency-Key': 'shared-name' });
      const viaKey = await rapid({ 'X-Api-Key': secret, 'Idempotency-Key': 'shared-name' });
      expect(viaSession.body.code).toBe(200);
      expect(viaKey.headers['idempotent-replayed']).toBeUndefined();
      expect(viaKey.body.data.evalCode).not.toBe(viaSession.body.data.evalCode);
      const replay = await rapid({ ...bearer(admin), 'Idempotency-Key': 'shared-name' });
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body.data).toEqual(viaSession.body.data);
      expect(await consumed(adminId)).toBe(before + 2);
    });

    it('replays a refusal as it was answered', async () => {
      const headers = { 'X-Api-Key': secret, 'Idempotency-Key': 'bad-request-1' };
      const first = await t.http().post('/api/eval/rapid?evalType=9').set(headers).send(valuation);
      expect(first.status).toBe(400);
      const again = await t.http().post('/api/eval/rapid?evalType=9').set(headers).send(valuation);
      expect(again.status).toBe(400);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toEqual(first.body);
    });

    it('answers 409 while the first request still runs, and refuses keys that are not printable ASCII', async () => {
      const hash = createHash('sha256')
        .update(canonicalRequest('POST', '/api/eval/rapid', { evalType: '1' }, valuation))
        .digest('hex');
      await t.ds.getRepository(IdempotencyRequestEntity).insert({
        scope: `user:${adminId}:key:${keyId}`,
        key: 'still-running',
        requestHash: hash,
        state: 'in-progress',
        statusCode: null,
        responseBody: null,
      });
      const before = await consumed(adminId);
      const busy = await rapid({ 'X-Api-Key': secret, 'Idempotency-Key': 'still-running' });
      expect(busy.status).toBe(409);
      expect(busy.body).toEqual({ code: 409, message: IdempotencyMsg.inProgress, data: null });
      expect(await consumed(adminId)).toBe(before);

      const bad = await rapid({ 'X-Api-Key': secret, 'Idempotency-Key': 'x'.repeat(101) });
      expect(bad.body).toEqual({ code: 400, message: IdempotencyMsg.keyInvalid, data: null });
    });

    it('lets a key be used again once its kept answer is older than a day', async () => {
      const headers = { 'X-Api-Key': secret, 'Idempotency-Key': 'old-key' };
      const first = await rapid(headers);
      await t.ds.query(`UPDATE idempotency_request SET created_at = now() - interval '25 hours' WHERE key = 'old-key'`);
      const second = await rapid(headers);
      expect(second.headers['idempotent-replayed']).toBeUndefined();
      expect(second.body.data.evalCode).not.toBe(first.body.data.evalCode);
    });
  });
});
