import type { INestApplication } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import type Redis from 'ioredis';
import { loadConfig, type AppConfig } from '@valuation/config';
import { REDIS, RedisKeys } from '@valuation/queue';
import { ObjectStorage } from '@valuation/storage';
import { createTenantFixture, DEMO_PASSWORD, seedDemoPlatform } from '@valuation/core';
import { createTestDatabase, uniqueRedisPrefix, type TestDatabase } from '@valuation/testing';
import type { Population } from '@valuation/domain';
import { createApiApp } from '../src/app.factory';

export interface TestApi {
  app: INestApplication;
  config: AppConfig;
  ds: DataSource;
  redis: Redis;
  keys: RedisKeys;
  http: () => ReturnType<typeof request>;
  /** The other tenant of the fixture, with logins otheradmin, otheruser, othchannel. */
  otherTenantId: number;
  demoTenantId: number;
  captcha(pop: Population): Promise<{ identity: string; answer: string }>;
  login(pop: Population, userName: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * Request rate limits far above what any suite sends, so suites that log in and value a lot are not
 * refused; the tests of the limits themselves pass their own. Set on every start, so the limits of
 * one test do not carry over to the next API a file starts.
 */
export const GENEROUS_RATE_LIMITS: Record<string, string> = Object.fromEntries(
  ['LOGIN', 'CAPTCHA']
    .map((c) => [`RATE_LIMIT_${c}_PER_ADDRESS`, '100000'])
    .concat(
      ['VALUATION', 'REPORT', 'EXPORT', 'UPLOAD'].flatMap((c) => [
        [`RATE_LIMIT_${c}_PER_ACCOUNT`, '100000'],
        [`RATE_LIMIT_${c}_PER_ADDRESS`, '100000'],
      ]),
    ),
);

/**
 * The API on a fresh database, a Redis prefix and an S3 bucket of its own (test files share one S3
 * server, and both demo tenants have the same ids in every database), loaded with two tenants.
 */
export async function startTestApi(env: Record<string, string> = {}): Promise<TestApi> {
  const db: TestDatabase = await createTestDatabase();
  const own = uniqueRedisPrefix();
  Object.assign(
    process.env,
    { DATABASE_URL: db.url, REDIS_PREFIX: own, S3_BUCKET: own, LOG_LEVEL: 'silent', NODE_ENV: 'test' },
    GENEROUS_RATE_LIMITS,
    env,
  );
  const config = loadConfig();
  const app = await createApiApp(config);
  await app.init();
  const ds = app.get<DataSource>(getDataSourceToken());
  const redis = app.get<Redis>(REDIS);
  const keys = app.get(RedisKeys);
  const demo = await seedDemoPlatform(ds, app.get(ObjectStorage));
  const otherTenantId = await ds.transaction((m) =>
    createTenantFixture(
      m,
      {
        code: 'other',
        name: '另一渠道',
        productName: '另一渠道估价系统',
        companyName: '另一估价公司',
        prefix: 'other',
        customerName: '江南示范银行',
        phonePrefix: '1390000',
      },
      DEMO_PASSWORD,
    ),
  );
  const http = () => request(app.getHttpServer());

  const captcha = async (pop: Population) => {
    const res = await http()
      .get(pop === 'user' ? '/api/login/captcha' : '/api/tenant/captcha')
      .expect(200);
    const identity: string = res.body.data.identity;
    const answer = await redis.get(keys.of('captcha', identity));
    if (!answer) throw new Error('captcha answer not stored');
    return { identity, answer };
  };

  const login = async (pop: Population, userName: string, password = DEMO_PASSWORD) => {
    const { identity, answer } = await captcha(pop);
    const res = await http()
      .post(pop === 'user' ? '/api/login/' : '/api/tenant/login')
      .type('form')
      .send({ userName, password, captcha: answer, identity });
    if (res.body.code !== 200) throw new Error(`login of ${userName} failed: ${res.body.message}`);
    return res.body.data.token as string;
  };

  return {
    app,
    config,
    ds,
    redis,
    keys,
    http,
    otherTenantId,
    demoTenantId: demo.tenantId,
    captcha,
    login,
    async close() {
      const stale = await redis.keys(`${config.REDIS_PREFIX}:*`);
      if (stale.length) await redis.del(...stale);
      await app.close();
      await db.drop();
    },
  };
}
