/**
 * Speed of quick valuation over HTTP against its IO floor: loads the demo market and the Beijing
 * listings into a bench database, starts the built API and its IO floor (scripts/bench/io-floor.ts:
 * a plain node:http server with as many processes, doing only the Redis session read and the
 * PostgreSQL transaction of a quick valuation, on the same tables), drives each with autocannon as
 * fast as it answers (its capacity) in alternating rounds with the same load, then paces the API
 * evenly at 70 % of its measured capacity, then the IO floor at the same rate (the tail the machine's
 * own IO gives any server), each after a rest of SETTLE_SECONDS and an unmeasured lead-in of
 * LEAD_IN_SECONDS at its rate. It prints both capacities, their ratio (held to at least 0.5) and p99 /
 * p50 at 70 % of capacity (held to at most 5), each with its target, and the floor's p99 / p50.
 *
 *   npm run bench:valuation -- [--csv path] [--connections 32] [--duration 20] [--keep]
 *                              [--port 3201] [--floor-port 3211] [--prefix valuation-bench]
 *
 * BENCH_API_NODE_ARGS adds Node options to the API (for example --trace-gc or --cpu-prof).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import autocannon from 'autocannon';
import Redis from 'ioredis';
import { Client } from 'pg';
import { arg, root, runStep, startApi, topUpNationwide, waitReady } from './bench-process';

const { BALANCE_COUNT_MAX } = require(path.join(root, 'dist/server/libs/domain/src')) as typeof import('@valuation/domain');

const csv = path.resolve(root, arg('csv', '../shared/data/beijing-2021-listings.csv'));
const connections = Number(arg('connections', '32'));
const duration = Number(arg('duration', '20'));
const keep = process.argv.includes('--keep');
const apiPort = Number(arg('port', '3201'));
const floorPort = Number(arg('floor-port', '3211'));
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/valuation_bench';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0';
const prefix = arg('prefix', 'valuation-bench');
/** Capacity of the API over that of its IO floor, at least. */
const FLOOR_RATIO_TARGET = 0.5;
/** p99 over p50 at 70 % of the API's capacity, at most. */
const TAIL_RATIO_LIMIT = 5;
const PACED_SHARE = 0.7;
/**
 * Seconds of rest before each paced run, so that it measures the steady state at its rate, not
 * the machine catching up on what the saturated rounds left (collections, vacuum, writes).
 */
const SETTLE_SECONDS = 5;
const settle = () => new Promise((r) => setTimeout(r, SETTLE_SECONDS * 1000));
const WARM_UP_SECONDS = 5;

/** Runs a built script to completion; the event loop stays free for the loopback S3 server. */

interface PacedResult {
  ok: number;
  failed: number;
  seconds: number;
  p50: number;
  p99: number;
  max: number;
  /** Failed answers by HTTP status or error code. */
  failures: Record<string, number>;
}

/**
 * Seconds of unmeasured load at the paced rate before each paced run's measured seconds: the
 * connections are open and the processes at their pace when the measurement starts.
 */
const LEAD_IN_SECONDS = 2;

/**
 * Open-loop load: one request every 1/rate s on at most `sockets` keep-alive connections, latency
 * measured from when each request was due (so a slow answer cannot hide the queue behind it). The
 * first LEAD_IN_SECONDS of requests are sent the same way and not counted.
 */
function paced(
  url: URL,
  rate: number,
  seconds: number,
  sockets: number,
  next: () => { token: string; body: string },
): Promise<PacedResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const latencies: number[] = [];
  let ok = 0;
  let failed = 0;
  const failures: Record<string, number> = {};
  const fail = (kind: string) => {
    failed++;
    failures[kind] = (failures[kind] ?? 0) + 1;
  };
  const leadIn = Math.round(rate * LEAD_IN_SECONDS);
  const total = leadIn + Math.round(rate * seconds);
  const interval = 1000 / rate;
  const start = performance.now();
  let measuredFrom = start;
  return new Promise((resolve) => {
    let sent = 0;
    let done = 0;
    const finish = () => {
      agent.destroy();
      latencies.sort((a, b) => a - b);
      const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
      resolve({ ok, failed, failures, seconds: (performance.now() - measuredFrom) / 1000, p50: q(0.5), p99: q(0.99), max: q(1) });
    };
    const fire = (due: number, counted: boolean) => {
      const { token, body } = next();
      const req = http.request(
        url,
        {
          method: 'POST',
          agent,
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (counted) {
              latencies.push(performance.now() - due);
              if (res.statusCode === 200) ok++;
              else fail(String(res.statusCode));
            }
            if (++done === total) finish();
          });
        },
      );
      req.on('error', (err: NodeJS.ErrnoException) => {
        if (counted) fail(err.code ?? err.message);
        if (++done === total) finish();
      });
      req.end(body);
    };
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) {
        if (sent === leadIn) measuredFrom = start + sent * interval;
        fire(start + sent * interval, sent >= leadIn);
        sent++;
      }
      if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
    };
    tick();
  });
}

async function main() {
  if (!fs.existsSync(csv)) throw new Error(`listings file not found: ${csv}`);
  const { startS3Server } = require(path.join(root, 'libs/testing/src/loopback-s3.js'));
  const s3 = await startS3Server({ port: 0, directory: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-s3-')) });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-secret-not-for-production-use',
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? '8',
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    S3_ENDPOINT: s3.endpoint,
    API_PORT: String(apiPort),
    API_WORKERS: process.env.API_WORKERS ?? '2',
    API_HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    LOG_PRETTY: 'false',
    // The bench measures throughput from one address: the request rate limits would cap it.
    RATE_LIMIT_LOGIN_PER_ADDRESS: '100000',
    RATE_LIMIT_CAPTCHA_PER_ADDRESS: '100000',
    RATE_LIMIT_VALUATION_PER_ACCOUNT: '100000000',
    RATE_LIMIT_VALUATION_PER_ADDRESS: '100000000',
  };

  const redis = new Redis(redisUrl);
  const db = new URL(databaseUrl);
  const dbName = db.pathname.slice(1);
  const admin = new Client({ connectionString: Object.assign(new URL(databaseUrl), { pathname: '/postgres' }).toString() });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName])).rowCount;
  if (!keep || !exists) {
    console.log('Preparing the bench database...');
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await runStep('migrate', 'dist/server/scripts/lib/migrate.js', [], env, true);
    await runStep('demo platform and market', 'dist/server/scripts/lib/seed-demo.js', [], env, true);
    await runStep('Beijing listings', 'dist/server/scripts/lib/market-data.js', ['import', 'lianjia-listings', csv], env, true);
    await runStep('price indices', 'dist/server/scripts/lib/market-data.js', ['rebuild-index'], env, true);
  }
  await admin.end();

  const pg = new Client({ connectionString: databaseUrl });
  await pg.connect();
  // The load comes from many users of the demo bank, as in production: one account per connection.
  const users = Array.from({ length: connections }, (_, i) => `bench${String(i + 1).padStart(3, '0')}`);
  await pg.query(
    `INSERT INTO account (tenant_id, organization_id, company_id, login_user, user_name, password_hash, email, mobile_phone, user_type, status)
     SELECT a.tenant_id, a.organization_id, a.company_id, u, '压测用户', a.password_hash, NULL, NULL, 1, 0
       FROM account a, unnest($1::text[]) AS u WHERE a.login_user = 'demoadmin'
     ON CONFLICT (login_user) DO NOTHING`,
    [users],
  );
  await pg.query(
    `INSERT INTO account_role (account_id, role_id)
     SELECT b.id, ar.role_id FROM account b, account a JOIN account_role ar ON ar.account_id = a.id
      WHERE a.login_user = 'demoadmin' AND b.login_user = ANY($1) ON CONFLICT DO NOTHING`,
    [users],
  );
  await topUpNationwide(databaseUrl, users, BALANCE_COUNT_MAX);
  const subjects: { ha_code: string; city_code: string; name: string }[] = (
    await pg.query(
      `SELECT c.ha_code, c.city_code, c.name FROM community c
        WHERE EXISTS (SELECT 1 FROM market_case m WHERE m.community_id = c.id AND m.trade_type = 1 AND m.prop_type = 11)
        ORDER BY md5(c.ha_code) LIMIT 400`,
    )
  ).rows;
  await pg.end();

  const api = startApi(env);
  try {
    const base = `http://127.0.0.1:${apiPort}`;
    await waitReady(`${base}/api/health/ready`, api);
    const tokens: string[] = [];
    for (const userName of users) {
      const captcha = (await (await fetch(`${base}/api/login/captcha`)).json()) as { data: { identity: string } };
      const answer = await redis.get(`${prefix}:captcha:${captcha.data.identity}`);
      const login = (await (
        await fetch(`${base}/api/login/`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ userName, password: 'Demo@123456', captcha: answer, identity: captcha.data.identity }),
        })
      ).json()) as { code: number; message: string; data: { token: string } };
      if (login.code !== 200) throw new Error(`login of ${userName} failed: ${login.message}`);
      tokens.push(login.data.token);
    }
    const token = tokens[0];

    const bodies = subjects.map((s, i) =>
      JSON.stringify({
        cityCode: s.city_code,
        cityName: '',
        propType: 11,
        haInfo: { haCode: s.ha_code, haName: s.name },
        bldgArea: String(55 + ((i * 7) % 90)),
        floor: String(1 + (i % 15)),
        bheight: '18',
        br: 1 + (i % 3),
        lr: 1,
        ba: 1,
        face: '2',
        intDeco: '4',
      }),
    );
    const probe = await fetch(`${base}/api/eval/rapid?evalType=1`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: bodies[0],
    });
    const probeBody = (await probe.json()) as { code: number; message: string; data: { evalCode: string } };
    if (probeBody.code !== 200) throw new Error(`a probe valuation failed: ${probeBody.code} ${probeBody.message}`);

    const route = '/api/eval/rapid?evalType=1&mtype=4&mtypeOn=0';
    let n = 0;
    const drive = (url: string, seconds: number) =>
      autocannon({
        url,
        connections,
        duration: seconds,
        requests: [
          {
            method: 'POST',
            setupRequest: (req) => {
              const i = n++;
              return {
                ...req,
                headers: { Authorization: `Bearer ${tokens[i % tokens.length]}`, 'Content-Type': 'application/json' },
                body: bodies[i % bodies.length],
              };
            },
          },
        ],
      });
    // The floor writes a record as large as the probe's, with the API's processes and pool size.
    const pgTemplate = new Client({ connectionString: databaseUrl });
    await pgTemplate.connect();
    const template = (await pgTemplate.query('SELECT id FROM eval_record WHERE eval_code = $1', [probeBody.data.evalCode])).rows[0].id;
    await pgTemplate.end();
    const floor = spawn(process.execPath, [path.join(root, 'dist/server/scripts/bench/io-floor.js')], {
      cwd: root,
      env: {
        ...env,
        FLOOR_PORT: String(floorPort),
        FLOOR_PROCESSES: env.API_WORKERS,
        FLOOR_TEMPLATE_RECORD: String(template),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });

    console.log(
      `Driving POST /api/eval/rapid and its IO floor with ${connections} connections, ${tokens.length} users, ${bodies.length} communities...`,
    );
    // Capacities in alternating rounds (API, floor, floor, API), so that both meet the same load from
    // anything else on the machine: their ratio is the figure, more than either alone.
    const half = duration / 2;
    let capacity = 0;
    let floorCapacity = 0;
    let rate = 0;
    let steady: PacedResult | undefined;
    let floorSteady: PacedResult | undefined;
    const targets = {
      api: { title: 'POST /api/eval/rapid', url: `${base}${route}`, ok: 0, seconds: 0 },
      floor: { title: 'IO floor', url: `http://127.0.0.1:${floorPort}${route}`, ok: 0, seconds: 0 },
    };
    try {
      await waitReady(`http://127.0.0.1:${floorPort}/ready`, floor);
      // Unmeasured warm-up of each: compiled code, prepared statements, every community's market in memory.
      for (const target of Object.values(targets)) await drive(target.url, WARM_UP_SECONDS);
      console.log('');
      console.log(`  as fast as each answers (capacity), in rounds of ${half} s`);
      for (const [round, key] of (['api', 'floor', 'floor', 'api'] as const).entries()) {
        const target = targets[key];
        const r = await drive(target.url, half);
        target.ok += r['2xx'];
        target.seconds += r.duration;
        console.log(
          `    ${round + 1}. ${target.title.padEnd(21)} ${(r['2xx'] / r.duration).toFixed(0).padStart(5)} per second   p50 / p99 ${r.latency.p50} / ${r.latency.p99} ms   non-2xx ${r.non2xx}, errors ${r.errors}`,
        );
      }
      capacity = targets.api.ok / targets.api.seconds;
      floorCapacity = targets.floor.ok / targets.floor.seconds;
      rate = Math.max(1, Math.round(capacity * PACED_SHARE));
      let m = 0;
      const next = () => {
        const i = m++;
        return { token: tokens[i % tokens.length], body: bodies[i % bodies.length] };
      };
      await settle();
      steady = await paced(new URL(`${base}${route}`), rate, duration, connections, next);
      // The floor at the same rate: the tail that the machine's own IO (commits, Redis) gives any server.
      await settle();
      floorSteady = await paced(new URL(targets.floor.url), rate, duration, connections, next);
    } finally {
      floor.kill('SIGTERM');
      await new Promise((r) => (floor.exitCode === null ? floor.once('exit', r) : r(null)));
    }
    if (!steady || !floorSteady) throw new Error('the paced runs did not complete');
    console.log('');
    console.log(
      `  POST /api/eval/rapid at a steady ${rate} per second (70 % of its capacity), evenly paced, after a lead-in of ${LEAD_IN_SECONDS} s`,
    );
    console.log(`    answers per second     ${(steady.ok / steady.seconds).toFixed(0)} (${steady.ok} in ${steady.seconds.toFixed(1)} s)`);
    console.log(`    latency p50 / p99      ${steady.p50.toFixed(1)} ms / ${steady.p99.toFixed(1)} ms (max ${steady.max.toFixed(1)} ms)`);
    const kinds = Object.entries(steady.failures).map(([kind, count]) => `${kind}: ${count}`);
    console.log(`    failed answers         ${steady.failed}${kinds.length ? ` (${kinds.join(', ')})` : ''}`);
    console.log(`  IO floor at the same ${rate} per second`);
    console.log(
      `    latency p50 / p99      ${floorSteady.p50.toFixed(1)} ms / ${floorSteady.p99.toFixed(1)} ms (max ${floorSteady.max.toFixed(1)} ms), failed ${floorSteady.failed}`,
    );

    const floorRatio = capacity / floorCapacity;
    const tail = steady.p99 / steady.p50;
    console.log('');
    console.log(`  figure                                          value   target   ratio/target`);
    console.log(`  valuations per second, API / IO floor   ${`${capacity.toFixed(0)} / ${floorCapacity.toFixed(0)}`.padStart(13)}`);
    console.log(
      `  capacity ratio, API / IO floor          ${floorRatio.toFixed(2).padStart(13)}   ${`>= ${FLOOR_RATIO_TARGET}`.padStart(6)}   ${(floorRatio / FLOOR_RATIO_TARGET).toFixed(2).padStart(5)} ${floorRatio >= FLOOR_RATIO_TARGET ? 'met' : 'NOT met'}`,
    );
    console.log(
      `  p99 / p50 at 70 % of capacity           ${`${tail.toFixed(2)}x`.padStart(13)}   ${`<= ${TAIL_RATIO_LIMIT}x`.padStart(6)}   ${(tail / TAIL_RATIO_LIMIT).toFixed(2).padStart(5)} ${tail <= TAIL_RATIO_LIMIT && steady.failed === 0 ? 'met' : 'NOT met'}`,
    );
    console.log(`  p99 / p50 of the IO floor at that rate  ${`${(floorSteady.p99 / floorSteady.p50).toFixed(2)}x`.padStart(13)}`);
  } finally {
    api.kill('SIGTERM');
    await new Promise((r) => api.once('exit', r));
    redis.disconnect();
    await s3.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
