import net from 'node:net';
import { Test, type TestingModule } from '@nestjs/testing';
import { Redis } from 'ioredis';
import { ConfigModule } from '@valuation/config';
import { uniqueRedisPrefix } from '@valuation/testing';
import { RedisHealth } from './redis-health.service';
import { RedisKeys } from './redis-keys.service';
import { RedisModule } from './redis.module';
import { REDIS } from './redis.tokens';

describe('RedisModule', () => {
  const prefix = uniqueRedisPrefix();
  let moduleRef: TestingModule;
  let redis: Redis;
  let keys: RedisKeys;

  beforeAll(async () => {
    process.env.REDIS_PREFIX = prefix;
    moduleRef = await Test.createTestingModule({ imports: [ConfigModule, RedisModule] }).compile();
    await moduleRef.init();
    redis = moduleRef.get<Redis>(REDIS);
    keys = moduleRef.get(RedisKeys);
  });

  afterAll(async () => {
    if (redis.status === 'ready') {
      const found = await redis.keys(`${prefix}:*`);
      if (found.length > 0) await redis.del(...found);
    }
    await moduleRef.close();
    delete process.env.REDIS_PREFIX;
  });

  it('builds keys under REDIS_PREFIX', () => {
    expect(keys.prefix).toBe(prefix);
    expect(keys.of('captcha', 'a1b2')).toBe(`${prefix}:captcha:a1b2`);
    expect(keys.of('session', 42, 'x')).toBe(`${prefix}:session:42:x`);
    expect(() => keys.of()).toThrow('A Redis key needs at least one part after the prefix');
  });

  it('gives a working client', async () => {
    const key = keys.of('captcha', 'round-trip');
    await redis.set(key, '7k3p', 'EX', 300);
    expect(await redis.get(key)).toBe('7k3p');
    expect(await redis.ttl(key)).toBeGreaterThan(290);
  });

  it('pings for readiness', async () => {
    await expect(moduleRef.get(RedisHealth).ping()).resolves.toBeUndefined();
  });

  it('ping rejects when Redis does not answer', async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const address = probe.address();
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    if (address === null || typeof address === 'string') throw new Error('no port');
    const client = new Redis({ host: '127.0.0.1', port: address.port, retryStrategy: () => 5000, disconnectTimeout: 50 });
    client.on('error', () => undefined);
    try {
      await expect(new RedisHealth(client).ping(300)).rejects.toThrow('Redis did not answer within 300 ms');
    } finally {
      client.disconnect();
    }
  });

  it('closes the client on shutdown', async () => {
    const other = await Test.createTestingModule({ imports: [ConfigModule, RedisModule] }).compile();
    await other.init();
    const client = other.get<Redis>(REDIS);
    await client.ping();
    await other.close();
    expect(client.status).toBe('end');
  });
});
