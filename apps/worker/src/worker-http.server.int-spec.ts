import { createServer, connect, type Server, type Socket } from 'node:net';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { loadConfig } from '@valuation/config';
import { QUEUES } from '@valuation/contracts';
import { createTestDatabase, freePort, uniqueRedisPrefix, type TestDatabase } from '@valuation/testing';
import { WorkerModule } from './worker.module';

/**
 * A TCP relay on a local port to a real server, which can be cut (every connection dropped, new
 * ones refused) and restored: the worker sees its PostgreSQL or Redis go away and come back.
 */
class Relay {
  private server?: Server;
  private readonly sockets = new Set<Socket>();

  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  async open(): Promise<void> {
    if (this.server) return;
    const server = createServer((client) => {
      const upstream = connect(this.target);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.server = server;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const s of this.sockets) s.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

describe('worker readiness while PostgreSQL and Redis are away', () => {
  let db: TestDatabase;
  let app: INestApplicationContext;
  let pg: Relay;
  let redis: Relay;
  let base: string;
  const saved = { DATABASE_URL: process.env.DATABASE_URL, REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: process.env.REDIS_PREFIX };

  const ready = async () => {
    const res = await fetch(`${base}/health/ready`);
    return { status: res.status, body: (await res.json()) as unknown };
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    const dbUrl = new URL(db.url);
    const redisUrl = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0');
    pg = new Relay(await freePort(), { host: dbUrl.hostname, port: Number(dbUrl.port || 5432) });
    redis = new Relay(await freePort(), { host: redisUrl.hostname, port: Number(redisUrl.port || 6379) });
    await Promise.all([pg.open(), redis.open()]);
    dbUrl.hostname = '127.0.0.1';
    dbUrl.port = String(pg.port);
    redisUrl.hostname = '127.0.0.1';
    redisUrl.port = String(redis.port);
    Object.assign(process.env, { DATABASE_URL: dbUrl.toString(), REDIS_URL: redisUrl.toString(), REDIS_PREFIX: uniqueRedisPrefix() });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    loadConfig();
    const module = WorkerModule.forRoot({ queues: [QUEUES.audit], concurrency: 1, httpPort: port });
    app = await NestFactory.createApplicationContext(module, { logger: false, abortOnError: false });
  });

  afterAll(async () => {
    await Promise.all([pg.open(), redis.open()]);
    await app?.close();
    await Promise.all([pg.cut(), redis.cut()]);
    await db.drop();
    Object.assign(process.env, saved);
  });

  it('answers 503 naming what is down, stays alive, and is ready again once both are back', async () => {
    expect(await ready()).toEqual({ status: 200, body: { status: 'ok', checks: { postgres: 'up', redis: 'up' } } });

    await Promise.all([pg.cut(), redis.cut()]);
    expect(await ready()).toEqual({ status: 503, body: { status: 'error', checks: { postgres: 'down', redis: 'down' } } });
    expect((await fetch(`${base}/health/live`)).status).toBe(200);

    await pg.open();
    const redisOnly = await ready();
    expect(redisOnly).toEqual({ status: 503, body: { status: 'error', checks: { postgres: 'up', redis: 'down' } } });

    await redis.open();
    const deadline = Date.now() + 20_000;
    let answer = await ready();
    while (answer.status !== 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      answer = await ready();
    }
    expect(answer).toEqual({ status: 200, body: { status: 'ok', checks: { postgres: 'up', redis: 'up' } } });
  });
});
