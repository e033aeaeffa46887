/**
 * Sends malformed input to every operation of the API's OpenAPI description and fails on any 5xx,
 * any answer that is not the { code, message, data } envelope (files of file operations excepted)
 * and any error message that is not Chinese. The API runs in this process on a fresh database with
 * the demo platform, as in the integration tests; every operation is called anonymously and with a
 * token of its population (an account holding one of its permissions where one does).
 *
 *   npm run test:fuzz                          every probe (a few minutes)
 *   FUZZ_LEVEL=short npm run test:fuzz         a sample per operation (what `npm test` runs)
 *   FUZZ_SEED=7 FUZZ_CONCURRENCY=4 FUZZ_LOG_LEVEL=error   other sample, parallel requests, API logs
 */
import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type Redis from 'ioredis';
import type { DataSource } from 'typeorm';
import { configSchema, loadConfig, type AppConfig } from '@valuation/config';
import { DEMO_PASSWORD, seedDemoPlatform } from '@valuation/core';
import { REDIS, RedisKeys } from '@valuation/queue';
import { ObjectStorage } from '@valuation/storage';
import { seededRandom } from '@valuation/valuation';
import { answerProblem } from './fuzz-checks';
import { send } from './fuzz-client';
import { probesFor, type Probe } from './fuzz-cases';
import { operationsOf, type OpenApiDocument, type Operation, type Population } from './fuzz-operations';

/** The repository root, from dist/server/scripts/fuzz. */
const root = path.resolve(__dirname, '../../../..');

const level = process.env.FUZZ_LEVEL === 'short' ? 'short' : 'full';
const seed = Number(process.env.FUZZ_SEED ?? 1) || 1;
const concurrency = Math.max(1, Number(process.env.FUZZ_CONCURRENCY ?? 4) || 4);
/** Probes per operation and caller in the short run: the usual request plus this many chosen at random. */
const SHORT_SAMPLE = { loggedIn: 20, anonymous: 6 };
const TIMEOUT_MS = 30_000;
/** Failures listed one by one (all are counted by kind). */
const SHOWN = Math.max(0, Number(process.env.FUZZ_SHOW ?? 60) || 0);

/** The accounts the fuzz logs in with: the first holding one of an operation's permissions calls it. */
const ACCOUNTS: Record<Population, string[]> = { user: ['demoadmin'], tenant: ['channeladmin', 'appraiser1'] };

interface Caller {
  label: string;
  population: Population;
  token: string;
  permissions: Set<number>;
}

function sample<T>(items: T[], n: number, next: () => number): T[] {
  const pool = [...items];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, n);
}

function bytesOf(limit: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?$/i.exec(limit.trim());
  if (!m) return 1024 * 1024;
  const unit = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 }[(m[2] ?? 'b').toLowerCase() as 'b'];
  return Math.round(Number(m[1]) * unit);
}

/** Rate limits far above what the fuzz sends, so its inputs reach the handlers (a 429 would still pass). */
function generousRateLimits(): Record<string, string> {
  return Object.fromEntries(
    Object.keys(configSchema.shape)
      .filter((k) => /^RATE_LIMIT_.*_PER_/.test(k))
      .map((k) => [k, '1000000']),
  );
}

interface Api {
  app: INestApplication;
  config: AppConfig;
  port: number;
  redis: Redis;
  keys: RedisKeys;
  close(): Promise<void>;
}

/** A loopback S3 server of the fuzz's own, unless S3_ENDPOINT points at one (as for the integration tests). */
async function objectStorage(): Promise<{ endpoint: string; close(): Promise<void> }> {
  const given = process.env.S3_ENDPOINT;
  if (given) return { endpoint: given, close: async () => undefined };
  const { startS3Server } = await import('@valuation/testing');
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'fuzz-s3-'));
  const server = await startS3Server({ port: 0, directory });
  return {
    endpoint: server.endpoint,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

async function startApi(): Promise<Api> {
  // Whatever was started is stopped again if a later step fails.
  const undo: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const step of undo.reverse()) await step();
  };
  try {
    const s3 = await objectStorage();
    undo.push(() => s3.close());
    const { createTestDatabase, uniqueRedisPrefix } = await import('@valuation/testing');
    const db = await createTestDatabase();
    undo.push(() => db.drop());
    Object.assign(process.env, {
      NODE_ENV: 'test',
      API_DOCS: 'true',
      DATABASE_URL: db.url,
      REDIS_PREFIX: uniqueRedisPrefix(),
      S3_ENDPOINT: s3.endpoint,
      LOG_LEVEL: process.env.FUZZ_LOG_LEVEL ?? 'silent',
      ...generousRateLimits(),
    });
    const config = loadConfig();
    // The API is an application: the fuzz loads its build rather than importing its sources.
    const { createApiApp } = (await import(path.join(root, 'dist/server/apps/api/src/app.factory.js'))) as {
      createApiApp(config: AppConfig): Promise<INestApplication>;
    };
    const app = await createApiApp(config);
    const redis = app.get<Redis>(REDIS);
    undo.push(async () => {
      const stale = await redis.keys(`${config.REDIS_PREFIX}:*`);
      if (stale.length) await redis.del(...stale);
      await app.close();
    });
    await app.listen(0, '127.0.0.1');
    const port = (app.getHttpServer().address() as AddressInfo).port;
    await seedDemoPlatform(app.get<DataSource>(getDataSourceToken()), app.get(ObjectStorage));
    return { app, config, port, redis, keys: app.get(RedisKeys), close: stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

async function json(port: number, method: string, target: string, headers: Record<string, string> = {}, body?: string) {
  const sent = await send(
    port,
    { kind: 'setup', method, target, headers, body: body === undefined ? undefined : Buffer.from(body) },
    TIMEOUT_MS,
  );
  if (!sent.ok) throw new Error(`${method} ${target}: ${sent.error}`);
  return { status: sent.answer.status, headers: sent.answer.headers, body: JSON.parse(sent.answer.body.toString('utf8')) };
}

async function logIn(api: Api, population: Population, userName: string): Promise<Caller> {
  const prefix = population === 'user' ? '/api' : '/api/tenant';
  const captcha = await json(api.port, 'GET', population === 'user' ? '/api/login/captcha' : '/api/tenant/captcha');
  const identity: string = captcha.body.data.identity;
  const answer = await api.redis.get(api.keys.of('captcha', identity));
  if (!answer) throw new Error('captcha answer not stored');
  const form = new URLSearchParams({ userName, password: DEMO_PASSWORD, captcha: answer, identity }).toString();
  const login = await json(api.port, 'POST', `${prefix}/login`, { 'Content-Type': 'application/x-www-form-urlencoded' }, form);
  if (login.body.code !== 200) throw new Error(`login of ${userName} failed: ${login.body.message}`);
  const token = `Bearer ${login.body.data.token}`;
  const permsPath = population === 'user' ? '/api/auth/user/login-user/perms' : '/api/tenant/auth/user/t/login-user/perms';
  const perms = await json(api.port, 'GET', permsPath, { Authorization: token });
  const ids = ((perms.body.data ?? []) as { id: number }[]).map((p) => p.id);
  return { label: userName, population, token, permissions: new Set(ids) };
}

function callerFor(op: Operation, callers: Caller[]): Caller | undefined {
  const own = callers.filter((c) => c.population === op.population);
  return own.find((c) => op.permissions.some((id) => c.permissions.has(id))) ?? own[0];
}

interface Job {
  op: Operation;
  caller: Caller | undefined;
  probe: Probe;
}

/** Logging out ends the caller's session: those operations come last. */
const endsSession = (op: Operation) => /\/logout$/.test(op.path);

function plan(operations: Operation[], callers: Caller[], bodyLimitBytes: number): Job[] {
  const next = seededRandom(seed);
  const jobs: Job[] = [];
  const ordered = [...operations.filter((o) => !endsSession(o)), ...operations.filter(endsSession)];
  for (const op of ordered) {
    const caller = callerFor(op, callers);
    for (const who of [undefined, caller]) {
      const probes = probesFor(op, { authorization: who?.token, bodyLimitBytes });
      const chosen =
        level === 'full' ? probes : [probes[0], ...sample(probes.slice(1), who ? SHORT_SAMPLE.loggedIn : SHORT_SAMPLE.anonymous, next)];
      jobs.push(...chosen.map((probe) => ({ op, caller: who, probe })));
    }
  }
  return jobs;
}

interface Failure {
  job: Job;
  problem: string;
  excerpt: string;
}

type Counts = Record<'anonymous' | 'loggedIn', Map<string, number>>;

async function run(port: number, jobs: Job[]): Promise<{ byStatus: Counts; failures: Failure[] }> {
  const byStatus: Counts = { anonymous: new Map(), loggedIn: new Map() };
  const failures: Failure[] = [];
  const sessionEnders = jobs.filter((j) => endsSession(j.op));
  const others = jobs.filter((j) => !endsSession(j.op));
  const work = async (queue: Job[]) => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const counts = byStatus[job.caller ? 'loggedIn' : 'anonymous'];
      const count = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
      const sent = await send(port, job.probe, TIMEOUT_MS);
      if (!sent.ok) {
        count('none');
        failures.push({ job, problem: sent.error, excerpt: '' });
        continue;
      }
      count(String(sent.answer.status));
      const refreshed = sent.answer.headers.authorization;
      if (job.caller && typeof refreshed === 'string' && refreshed.startsWith('Bearer ')) job.caller.token = refreshed;
      const problem = answerProblem(job.op, sent.answer, job.probe.sentNames);
      if (problem) failures.push({ job, problem, excerpt: sent.answer.body.subarray(0, 200).toString('utf8') });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, () => work(others)));
  await work(sessionEnders);
  return { byStatus, failures };
}

async function main() {
  const started = Date.now();
  console.log(`Fuzz (${level}, seed ${seed}, ${concurrency} at once): starting the API on a fresh database...`);
  const api = await startApi();
  let failed = true;
  try {
    const doc = (await json(api.port, 'GET', '/api/docs-json')).body as OpenApiDocument;
    const operations = operationsOf(doc);
    const callers: Caller[] = [];
    for (const [population, names] of Object.entries(ACCOUNTS) as [Population, string[]][]) {
      for (const name of names) callers.push(await logIn(api, population, name));
    }
    const jobs = plan(operations, callers, bytesOf(api.config.BODY_LIMIT));
    const requests = jobs.length;
    const sending = Date.now();
    const { byStatus, failures } = await run(api.port, jobs);
    const seconds = (Date.now() - sending) / 1000;
    console.log(`Operations: ${operations.length}`);
    console.log(`Requests: ${requests} in ${seconds.toFixed(1)} s`);
    for (const [who, counts] of Object.entries(byStatus)) {
      const statuses = [...counts.entries()].sort(([a], [b]) => a.localeCompare(b));
      console.log(
        `Answers by status (${who === 'loggedIn' ? 'logged in' : 'anonymous'}): ${statuses.map(([s, n]) => `${s} ${n}`).join(', ')}`,
      );
    }
    console.log(`Failures: ${failures.length}`);
    if (failures.length) {
      const byKind = new Map<string, number>();
      for (const f of failures) {
        const kind = f.job.probe.kind.split(':').slice(0, 2).join(':');
        byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
      }
      const kinds = [...byKind.entries()].sort(([, a], [, b]) => b - a);
      console.log(`Failures by probe: ${kinds.map(([k, n]) => `${k} ${n}`).join(', ')}`);
      const ops = new Set(failures.map((f) => f.job.op.id));
      console.log(`Operations with failures: ${ops.size}`);
    }
    for (const f of failures.slice(0, SHOWN)) {
      const who = f.job.caller ? f.job.caller.label : 'anonymous';
      console.log(
        `  ${f.job.op.method} ${f.job.op.path} [${who}] ${f.job.probe.kind}: ${f.problem}${f.excerpt ? ` -- ${f.excerpt.replace(/\s+/g, ' ')}` : ''}`,
      );
    }
    if (failures.length > SHOWN) console.log(`  ... and ${failures.length - SHOWN} more (FUZZ_SHOW=n lists more)`);
    failed = failures.length > 0;
  } finally {
    await api.close();
  }
  console.log(`${failed ? 'FAILED' : 'Passed'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
