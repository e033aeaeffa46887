/**
 * Speed of revaluation runs: loads the demo market into a bench database, gives demoadmin's
 * company a book of 100,000 assets (valuation records of flats in the demo communities, each
 * carrying a loan), starts a run through POST /api/reval/run and times it to finished with one
 * worker process. Its limit, measured in the same run by the same worker: a 10,000-row batch
 * uploaded through POST /api/batch/upload, timed from upload to finished, since a run goes through
 * the same pipeline (chunk jobs on the batch queue). The ratio assets/s over batch rows/s should
 * be >= 0.8.
 *
 *   npm run bench:revaluation -- [--assets 100000] [--rows 10000] [--keep]
 *
 * --keep reuses the bench database and its book when they exist. BENCH_WORKER_NODE_ARGS adds Node
 * options to the worker.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { arg, benchEnvironment, cpuSeconds, root, startApi, topUpNationwide, waitReady } from './bench-process';
import { buildRows, DEMO_COMMUNITIES_SQL, logIn, uploadBatch, writeXlsx } from './batch-rows';

const assetCount = Number(arg('assets', '100000'));
const rowCount = Number(arg('rows', '10000'));
const keep = process.argv.includes('--keep');
const apiPort = Number(arg('port', '3203'));
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/valuation_bench_reval';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0';
const prefix = process.env.BENCH_REDIS_PREFIX ?? 'valuation-bench-reval';
/** The heap settings of the worker image (infra/docker/worker.Dockerfile). */
const WORKER_HEAP = ['--max-old-space-size=1024', '--max-semi-space-size=32'];
/** Revalued assets/s over batch rows/s of the same worker. */
const RATIO_TARGET = 0.8;
/** Records and assets written per statement while the book is seeded. */
const SEED_BATCH = 5000;
/** The engine version of the seeded records, by which a kept book is found again. */
const SEED_ENGINE = 'bench-book';

const domain = require(path.join(root, 'dist/server/libs/domain/src')) as typeof import('@valuation/domain');

/**
 * demoadmin's book: `count` valuation records of flats (the rows a batch would value, checked as
 * a batch row) with a plausible value, and an asset for each carrying a loan of 60 % of it.
 */
async function seedBook(pg: Client, count: number): Promise<void> {
  const [{ n }] = (await pg.query(`SELECT count(*)::int AS n FROM eval_record WHERE engine_version = $1`, [SEED_ENGINE])).rows;
  if (n === count) {
    console.log(`  the book of ${count} assets is kept from an earlier run`);
    return;
  }
  await pg.query(`DELETE FROM asset`);
  await pg.query(`DELETE FROM eval_record WHERE engine_version = $1`, [SEED_ENGINE]);
  const [actor] = (await pg.query(`SELECT id, tenant_id, company_id, organization_id FROM account WHERE login_user = 'demoadmin'`)).rows;
  const communities: { name: string; ha_code: string; dist_code: string | null; city_code: string; city_name: string }[] = (
    await pg.query(
      `SELECT c.name, c.ha_code, c.dist_code, c.city_code, r.name AS city_name FROM community c JOIN region r ON r.code = c.city_code
        WHERE c.source = 'demo' ORDER BY md5(c.ha_code)`,
    )
  ).rows;
  const rows = buildRows(communities, count);
  const started = Date.now();
  for (let from = 0; from < count; from += SEED_BATCH) {
    const records = rows.slice(from, from + SEED_BATCH).flatMap((row, k) => {
      const i = from + k;
      const c = communities[(i * 7919) % communities.length];
      const check = domain.checkBatchRow(row.cells, {
        cityCode: c.city_code,
        cityName: c.city_name,
        haInfo: { haCode: c.ha_code, haName: c.name },
      });
      if (!check.ok) return [];
      const req = check.value;
      const unit = 40_000 + ((i * 37) % 40_000);
      const code = `BK${String(i + 1).padStart(12, '0')}`;
      return [
        {
          eval_code: code,
          root_eval_code: code,
          tenant_id: actor.tenant_id,
          company_id: actor.company_id,
          organization_id: actor.organization_id,
          account_id: actor.id,
          eval_type: 1,
          source: 1,
          method: 'forsale',
          state: 1,
          confidence_class: 'B',
          ha_code: c.ha_code,
          ha_name: c.name,
          city_code: c.city_code,
          city_name: c.city_name,
          dist_code: c.dist_code,
          prop_type: req.propType,
          bldg_area: req.bldgArea.toFixed(2),
          floor: req.floor,
          bheight: req.bheight,
          total_price: (req.bldgArea * unit).toFixed(2),
          unit_price: unit.toFixed(2),
          sample_count: 0,
          engine_version: SEED_ENGINE,
          input: { ...req, evalType: 1 },
          result: {},
        },
      ];
    });
    await pg.query(
      `WITH r AS (
         INSERT INTO eval_record (eval_code, root_eval_code, tenant_id, company_id, organization_id, account_id, eval_type, source, method, state,
                                  confidence_class, ha_code, ha_name, city_code, city_name, dist_code, prop_type, bldg_area, floor, bheight,
                                  total_price, unit_price, sample_count, engine_version, input, result)
         SELECT eval_code, root_eval_code, tenant_id, company_id, organization_id, account_id, eval_type, source, method, state,
                confidence_class, ha_code, ha_name, city_code, city_name, dist_code, prop_type, bldg_area, floor, bheight,
                total_price, unit_price, sample_count, engine_version, input, result
           FROM jsonb_populate_recordset(null::eval_record, $1::jsonb)
         RETURNING id, tenant_id, company_id, organization_id, account_id, root_eval_code, total_price
       )
       INSERT INTO asset (tenant_id, company_id, organization_id, account_id, eval_record_id, root_eval_code, added_by, added_name,
                          loan_no, loan_amount, loan_date, loan_origin_value)
       SELECT tenant_id, company_id, organization_id, account_id, id, root_eval_code, account_id, '压测', 'LN' || root_eval_code,
              round(total_price * 0.6, 2), DATE '2022-06-30', round(total_price * 1.05, 2)
         FROM r`,
      [JSON.stringify(records)],
    );
  }
  console.log(`  seeded a book of ${count} assets with loans in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** The planner's statistics of the seeded tables, as a database in service has them (autovacuum). */
async function analyze(pg: Client): Promise<void> {
  await pg.query(`ANALYZE eval_record, asset`);
}

async function main() {
  const bench = await benchEnvironment({ databaseUrl, redisUrl, prefix, keep, env: { API_PORT: String(apiPort), API_HOST: '127.0.0.1' } });
  const { env, redis } = bench;
  await topUpNationwide(databaseUrl, ['demoadmin'], 1_000_000);
  const pg = new Client({ connectionString: databaseUrl });
  await pg.connect();
  await seedBook(pg, assetCount);
  await analyze(pg);
  const communities = (await pg.query(DEMO_COMMUNITIES_SQL)).rows;
  const file = path.join(os.tmpdir(), `bench-reval-batch-${rowCount}.xlsx`);
  await writeXlsx(buildRows(communities, rowCount), file);

  const api = startApi(env);
  let worker: ChildProcess | null = null;
  try {
    const base = `http://127.0.0.1:${apiPort}`;
    await waitReady(`${base}/api/health/ready`, api);
    const token = await logIn(base, redis, prefix);
    worker = spawn(
      process.execPath,
      [
        ...WORKER_HEAP,
        ...(process.env.BENCH_WORKER_NODE_ARGS ?? '').split(' ').filter(Boolean),
        path.join(root, 'dist/server/apps/worker/src/main.js'),
      ],
      { cwd: root, env: { ...env, WORKER_QUEUES: 'batch', WORKER_HTTP_PORT: '0' }, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    await new Promise((r) => setTimeout(r, 3000));

    /** Polls a row until its state is final; the seconds since `started`. */
    const untilFinished = async (sql: string, id: string, started: number) => {
      for (;;) {
        const [row] = (await pg.query(sql, [id])).rows;
        if (row.state === 2 || row.state === 3) return { row, seconds: (Date.now() - started) / 1000 };
        if (Date.now() - started > 30 * 60_000) throw new Error(`did not finish: ${JSON.stringify(row)}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    };

    console.log('');
    console.log(`Revaluing a book of ${assetCount} assets with one worker process...`);
    const cpuBefore = cpuSeconds(worker.pid);
    const started = Date.now();
    const res = (await (
      await fetch(`${base}/api/reval/run`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { code: number; message: string; data: { runId: number; total: number } };
    if (res.code !== 200) throw new Error(`reval/run failed: ${res.message}`);
    const opened = (Date.now() - started) / 1000;
    const run = await untilFinished(
      `SELECT state, total, processed, valued, alerts FROM reval_run WHERE id = $1`,
      String(res.data.runId),
      started,
    );
    const cpuAfter = cpuSeconds(worker.pid);
    const assetsPerSecond = assetCount / run.seconds;
    console.log(
      `    start to finished      ${run.seconds.toFixed(1)} s (state ${run.row.state}; the run was opened in ${opened.toFixed(1)} s)`,
    );
    console.log(`    valued / alerts        ${run.row.valued} of ${run.row.total} / ${run.row.alerts}`);
    if (cpuBefore !== null && cpuAfter !== null) console.log(`    worker CPU             ${(cpuAfter - cpuBefore).toFixed(1)} s`);

    console.log('');
    console.log(`Valuing a ${rowCount}-row batch with the same worker (the pipeline's limit)...`);
    const batchStarted = Date.now();
    const batchId = await uploadBatch(base, token, fs.readFileSync(file));
    if (batchId === null) throw new Error('the API has no batch upload endpoint');
    const batch = await untilFinished(`SELECT state, eval_success FROM batch_task WHERE batch_id = $1`, batchId, batchStarted);
    const rowsPerSecond = rowCount / batch.seconds;
    console.log(`    upload to finished     ${batch.seconds.toFixed(1)} s (state ${batch.row.state}, ${batch.row.eval_success} valued)`);

    const ratio = assetsPerSecond / rowsPerSecond;
    console.log('');
    console.log(`  figure                        assets/s   limit (batch rows/s)   ratio   target`);
    console.log(
      `  revaluation, 1 worker   ${assetsPerSecond.toFixed(0).padStart(14)} ${rowsPerSecond.toFixed(0).padStart(22)} ${ratio.toFixed(2).padStart(7)}   >= ${RATIO_TARGET} ${ratio >= RATIO_TARGET ? 'met' : 'NOT met'}`,
    );
  } finally {
    if (worker) {
      const exited = new Promise((r) => worker!.once('exit', r));
      worker.kill('SIGTERM');
      await exited;
    }
    api.kill('SIGTERM');
    await new Promise((r) => api.once('exit', r));
    await pg.end();
    await bench.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
