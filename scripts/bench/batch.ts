/**
 * Speed of batch valuation: loads the demo market into a bench database, builds a 10,000-row
 * spreadsheet from its communities, uploads it as demoadmin through POST /api/batch/upload and
 * times upload to finished (state 2) with one worker process, then with two, printing which worker
 * process valued how many chunks. Its limit, measured in the same run, before and after the
 * workers: the same rows valued in a process of their own by the worker's valuation code on
 * markets loaded beforehand (engine-only: no HTTP, no queue, no database during the timing), each
 * market fitted the first time the pass meets it, as a worker must; the ratio end-to-end /
 * engine-only should be >= 0.6. A pass on markets the
 * engine has already fitted is printed beside it: no worker can reach that, as none has the fits.
 *
 *   npm run bench:batch -- [--rows 10000] [--keep] [--direct] [--one]
 *
 * BENCH_WORKER_NODE_ARGS and BENCH_API_NODE_ARGS add Node options to the workers and the API (for
 * example --cpu-prof --cpu-prof-dir=/tmp/prof).
 *
 * --direct inserts the task and its rows into the database instead of uploading (for when the
 * upload endpoint is not available); the counts are reserved the same way. --one skips the run
 * with two worker processes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { Client } from 'pg';
import { arg, benchEnvironment, cpuSeconds, root, startApi, topUpNationwide, waitReady } from './bench-process';
import { buildRows, DEMO_COMMUNITIES_SQL, logIn, uploadBatch, writeXlsx, type Row } from './batch-rows';

const rowCount = Number(arg('rows', '10000'));
const keep = process.argv.includes('--keep');
const forceDirect = process.argv.includes('--direct');
const oneOnly = process.argv.includes('--one');
const apiPort = Number(arg('port', '3202'));
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/valuation_bench_batch';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0';
const prefix = process.env.BENCH_REDIS_PREFIX ?? 'valuation-bench-batch';
/** The heap settings of the worker image (infra/docker/worker.Dockerfile). */
const WORKER_HEAP = ['--max-old-space-size=1024', '--max-semi-space-size=32'];
/** End-to-end rows/s with one worker process over engine-only rows/s in one process. */
const RATIO_TARGET = 0.6;

const { batchChunksByPlace } = require(path.join(root, 'dist/server/libs/domain/src')) as typeof import('@valuation/domain');
const { batchStartJobId } = require(path.join(root, 'dist/server/libs/contracts/src')) as typeof import('@valuation/contracts');

/**
 * The task and its rows written as the upload does, its counts reserved by the upload's own
 * reservation (the built QuotaReservationService): city-annual packages first, then nationwide.
 */
async function insertDirect(rows: Row[]): Promise<string> {
  require('reflect-metadata');
  const persistence = require(path.join(root, 'dist/server/libs/server/persistence/src')) as typeof import('@valuation/persistence');
  const { QuotaReservationService } = require(path.join(root, 'dist/server/libs/server/core/src')) as typeof import('@valuation/core');
  const ds = persistence.createDataSource({ DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: 2 });
  await ds.initialize();
  try {
    return await ds.transaction(async (m) => {
      const batchId = `BENCH${Date.now()}`;
      const [acc] = await m.query(`SELECT id, tenant_id, company_id, organization_id FROM account WHERE login_user = 'demoadmin'`);
      const perCity = new Map<string | null, number>();
      for (const r of rows) perCity.set(r.cityCode, (perCity.get(r.cityCode) ?? 0) + 1);
      const payer = { tenantId: acc.tenant_id, accountId: acc.id, refType: 'batch', refId: batchId };
      const reservation = new QuotaReservationService(new persistence.BalanceRepository(ds));
      const reservations = await reservation.apply(m, payer, await reservation.plan(m, payer, perCity));
      const [{ id }] = await m.query(
        `INSERT INTO batch_task (batch_id, tenant_id, company_id, organization_id, account_id, task_name, recv_phone, file_key, file_name, state, eval_total, reservations)
         VALUES ($1, $2, $3, $4, $5, '压测批量', NULL, $6, 'bench.xlsx', 1, $7, $8::jsonb) RETURNING id`,
        [
          batchId,
          acc.tenant_id,
          acc.company_id,
          acc.organization_id,
          acc.id,
          `batch/${batchId}.xlsx`,
          rows.length,
          JSON.stringify(reservations),
        ],
      );
      await m.query(
        `INSERT INTO batch_item (task_id, row_no, chunk, input, city_code)
         SELECT $1, r.n, r.chunk, r.input, r.city FROM unnest($2::int[], $3::int[], $4::jsonb[], $5::varchar[]) AS r(n, chunk, input, city)`,
        [
          id,
          rows.map((_, i) => i + 1),
          batchChunksByPlace(rows.map((r) => ({ cityCode: r.cityCode, location: r.location }))),
          rows.map((r) => JSON.stringify(r.cells)),
          rows.map((r) => r.cityCode),
        ],
      );
      return String(id);
    });
  } finally {
    await ds.destroy();
  }
}

/**
 * Engine-only speed: the rows valued one after another in this process as the worker values them
 * (community found by name, row checked, ValuationService.appraise building the record), on
 * markets loaded by a first, untimed pass; nothing is written or charged. Rows per second of a
 * timed pass, and how many rows got a value.
 */
interface EnginePass {
  rowsPerSecond: number;
  valued: number;
  seconds: number;
  cpu: number;
}

interface EngineOnly {
  /** A pass on markets the engine has already fitted. */
  fitted(): Promise<EnginePass>;
  /** A pass on fresh copies of the markets, each fitted when first met, as a worker meets them. */
  fresh(): Promise<EnginePass>;
  close(): Promise<void>;
}

async function engineOnly(rows: Row[]): Promise<EngineOnly> {
  require('reflect-metadata');
  const domain = require(path.join(root, 'dist/server/libs/domain/src')) as typeof import('@valuation/domain');
  const persistence = require(path.join(root, 'dist/server/libs/server/persistence/src')) as typeof import('@valuation/persistence');
  const core = require(path.join(root, 'dist/server/libs/server/core/src')) as typeof import('@valuation/core');
  type Loader = InstanceType<typeof core.MarketLoader>;
  type Community = Parameters<Loader['load']>[0];
  type Market = Awaited<ReturnType<Loader['load']>>;

  /** The loader of the worker, keeping every market it loaded for the rest of the run. */
  class LoadedMarkets extends core.MarketLoader {
    private readonly kept = new Map<string, Promise<Market>>();
    override load(subject: Community, tradeType: 1 | 2, propType: number, on: Date): Promise<Market> {
      const key = [subject.id, tradeType, propType, domain.monthKey(on)].join('|');
      let market = this.kept.get(key);
      if (!market) this.kept.set(key, (market = super.load(subject, tradeType, propType, on)));
      return market;
    }

    /** Replaces every kept market by a copy: the engine has fitted nothing on the copies yet. */
    async copyAll(): Promise<void> {
      for (const [key, market] of this.kept) this.kept.set(key, Promise.resolve(structuredClone(await market)));
    }
  }

  const ds = persistence.createDataSource({ DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: 4 });
  await ds.initialize();
  try {
    const [actor] = await ds.query(
      `SELECT tenant_id AS "tenantId", company_id AS "companyId", organization_id AS "organizationId", id AS "accountId" FROM account WHERE login_user = 'demoadmin'`,
    );
    const loader = new LoadedMarkets(ds);
    const valuation = new core.ValuationService(
      ds,
      loader,
      new core.QuotaService(new persistence.BalanceRepository(ds)),
      new persistence.RiskCoefficientRepository(ds),
    );
    const regions = await core.RegionResolver.load(ds);
    const named = await loader.communitiesByName(rows.map((r) => ({ cityCode: r.cityCode, name: r.location })));
    const valueAll = async () => {
      let valued = 0;
      for (const row of rows) {
        const community = named.get(`${row.cityCode}|${row.location}`);
        if (!community) continue;
        const place = {
          cityCode: row.cityCode,
          cityName: regions.name(row.cityCode) ?? row.cityName,
          haInfo: { haCode: community.haCode, haName: community.name },
        };
        const check = domain.checkBatchRow(row.cells, place);
        if (!check.ok) continue;
        try {
          const { result } = await valuation.appraise(actor, check.value, 1, community, {
            source: 1,
            batchTaskId: '0',
            refType: 'batch',
            cityName: place.cityName,
          });
          if (result.state === 1) valued += 1;
        } catch (error) {
          if (!(error instanceof core.NoPropertyFoundError)) throw error;
        }
      }
      return valued;
    };
    const timed = async () => {
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      const valued = await valueAll();
      const cpuUsed = process.cpuUsage(cpuBefore);
      const seconds = (performance.now() - started) / 1000;
      return { rowsPerSecond: rows.length / seconds, valued, seconds, cpu: (cpuUsed.user + cpuUsed.system) / 1e6 };
    };
    await valueAll();
    return {
      fitted: timed,
      fresh: async () => {
        await loader.copyAll();
        return timed();
      },
      close: () => ds.destroy(),
    };
  } catch (error) {
    await ds.destroy();
    throw error;
  }
}

/** The engine-only passes in a child process running this script with `--engine-pass`. */
async function enginePasses(rowsFile: string, env: NodeJS.ProcessEnv): Promise<{ fresh: EnginePass; fitted: EnginePass }> {
  const child = spawn(process.execPath, [...WORKER_HEAP, __filename, '--engine-pass', rowsFile], {
    cwd: root,
    env: { ...env, BENCH_DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the engine-only pass exited with ${code}`);
  return JSON.parse(out.trim().split('\n').pop()!);
}

/** Child mode: a fresh pass, then a pass on the markets it fitted, printed as one JSON line. */
async function enginePassMain(rowsFile: string) {
  const engine = await engineOnly(JSON.parse(fs.readFileSync(rowsFile, 'utf8')) as Row[]);
  try {
    const fresh = await engine.fresh();
    const fitted = await engine.fitted();
    process.stdout.write(`${JSON.stringify({ fresh, fitted })}\n`);
  } finally {
    await engine.close();
  }
}

async function main() {
  const bench = await benchEnvironment({ databaseUrl, redisUrl, prefix, keep, env: { API_PORT: String(apiPort), API_HOST: '127.0.0.1' } });
  const { env, redis } = bench;

  await topUpNationwide(databaseUrl, ['demoadmin'], 1_000_000);
  const pg = new Client({ connectionString: databaseUrl });
  await pg.connect();
  const communities = (await pg.query(DEMO_COMMUNITIES_SQL)).rows;
  const rows = buildRows(communities, rowCount);
  const file = path.join(os.tmpdir(), `bench-batch-${rowCount}.xlsx`);
  await writeXlsx(rows, file);
  console.log(
    `  ${rows.length} rows from ${communities.length} demo communities in ${file} (${(fs.statSync(file).size / 1024).toFixed(0)} KB)`,
  );

  const api = startApi(env);
  const queue = new Queue('batch', {
    connection: { host: new URL(redisUrl).hostname, port: Number(new URL(redisUrl).port || 6379), maxRetriesPerRequest: null },
    prefix,
  });
  const workers: ChildProcess[] = [];
  try {
    const base = `http://127.0.0.1:${apiPort}`;
    await waitReady(`${base}/api/health/ready`, api);
    const token = await logIn(base, redis, prefix);

    /** Uploads the file (agreeing to nationwide counts when asked); the task id, or null without the endpoint. */
    const upload = async (): Promise<string | null> => {
      const batchId = await uploadBatch(base, token, fs.readFileSync(file));
      if (batchId === null) return null;
      return String((await pg.query(`SELECT id FROM batch_task WHERE batch_id = $1`, [batchId])).rows[0].id);
    };

    /** CPU seconds so far of each PostgreSQL backend serving the bench database, by pid. */
    const backendCpu = async () => {
      const pids = (await pg.query(`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`)).rows;
      return new Map(pids.map((r: { pid: number }) => [r.pid, cpuSeconds(r.pid)]));
    };

    const phase = async (workerCount: number) => {
      for (let i = 0; i < workerCount; i++) {
        workers.push(
          spawn(
            process.execPath,
            [
              ...WORKER_HEAP,
              ...(process.env.BENCH_WORKER_NODE_ARGS ?? '').split(' ').filter(Boolean),
              path.join(root, 'dist/server/apps/worker/src/main.js'),
            ],
            // Each worker's probes on a port of its own, so that a second worker does not fail to start.
            { cwd: root, env: { ...env, WORKER_QUEUES: 'batch', WORKER_HTTP_PORT: '0' }, stdio: ['ignore', 'inherit', 'inherit'] },
          ),
        );
      }
      await new Promise((r) => setTimeout(r, 3000));
      const cpuBefore = workers.map((w) => cpuSeconds(w.pid));
      const backendsBefore = await backendCpu();
      const started = Date.now();
      let taskId = forceDirect ? null : await upload();
      const uploaded = Date.now();
      const via = taskId === null ? 'inserted directly (no upload endpoint)' : 'uploaded through POST /api/batch/upload';
      if (taskId === null) {
        taskId = await insertDirect(rows);
        await queue.add('batch.start', { taskId }, { jobId: batchStartJobId(taskId), attempts: 3 });
      }
      let task: { state: number; processed: number; eval_success: number; eval_fail: number; eval_error: number };
      for (;;) {
        task = (await pg.query(`SELECT state, processed, eval_success, eval_fail, eval_error FROM batch_task WHERE id = $1`, [taskId]))
          .rows[0];
        if (task.state === 2 || task.state === 3) break;
        if (Date.now() - started > 15 * 60_000) throw new Error(`the task did not finish: ${JSON.stringify(task)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const seconds = (Date.now() - started) / 1000;
      // Backends that ended during the run are not counted: the pools keep theirs open.
      let postgresCpu = 0;
      for (const [pid, now] of await backendCpu()) postgresCpu += (now ?? 0) - (backendsBefore.get(pid) ?? 0);
      console.log('');
      console.log(`  ${workerCount} worker process${workerCount > 1 ? 'es' : ''} (task ${via})`);
      console.log(
        `    upload to finished     ${seconds.toFixed(1)} s (state ${task.state}; the upload answered in ${((uploaded - started) / 1000).toFixed(1)} s)`,
      );
      console.log(`    rows per second        ${(rowCount / seconds).toFixed(0)}`);
      console.log(`    valued / not / failed  ${task.eval_success} / ${task.eval_fail} / ${task.eval_error}`);
      // Each chunk job names the worker that took it (`host:pid`): its share of the task.
      const chunks = (await queue.getJobs(['completed'], 0, -1)).filter((j) => j.name === 'batch.chunk' && j.data.taskId === taskId);
      const byWorker = new Map<string, number>();
      for (const j of chunks) byWorker.set(j.processedBy ?? '?', (byWorker.get(j.processedBy ?? '?') ?? 0) + 1);
      workers.forEach((w, i) => {
        const taken = [...byWorker].filter(([name]) => name.endsWith(`:${w.pid}`)).reduce((sum, [, n]) => sum + n, 0);
        const before = cpuBefore[i];
        const now = cpuSeconds(w.pid);
        const cpu = before === null || now === null ? '' : `, ${(now - before).toFixed(1)} s of CPU`;
        console.log(`    worker ${i + 1} (pid ${w.pid})`.padEnd(27) + `${taken} of ${chunks.length} chunks${cpu}`);
      });
      console.log(`    PostgreSQL             ${postgresCpu.toFixed(1)} s of CPU in the backends of the bench database`);
      for (const w of workers.splice(0)) {
        if (w.exitCode !== null || w.signalCode !== null) continue;
        const exited = new Promise((r) => w.once('exit', r));
        w.kill('SIGTERM');
        await exited;
      }
      return rowCount / seconds;
    };

    // The engine-only pass runs before and after the workers, each in a process of its own with
    // the worker's heap settings, and the limit is the mean of the two: a machine whose speed
    // drifts during the run moves the limit with the figure.
    const rowsFile = path.join(os.tmpdir(), `bench-batch-${rowCount}.json`);
    fs.writeFileSync(rowsFile, JSON.stringify(rows));
    console.log(`Valuing the same rows in a process of their own (engine-only, markets loaded beforehand)...`);
    const engineLine = (when: string, pass: EnginePass) =>
      console.log(`    ${when}: ${rowCount} rows in ${pass.seconds.toFixed(1)} s (${pass.cpu.toFixed(1)} s of CPU), ${pass.valued} valued`);
    const before = await enginePasses(rowsFile, env);
    engineLine('before the workers, each market fitted when first met', before.fresh);
    console.log('');
    console.log(`Valuing a ${rowCount}-row batch...`);
    const one = await phase(1);
    const two = oneOnly ? null : await phase(2);
    console.log('');
    const after = await enginePasses(rowsFile, env);
    engineLine('after the workers, each market fitted when first met', after.fresh);
    console.log(
      `    markets already fitted (no worker has the fits): ${rowCount} rows in ${after.fitted.seconds.toFixed(1)} s (${after.fitted.cpu.toFixed(1)} s of CPU, ${after.fitted.rowsPerSecond.toFixed(0)} rows/s)`,
    );
    const limit = (before.fresh.rowsPerSecond + after.fresh.rowsPerSecond) / 2;
    console.log('');
    console.log(`  figure (rows/s)                    figure   limit (engine-only)   ratio   target`);
    const line = (label: string, figure: number) => {
      const ratio = figure / limit;
      console.log(
        `  ${label.padEnd(32)} ${figure.toFixed(0).padStart(8)} ${limit.toFixed(0).padStart(21)} ${ratio.toFixed(2).padStart(7)}   >= ${RATIO_TARGET} ${ratio >= RATIO_TARGET ? 'met' : 'NOT met'}`,
      );
    };
    line('end-to-end, 1 worker process', one);
    if (two !== null) line('end-to-end, 2 worker processes', two);
    console.log('');
    console.log(`  target: ${rowCount} rows in <= 15 s with one worker process: ${rowCount / one <= 15 ? 'met' : 'NOT met'}`);
  } finally {
    for (const w of workers) w.kill('SIGKILL');
    api.kill('SIGTERM');
    await new Promise((r) => api.once('exit', r));
    await queue.close();
    await pg.end();
    await bench.close();
  }
}

const enginePassFile = arg('engine-pass', '');
(enginePassFile ? enginePassMain(enginePassFile) : main()).catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
