import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { QUEUES } from '@valuation/contracts';
import { addOutboxMessage, notifyJobId, RevaluationRunner } from '@valuation/core';
import { NotifyDeliveryMsg } from '@valuation/domain';
import { OperationLogEntity } from '@valuation/persistence';
import { waitFor } from '@valuation/testing';
import { WorkerModule } from '../../worker/src/worker.module';
import { revaluationBook } from './revaluation-fixture';
import { startTestApi, type TestApi } from './test-api';

interface Received {
  at: number;
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  id: string;
}

/** A local webhook receiver: answers 500 to the next `failNext` requests and 204 to the others, and records them all. */
async function startReceiver() {
  const requests: Received[] = [];
  const state = { failNext: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const status = state.failNext > 0 ? 500 : 204;
      if (state.failNext > 0) state.failNext -= 1;
      requests.push({ at: Date.now(), status, headers: req.headers, body, id: String((JSON.parse(body) as { id: string }).id) });
      res.statusCode = status;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    url: `http://127.0.0.1:${port}/hook`,
    requests,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface OutboxRow {
  id: string;
  channel: string;
  status: string;
  attempts: number;
  payload: Record<string, unknown>;
  resend_of: string | null;
}

const BACKOFF_MS = 400;

describe('revaluation.finished webhooks, retries with backoff and the delivery log', () => {
  let t: TestApi;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let worker: INestApplicationContext | undefined;
  let admin: string;
  let secret: string;
  let companyId: number;
  let finishedRowId: string;
  let failedRowId: string;

  const outbox = async (where: string, params: unknown[]): Promise<OutboxRow[]> =>
    t.ds.query(
      `SELECT id::text AS id, channel, status, attempts, payload, resend_of::text AS resend_of FROM notify_outbox WHERE ${where} ORDER BY id`,
      params,
    );
  const runRows = (runId: number) => outbox(`kind = 'revaluation.finished' AND (payload->>'runId')::int = $1`, [runId]);
  const deliveries = (token: string, query: Record<string, string | number> = {}) =>
    t.http().get('/api/notify/deliveries').query(query).set('Authorization', `Bearer ${token}`);
  const resend = (token: string, id: unknown) =>
    t.http().post('/api/notify/deliveries/resend').set('Authorization', `Bearer ${token}`).send({ id });
  const delivered = (id: string) =>
    waitFor(`delivery of ${id}`, async () => (await outbox('id = $1', [id]))[0]?.status === 'delivered', 20_000);
  const startRun = async () => {
    const res = await t.http().post('/api/reval/run').set('Authorization', `Bearer ${admin}`).expect(200);
    return res.body.data.runId as number;
  };
  const verify = (r: Received) => {
    const timestamp = String(r.headers['x-valuation-timestamp']);
    const expected = createHmac('sha256', secret).update(`${timestamp}.${r.body}`).digest('hex');
    expect(r.headers['x-valuation-signature']).toBe(`sha256=${expected}`);
    expect(r.headers['x-valuation-event']).toBe('revaluation.finished');
  };

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await startTestApi({
      NOTIFY_ALLOW_PRIVATE_TARGETS: 'true',
      NOTIFY_ATTEMPTS: '4',
      NOTIFY_BACKOFF_MS: String(BACKOFF_MS),
      NOTIFY_RELAY_INTERVAL_MS: '200',
    });
    admin = await t.login('user', 'demoadmin');
    [{ id: companyId }] = await t.ds.query(`SELECT id FROM organization WHERE tenant_id = $1 AND name = '北京示范银行'`, [t.demoTenantId]);
    const saved = await t
      .http()
      .post('/api/organization/notify-settings')
      .set('Authorization', `Bearer ${admin}`)
      .send({ organizationId: companyId, webhookUrl: receiver.url })
      .expect(200);
    secret = saved.body.data.secret;
    await revaluationBook(t, admin, 2);
  }, 180_000);

  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await receiver?.close();
  });

  it('writes one revaluation.finished row in the statement that finishes a run, and one with state 3 for a failed run', async () => {
    const runner = t.app.get(RevaluationRunner);
    const finishedRun = await startRun();
    // Two chunks of one asset each: the first write moves the run on without finishing it, the second finishes it.
    await t.ds.query(`UPDATE reval_item SET chunk = 1 WHERE id = (SELECT max(id) FROM reval_item WHERE run_id = $1)`, [finishedRun]);
    expect(await runner.runChunk(String(finishedRun), 0)).toMatchObject({ written: 1, finished: false });
    expect(await runRows(finishedRun)).toEqual([]);
    await Promise.all([runner.runChunk(String(finishedRun), 1), runner.runChunk(String(finishedRun), 1)]);
    expect((await runner.runChunk(String(finishedRun), 1)).skipped).toBe(true);
    const [run] = await t.ds.query(
      `SELECT total, valued, alerts, value_total::float8 AS "valueTotal", loan_total::float8 AS "loanTotal", finished_at FROM reval_run WHERE id = $1`,
      [finishedRun],
    );
    const finished = await runRows(finishedRun);
    expect(finished).toHaveLength(1);
    expect(finished[0]).toMatchObject({ channel: 'webhook', status: 'pending' });
    expect(finished[0].payload).toEqual({
      runId: finishedRun,
      state: 2,
      total: 2,
      valued: run.valued,
      alerts: run.alerts,
      valueTotal: run.valueTotal,
      loanTotal: run.loanTotal,
      finishedAt: new Date(run.finished_at).toISOString(),
    });
    expect(run.alerts).toBeGreaterThan(0);
    const [owner] = await t.ds.query(`SELECT organization_id, setting_organization_id FROM notify_outbox WHERE id = $1`, [finished[0].id]);
    expect(owner).toEqual({ organization_id: companyId, setting_organization_id: companyId });
    finishedRowId = finished[0].id;

    const failedRun = await startRun();
    expect(await runner.fail(String(failedRun), '测试失败')).toBe(true);
    expect(await runner.fail(String(failedRun), '测试失败')).toBe(false);
    const failed = await runRows(failedRun);
    expect(failed).toHaveLength(1);
    expect(failed[0].payload).toMatchObject({ runId: failedRun, state: 3, total: 2, valued: 0 });
    failedRowId = failed[0].id;
  }, 60_000);

  it('retries a webhook answering 500 with exponential backoff and delivers it signed', async () => {
    receiver.state.failNext = 1;
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot({ queues: [QUEUES.notify], concurrency: 1 }), {
      logger: false,
      abortOnError: false,
    });
    await delivered(finishedRowId);
    await delivered(failedRowId);

    const job = await t.app.get<Queue>(getQueueToken(QUEUES.notify)).getJob(notifyJobId(finishedRowId));
    expect(job?.opts).toMatchObject({ attempts: 4, backoff: { type: 'exponential', delay: BACKOFF_MS } });
    const tries = receiver.requests.filter((r) => r.id === finishedRowId);
    expect(tries.map((r) => r.status)).toEqual([500, 204]);
    expect(tries[1].at - tries[0].at).toBeGreaterThanOrEqual(BACKOFF_MS - 20);
    for (const r of tries) verify(r);
    const body = JSON.parse(tries[1].body);
    expect(body).toMatchObject({
      id: finishedRowId,
      event: 'revaluation.finished',
      organizationId: companyId,
      data: { state: 2, total: 2 },
    });
    expect((await outbox('id = $1', [finishedRowId]))[0]).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(receiver.requests.filter((r) => r.id === failedRowId).map((r) => r.status)).toEqual([204]);
  }, 60_000);

  it('lists the deliveries of the managed organisations with their attempts, filtered', async () => {
    const res = await deliveries(admin, { kind: 'revaluation.finished' }).expect(200);
    expect(res.body.data).toMatchObject({ total: 2, pages: 1, pageNum: 1 });
    const [failedView, finishedView] = res.body.data.list;
    expect(finishedView).toEqual({
      id: Number(finishedRowId),
      kind: 'revaluation.finished',
      channel: 'webhook',
      status: 'delivered',
      attempts: 2,
      lastError: null,
      organizationId: companyId,
      organizationName: '北京示范银行',
      targetHost: receiver.host,
      resendOf: null,
      createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      finishTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    expect(failedView).toMatchObject({ id: Number(failedRowId), attempts: 1, status: 'delivered' });

    expect((await deliveries(admin, { kind: 'revaluation.finished', status: 'failed' }).expect(200)).body.data.total).toBe(0);
    expect((await deliveries(admin, { beginDate: '2099/01/01' }).expect(200)).body.data.total).toBe(0);
    const bad = await deliveries(admin, { status: 'lost' }).expect(400);
    expect(bad.body).toMatchObject({ code: 400, message: NotifyDeliveryMsg.statusInvalid, data: { field: 'status' } });
    expect((await deliveries(admin, { kind: 'nope' }).expect(400)).body.message).toBe(NotifyDeliveryMsg.kindInvalid);
    expect((await deliveries(await t.login('user', 'demorent')).expect(403)).body.code).toBe(403);
  });

  it('sends a delivered webhook again as a new row, logged, and delivers it', async () => {
    const from = receiver.requests.length;
    const res = await resend(admin, Number(finishedRowId)).expect(200);
    expect(res.body).toMatchObject({ code: 200, message: NotifyDeliveryMsg.resent });
    const copyId = String(res.body.data.id);
    expect(copyId).not.toBe(finishedRowId);
    await delivered(copyId);
    const [original, copy] = await outbox('id = ANY($1::bigint[])', [[finishedRowId, copyId]]);
    expect(original).toMatchObject({ status: 'delivered', attempts: 2, resend_of: null });
    expect(copy).toMatchObject({
      status: 'delivered',
      attempts: 1,
      resend_of: finishedRowId,
      channel: 'webhook',
      payload: original.payload,
    });
    const got = receiver.requests.slice(from).filter((r) => r.id === copyId);
    expect(got).toHaveLength(1);
    verify(got[0]);
    expect(JSON.parse(got[0].body).data).toEqual(original.payload);

    const listed = (await deliveries(admin, { kind: 'revaluation.finished' }).expect(200)).body.data;
    expect(listed.total).toBe(3);
    expect(listed.list[0]).toMatchObject({ id: Number(copyId), resendOf: Number(finishedRowId) });

    const logs = await t.ds.getRepository(OperationLogEntity).find({ where: { action: '重新推送通知' } });
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ actorLogin: 'demoadmin', targetType: 'notify-outbox', targetId: copyId });
    expect(logs[0].detail).toContain(`推送记录${finishedRowId}`);
    expect(logs[0].detail).toContain(receiver.host);
  }, 30_000);

  it('refuses rows outside the caller range, rows not finished and SMS rows', async () => {
    const other = await t.login('user', 'otheradmin');
    const seen = (await deliveries(other).expect(200)).body.data;
    expect(seen.list.map((d: { id: number }) => d.id)).not.toContain(Number(finishedRowId));
    expect((await resend(other, Number(finishedRowId)).expect(404)).body).toEqual({
      code: 404,
      message: NotifyDeliveryMsg.notFound,
      data: null,
    });

    await t.ds.query(
      `INSERT INTO role_permission (role_id, permission_id) SELECT id, 10 FROM role WHERE tenant_id = $1 AND code = '1002'
       ON CONFLICT DO NOTHING`,
      [t.demoTenantId],
    );
    const branch = await t.login('user', 'demouser');
    expect((await deliveries(branch, { kind: 'revaluation.finished' }).expect(200)).body.data.total).toBe(0);
    await resend(branch, Number(finishedRowId)).expect(404);

    await t.ds.transaction((m) =>
      addOutboxMessage(m, {
        tenantId: t.demoTenantId,
        organizationId: companyId,
        kind: 'batch.finished',
        phone: '13800000002',
        payload: {},
      }),
    );
    const [sms]: { id: string }[] = await t.ds.query(
      `SELECT id::text AS id FROM notify_outbox WHERE channel = 'sms' ORDER BY id DESC LIMIT 1`,
    );
    expect((await resend(admin, Number(sms.id)).expect(400)).body.message).toBe(NotifyDeliveryMsg.notResendable);
    await t.ds.query(`UPDATE notify_outbox SET status = 'queued' WHERE id = $1`, [failedRowId]);
    expect((await resend(admin, Number(failedRowId)).expect(400)).body.message).toBe(NotifyDeliveryMsg.notResendable);
    expect((await resend(admin, 'abc').expect(400)).body.message).toBe(NotifyDeliveryMsg.notFound);
    expect(await t.ds.getRepository(OperationLogEntity).count({ where: { action: '重新推送通知' } })).toBe(1);
  });
});
