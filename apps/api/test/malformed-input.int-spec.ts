import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { startTestApi, type TestApi } from './test-api';

/** Writes bytes to the API as they are and reads the whole answer (the connection is closed after it). */
function rawRequest(port: number, bytes: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1', () => socket.end(Buffer.from(bytes, 'latin1')));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body: rest.join('\r\n\r\n') });
    });
  });
}

/** A POST of exactly these bytes (supertest would serialise a Buffer under a JSON content type). */
function postBytes(port: number, path: string, headers: Record<string, string>, body: Buffer): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path, method: 'POST', headers: { ...headers, 'Content-Length': body.length } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('malformed input is answered 4xx with the envelope, a Chinese message and the request id', () => {
  let t: TestApi;
  let user: string;
  let channel: string;
  let port: number;
  beforeAll(async () => {
    t = await startTestApi();
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
    user = `Bearer ${await t.login('user', 'demoadmin')}`;
    channel = `Bearer ${await t.login('tenant', 'channeladmin')}`;
  });
  afterAll(() => t.close());

  /** The envelope of a transport-level refusal: its data carries the request id sent in X-Request-Id. */
  const expectRefusal = (res: { status: number; body: unknown; headers: Record<string, string> }, status: number, message: string) => {
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ code: status, message, data: { requestId: expect.any(String) } });
    expect((res.body as { data: { requestId: string } }).data.requestId).toBe(res.headers['x-request-id']);
  };

  it('refuses a NUL character in a query, a form, a JSON body or a multipart field, naming the field', async () => {
    const nul = { code: 400, message: '参数不能包含空字符' };
    const query = await t.http().get('/api/batch/list').query({ taskName: 'a\u0000b' }).set('Authorization', user);
    expect(query.status).toBe(400);
    expect(query.body).toMatchObject({ ...nul, data: { field: 'taskName' } });
    const listed = await t.http().get('/api/org/list').query({ cityName: '北京\u0000' }).set('Authorization', user);
    expect(listed.body).toMatchObject(nul);

    const form = await t
      .http()
      .post('/api/login')
      .type('form')
      .send({ userName: 'demo\u0000admin', password: 'x', captcha: 'x', identity: 'x' });
    expect(form.body).toMatchObject({ ...nul, data: { field: 'userName' } });
    const jsonKey = await t.http().post('/api/login').set('Content-Type', 'application/json').send('{"house":{"a\\u0000":"1"}}');
    expect(jsonKey.body).toMatchObject({ ...nul, data: { field: 'house' } });
    const multipart = await t.http().post('/api/login').field('userName', 'demo\u0000admin').field('password', 'x');
    expect(multipart.body).toMatchObject({ ...nul, data: { field: 'userName' } });
  });

  it('refuses ids beyond a PostgreSQL integer with the rule of the field instead of a database error', async () => {
    const account = await t.http().get('/api/auth/user/infoDetail').query({ userId: '2147483648' }).set('Authorization', user);
    expect(account.status).toBe(400);
    expect(account.body).toMatchObject({ code: 400, message: '账号不存在' });
    const notify = await t
      .http()
      .get('/api/organization/notify-settings')
      .query({ organizationId: '99999999999' })
      .set('Authorization', user);
    expect(notify.status).toBe(400);
    expect(notify.body).toMatchObject({ code: 400, message: '请选择机构' });
    const domain = await t
      .http()
      .post('/api/tenant/customer-domain/delete')
      .type('form')
      .send({ id: '2147483648' })
      .set('Authorization', channel);
    expect(domain.status).toBe(400);
    expect(domain.body).toMatchObject({ code: 400, data: { field: 'id' } });
  });

  it('answers unsupported charsets and encodings, broken gzip and over-deep or over-long forms', async () => {
    const post = () => t.http().post('/api/login');
    expectRefusal(
      await post().set('Content-Type', 'application/x-www-form-urlencoded; charset=gbk').send('userName=a'),
      415,
      '不支持的字符集，请使用 UTF-8 编码',
    );
    expectRefusal(
      await post().set('Content-Type', 'application/json; charset=gbk').send('{"userName":"a"}'),
      415,
      '不支持的字符集，请使用 UTF-8 编码',
    );
    expectRefusal(
      await post().set('Content-Type', 'application/json').set('Content-Encoding', 'compress').send('{}'),
      415,
      '不支持的内容压缩格式',
    );
    expectRefusal(
      await post()
        .type('form')
        .send(`a${'[b]'.repeat(60)}=1`),
      400,
      '参数层级过深',
    );
    expectRefusal(
      await post()
        .type('form')
        .send(Array.from({ length: 2000 }, (_, i) => `p${i}=1`).join('&')),
      413,
      '请求内容过大',
    );
    const login = JSON.stringify({ userName: 'a', password: 'b', captcha: 'c', identity: 'd' });
    const gzip = { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' };
    // A sound gzip body is read; a truncated one is refused.
    const gzipped = await postBytes(port, '/api/login', gzip, zlib.gzipSync(login));
    expect(gzipped).toMatchObject({ status: 400, body: { message: '验证码已失效，请刷新验证码' } });
    const truncated = await postBytes(port, '/api/login', gzip, zlib.gzipSync(login).subarray(0, 12));
    expect(truncated).toMatchObject({
      status: 400,
      body: { code: 400, message: '请求参数不正确', data: { requestId: expect.any(String) } },
    });
  });

  it('refuses JSON nested deeper than any request has', async () => {
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const res = await t.http().post('/api/login').set('Content-Type', 'application/json').send(deep);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, message: '参数层级过深' });
  });

  it('answers a multipart body without a boundary with 400', async () => {
    const res = await t
      .http()
      .post('/api/eval/rapid?evalType=1')
      .set('Authorization', user)
      .set('Content-Type', 'multipart/form-data')
      .send('x');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, message: '请求参数不正确' });
  });

  it('answers a query beyond the header limit with 431 and the envelope, not a bare status line', async () => {
    const res = await t.http().get(`/api/health?x=${'a'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expectRefusal(res, 431, '请求头或查询参数过长');
  });

  it('answers a request Node cannot parse (a NUL in a header) with 400 and the envelope', async () => {
    const res = await rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Test: a\u0000b\r\n\r\n');
    expect(res.status).toBe(400);
    expect(res.headers).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(res.body)).toEqual({ code: 400, message: '请求参数不正确', data: { requestId: expect.any(String) } });
  });

  it('gives validation failures Chinese messages and keeps the ones the spec sets', async () => {
    const letters = await t.http().get('/api/eval/list').query({ pageIndex: 'abc' }).set('Authorization', user);
    expect(letters.status).toBe(400);
    expect(letters.body).toMatchObject({ code: 400, message: '必须为数字', data: { field: 'pageIndex' } });
    const zero = await t.http().get('/api/eval/list').query({ pageIndex: '0' }).set('Authorization', user);
    expect(zero.body).toMatchObject({ code: 400, message: '页码不正确' });
  });

  it('refuses a 100,000-character city name on a valuation before it reaches the database', async () => {
    const res = await t
      .http()
      .post('/api/eval/rapid?evalType=1')
      .set('Authorization', user)
      .send({
        cityCode: '110100',
        cityName: 'x'.repeat(100_000),
        haInfo: { haCode: 'BJ0001', haName: '阳光花园' },
        bldgArea: '89',
        floor: '3',
        bheight: '6',
      });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, message: '输入内容过长', data: { field: 'cityName' } });
  });
});
