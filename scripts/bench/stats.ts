/**
 * Speed of the usage statistics, the valuation record list and the exports as the data grows: loads
 * valuation records (with a share of manual enquiries, re-appraisals and reports) spread over 50
 * organisations under the demo company, 2,000 accounts and 24 months into a bench database, first
 * 10,000 then 1,000,000 of them, and times the real endpoints as demoadmin at each size: the
 * summary (the last 3 months and 24 months), the detail (page 1 and the last page), the record list
 * (page 1 and the last page) and the detail export. Then it exports 100,000 detail rows through the
 * same service in a process of its own and reads that process's peak memory. Each figure is printed
 * with the limit it is held to and the ratio figure / limit: every figure at the largest size at
 * most 5 times its figure at the smallest, and the 100,000-row export within 300 MB.
 *
 *   npm run bench:stats -- [--sizes 10000,1000000] [--runs 20] [--keep] [--port 3203]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { arg, benchEnvironment, root, waitReady } from './bench-process';

const sizes = arg('sizes', '10000,1000000')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => Number.isInteger(n) && n > 0)
  .sort((a, b) => a - b);
const runs = Number(arg('runs', '20'));
const warmups = 3;
const exportRows = Number(arg('export-rows', '100000'));
const keep = process.argv.includes('--keep');
const apiPort = Number(arg('port', '3203'));
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/valuation_bench_stats';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0';
const prefix = 'valuation-bench-stats';
const ORGANIZATIONS = 50;
const ACCOUNTS = 2000;
const DAYS = 730;
/** Growth of a figure from the smallest size to the largest that the target allows. */
const GROWTH_LIMIT = 5;
const EXPORT_RSS_LIMIT_MB = 300;
/**
 * The API's V8 heap limit in its image (infra/docker/api.Dockerfile) and in the start command: the
 * API and the export process run with it, as in production (without it V8 sizes its heap from the
 * machine's memory and leaves written rows' garbage for longer).
 */
const API_HEAP = '--max-old-space-size=512';

const domain = require(path.join(root, 'dist/server/libs/domain/src')) as typeof import('@valuation/domain');

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** The bench organisations (10 branches, 4 sub-branches under each) and 2,000 accounts spread over them, once. */
async function addOrganisations(pg: Client): Promise<{ tenantId: number; companyId: number; organizationIds: number[] }> {
  const [admin] = (await pg.query(`SELECT tenant_id, company_id, password_hash FROM account WHERE login_user = 'demoadmin'`)).rows;
  const { tenant_id: tenantId, company_id: companyId } = admin;
  const existing = (await pg.query(`SELECT count(*)::int AS n FROM organization WHERE name LIKE '压测%' AND company_id = $1`, [companyId]))
    .rows[0].n;
  if (existing === 0) {
    await pg.query('BEGIN');
    const branches = (
      await pg.query(
        `INSERT INTO organization (tenant_id, parent_id, company_id, path, name, city_code, city_name)
         SELECT $1, $2, $2, '', '压测分行' || g, '110100', '北京市' FROM generate_series(1, 10) g RETURNING id`,
        [tenantId, companyId],
      )
    ).rows.map((r) => r.id as number);
    await pg.query(`UPDATE organization o SET path = c.path || o.id || '/' FROM organization c WHERE c.id = $1 AND o.id = ANY($2::int[])`, [
      companyId,
      branches,
    ]);
    const subs = (
      await pg.query(
        `INSERT INTO organization (tenant_id, parent_id, company_id, path, name, city_code, city_name)
         SELECT $1, b.id, $2, '', '压测支行' || b.n || '-' || g, '110100', '北京市'
           FROM unnest($3::int[]) WITH ORDINALITY AS b(id, n), generate_series(1, ${(ORGANIZATIONS - 10) / 10}) g RETURNING id`,
        [tenantId, companyId, branches],
      )
    ).rows.map((r) => r.id as number);
    await pg.query(
      `UPDATE organization o SET path = p.path || o.id || '/' FROM organization p WHERE p.id = o.parent_id AND o.id = ANY($1::int[])`,
      [subs],
    );
    const benchOrgs = [...branches, ...subs];
    await pg.query(
      `INSERT INTO account (tenant_id, organization_id, company_id, login_user, user_name, password_hash)
       SELECT $1, ($3::int[])[1 + g % ${benchOrgs.length}], $2, 'bench' || lpad(g::text, 4, '0'), '压测用户' || g, $4
         FROM generate_series(1, ${ACCOUNTS}) g`,
      [tenantId, companyId, benchOrgs, admin.password_hash],
    );
    await pg.query('COMMIT');
  }
  const organizationIds = (await pg.query(`SELECT id FROM organization WHERE company_id = $1 ORDER BY id`, [companyId])).rows.map(
    (r) => r.id as number,
  );
  return { tenantId, companyId, organizationIds };
}

/**
 * Grows the bench valuation records to `size` (ids BENCH000000000001...): spread evenly over the
 * bench accounts, the demo communities and the last 730 days; a fifth are valued batch rows; 1 in
 * 100 has a manual enquiry or re-appraisal and 1 in 50 an inquiry or advisory report.
 */
async function growTo(pg: Client, size: number, tenantId: number, companyId: number): Promise<number> {
  const started = Date.now();
  const have = (await pg.query(`SELECT count(*)::int AS n FROM eval_record WHERE eval_code LIKE 'BENCH%'`)).rows[0].n as number;
  if (have >= size) return 0;
  const step = 250_000;
  for (let from = have + 1; from <= size; from += step) {
    const to = Math.min(size, from + step - 1);
    await pg.query(
      `WITH acc AS (SELECT array_agg(id ORDER BY id) AS ids, array_agg(organization_id ORDER BY id) AS orgs FROM account WHERE login_user LIKE 'bench%'),
            com AS (SELECT array_agg(ha_code ORDER BY ha_code) AS codes, array_agg(name ORDER BY ha_code) AS names FROM community WHERE source = 'demo'),
            src AS (
              SELECT g, ((g::bigint * 7919) % ${ACCOUNTS}) + 1 AS a, ((g::bigint * 31) % cardinality(com.codes)) + 1 AS c,
                     now() - make_interval(secs => ((g::bigint * 104729) % 63072000)::double precision) AS at,
                     acc.ids, acc.orgs, com.codes, com.names
                FROM generate_series($2::int, $3::int) g, acc, com)
       INSERT INTO eval_record (eval_code, root_eval_code, tenant_id, company_id, organization_id, account_id, eval_type, source,
                                batch_task_id, method, state, ha_code, ha_name, city_code, city_name, prop_type, card_address, location,
                                principal_code, bldg_area, bldg_type, total_price, unit_price, engine_version, input, result, created_at)
       SELECT 'BENCH' || lpad(g::text, 12, '0'), 'BENCH' || lpad(g::text, 12, '0'), $1, $4, orgs[a], ids[a], CASE WHEN g % 10 = 0 THEN 2 ELSE 1 END, CASE WHEN g % 20 = 0 THEN 3 WHEN g % 10 = 0 THEN 2 ELSE 1 END,
              CASE WHEN g % 5 = 0 THEN g / 1000 + 1 END, 'fvSale', 1, codes[c], names[c], '110100', '北京市', 1,
              '北京市朝阳区压测路' || (g % 997) || '号', names[c], 'KH' || g, 60 + g % 90, '1', 3000000 + (g % 1000) * 1000, 50000 + g % 1000,
              'bench', '{}'::jsonb, '{}'::jsonb, at
         FROM src`,
      [tenantId, from, to, companyId],
    );
    await pg.query(
      `INSERT INTO appraisal_case (case_no, kind, tenant_id, company_id, organization_id, account_id, machine_state, context, state,
                                   eval_type, city_code, city_name, ha_code, ha_name, location, bldg_area, eval_code, due_at, created_at, updated_at, source)
       SELECT 'BC' || substr(r.eval_code, 6), CASE WHEN r.id % 2 = 0 THEN 'artificial' ELSE 'review' END, r.tenant_id, r.company_id,
              r.organization_id, r.account_id, 'pending', '{}'::jsonb, 1, r.eval_type, r.city_code, r.city_name, r.ha_code, r.ha_name,
              r.location, r.bldg_area, r.eval_code, r.created_at + interval '2 days', r.created_at + interval '1 hour',
              r.created_at + interval '1 hour', r.source
         FROM eval_record r
        WHERE r.eval_code BETWEEN 'BENCH' || lpad($1::text, 12, '0') AND 'BENCH' || lpad($2::text, 12, '0')
          AND substr(r.eval_code, 6)::bigint % 100 = 7`,
      [from, to],
    );
    await pg.query(
      `INSERT INTO eval_report (report_code, report_type, eval_code, eval_record_id, tenant_id, company_id, organization_id, account_id,
                                state, document, charge, created_at, updated_at, source)
       SELECT 'BR' || substr(r.eval_code, 6), 1 + (r.id % 2)::int, r.eval_code, r.id, r.tenant_id, r.company_id, r.organization_id,
              r.account_id, 2, '{}'::jsonb, '{}'::jsonb, r.created_at + interval '10 minutes', r.created_at + interval '10 minutes', r.source
         FROM eval_record r
        WHERE r.eval_code BETWEEN 'BENCH' || lpad($1::text, 12, '0') AND 'BENCH' || lpad($2::text, 12, '0')
          AND substr(r.eval_code, 6)::bigint % 50 = 3`,
      [from, to],
    );
  }
  // What autovacuum does to freshly loaded tables in production: statistics, and the visibility map that lets counts read only an index.
  for (const table of ['eval_record', 'appraisal_case', 'eval_report', 'organization', 'account'])
    await pg.query(`VACUUM ANALYZE ${table}`);
  return (Date.now() - started) / 1000;
}

/** Peak resident memory (VmHWM) of a process, in MB. */
function peakRssMb(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

interface Figure {
  label: string;
  p50: number;
  p95: number;
}

async function main() {
  if (!sizes.length) throw new Error('--sizes needs at least one size');
  const bench = await benchEnvironment({
    databaseUrl,
    redisUrl,
    prefix,
    keep,
    env: {
      API_PORT: String(apiPort),
      API_HOST: '127.0.0.1',
      RATE_LIMIT_EXPORT_PER_ACCOUNT: '100000',
      RATE_LIMIT_EXPORT_PER_ADDRESS: '100000',
    },
  });
  const { env, redis } = bench;
  const pg = new Client({ connectionString: databaseUrl });
  await pg.connect();
  const { tenantId, companyId, organizationIds } = await addOrganisations(pg);
  console.log(`  ${organizationIds.length} organisations of the demo company, ${ACCOUNTS} bench accounts`);

  const today = domain.businessToday();
  const filterDate = (d: string) => d.replace(/-/g, '/');
  const last3Months = { beginDate: filterDate(domain.addMonths(today, -3)), endDate: filterDate(today) };
  const last24Months = { beginDate: filterDate(domain.addDays(today, -DAYS)), endDate: filterDate(today) };
  const orgs = organizationIds.join(',');

  const results = new Map<
    number,
    { figures: Figure[]; exportMs: number; exportRssMb: number; streamMs: number; streamRows: number; streamRssMb: number }
  >();
  let api: ChildProcess | null = null;
  const base = `http://127.0.0.1:${apiPort}`;
  try {
    for (const size of sizes) {
      const loaded = await growTo(pg, size, tenantId, companyId);
      const counts = (
        await pg.query(
          `SELECT (SELECT count(*) FROM eval_record)::int AS records, (SELECT count(*) FROM appraisal_case)::int AS cases,
                  (SELECT count(*) FROM eval_report)::int AS reports`,
        )
      ).rows[0];
      console.log('');
      console.log(
        `${size.toLocaleString('en')} valuation records${loaded ? ` (loaded in ${loaded.toFixed(1)} s)` : ''}: ${counts.records} records, ${counts.cases} cases, ${counts.reports} reports`,
      );

      api = spawn(process.execPath, [API_HEAP, path.join(root, 'dist/server/apps/api/src/main.js')], {
        cwd: root,
        env,
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      await waitReady(`${base}/api/health/ready`, api);
      const captcha = (await (await fetch(`${base}/api/login/captcha`)).json()) as { data: { identity: string } };
      const answer = await redis.get(`${prefix}:captcha:${captcha.data.identity}`);
      const login = (await (
        await fetch(`${base}/api/login/`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ userName: 'demoadmin', password: 'Demo@123456', captcha: answer, identity: captcha.data.identity }),
        })
      ).json()) as { code: number; message: string; data: { token: string } };
      if (login.code !== 200) throw new Error(`login failed: ${login.message}`);
      const headers = { Authorization: `Bearer ${login.data.token}` };

      const get = async (route: string, query: Record<string, string | number>) => {
        const res = await fetch(
          `${base}${route}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
          {
            headers,
          },
        );
        const body = (await res.json()) as { code: number; message: string; data: { pageInfo?: { total: number }; total?: number } };
        if (body.code !== 200) throw new Error(`${route} answered ${body.code} ${body.message}`);
        return body.data;
      };
      const time = async (label: string, call: () => Promise<unknown>): Promise<Figure> => {
        for (let i = 0; i < warmups; i++) await call();
        const ms: number[] = [];
        for (let i = 0; i < runs; i++) {
          const t0 = performance.now();
          await call();
          ms.push(performance.now() - t0);
        }
        ms.sort((a, b) => a - b);
        return { label, p50: percentile(ms, 50), p95: percentile(ms, 95) };
      };

      const itemsQuery = { organizationIds: orgs, ...last24Months, statMethod: 1, pageSize: 10 };
      const itemsTotal = (await get('/api/statistics/items', { ...itemsQuery, pageIndex: 1 })).pageInfo!.total;
      const listTotal = (await get('/api/eval/list', { pageIndex: 1, pageSize: 10 })).total!;
      const lastPage = (total: number) => Math.min(100_000, Math.max(1, Math.ceil(total / 10)));
      const figures: Figure[] = [
        await time('summary, last 3 months', () =>
          get('/api/statistics/summary', { organizationIds: orgs, ...last3Months, pageIndex: 1, pageSize: 20 }),
        ),
        await time('summary, 24 months', () =>
          get('/api/statistics/summary', { organizationIds: orgs, ...last24Months, pageIndex: 1, pageSize: 20 }),
        ),
        await time('detail, page 1', () => get('/api/statistics/items', { ...itemsQuery, pageIndex: 1 })),
        await time(`detail, last page`, () => get('/api/statistics/items', { ...itemsQuery, pageIndex: lastPage(itemsTotal) })),
        await time('record list, page 1', () => get('/api/eval/list', { pageIndex: 1, pageSize: 10 })),
        await time(`record list, last page`, () => get('/api/eval/list', { pageIndex: lastPage(listTotal), pageSize: 10 })),
      ];
      for (const f of figures)
        console.log(`  ${f.label.padEnd(26)} p50 ${f.p50.toFixed(1).padStart(8)} ms   p95 ${f.p95.toFixed(1).padStart(8)} ms`);
      console.log(
        `  (detail: ${itemsTotal} items, last page ${lastPage(itemsTotal)}; record list: ${listTotal} records, last page ${lastPage(listTotal)})`,
      );

      const exportStarted = performance.now();
      const res = await fetch(
        `${base}/api/statistics/items/export?${new URLSearchParams({ organizationIds: orgs, ...last24Months, statMethod: '1' })}`,
        { headers },
      );
      if (!res.ok || !res.body) throw new Error(`items/export answered ${res.status}`);
      let bytes = 0;
      for await (const chunk of res.body) bytes += (chunk as Uint8Array).length;
      const exportMs = performance.now() - exportStarted;
      const exportRssMb = peakRssMb(api.pid!);
      console.log(
        `  detail export over HTTP     ${(exportMs / 1000).toFixed(2)} s, ${(bytes / 1024 / 1024).toFixed(1)} MB (at most ${domain.STAT_EXPORT_LIMIT} rows); API peak RSS ${exportRssMb.toFixed(0)} MB`,
      );
      api.kill('SIGTERM');
      await new Promise((r) => api!.once('exit', r));
      api = null;

      const { streamMs, streamRssMb } = await exportInChild(env, organizationIds, last24Months, Math.min(exportRows, size));
      console.log(
        `  detail export of ${Math.min(exportRows, size)} rows (own process) ${(streamMs / 1000).toFixed(2)} s; peak RSS ${streamRssMb.toFixed(0)} MB`,
      );
      results.set(size, { figures, exportMs, exportRssMb, streamMs, streamRows: Math.min(exportRows, size), streamRssMb });
    }

    const small = results.get(sizes[0])!;
    const large = results.get(sizes[sizes.length - 1])!;
    console.log('');
    if (sizes.length > 1) {
      const a = sizes[0].toLocaleString('en');
      const b = sizes[sizes.length - 1].toLocaleString('en');
      console.log(`  figure (p50 / p95 ms)        ${a.padStart(16)} ${b.padStart(18)}   ratio   limit   ratio/limit`);
      const row = (label: string, x: number, y: number, xs: string, ys: string) => {
        const ratio = y / x;
        console.log(
          `  ${label.padEnd(28)} ${xs.padStart(16)} ${ys.padStart(18)} ${ratio.toFixed(2).padStart(7)}x ${`${GROWTH_LIMIT}x`.padStart(6)}   ${(ratio / GROWTH_LIMIT).toFixed(2).padStart(5)} ${ratio <= GROWTH_LIMIT ? 'met' : 'NOT met'}`,
        );
      };
      small.figures.forEach((f, i) => {
        const g = large.figures[i];
        row(`${f.label} p50`, f.p50, g.p50, f.p50.toFixed(1), g.p50.toFixed(1));
        row(`${f.label} p95`, f.p95, g.p95, f.p95.toFixed(1), g.p95.toFixed(1));
      });
      row('export over HTTP (ms)', small.exportMs, large.exportMs, small.exportMs.toFixed(0), large.exportMs.toFixed(0));
      // The own-process export writes fewer rows at a small size: its figure is per 1,000 rows.
      const perThousand = (r: typeof small) => (r.streamMs / r.streamRows) * 1000;
      row(
        'export, ms per 1,000 rows',
        perThousand(small),
        perThousand(large),
        perThousand(small).toFixed(0),
        perThousand(large).toFixed(0),
      );
    }
    const rss = large.streamRssMb;
    console.log(
      `  peak RSS exporting ${Math.min(exportRows, sizes[sizes.length - 1])} rows     ${rss.toFixed(0)} MB   limit ${EXPORT_RSS_LIMIT_MB} MB   ratio/limit ${(rss / EXPORT_RSS_LIMIT_MB).toFixed(2)} ${rss <= EXPORT_RSS_LIMIT_MB ? 'met' : 'NOT met'}`,
    );
  } finally {
    if (api) {
      api.kill('SIGTERM');
      await new Promise((r) => api!.once('exit', r));
    }
    await pg.end();
    await bench.close();
    if (!keep) {
      const admin = new Client({ connectionString: Object.assign(new URL(databaseUrl), { pathname: '/postgres' }).toString() });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${new URL(databaseUrl).pathname.slice(1)} WITH (FORCE)`);
      await admin.end();
    }
  }
}

/** Runs the detail export of `rows` rows in a process of its own (stats-export.js); its time and peak RSS. */
function exportInChild(
  env: NodeJS.ProcessEnv,
  organizationIds: number[],
  range: { beginDate: string; endDate: string },
  rows: number,
): Promise<{ streamMs: number; streamRssMb: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        API_HEAP,
        path.join(root, 'dist/server/scripts/bench/stats-export.js'),
        organizationIds.join(','),
        range.beginDate,
        range.endDate,
        String(rows),
      ],
      { cwd: root, env },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => {
      const m = /exported (\d+) rows, (\d+) bytes in ([\d.]+) ms; peak RSS ([\d.]+) MB/.exec(out);
      if (code !== 0 || !m) return reject(new Error(`the export process failed:\n${out}`));
      if (Number(m[1]) !== rows) return reject(new Error(`the export wrote ${m[1]} rows, not ${rows}`));
      resolve({ streamMs: Number(m[3]), streamRssMb: Number(m[4]) });
    });
  });
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
