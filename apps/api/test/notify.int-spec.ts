import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { QUEUES, type AuditRecordPayload } from '@valuation/contracts';
import {
  addOutboxMessage,
  HttpSmsSender,
  NotifyDeliveryError,
  NotifyDeliveryService,
  NotifyRelayService,
  notifyJobId,
} from '@valuation/core';
import { JobProducer } from '@valuation/queue';
import { settledJob } from '@valuation/testing';
import { WorkerModule } from '../../worker/src/worker.module';
import { startTestApi, type TestApi } from './test-api';

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local HTTP endpoint: /ok and /sms answer 204, /fail answers 500; every request is recorded. */
async function startReceiver(): Promise<{ url: (path: string) => string; requests: Received[]; close: () => Promise<void> }> {
  const requests: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = req.url === '/fail' ? 500 : 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('organisation notifications', () => {
  let t: TestApi;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let adminToken: string;
  let companyId: number;
  let branchAId: number;
  let branchBId: number;
  let otherCompanyId: number;
  let companySecret: string;

  const get = (token: string, organizationId: number | string) =>
    t.http().get('/api/organization/notify-settings').query({ organizationId }).set('Authorization', `Bearer ${token}`);
  const save = (token: string, body: Record<string, unknown>) =>
    t.http().post('/api/organization/notify-settings').set('Authorization', `Bearer ${token}`).send(body);

  const orgId = async (tenantId: number, name: string) =>
    ((await t.ds.query(`SELECT id FROM organization WHERE tenant_id = $1 AND name = $2`, [tenantId, name])) as { id: number }[])[0].id;
  const outboxRows = async (where: string, params: unknown[]) =>
    (await t.ds.query(
      `SELECT id, channel, status, attempts, last_error, phone, setting_organization_id FROM notify_outbox WHERE ${where} ORDER BY id`,
      params,
    )) as {
      id: string;
      channel: string;
      status: string;
      attempts: number;
      last_error: string | null;
      phone: string | null;
      setting_organization_id: number | null;
    }[];
  const write = (organizationId: number, kind: string, phone: string | null, payload: Record<string, unknown>) =>
    t.ds.transaction((m) => addOutboxMessage(m, { tenantId: t.demoTenantId, organizationId, kind, phone, payload }));
  const lastIds = async (count: number) =>
    ((await t.ds.query(`SELECT id FROM notify_outbox ORDER BY id DESC LIMIT $1`, [count])) as { id: string }[])
      .map((r) => String(r.id))
      .reverse();
  const setCompanyUrl = (path: string) =>
    t.ds.query(`UPDATE organization_notify_setting SET webhook_url = $2 WHERE organization_id = $1`, [companyId, receiver.url(path)]);

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await startTestApi({
      NOTIFY_ALLOW_PRIVATE_TARGETS: 'true',
      NOTIFY_ATTEMPTS: '2',
      NOTIFY_BACKOFF_MS: '500',
      NOTIFY_RELAY_INTERVAL_MS: '200',
    });
    companyId = await orgId(t.demoTenantId, '北京示范银行');
    branchAId = await orgId(t.demoTenantId, '朝阳支行');
    branchBId = await orgId(t.demoTenantId, '海淀支行');
    otherCompanyId = await orgId(t.otherTenantId, '江南示范银行');
    adminToken = await t.login('user', 'demoadmin');
  });

  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  describe('setting API', () => {
    it('requires the organisation management permission', async () => {
      const token = await t.login('user', 'demorent');
      const res = await get(token, companyId).expect(403);
      expect(res.body.code).toBe(403);
      await save(token, { organizationId: companyId, webhookUrl: receiver.url('/ok') }).expect(403);
    });

    it('validates the URL with the Chinese message', async () => {
      for (const webhookUrl of ['ftp://example.com/hook', 'not a url', `https://example.com/${'a'.repeat(490)}`, 42]) {
        const res = await save(adminToken, { organizationId: companyId, webhookUrl }).expect(400);
        expect(res.body.message).toBe('请输入正确的回调地址');
      }
      expect((await save(adminToken, { webhookUrl: receiver.url('/ok') }).expect(400)).body.message).toBe('请选择机构');
      expect((await get(adminToken, 'abc').expect(400)).body.message).toBe('请选择机构');
    });

    it('shows the secret once, when it is generated', async () => {
      const empty = await get(adminToken, companyId).expect(200);
      expect(empty.body.data).toEqual({ organizationId: companyId, webhookUrl: null, hasSecret: false, secretPreview: null });

      const first = await save(adminToken, { organizationId: companyId, webhookUrl: receiver.url('/ok') }).expect(200);
      const secret: string = first.body.data.secret;
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
      expect(first.body.data).toEqual({
        organizationId: companyId,
        webhookUrl: receiver.url('/ok'),
        hasSecret: true,
        secretPreview: `${secret.slice(0, 4)}****`,
        secret,
      });

      const shown = await get(adminToken, companyId).expect(200);
      expect(shown.body.data).toEqual({
        organizationId: companyId,
        webhookUrl: receiver.url('/ok'),
        hasSecret: true,
        secretPreview: `${secret.slice(0, 4)}****`,
      });
      expect(JSON.stringify(shown.body)).not.toContain(secret);

      const kept = await save(adminToken, { organizationId: companyId, webhookUrl: receiver.url('/ok?v=2') }).expect(200);
      expect(kept.body.data).toMatchObject({
        webhookUrl: receiver.url('/ok?v=2'),
        secret: null,
        secretPreview: `${secret.slice(0, 4)}****`,
      });

      const rotated = await save(adminToken, { organizationId: companyId, webhookUrl: receiver.url('/ok'), regenerateSecret: true }).expect(
        200,
      );
      companySecret = rotated.body.data.secret;
      expect(companySecret).toMatch(/^[0-9a-f]{64}$/);
      expect(companySecret).not.toBe(secret);
      const stored = await t.ds.query(
        `SELECT webhook_secret, company_id, tenant_id FROM organization_notify_setting WHERE organization_id = $1`,
        [companyId],
      );
      expect(stored).toEqual([{ webhook_secret: companySecret, company_id: companyId, tenant_id: t.demoTenantId }]);
    });

    it('records each change in the operation log with the address before and after, never the secret or the query', async () => {
      const changes = async () => {
        const jobs = await t.app.get<Queue>(getQueueToken(QUEUES.audit)).getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
        return jobs.map((j) => j.data as AuditRecordPayload).filter((d) => d.action === '修改回调设置');
      };
      const ok = receiver.url('/ok');
      const events = await changes();
      expect(events.map((e) => e.detail).sort()).toEqual(
        [
          `北京示范银行：回调地址 （无） → ${ok}，生成新密钥`,
          `北京示范银行：回调地址 ${ok} → ${ok}?…`,
          `北京示范银行：回调地址 ${ok}?… → ${ok}，生成新密钥`,
        ].sort(),
      );
      expect(events[0]).toMatchObject({ tenantId: t.demoTenantId, population: 'user', actorLogin: 'demoadmin' });
      expect(JSON.stringify(events)).not.toContain(companySecret);
      await save(adminToken, { organizationId: companyId, webhookUrl: ok }).expect(200);
      expect(await changes()).toHaveLength(3);
    });

    it('keeps callers inside their tenant and their own organisation subtree', async () => {
      const other = await t.login('user', 'otheradmin');
      expect((await get(other, companyId).expect(404)).body.message).toBe('机构不存在或不在您的管理范围内');
      await save(other, { organizationId: companyId, webhookUrl: receiver.url('/evil') }).expect(404);
      await get(adminToken, otherCompanyId).expect(404);

      await t.ds.query(
        `INSERT INTO role_permission (role_id, permission_id) SELECT id, 10 FROM role WHERE tenant_id = $1 AND code = '1002'`,
        [t.demoTenantId],
      );
      const branchManager = await t.login('user', 'demouser');
      await get(branchManager, companyId).expect(404);
      await get(branchManager, branchBId).expect(404);
      await save(branchManager, { organizationId: companyId, webhookUrl: receiver.url('/evil') }).expect(404);
      const own = await save(branchManager, { organizationId: branchAId, webhookUrl: receiver.url('/branch') }).expect(200);
      expect(own.body.data.secret).toMatch(/^[0-9a-f]{64}$/);
      expect((await get(adminToken, branchAId).expect(200)).body.data.webhookUrl).toBe(receiver.url('/branch'));

      const removed = await save(branchManager, { organizationId: branchAId, webhookUrl: '' }).expect(200);
      expect(removed.body.data).toMatchObject({ webhookUrl: null, secret: null, hasSecret: true });
      expect((await get(adminToken, companyId).expect(200)).body.data.webhookUrl).toBe(receiver.url('/ok'));
    });

    it('sends a signed test event on request and answers what the webhook did', async () => {
      const test = (token: string, organizationId: number) =>
        t.http().post('/api/organization/notify-settings/test').set('Authorization', `Bearer ${token}`).send({ organizationId });
      const from = receiver.requests.length;
      const ok = await test(adminToken, companyId).expect(200);
      expect(ok.body.data).toEqual({ delivered: true, status: 204, error: null, durationMs: expect.any(Number) });
      const got = receiver.requests.slice(from);
      expect(got).toHaveLength(1);
      const { headers, body } = got[0];
      expect(headers['x-valuation-event']).toBe('test');
      const expected = createHmac('sha256', companySecret).update(`${headers['x-valuation-timestamp']}.${body}`).digest('hex');
      expect(headers['x-valuation-signature']).toBe(`sha256=${expected}`);
      expect(JSON.parse(body)).toMatchObject({ event: 'test', organizationId: companyId, id: expect.stringMatching(/^test-/) });

      await setCompanyUrl('/fail');
      const failed = await test(adminToken, companyId).expect(200);
      expect(failed.body.data).toMatchObject({ delivered: false, status: 500, error: '回调地址应答 HTTP 500' });
      await setCompanyUrl('/ok');

      expect((await test(adminToken, branchAId).expect(400)).body.message).toBe('请先保存回调地址');
      await test(adminToken, otherCompanyId).expect(404);
      await test(await t.login('user', 'otheradmin'), companyId).expect(404);
    });
  });

  describe('outbox and delivery', () => {
    let delivery: NotifyDeliveryService;
    const attempt = { attempt: 1, maxAttempts: 1 };

    beforeAll(() => {
      delivery = new NotifyDeliveryService(t.ds, t.config, null);
    });

    it('writes one row per channel in the caller transaction, using the nearest ancestor webhook', async () => {
      await write(branchAId, 'batch.finished', '13800000002', { taskName: '六月抵押复估', total: 10, success: 9 });
      const rows = await outboxRows('id = ANY($1::bigint[])', [await lastIds(2)]);
      expect(rows.map((r) => [r.channel, r.status, r.phone, r.setting_organization_id])).toEqual([
        ['sms', 'pending', '13800000002', null],
        ['webhook', 'pending', null, companyId],
      ]);

      const before = await t.ds.query(`SELECT count(*)::int AS n FROM notify_outbox`);
      await expect(
        t.ds.transaction(async (m) => {
          await addOutboxMessage(m, {
            tenantId: t.demoTenantId,
            organizationId: branchBId,
            kind: 'batch.finished',
            phone: '13800000005',
            payload: {},
          });
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      await t.ds.transaction((m) =>
        addOutboxMessage(m, {
          tenantId: t.otherTenantId,
          organizationId: otherCompanyId,
          kind: 'batch.finished',
          phone: null,
          payload: {},
        }),
      );
      expect(await t.ds.query(`SELECT count(*)::int AS n FROM notify_outbox`)).toEqual(before);
    });

    it('posts the signed event to the webhook once', async () => {
      await write(branchBId, 'batch.finished', null, { taskName: '七月批量', total: 3, success: 3 });
      const [id] = await lastIds(1);
      const from = receiver.requests.length;
      expect(await delivery.deliver(id, attempt)).toEqual({ status: 'delivered' });
      expect(await delivery.deliver(id, attempt)).toEqual({ status: 'unchanged' });

      const got = receiver.requests.slice(from);
      expect(got).toHaveLength(1);
      const { headers, body, path } = got[0];
      expect(path).toBe('/ok');
      expect(headers['content-type']).toBe('application/json; charset=utf-8');
      expect(headers['x-valuation-event']).toBe('batch.finished');
      const timestamp = String(headers['x-valuation-timestamp']);
      expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
      const expected = createHmac('sha256', companySecret).update(`${timestamp}.${body}`).digest('hex');
      expect(headers['x-valuation-signature']).toBe(`sha256=${expected}`);
      expect(JSON.parse(body)).toEqual({
        id,
        event: 'batch.finished',
        organizationId: branchBId,
        occurredAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        data: { taskName: '七月批量', total: 3, success: 3 },
      });
      expect(await outboxRows('id = $1', [id])).toEqual([expect.objectContaining({ status: 'delivered', attempts: 1, last_error: null })]);
    });

    it('skips SMS while no provider is configured, and sends it through the HTTP provider when one is', async () => {
      await write(branchAId, 'batch.finished', '13800000002', { taskName: '六月抵押复估', total: 10, success: 9 });
      const [smsId] = await lastIds(2);
      expect(await delivery.deliver(smsId, attempt)).toEqual({ status: 'skipped', reason: expect.stringContaining('短信未配置') });
      expect(await outboxRows('id = $1', [smsId])).toEqual([
        expect.objectContaining({ channel: 'sms', status: 'skipped', last_error: expect.stringContaining('SMS_PROVIDER_URL') }),
      ]);

      await write(branchAId, 'batch.finished', '13800000002', { taskName: '六月抵押复估', total: 10, success: 9 });
      const [nextSms] = await lastIds(2);
      const from = receiver.requests.length;
      const withSms = new NotifyDeliveryService(t.ds, t.config, new HttpSmsSender(receiver.url('/sms'), 'sms-key', '估价平台'));
      expect(await withSms.deliver(nextSms, attempt)).toEqual({ status: 'delivered' });
      const sent = receiver.requests.slice(from);
      expect(sent).toHaveLength(1);
      expect(sent[0].headers.authorization).toBe('Bearer sms-key');
      expect(JSON.parse(sent[0].body)).toEqual({
        phone: '13800000002',
        sign: '估价平台',
        text: '【估价平台】您的批量估价任务“六月抵押复估”已完成：共10条，成功9条。',
      });
    });

    it('keeps a failed attempt for retry and records the final failure', async () => {
      await setCompanyUrl('/fail');
      await write(branchBId, 'batch.finished', null, { taskName: '失败', total: 1, success: 0 });
      const [id] = await lastIds(1);
      const first = await delivery.deliver(id, { attempt: 1, maxAttempts: 2 }).catch((e: unknown) => e);
      expect(first).toBeInstanceOf(NotifyDeliveryError);
      expect(first).toMatchObject({ final: false, message: 'webhook answered HTTP 500' });
      expect(await outboxRows('id = $1', [id])).toEqual([
        expect.objectContaining({ status: 'pending', attempts: 1, last_error: 'webhook answered HTTP 500' }),
      ]);
      await expect(delivery.deliver(id, { attempt: 2, maxAttempts: 2 })).rejects.toMatchObject({ final: true });
      expect(await outboxRows('id = $1', [id])).toEqual([
        expect.objectContaining({ status: 'failed', attempts: 2, last_error: 'webhook answered HTTP 500' }),
      ]);
      await setCompanyUrl('/ok');
    });

    it('refuses loopback targets unless private targets are allowed', async () => {
      await write(branchBId, 'batch.finished', null, { taskName: '内网', total: 1, success: 1 });
      const [id] = await lastIds(1);
      const strict = new NotifyDeliveryService(t.ds, { ...t.config, NOTIFY_ALLOW_PRIVATE_TARGETS: false }, null);
      const from = receiver.requests.length;
      await expect(strict.deliver(id, { attempt: 1, maxAttempts: 6 })).rejects.toMatchObject({
        final: true,
        message: '127.0.0.1 is a private address',
      });
      expect(await outboxRows('id = $1', [id])).toEqual([expect.objectContaining({ status: 'failed', attempts: 1 })]);
      expect(receiver.requests.length).toBe(from);
    });
  });

  describe('relay and worker', () => {
    let worker: INestApplicationContext | undefined;
    let queue: Queue;
    const relayIds: string[] = [];

    beforeAll(() => {
      queue = t.app.get<Queue>(getQueueToken(QUEUES.notify));
    });

    afterAll(async () => {
      await worker?.close();
    });

    it('hands each pending row to the queue once, skipping rows another relay holds', async () => {
      for (let i = 0; i < 6; i += 1) await write(branchBId, 'batch.finished', null, { taskName: `并发${i}`, total: i, success: i });
      relayIds.push(...(await lastIds(6)));
      const producer = t.app.get(JobProducer);
      const a = new NotifyRelayService(t.ds, producer, t.config);
      const b = new NotifyRelayService(t.ds, producer, t.config);
      const mine = (ids: string[]) => ids.filter((id) => relayIds.includes(id));

      const held = t.ds.createQueryRunner();
      await held.connect();
      await held.startTransaction();
      await held.query(`SELECT id FROM notify_outbox WHERE id = ANY($1::bigint[]) FOR UPDATE`, [relayIds.slice(0, 3)]);
      const whileHeld = await Promise.race([a.relay(), new Promise<'blocked'>((resolve) => setTimeout(() => resolve('blocked'), 3000))]);
      await held.commitTransaction();
      await held.release();
      expect(whileHeld === 'blocked' ? whileHeld : mine(whileHeld)).toEqual(relayIds.slice(3));

      const [first, second] = await Promise.all([a.relay(2), b.relay(2)]);
      const rest = await a.relay();
      const claimed = mine([...first, ...second, ...rest]);
      expect(claimed.sort()).toEqual(relayIds.slice(0, 3).sort());
      expect(await a.relay()).toEqual([]);
      for (const id of relayIds) expect(await queue.getJob(notifyJobId(id))).toBeDefined();
      expect(await outboxRows('id = ANY($1::bigint[])', [relayIds])).toEqual(
        relayIds.map(() => expect.objectContaining({ status: 'queued' })),
      );
    });

    it('delivers the queued rows exactly once through the worker', async () => {
      const from = receiver.requests.length;
      worker = await NestFactory.createApplicationContext(WorkerModule.forRoot({ queues: [QUEUES.notify], concurrency: 4 }), {
        logger: false,
        abortOnError: false,
      });
      for (const id of relayIds) expect((await settledJob(queue, notifyJobId(id))).returnvalue).toEqual({ status: 'delivered' });
      const ids = receiver.requests
        .slice(from)
        .map((r) => (JSON.parse(r.body) as { id: string }).id)
        .filter((id) => relayIds.includes(id));
      expect(ids.sort()).toEqual([...relayIds].sort());
    });

    it('picks up new rows on its own, skips SMS without a provider and gives up on a failing endpoint after the configured attempts', async () => {
      await write(branchAId, 'batch.finished', '13800000002', { taskName: '自动投递', total: 2, success: 2 });
      const [smsId, hookId] = await lastIds(2);
      expect((await settledJob(queue, notifyJobId(hookId))).returnvalue).toEqual({ status: 'delivered' });
      expect((await settledJob(queue, notifyJobId(smsId))).returnvalue).toEqual({
        status: 'skipped',
        reason: expect.stringContaining('短信未配置'),
      });

      await setCompanyUrl('/fail');
      await write(branchBId, 'batch.finished', null, { taskName: '一直失败', total: 1, success: 0 });
      const [failId] = await lastIds(1);
      const job = await settledJob(queue, notifyJobId(failId), 20_000);
      expect(job.failedReason).toBe('webhook answered HTTP 500');
      expect(job.attemptsMade).toBe(2);
      const row = await until('the failure on the row', async () => {
        const [r] = await outboxRows('id = $1', [failId]);
        return r.status === 'failed' ? r : undefined;
      });
      expect(row).toMatchObject({ attempts: 2, last_error: 'webhook answered HTTP 500' });
      const hits = receiver.requests.filter((r) => r.path === '/fail' && (JSON.parse(r.body) as { id: string }).id === failId);
      expect(hits).toHaveLength(2);
      await setCompanyUrl('/ok');
    });
  });
});
