import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Test } from 'supertest';
import { BatchMsg, CaseFileMsg, Msg } from '@valuation/domain';
import { UploadMsg } from '../src/common/multipart';
import { apiRoutes } from '../src/common/openapi';
import { startTestApi, type TestApi } from './test-api';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const MB = 1024 * 1024;

interface EarlyAnswer {
  status: number;
  body: { code: number; message: string; data: unknown };
  /** Bytes of the file sent when the answer arrived. */
  sent: number;
  total: number;
}

describe('uploads are read only after authentication, within the limits each route declares', () => {
  let t: TestApi;
  let port: number;
  let user: string;
  let appraiser: string;

  /**
   * Posts a multipart body with one file of `fileBytes` bytes in the field `field`, sending the
   * first megabyte and then waiting (up to 10 s) for an answer before sending more: a server that
   * reads the whole body before answering cannot answer while most of it is still unsent.
   */
  function uploadAndWait(path: string, fileBytes: number, headers: Record<string, string> = {}, field = 'files'): Promise<EarlyAnswer> {
    const boundary = `----upload${Date.now()}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    return new Promise((resolve, reject) => {
      let sent = 0;
      let answered = false;
      let wake: (() => void) | undefined;
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        headers: {
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': String(head.length + fileBytes + tail.length),
          ...headers,
        },
      });
      req.on('error', (err) => {
        if (!answered) reject(err);
      });
      req.on('response', (res) => {
        answered = true;
        const atAnswer = sent;
        wake?.();
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          req.destroy();
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
            sent: atAnswer,
            total: fileBytes,
          });
        });
      });
      const write = (chunk: Buffer) => new Promise<void>((done) => (req.write(chunk) ? done() : req.once('drain', done)));
      void (async () => {
        await write(head);
        const block = Buffer.alloc(MB, 7);
        while (sent < fileBytes && !answered) {
          const size = Math.min(MB, fileBytes - sent);
          await write(size === MB ? block : block.subarray(0, size));
          sent += size;
          if (sent === MB) await new Promise<void>((go) => ((wake = go), setTimeout(go, 10_000)));
        }
        if (!answered) req.end(tail);
      })().catch(reject);
    });
  }

  beforeAll(async () => {
    t = await startTestApi();
    const server = t.app.getHttpServer() as http.Server;
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    port = (server.address() as AddressInfo).port;
    user = await t.login('user', 'demouser');
    appraiser = await t.login('tenant', 'appraiser1');
  }, 120_000);
  afterAll(() => t.close());

  it('refuses an anonymous 31 MB upload to every upload route with 401 while its first megabyte is all that was sent', async () => {
    const routes = apiRoutes(t.app).filter((r) => r.uploads && r.uploads.files.length > 0);
    expect(routes.map((r) => r.path)).toEqual(expect.arrayContaining(['/api/artificial/add', '/api/batch/upload', '/api/org/req']));
    for (const route of routes) {
      const res = await uploadAndWait(route.path, 31 * MB, {}, route.uploads!.files[0].name);
      expect({ route: route.path, status: res.status, body: res.body }).toEqual({
        route: route.path,
        status: 401,
        body: { code: 401, message: Msg.unauthorized, data: null },
      });
      // The answer came during the pause after the first megabyte, not once the body had been read.
      expect(res.sent).toBe(MB);
    }
  }, 120_000);

  it('refuses a 31 MB upload from staff without the permission with 403 before the body is sent', async () => {
    const res = await uploadAndWait('/api/org/tenant/pushreport', 31 * MB, { Authorization: `Bearer ${appraiser}` });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 403, data: null });
    expect(res.sent).toBe(MB);
  }, 60_000);

  it('answers a file field the route does not declare, too many files or a file over the limit with 400 and the rule', async () => {
    const as = (req: Test) => req.set('Authorization', `Bearer ${user}`);
    const batch = () => as(t.http().post('/api/batch/upload')).field('taskName', '任务');

    const undeclared = await batch().attach('photo', PNG, 'a.png');
    expect(undeclared.body).toEqual({ code: 400, message: UploadMsg.undeclared('photo'), data: null });

    const two = await batch().attach('file', Buffer.from('a,b\n'), 'a.csv').attach('file', Buffer.from('a,b\n'), 'b.csv');
    expect(two.body).toEqual({ code: 400, message: UploadMsg.tooMany(1), data: null });

    const big = await batch().attach('file', Buffer.alloc(5_242_881, 0x20), 'big.csv');
    expect(big.body).toEqual({ code: 400, message: BatchMsg.fileSize, data: null });

    const six = as(t.http().post('/api/artificial/add')).field('evalType', '1');
    for (let i = 0; i < 6; i++) six.attach('files', PNG, `${i}.png`);
    expect((await six).body).toEqual({ code: 400, message: CaseFileMsg.tooMany, data: null });

    const over = await as(t.http().post('/api/artificial/add'))
      .field('evalType', '1')
      .attach('files', Buffer.concat([PNG, Buffer.alloc(31 * MB)]), 'big.png');
    expect(over.body).toEqual({ code: 400, message: CaseFileMsg.tooBig, data: null });
    expect(over.status).toBe(400);
  }, 120_000);

  it('takes text fields only on routes without uploads, and answers a malformed body with 400', async () => {
    const login = await t.http().post('/api/login').attach('avatar', PNG, 'a.png');
    expect(login.body).toEqual({ code: 400, message: UploadMsg.noFiles, data: null });

    const broken = await t
      .http()
      .post('/api/login')
      .set('Content-Type', 'multipart/form-data; boundary=xyz')
      .send('--xyz\r\nContent-Disposition: form-data; name="userName"\r\n\r\ndemo');
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ code: 400, message: Msg.badRequest });
  });
});
