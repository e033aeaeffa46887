import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { PATH_METADATA } from '@nestjs/common/constants';
import { Agent, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KEEP_ALIVE_TIMEOUT_MS } from '../src/app.factory';
import { ACCESS_KEY } from '../src/common/access.decorators';
import { startTestApi, type TestApi } from './test-api';

describe('API conventions', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi({ BODY_LIMIT: '2kb', CORS_ORIGINS: 'https://bank.example.com' });
  });
  afterAll(() => t.close());

  it('answers health and readiness with every service checked', async () => {
    expect((await t.http().get('/api/health').expect(200)).body).toEqual({ code: 200, message: 'success', data: { status: 'ok' } });
    const ready = await t.http().get('/api/health/ready').expect(200);
    expect(ready.body.data).toEqual({ status: 'ok', checks: { postgres: 'up', redis: 'up', s3: 'up' } });
  });

  it('wraps errors in the envelope with the HTTP status as code', async () => {
    const missing = await t.http().get('/api/no/such/route').expect(404);
    expect(missing.body).toEqual({ code: 404, message: '请求的资源不存在', data: null });
    const badJson = await t.http().post('/api/login').set('Content-Type', 'application/json').send('{"userName":');
    expect(badJson.status).toBe(400);
    expect(badJson.body).toMatchObject({ code: 400, message: '请求参数不正确' });
    const tooBig = await t
      .http()
      .post('/api/login')
      .send({ userName: 'x'.repeat(5000) });
    expect(tooBig.body).toMatchObject({ code: 413, message: '请求内容过大' });
  });

  it('tags every answer with a request id and sends security headers', async () => {
    const res = await t.http().get('/api/health').set('X-Request-Id', 'trace-12345678');
    expect(res.headers['x-request-id']).toBe('trace-12345678');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-powered-by']).toBeUndefined();
    const generated = await t.http().get('/api/health');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps idle connections open longer than clients and proxies keep theirs', async () => {
    const server = t.app.getHttpServer() as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const agent = new Agent({ keepAlive: true });
    try {
      const { port } = server.address() as AddressInfo;
      const header = await new Promise<string | undefined>((resolve, reject) =>
        get({ host: '127.0.0.1', port, path: '/api/health', agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.headers['keep-alive']));
        }).on('error', reject),
      );
      expect(header).toBe(`timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`);
      expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
    } finally {
      agent.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('allows only the configured origins, exposing the refreshed token header', async () => {
    const allowed = await t
      .http()
      .options('/api/auth/user/login-user')
      .set('Origin', 'https://bank.example.com')
      .set('Access-Control-Request-Method', 'GET')
      .set('Access-Control-Request-Headers', 'authorization');
    expect(allowed.headers['access-control-allow-origin']).toBe('https://bank.example.com');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    const simple = await t.http().get('/api/health').set('Origin', 'https://bank.example.com');
    expect(simple.headers['access-control-expose-headers']).toMatch(/Authorization/);
    const refused = await t.http().get('/api/health').set('Origin', 'https://evil.example.com');
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('describes itself in OpenAPI', async () => {
    const doc = await t.http().get('/api/docs-json').expect(200);
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(['/api/login', '/api/tenant/login', '/api/auth/user/login-user', '/api/health/ready']),
    );
  });

  it('has an access rule on every endpoint', () => {
    const discovery = t.app.get(DiscoveryService);
    const scanner = t.app.get(MetadataScanner);
    const reflector = t.app.get(Reflector);
    const missing: string[] = [];
    let count = 0;
    for (const wrapper of discovery.getControllers()) {
      const proto = Object.getPrototypeOf(wrapper.instance);
      for (const name of scanner.getAllMethodNames(proto)) {
        const handler = proto[name];
        if (Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        count++;
        if (!reflector.getAllAndOverride(ACCESS_KEY, [handler, wrapper.metatype])) missing.push(`${wrapper.name}.${name}`);
      }
    }
    expect(count).toBeGreaterThan(15);
    expect(missing).toEqual([]);
  });
});
