/** Process helpers shared by the benchmark commands. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Redis from 'ioredis';
import { Client } from 'pg';

/** The repository root, from dist/server/scripts/bench. */
export const root = path.resolve(__dirname, '../../../..');

/** The value of `--name value` on the command line, or the fallback. */
export function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

/** Runs a built script to the end, printing its label, duration and (optionally) its last line. */
export function runStep(label: string, script: string, args: string[], env: NodeJS.ProcessEnv, showLastLine = false): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, script), ...args], { cwd: root, env });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`${label} failed:\n${out}`));
      const last = showLastLine ? ` ${out.trim().split('\n').filter(Boolean).slice(-1)[0] ?? ''}` : '';
      console.log(`  ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)${last}`);
      resolve();
    });
  });
}

/**
 * CPU seconds (user and system) a process has used so far, from /proc (Linux, 100 clock ticks a
 * second); null where it cannot be read.
 */
export function cpuSeconds(pid: number | undefined): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** Starts the built API with `env`, with the Node options of BENCH_API_NODE_ARGS (such as --cpu-prof). */
export function startApi(env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(
    process.execPath,
    [...(process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean), path.join(root, 'dist/server/apps/api/src/main.js')],
    { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] },
  );
}

/** Waits until the API answers its readiness check, failing if the process ends first. */
export async function waitReady(url: string, api: ChildProcess): Promise<void> {
  for (let i = 0; i < 120; i++) {
    if (api.exitCode !== null) throw new Error('the API stopped while starting');
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the API did not become ready');
}

export interface BenchEnvironment {
  /** Environment of the processes the bench starts. */
  env: NodeJS.ProcessEnv;
  redis: Redis;
  /** Closes Redis and the S3 server. */
  close(): Promise<void>;
}

/**
 * A loopback S3 server, a clean Redis prefix and the bench database with the demo platform and
 * market (prepared again unless `keep` is set and it exists), with the environment pointing at them.
 */
export async function benchEnvironment(options: {
  databaseUrl: string;
  redisUrl: string;
  prefix: string;
  keep: boolean;
  env?: NodeJS.ProcessEnv;
}): Promise<BenchEnvironment> {
  const { databaseUrl, redisUrl, prefix, keep } = options;
  const { startS3Server } = require(path.join(root, 'libs/testing/src/loopback-s3.js'));
  const s3 = await startS3Server({ port: 0, directory: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-s3-')) });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-secret-not-for-production-use',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    S3_ENDPOINT: s3.endpoint,
    LOG_LEVEL: 'warn',
    LOG_PRETTY: 'false',
    ...options.env,
  };
  const redis = new Redis(redisUrl);
  const dbName = new URL(databaseUrl).pathname.slice(1);
  const admin = new Client({ connectionString: Object.assign(new URL(databaseUrl), { pathname: '/postgres' }).toString() });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName])).rowCount;
  if (!keep || !exists) {
    console.log('Preparing the bench database...');
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await runStep('migrate', 'dist/server/scripts/lib/migrate.js', [], env);
    await runStep('demo platform and market', 'dist/server/scripts/lib/seed-demo.js', [], env);
  }
  await admin.end();
  const stale = await redis.keys(`${prefix}:*`);
  if (stale.length) await redis.del(...stale);
  return {
    env,
    redis,
    async close() {
      redis.disconnect();
      await s3.close();
    },
  };
}

/**
 * Tops the valid nationwide valuation counts of accounts of the bench database up to `atLeast`,
 * each with an order placed as the channel places it (the built BalanceBookService: an order, its
 * package and the package's ledger row), valid for a year from today.
 */
export async function topUpNationwide(databaseUrl: string, logins: readonly string[], atLeast: number): Promise<void> {
  require('reflect-metadata');
  const domain = require(path.join(root, 'dist/server/libs/domain/src')) as typeof import('@valuation/domain');
  const persistence = require(path.join(root, 'dist/server/libs/server/persistence/src')) as typeof import('@valuation/persistence');
  const { BalanceBookService } = require(path.join(root, 'dist/server/libs/server/core/src')) as typeof import('@valuation/core');
  const ds = persistence.createDataSource({ DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: 2 });
  await ds.initialize();
  try {
    const book = new BalanceBookService(new persistence.BalanceRepository(ds), new persistence.BalanceOrderRepository(ds));
    const today = domain.businessToday();
    await ds.transaction(async (m) => {
      const accounts: { id: number; tenant_id: number; company_id: number; held: number }[] = await m.query(
        `SELECT a.id, a.tenant_id, a.company_id,
                coalesce((SELECT sum(p.remaining) FROM balance_package p
                           WHERE p.account_id = a.id AND p.kind = 'universal' AND p.effective_date <= $2 AND p.expire_date >= $2), 0)::int AS held
           FROM account a WHERE a.login_user = ANY($1::text[])`,
        [logins, today],
      );
      for (const a of accounts) {
        if (a.held >= atLeast) continue;
        await book.placeOrder(m, {
          tenantId: a.tenant_id,
          accountId: a.id,
          companyId: a.company_id,
          productCode: domain.ProductCode.valuation,
          buyModeCode: domain.BuyMode.enterpriseGift,
          cities: [],
          count: atLeast - a.held,
          orderPrice: '0.00',
          effectiveDate: today,
          expireDate: domain.addDays(today, 365),
          remark: '压测',
          orderFrom: domain.OrderFrom.admin,
          createdBy: null,
        });
      }
    });
  } finally {
    await ds.destroy();
  }
}
