import { IsNull } from 'typeorm';
import { operateCustomerDomain } from '@valuation/core';
import { CustomerDomainMsg, DomainWorkflowMsg, Msg } from '@valuation/domain';
import {
  CustomerDomainEntity,
  CustomerDomainHistoryEntity,
  OperationLogEntity,
  OrganizationEntity,
  SiteConfigEntity,
  TenantStaffEntity,
} from '@valuation/persistence';
import { describeOutcome, OPERATOR, parseDomainCommand } from '../../../scripts/lib/customer-domain';
import { startTestApi, type TestApi } from './test-api';

describe('customer domains (channel)', () => {
  let t: TestApi;
  const tokens: Record<string, string> = {};
  let demoCompanyId: number;
  let demoCompanyName: string;
  let otherCompanyId: number;

  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const list = (token = tokens.channeladmin, query: Record<string, number> = {}) =>
    t
      .http()
      .get('/api/tenant/customer-domain/pageable')
      .query({ pageIndex: 1, pageSize: 10, timestamp: Date.now(), ...query })
      .set(auth(token));
  const add = (body: Record<string, unknown>, token = tokens.channeladmin) =>
    t.http().post('/api/tenant/customer-domain/add').set(auth(token)).send(body);
  const update = (body: Record<string, unknown>, token = tokens.channeladmin) =>
    t.http().post('/api/tenant/customer-domain/update').set(auth(token)).type('form').send(body);
  const remove = (id: number, token = tokens.channeladmin) =>
    t.http().post('/api/tenant/customer-domain/delete').set(auth(token)).type('form').send({ id });
  const rows = () => t.ds.getRepository(CustomerDomainEntity).find({ order: { id: 'ASC' } });
  const complete = (domain: string, serverIp?: string) =>
    operateCustomerDomain(t.ds, parseDomainCommand(['complete', domain, ...(serverIp ? ['--ip', serverIp] : [])]), OPERATOR);
  const siteConfig = (host: string, token?: string) => {
    const req = t.http().get('/api/site-config/get').set('Host', host);
    return token ? req.set(auth(token)) : req;
  };

  const logRows = (action: string) => t.ds.getRepository(OperationLogEntity).find({ where: { action }, order: { id: 'ASC' } });

  /** Until a statement of this database waits for a lock (the API's insert behind an uncommitted one). */
  async function waitForLockWait(): Promise<void> {
    for (let i = 0; i < 100; i++) {
      const [{ waiting }] = await t.ds.query(
        `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      if (waiting > 0) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('no statement waited for the lock');
  }

  const rootCompany = (tenantId: number, name: string) =>
    t.ds.getRepository(OrganizationEntity).findOneByOrFail({ tenantId, parentId: IsNull(), name });

  beforeAll(async () => {
    t = await startTestApi();
    for (const login of ['channeladmin', 'appraiser1', 'otherchannel']) tokens[login] = await t.login('tenant', login);
    const demoCompany = await rootCompany(t.demoTenantId, '北京示范银行');
    demoCompanyId = demoCompany.id;
    demoCompanyName = demoCompany.name;
    otherCompanyId = (await rootCompany(t.otherTenantId, '江南示范银行')).id;
  });
  afterAll(() => t.close());

  describe('the company picker', () => {
    it("lists the tenant's own customer companies only", async () => {
      const res = await t.http().get('/api/tenant/customer-company/list').set(auth(tokens.channeladmin)).expect(200);
      expect(res.body.data).toEqual([
        { id: demoCompanyId, name: demoCompanyName },
        { id: expect.any(Number), name: '华东示范商业银行' },
      ]);
      const other = await t.http().get('/api/tenant/customer-company/list').set(auth(tokens.otherchannel)).expect(200);
      expect(other.body.data).toEqual([{ id: otherCompanyId, name: expect.any(String) }]);
      expect((await t.http().get('/api/tenant/customer-company/list').set(auth(tokens.appraiser1)).expect(403)).body).toMatchObject({
        code: 403,
        message: Msg.forbidden,
      });
    });
  });

  describe('applying', () => {
    let id: number;

    it('stores a processing application with the normalised domain', async () => {
      const res = await add({ companyId: demoCompanyId, domain: ' HTTPS://Val.Bank-Demo.com/ ' }).expect(200);
      expect(res.body).toEqual({
        code: 200,
        message: CustomerDomainMsg.applied,
        data: {
          id: expect.any(Number),
          companyId: demoCompanyId,
          companyName: demoCompanyName,
          categoryName: '',
          domain: 'val.bank-demo.com',
          serverIp: null,
          state: 1,
          failReason: null,
          updateTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
          version: 1,
        },
      });
      id = res.body.data.id;
      const [row] = await rows();
      expect(row).toMatchObject({
        id,
        tenantId: t.demoTenantId,
        machineState: 'processing',
        state: 1,
        version: 1,
        updatedByName: '渠道管理员',
      });
      expect(await logRows('申请域名')).toEqual([
        expect.objectContaining({
          tenantId: t.demoTenantId,
          population: 'tenant',
          actorLogin: 'channeladmin',
          targetType: 'customer-domain',
          targetId: String(id),
          detail: `${demoCompanyName}：域名：val.bank-demo.com`,
          changes: { before: {}, after: { domain: 'val.bank-demo.com' } },
        }),
      ]);
    });

    it('lists the applications of the tenant, newest first, in the usual page shape', async () => {
      await add({ companyId: demoCompanyId, domain: 'second.bank-demo.com' }).expect(200);
      const res = await list().expect(200);
      expect(res.body.data).toMatchObject({ pages: 1, pageNum: 1, total: 2 });
      expect(res.body.data.list.map((r: { domain: string }) => r.domain)).toEqual(['second.bank-demo.com', 'val.bank-demo.com']);
      expect(res.body.data.list[1]).toMatchObject({ id, companyName: demoCompanyName, state: 1 });
      expect((await list(tokens.channeladmin, { pageSize: 20 }).expect(400)).body.message).toBe('每页条数只能为10、50、100、200');
    });

    it('gives the spec messages for a bad form', async () => {
      expect((await add({ domain: 'a.example.com' }).expect(400)).body).toMatchObject({
        code: 400,
        message: CustomerDomainMsg.companyRequired,
      });
      expect((await add({ companyId: demoCompanyId, domain: ' ' }).expect(400)).body.message).toBe(CustomerDomainMsg.domainRequired);
      expect((await add({ companyId: demoCompanyId, domain: 'example.com:8080' }).expect(400)).body.message).toBe(
        CustomerDomainMsg.domainInvalid,
      );
      expect((await add({ companyId: otherCompanyId, domain: 'c.example.com' }).expect(400)).body.message).toBe(
        CustomerDomainMsg.companyRequired,
      );
      expect(await rows()).toHaveLength(2);
    });

    it('refuses a domain applied for already, by any tenant, with 403 and changes nothing', async () => {
      const before = await rows();
      const res = await add({ companyId: demoCompanyId, domain: 'VAL.bank-demo.com' }).expect(403);
      expect(res.body).toEqual({ code: 403, message: '同一域名只可申请一次', data: null });
      expect(
        (await add({ companyId: otherCompanyId, domain: 'http://val.bank-demo.com' }, tokens.otherchannel).expect(403)).body.message,
      ).toBe(CustomerDomainMsg.duplicate);
      expect(await rows()).toEqual(before);
    });

    it('stores one of two concurrent applications for the same domain and refuses the other with 403', async () => {
      const answers = await Promise.all([
        add({ companyId: demoCompanyId, domain: 'race.bank-demo.com' }),
        add({ companyId: otherCompanyId, domain: 'race.bank-demo.com' }, tokens.otherchannel),
        add({ companyId: demoCompanyId, domain: 'Race.Bank-Demo.com' }),
      ]);
      expect(answers.map((a) => a.body.code).sort()).toEqual([200, 403, 403]);
      for (const a of answers.filter((x) => x.body.code === 403)) expect(a.body.message).toBe(CustomerDomainMsg.duplicate);
      expect((await rows()).filter((r) => r.domain === 'race.bank-demo.com')).toHaveLength(1);
    });

    it('answers 403 when the unique index, not the first look, finds the duplicate', async () => {
      const runner = t.ds.createQueryRunner();
      await runner.connect();
      await runner.startTransaction();
      try {
        await runner.manager.insert(CustomerDomainEntity, {
          tenantId: t.otherTenantId,
          companyId: otherCompanyId,
          domain: 'late.bank-demo.com',
          machineState: 'processing',
          context: { domain: 'late.bank-demo.com', serverIp: null, failReason: null },
          state: 1,
        });
        const pending = add({ companyId: demoCompanyId, domain: 'late.bank-demo.com' }).then((r) => r);
        await waitForLockWait();
        await runner.commitTransaction();
        const res = await pending;
        expect(res.body).toEqual({ code: 403, message: CustomerDomainMsg.duplicate, data: null });
      } finally {
        await runner.release();
      }
      expect((await rows()).filter((r) => r.domain === 'late.bank-demo.com')).toEqual([
        expect.objectContaining({ tenantId: t.otherTenantId }),
      ]);
    });
  });

  describe('editing and deleting', () => {
    let id: number;

    beforeAll(async () => {
      id = (await add({ companyId: demoCompanyId, domain: 'edit.bank-demo.com' }).expect(200)).body.data.id;
    });

    it('refuses an unchanged domain with the spec message', async () => {
      const res = await update({ id, companyId: demoCompanyId, domain: 'HTTPS://EDIT.bank-demo.com/' }).expect(400);
      expect(res.body).toMatchObject({ code: 400, message: '未修改任何域名信息，请误重复申请' });
      expect((await update({ id, domain: '' }).expect(400)).body.message).toBe(CustomerDomainMsg.domainRequired);
    });

    it('refuses a domain held by another application with 403', async () => {
      expect((await update({ id, domain: 'val.bank-demo.com' }).expect(403)).body.message).toBe(CustomerDomainMsg.duplicate);
      expect(await t.ds.getRepository(CustomerDomainEntity).findOneByOrFail({ id })).toMatchObject({
        domain: 'edit.bank-demo.com',
        version: 1,
      });
    });

    it('does not move an application to another company', async () => {
      expect((await update({ id, companyId: demoCompanyId + 1000, domain: 'moved.bank-demo.com' }).expect(400)).body.code).toBe(400);
    });

    it('sends a failed application with a changed domain back to processing', async () => {
      const failed = await operateCustomerDomain(
        t.ds,
        parseDomainCommand(['fail', 'edit.bank-demo.com', '--reason', ' 域名未备案 ']),
        OPERATOR,
      );
      expect(failed).toMatchObject({ ok: true, state: 3, failReason: '域名未备案' });
      expect((await list().expect(200)).body.data.list.find((r: { id: number }) => r.id === id)).toMatchObject({
        state: 3,
        failReason: '域名未备案',
      });

      const res = await update({ id, companyId: demoCompanyId, domain: 'edit2.bank-demo.com' }).expect(200);
      expect(res.body).toMatchObject({
        code: 200,
        message: CustomerDomainMsg.edited,
        data: { id, domain: 'edit2.bank-demo.com', state: 1, serverIp: null, failReason: null },
      });
      expect(await t.ds.getRepository(CustomerDomainEntity).findOneByOrFail({ id })).toMatchObject({
        machineState: 'processing',
        state: 1,
        version: 3,
      });
      expect((await logRows('编辑域名')).at(-1)).toMatchObject({
        targetId: String(id),
        detail: `${demoCompanyName}：域名：edit.bank-demo.com → edit2.bank-demo.com`,
        changes: { before: { domain: 'edit.bank-demo.com' }, after: { domain: 'edit2.bank-demo.com' } },
      });
    });

    it('keeps the applications of one tenant from another', async () => {
      const other = await list(tokens.otherchannel).expect(200);
      expect(other.body.data.list.map((r: { id: number }) => r.id)).not.toContain(id);
      expect((await update({ id, domain: 'stolen.bank-demo.com' }, tokens.otherchannel).expect(404)).body.message).toBe(
        CustomerDomainMsg.notFound,
      );
      expect((await remove(id, tokens.otherchannel).expect(404)).body.message).toBe(CustomerDomainMsg.notFound);
      expect(await t.ds.getRepository(CustomerDomainEntity).findOneByOrFail({ id })).toMatchObject({ domain: 'edit2.bank-demo.com' });
    });

    it('refuses every call to staff without the domain permissions', async () => {
      const refused = [
        list(tokens.appraiser1),
        add({ companyId: demoCompanyId, domain: 'x.bank-demo.com' }, tokens.appraiser1),
        update({ id, domain: 'x.bank-demo.com' }, tokens.appraiser1),
        remove(id, tokens.appraiser1),
      ];
      for (const res of await Promise.all(refused)) expect(res.body).toMatchObject({ code: 403, message: Msg.forbidden });
      expect((await t.http().get('/api/tenant/customer-domain/pageable').expect(401)).body.code).toBe(401);
      expect(await t.ds.getRepository(CustomerDomainEntity).findOneByOrFail({ id })).toMatchObject({ domain: 'edit2.bank-demo.com' });
    });

    it('deletes an application', async () => {
      const res = await remove(id).expect(200);
      expect(res.body).toEqual({ code: 200, message: CustomerDomainMsg.deleted, data: null });
      expect(await t.ds.getRepository(CustomerDomainEntity).findOneBy({ id })).toBeNull();
      expect((await remove(id).expect(404)).body.message).toBe(CustomerDomainMsg.notFound);
      expect(await logRows('删除域名')).toEqual([
        expect.objectContaining({ targetId: String(id), changes: { before: { domain: 'edit2.bank-demo.com' }, after: {} } }),
      ]);
    });
  });

  describe('the operator and the branded host', () => {
    const HOST = 'brand.bank-demo.com';

    beforeAll(async () => {
      await add({ companyId: demoCompanyId, domain: HOST }).expect(200);
      await add({ companyId: demoCompanyId, domain: 'waiting.bank-demo.com' }).expect(200);
      await t.ds.getRepository(SiteConfigEntity).save({
        tenantId: t.demoTenantId,
        companyId: demoCompanyId,
        productName: '示范银行估价系统',
        companyName: demoCompanyName,
        themeColor: 'rgba(200, 30, 30, 1)',
        logoKey: null,
        backgroundKey: null,
      });
    });

    it('parses the command line', () => {
      expect(parseDomainCommand(['complete', 'a.example.com', '--ip', '10.0.0.8'])).toEqual({
        action: 'complete',
        domain: 'a.example.com',
        serverIp: '10.0.0.8',
      });
      expect(parseDomainCommand(['fail', 'a.example.com', '--reason', '未备案'])).toEqual({
        action: 'fail',
        domain: 'a.example.com',
        reason: '未备案',
      });
      expect(() => parseDomainCommand(['fail', 'a.example.com'])).toThrow('fail needs --reason');
      expect(() => parseDomainCommand(['finish', 'a.example.com'])).toThrow('unknown command');
    });

    it('answers the tenant branding for a host that is not a completed domain', async () => {
      const tenantName = (await siteConfig('waiting.bank-demo.com').expect(200)).body.data.productName;
      const own = await t.ds.getRepository(SiteConfigEntity).findOneByOrFail({ tenantId: t.demoTenantId, companyId: IsNull() });
      expect(tenantName).toBe(own.productName);
      expect((await siteConfig('unknown.example.org').expect(200)).body.data.productName).toBe(own.productName);
    });

    it('completes a domain with its server IP and refuses what the machine refuses', async () => {
      expect(await complete('nobody.example.org')).toEqual({ ok: false, message: CustomerDomainMsg.notFound });
      expect(await complete(HOST, '10.0.0.256')).toEqual({ ok: false, message: CustomerDomainMsg.serverIpInvalid });
      const done = await complete(`https://${HOST.toUpperCase()}/`, '10.0.0.8');
      expect(done).toMatchObject({ ok: true, domain: HOST, state: 2, serverIp: '10.0.0.8' });
      expect(describeOutcome(done)).toContain('已完成');
      expect(await complete(HOST)).toEqual({ ok: false, message: DomainWorkflowMsg.alreadyCompleted });
      const row = await t.ds.getRepository(CustomerDomainEntity).findOneByOrFail({ domain: HOST });
      expect(row).toMatchObject({
        machineState: 'completed',
        state: 2,
        updatedByName: OPERATOR.name,
        context: { domain: HOST, serverIp: '10.0.0.8', failReason: null },
      });
      expect(await t.ds.getRepository(OperationLogEntity).findBy({ tenantId: t.demoTenantId, action: '域名处理完成' })).toEqual([
        expect.objectContaining({ population: 'operator', actorName: OPERATOR.name, detail: `${HOST}，服务器IP 10.0.0.8` }),
      ]);
      const listed = (await list().expect(200)).body.data.list.find((r: { domain: string }) => r.domain === HOST);
      expect(listed).toMatchObject({ state: 2, serverIp: '10.0.0.8' });
    });

    it("answers the customer company's branding on its completed domain, and the tenant's elsewhere", async () => {
      const own = await t.ds.getRepository(SiteConfigEntity).findOneByOrFail({ tenantId: t.demoTenantId, companyId: IsNull() });
      expect((await siteConfig(`${HOST.toUpperCase()}:3000`).expect(200)).body.data).toMatchObject({
        productName: '示范银行估价系统',
        themeColor: 'rgba(200, 30, 30, 1)',
        hasLogo: false,
      });
      expect((await siteConfig('127.0.0.1:3000').expect(200)).body.data).toMatchObject({
        productName: own.productName,
        hasLogo: own.logoKey !== null,
      });
      expect((await siteConfig('waiting.bank-demo.com').expect(200)).body.data.productName).toBe(own.productName);
    });

    it("gives a completed domain of another tenant's company that tenant's branding when the company has none of its own", async () => {
      await add({ companyId: otherCompanyId, domain: 'other-bank.example.net' }, tokens.otherchannel).expect(200);
      expect(await complete('other-bank.example.net')).toMatchObject({ ok: true, state: 2 });
      const otherOwn = await t.ds.getRepository(SiteConfigEntity).findOneByOrFail({ tenantId: t.otherTenantId, companyId: IsNull() });
      expect((await siteConfig('other-bank.example.net').expect(200)).body.data.productName).toBe(otherOwn.productName);
    });

    it('logs in through the branded host as before', async () => {
      const captcha = await t.http().get('/api/login/captcha').set('Host', HOST).expect(200);
      const identity: string = captcha.body.data.identity;
      const answer = await t.redis.get(t.keys.of('captcha', identity));
      const res = await t
        .http()
        .post('/api/login/')
        .set('Host', HOST)
        .type('form')
        .send({ userName: 'demoadmin', password: 'Demo@123456', captcha: answer, identity });
      expect(res.body.code).toBe(200);
      const token: string = res.body.data.token;
      expect((await siteConfig(HOST, token).expect(200)).body.data.productName).toBe('示范银行估价系统');
    });

    it('stops branding a host once its domain is edited away', async () => {
      const own = await t.ds.getRepository(SiteConfigEntity).findOneByOrFail({ tenantId: t.demoTenantId, companyId: IsNull() });
      const row = await t.ds.getRepository(CustomerDomainEntity).findOneByOrFail({ domain: HOST });
      await update({ id: row.id, domain: 'brand2.bank-demo.com' }).expect(200);
      expect((await siteConfig(HOST).expect(200)).body.data.productName).toBe(own.productName);
      expect((await siteConfig('brand2.bank-demo.com').expect(200)).body.data.productName).toBe(own.productName);
    });
  });

  describe('history', () => {
    const history = (domainId: number) =>
      t.ds.getRepository(CustomerDomainHistoryEntity).find({ where: { domainId }, order: { id: 'ASC' } });
    const stored = (id: number) => t.ds.getRepository(CustomerDomainEntity).findOneByOrFail({ id });
    const operate = (args: string[]) => operateCustomerDomain(t.ds, parseDomainCommand(args), OPERATOR);

    it('records the application, its edits and the operator answers with who, the states and what changed, and keeps them after a delete', async () => {
      const staff = await t.ds.getRepository(TenantStaffEntity).findOneByOrFail({ loginUser: 'channeladmin' });
      const id: number = (await add({ companyId: demoCompanyId, domain: 'hist.bank-demo.com' }).expect(200)).body.data.id;
      expect(await operate(['fail', 'hist.bank-demo.com', '--reason', '域名未备案'])).toMatchObject({ ok: true, state: 3 });
      const edited = await update({ id, domain: 'hist2.bank-demo.com', version: 2 }).expect(200);
      expect(edited.body.data).toMatchObject({ domain: 'hist2.bank-demo.com', state: 1, version: 3 });
      expect(await operate(['complete', 'hist2.bank-demo.com', '--ip', '10.0.0.9'])).toMatchObject({ ok: true, state: 2 });
      expect(await stored(id)).toMatchObject({ machineState: 'completed', version: 4 });

      const rows = await history(id);
      expect(rows.map((h) => [h.event, h.fromState, h.toState, h.actorPopulation, h.actorId, h.actorName])).toEqual([
        ['APPLY', null, 'processing', 'tenant', staff.id, staff.userName],
        ['FAIL', 'processing', 'failed', 'operator', 0, OPERATOR.name],
        ['EDIT', 'failed', 'processing', 'tenant', staff.id, staff.userName],
        ['COMPLETE', 'processing', 'completed', 'operator', 0, OPERATOR.name],
      ]);
      expect(rows.map((h) => h.data)).toEqual([
        { domain: 'hist.bank-demo.com', companyId: demoCompanyId },
        { domain: 'hist.bank-demo.com', reason: '域名未备案' },
        { from: 'hist.bank-demo.com', domain: 'hist2.bank-demo.com' },
        { domain: 'hist2.bank-demo.com', serverIp: '10.0.0.9' },
      ]);

      await remove(id).expect(200);
      expect(await history(id)).toEqual(rows);
    });

    it('refuses an unchanged domain, a domain held elsewhere, a version not seen and what the operator may not do, recording nothing', async () => {
      const id: number = (await add({ companyId: demoCompanyId, domain: 'quiet.bank-demo.com' }).expect(200)).body.data.id;
      expect(await operate(['complete', 'quiet.bank-demo.com'])).toMatchObject({ ok: true });
      const before = await stored(id);
      expect((await update({ id, domain: 'quiet.bank-demo.com' }).expect(400)).body.message).toBe(CustomerDomainMsg.unchanged);
      expect((await update({ id, domain: 'val.bank-demo.com' }).expect(403)).body.message).toBe(CustomerDomainMsg.duplicate);
      expect((await update({ id, domain: 'quiet2.bank-demo.com', version: 1 }).expect(409)).body).toEqual({
        code: 409,
        message: DomainWorkflowMsg.conflict,
        data: null,
      });
      expect(await operate(['complete', 'quiet.bank-demo.com'])).toEqual({ ok: false, message: DomainWorkflowMsg.alreadyCompleted });
      expect(await operate(['fail', 'quiet.bank-demo.com', '--reason', '未备案'])).toEqual({
        ok: false,
        message: DomainWorkflowMsg.alreadyCompleted,
      });
      expect(await stored(id)).toEqual(before);
      expect((await history(id)).map((h) => h.event)).toEqual(['APPLY', 'COMPLETE']);
    });

    it('lets exactly one of two edits of the version they saw through; the other gets 409', async () => {
      const id: number = (await add({ companyId: demoCompanyId, domain: 'both.bank-demo.com' }).expect(200)).body.data.id;
      const results = await Promise.all([
        update({ id, domain: 'both-a.bank-demo.com', version: 1 }),
        update({ id, domain: 'both-b.bank-demo.com', version: 1 }),
      ]);
      expect(results.map((r) => r.body.code).sort()).toEqual([200, 409]);
      const winner = results.find((r) => r.body.code === 200)!.body.data.domain;
      expect(await stored(id)).toMatchObject({ domain: winner, version: 2 });
      expect((await history(id)).map((h) => [h.event, h.data.domain])).toEqual([
        ['APPLY', 'both.bank-demo.com'],
        ['EDIT', winner],
      ]);
    });
  });
});
