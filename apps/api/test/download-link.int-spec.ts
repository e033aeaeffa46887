import type { Test } from 'supertest';
import { encodePng } from '@valuation/core';
import { ReportConfigEntity } from '@valuation/persistence';
import { IsNull } from 'typeorm';
import { DownloadLinkMsg, DownloadTicketService } from '../src/modules/download-link/download-ticket.service';
import { SessionService } from '../src/modules/auth/session.service';
import { HSTS, REPORT_HTML_CSP } from '../src/common/security-headers';
import { startTestApi, type TestApi } from './test-api';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const SEAL_PNG = encodePng(4, 4, () => [200, 30, 30, 255]);

/** The answer's bytes, whatever its type. */
const bytes = (req: Test) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

describe('download links and the headers of the API answers', () => {
  let t: TestApi;
  let user: string;
  let channel: string;

  const linkFor = (url: string, token: string, endpoint = '/api/download-link') =>
    t.http().post(endpoint).set('Authorization', `Bearer ${token}`).type('form').send({ url });

  beforeAll(async () => {
    t = await startTestApi();
    user = await t.login('user', 'demouser');
    channel = await t.login('tenant', 'channeladmin');
  }, 120_000);
  afterAll(() => t.close());

  it('gives a link without the session token that opens the file once, without a token', async () => {
    const res = await linkFor(`/api/batch/template?timestamp=1&Authorization=${encodeURIComponent(user)}`, user).expect(200);
    expect(res.body.code).toBe(200);
    const { url, expiresIn } = res.body.data as { url: string; expiresIn: number };
    expect(expiresIn).toBe(60);
    expect(url).toMatch(/^\/api\/batch\/template\?timestamp=1&ticket=[\w.-]+$/);
    expect(url).not.toContain(user);
    expect(url.toLowerCase()).not.toContain('authorization');

    const file = await bytes(t.http().get(url)).expect(200);
    expect(file.headers['content-type']).toContain(XLSX);
    expect((file.body as Buffer).subarray(0, 2).toString('latin1')).toBe('PK');
    // A navigation has nowhere to keep a refreshed token, so none is sent back.
    expect(file.headers.authorization).toBeUndefined();

    const again = await t.http().get(url).expect(401);
    expect(again.body).toEqual({ code: 401, message: DownloadLinkMsg.expired, data: null });
  });

  it('binds the ticket to its path and query', async () => {
    const { url } = (await linkFor('/api/batch/template?a=1', user).expect(200)).body.data as { url: string };
    const ticket = new URL(url, 'http://x').searchParams.get('ticket')!;
    // Another value, another parameter, another file route, a JSON route.
    for (const other of [
      url.replace('a=1', 'a=2'),
      `${url}&b=1`,
      `/api/eval/export?a=1&ticket=${ticket}`,
      `/api/batch/list?a=1&ticket=${ticket}`,
    ]) {
      const res = await t.http().get(other).expect(401);
      expect(res.body.message).toBe(DownloadLinkMsg.expired);
    }
    // The same query in another order is the same query; the link is still unused.
    await t.http().get(`/api/batch/template?ticket=${ticket}&a=1`).expect(200);
  });

  it('refuses a forged or expired ticket', async () => {
    const { url } = (await linkFor('/api/batch/template', user).expect(200)).body.data as { url: string };
    const forged = url.replace(
      /\.(\d+)\.([\w-]+)\.([\w-]+)$/,
      (_m, exp: string, nonce: string, sig: string) => `.${Number(exp) + 3600}.${nonce}.${sig}`,
    );
    expect(forged).not.toBe(url);
    await t.http().get(forged).expect(401);

    const claims = t.app.get(SessionService).decode(user)!;
    const tickets = t.app.get(DownloadTicketService);
    const principal = { population: 'user' as const, id: claims.sub, tenantId: claims.tid, sessionId: claims.sid };
    const stale = tickets.issue(principal, { path: '/api/batch/template', query: '' }, Date.now() - 61_000);
    await t.http().get(stale.url).expect(401);
    const fresh = tickets.issue(principal, { path: '/api/batch/template', query: '' });
    await t.http().get(fresh.url).expect(200);
  });

  it('issues links only for file routes of the caller population that the caller may use', async () => {
    for (const url of [
      '/api/batch/list',
      '/api/batch/nothing',
      '/api/org/tenant/list/export',
      'https://evil.example/api/batch/template',
      '/api/../api/batch/list',
    ]) {
      const res = await linkFor(url, user).expect(400);
      expect(res.body).toMatchObject({ code: 400, message: '下载地址不正确' });
    }
    const rent = await t.login('user', 'demorent');
    expect((await linkFor('/api/batch/template', rent).expect(403)).body.code).toBe(403);
    // The user endpoint takes user tokens, the channel endpoint channel tokens.
    await linkFor('/api/org/tenant/list/export', user, '/api/tenant/download-link').expect(401);
    await linkFor('/api/batch/template', channel).expect(401);
    await t.http().post('/api/download-link').type('form').send({ url: '/api/batch/template' }).expect(401);
  });

  it('gives channel staff links to channel downloads', async () => {
    // The demo channel's consulting report is configured; its seal is replaced with this one.
    const { id } = await t.ds
      .getRepository(ReportConfigEntity)
      .findOneByOrFail({ tenantId: t.demoTenantId, companyId: IsNull(), reportType: 2 });
    await t
      .http()
      .post('/api/tenant/report-config/update')
      .set('Authorization', `Bearer ${channel}`)
      .field('id', String(id))
      .field('reportType', '2')
      .field('reportName', '房地产咨询报告')
      .attach('reportSignImgFile', SEAL_PNG, { filename: 'seal.png', contentType: 'image/png' })
      .expect(200);
    const res = await linkFor('/api/tenant/report-config/images?reportType=2&imageType=5', channel, '/api/tenant/download-link').expect(
      200,
    );
    const file = await bytes(t.http().get(res.body.data.url)).expect(200);
    expect(file.body).toEqual(SEAL_PNG);
  });

  it('ends the links of a session when it logs out', async () => {
    const token = await t.login('user', 'demouser');
    const { url } = (await linkFor('/api/batch/template', token).expect(200)).body.data as { url: string };
    await t.http().post('/api/logout').set('Authorization', `Bearer ${token}`).expect(200);
    await t.http().get(url).expect(401);
  });

  it('still takes the token as the Authorization query parameter of a download, as the spec says', async () => {
    await t
      .http()
      .get(`/api/batch/template?Authorization=${encodeURIComponent(user)}`)
      .expect(200);
  });

  it('sends a content security policy that lets nothing run, nosniff and same-origin framing, and HSTS only over HTTPS', async () => {
    const res = await t.http().get('/api/health').expect(200);
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toMatch(/script-src/);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeUndefined();

    // TLS ended at the trusted proxy in front (loopback), which says so in X-Forwarded-Proto.
    const secure = await t.http().get('/api/health').set('X-Forwarded-Proto', 'https').expect(200);
    expect(secure.headers['strict-transport-security']).toBe(HSTS);
  });

  it('answers the report pages with a strict policy of their own', async () => {
    const res = await t.http().get('/api/eval/report/sample?reportType=1').set('Authorization', `Bearer ${user}`).expect(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toBe(REPORT_HTML_CSP);
  });

  it('lets the API description page load its own scripts and styles only', async () => {
    const res = await t.http().get('/api/docs/').expect(200);
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });
});
