/**
 * Speed of quick valuation over HTTP: loads the demo market and the Beijing listings into a bench
 * database, starts the built API, then drives POST /api/eval/rapid with autocannon and prints
 * requests per second and latency percentiles.
 *
 *   npm run bench:valuation -- [--csv path] [--connections 32] [--duration 30] [--keep]
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Redis from 'ioredis';
import { Client } from 'pg';

const root = path.resolve(__dirname, '../../../..');
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
};
const csv = path.resolve(root, arg('csv', '../shared/data/beijing-2021-listings.csv'));
const connections = Number(arg('connections', '32'));
const duration = Number(arg('duration', '30'));
const keep = process.argv.includes('--keep');
const apiPort = Number(arg('port', '3201'));
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/valuation_bench';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0';
const prefix = 'valuation-bench';

function run(label: string, script: string, args: string[], env: NodeJS.ProcessEnv) {
  const started = Date.now();
  const r = spawnSync(process.execPath, [path.join(root, script), ...args], { cwd: root, env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${label} failed:\n${r.stdout}\n${r.stderr}`);
  const last = r.stdout.trim().split('\n').filter(Boolean).slice(-1)[0] ?? '';
  console.log(`  ${label} (${((Date.now() - started) / 1000).toFixed(1)} s) ${last}`);
}

async function waitReady(url: string, api: ChildProcess) {
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

async function main() {
  if (!fs.existsSync(csv)) throw new Error(`listings file not found: ${csv}`);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { startS3Server } = require(path.join(root, 'scripts/lib/s3-server.js'));
  const s3 = await startS3Server({ port: 0, directory: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-s3-')) });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-secret-not-for-production-use',
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: '20',
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    S3_ENDPOINT: s3.endpoint,
    API_PORT: String(apiPort),
    API_HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    LOG_PRETTY: 'false',
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
    run('migrate', 'dist/server/scripts/lib/migrate.js', [], env);
    run('demo platform and market', 'dist/server/scripts/lib/seed-demo.js', [], env);
    run('Beijing listings', 'dist/server/scripts/lib/market-data.js', ['import', 'lianjia-listings', csv], env);
    run('price indices', 'dist/server/scripts/lib/market-data.js', ['rebuild-index'], env);
  }
  await admin.end();

  const pg = new Client({ connectionString: databaseUrl });
  await pg.connect();
  await pg.query(`UPDATE account_balance SET universal_count = 1000000000 WHERE account_id = (SELECT id FROM account WHERE login_user = 'demoadmin')`);
  const subjects: { ha_code: string; city_code: string; name: string }[] = (
    await pg.query(
      `SELECT c.ha_code, c.city_code, c.name FROM community c
        WHERE EXISTS (SELECT 1 FROM market_case m WHERE m.community_id = c.id AND m.trade_type = 1 AND m.prop_type = 11)
        ORDER BY md5(c.ha_code) LIMIT 400`,
    )
  ).rows;
  await pg.end();

  const api = spawn(process.execPath, [path.join(root, 'dist/server/apps/api/src/main.js')], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  try {
    const base = `http://127.0.0.1:${apiPort}`;
    await waitReady(`${base}/api/health/ready`, api);
    const captcha = (await (await fetch(`${base}/api/login/captcha`)).json()) as { data: { identity: string } };
    const answer = await redis.get(`${prefix}:captcha:${captcha.data.identity}`);
    const login = (await (
      await fetch(`${base}/api/login/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ userName: 'demoadmin', password: 'Demo@123456', captcha: answer, identity: captcha.data.identity }),
      })
    ).json()) as { data: { token: string } };
    const token = login.data.token;

    const bodies = subjects.map((s, i) =>
      JSON.stringify({
        cityCode: s.city_code, cityName: '', propType: 11, haInfo: { haCode: s.ha_code, haName: s.name },
        bldgArea: String(55 + ((i * 7) % 90)), floor: String(1 + (i % 15)), bheight: '18', br: 1 + (i % 3), lr: 1, ba: 1, face: '2', intDeco: '4',
      }),
    );
    const probe = await fetch(`${base}/api/eval/rapid?evalType=1`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: bodies[0] });
    const probeBody = (await probe.json()) as { code: number; message: string };
    if (probeBody.code !== 200) throw new Error(`a probe valuation failed: ${probeBody.code} ${probeBody.message}`);

    console.log(`Driving POST /api/eval/rapid: ${connections} connections for ${duration} s over ${bodies.length} communities...`);
    let n = 0;
    const result = await autocannon({
      url: `${base}/api/eval/rapid?evalType=1&mtype=4&mtypeOn=0`,
      connections,
      duration,
      requests: [
        {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          setupRequest: (req) => ({ ...req, body: bodies[n++ % bodies.length] }),
        },
      ],
    });
    const valued = result['2xx'];
    console.log('');
    console.log(`  valuations per second  ${(valued / result.duration).toFixed(0)} (${valued} in ${result.duration.toFixed(1)} s)`);
    console.log(`  latency p50            ${result.latency.p50} ms`);
    console.log(`  latency p99            ${result.latency.p99} ms`);
    console.log(`  latency max            ${result.latency.max} ms`);
    console.log(`  non-2xx answers        ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}`);
    console.log(`  target                 p99 <= 50 ms and >= 400 valuations per second`);
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
