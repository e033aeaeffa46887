import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createApiApp } from '../src/app.factory';
import { RateLimitMsg } from '../src/common/rate-limiter';
import { ExportSlots } from '../src/common/xlsx-export';
import { startTestApi, type TestApi } from './test-api';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A 429 of the rate limits: the envelope, the Chinese message and when to retry, also in Retry-After. */
function expectRefused(res: request.Response) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ code: 429, message: RateLimitMsg.tooMany, data: { retryAfter: expect.any(Number) } });
  expect(res.body.data.retryAfter).toBeGreaterThanOrEqual(1);
  // Within two windows of 60 s: the previous window's count fades out over the next one.
  expect(res.body.data.retryAfter).toBeLessThanOrEqual(120);
  expect(res.headers['retry-after']).toBe(String(res.body.data.retryAfter));
}

async function until(what: string, probe: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('request rate limits', () => {
  let t: TestApi;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestApi({
      RATE_LIMIT_CAPTCHA_PER_ADDRESS: '5',
      RATE_LIMIT_LOGIN_PER_ADDRESS: '4',
      RATE_LIMIT_VALUATION_PER_ACCOUNT: '3',
      RATE_LIMIT_VALUATION_PER_ADDRESS: '5',
      RATE_LIMIT_REPORT_PER_ACCOUNT: '2',
      RATE_LIMIT_EXPORT_PER_ACCOUNT: '2',
      RATE_LIMIT_UPLOAD_PER_ACCOUNT: '1',
    });
    for (const name of ['demoadmin', 'demouser', 'otheradmin']) tokens[name] = await t.login('user', name);
  });
  afterAll(() => t.close());

  const as = (name: string, address: string) => ({ Authorization: `Bearer ${tokens[name]}`, 'X-Forwarded-For': address });
  const rapid = (name: string, address: string) =>
    t.http().post('/api/eval/rapid').query({ evalType: 1 }).set(as(name, address)).send({ cityCode: '110100' });

  it('limits captchas per address, each address on its own', async () => {
    for (let i = 0; i < 5; i++) await t.http().get('/api/login/captcha').set('X-Forwarded-For', '203.0.113.10').expect(200);
    expectRefused(await t.http().get('/api/login/captcha').set('X-Forwarded-For', '203.0.113.10'));
    expectRefused(await t.http().get('/api/tenant/captcha').set('X-Forwarded-For', '203.0.113.10'));
    await t.http().get('/api/login/captcha').set('X-Forwarded-For', '203.0.113.11').expect(200);
  });

  it('limits login attempts per address, before the captcha is even looked at', async () => {
    const attempt = () =>
      t
        .http()
        .post('/api/login')
        .set('X-Forwarded-For', '203.0.113.12')
        .send({ userName: 'demouser', password: 'x', captcha: 'abcd', identity: 'none' });
    for (let i = 0; i < 4; i++) expect((await attempt()).status).toBe(400);
    expectRefused(await attempt());
  });

  it('limits valuations per account whatever the address, and per address whatever the account', async () => {
    for (let i = 0; i < 3; i++) expect((await rapid('demouser', '198.51.100.1')).status).not.toBe(429);
    expectRefused(await rapid('demouser', '198.51.100.1'));
    expectRefused(await rapid('demouser', '198.51.100.2'));
    // The refused ones used nothing up: the address has room for two more.
    for (let i = 0; i < 2; i++) expect((await rapid('demoadmin', '198.51.100.1')).status).not.toBe(429);
    expectRefused(await rapid('demoadmin', '198.51.100.1'));
    expect((await rapid('demoadmin', '198.51.100.3')).status).not.toBe(429);
  });

  it('limits report orders per account', async () => {
    const order = () => t.http().post('/api/eval/inquiry/add').set(as('otheradmin', '198.51.100.20')).send({ evalCode: 'NOSUCHCODE1' });
    for (let i = 0; i < 2; i++) expect((await order()).status).not.toBe(429);
    expectRefused(await order());
  });

  it('puts every spreadsheet download under the export limit and every upload under the upload limit, undeclared', async () => {
    for (let i = 0; i < 2; i++) {
      const file = await t.http().get('/api/batch/template').set(as('demoadmin', '198.51.100.30')).buffer(true).expect(200);
      expect(file.headers['content-type']).toContain(XLSX);
    }
    expectRefused(await t.http().get('/api/batch/template').set(as('demoadmin', '198.51.100.30')));

    const upload = () =>
      t
        .http()
        .post('/api/batch/upload')
        .set(as('demoadmin', '198.51.100.31'))
        .field('taskName', '限流')
        .attach('file', Buffer.from('a,b\n1,2\n'), 'rows.csv');
    expect((await upload()).status).not.toBe(429);
    expectRefused(await upload());
  });

  it('holds the limits across API processes sharing Redis', async () => {
    const second: INestApplication = await createApiApp(t.config);
    await second.init();
    try {
      const via = [t.app, second];
      for (let i = 0; i < 3; i++) {
        const res = await request(via[i % 2].getHttpServer())
          .post('/api/eval/rapid')
          .query({ evalType: 1 })
          .set(as('otheradmin', '198.51.100.40'))
          .send({});
        expect(res.status).not.toBe(429);
      }
      expectRefused(
        await request(second.getHttpServer())
          .post('/api/eval/rapid')
          .query({ evalType: 1 })
          .set(as('otheradmin', '198.51.100.41'))
          .send({}),
      );
    } finally {
      await second.close();
    }
  });
});

describe('the client address behind proxies', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi({ TRUST_PROXY: 'none', RATE_LIMIT_CAPTCHA_PER_ADDRESS: '3' });
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For from a client that is not a configured proxy', async () => {
    for (const address of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) {
      await t.http().get('/api/login/captcha').set('X-Forwarded-For', address).expect(200);
    }
    expectRefused(await t.http().get('/api/login/captcha').set('X-Forwarded-For', '192.0.2.4'));
  });
});

describe('exports at once', () => {
  let t: TestApi;
  let token: string;
  beforeAll(async () => {
    t = await startTestApi({ EXPORT_CONCURRENCY: '1' });
    token = await t.login('user', 'demoadmin');
  });
  afterAll(() => t.close());

  const template = () => t.http().get('/api/batch/template').set('Authorization', `Bearer ${token}`).buffer(true);

  it('writes one workbook at a time per process, queues a few, refuses beyond, and frees the slot when a client leaves', async () => {
    const slots = t.app.get(ExportSlots);
    const release = await slots.acquire(new AbortController().signal);
    const answers: number[] = [];
    const waiting = [0, 1, 2].map(() => template().then((res) => answers.push(res.status)));
    await until('three waiting exports', () => slots.queued === 3);

    const leaving = template();
    leaving.end(() => undefined);
    await until('a fourth waiting export', () => slots.queued === 4);
    const refused = await template();
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ code: 429, message: RateLimitMsg.tooMany, data: null });
    leaving.abort();
    await until('the client that left to leave the queue', () => slots.queued === 3);

    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(answers).toEqual([]);
    release();
    await Promise.all(waiting);
    expect(answers).toEqual([200, 200, 200]);
    await until('every slot free', () => slots.running === 0 && slots.queued === 0);

    // An export that fails (nothing to export) gives its slot back too.
    expect((await t.http().get('/api/eval/export').set('Authorization', `Bearer ${token}`)).body).toMatchObject({ code: 404 });
    await until('the failed export’s slot free', () => slots.running === 0);
    await template().expect(200);
  });
});
