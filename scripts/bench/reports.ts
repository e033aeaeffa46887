/**
 * Speed of report rendering: prepares a bench database with the demo platform, starts one worker
 * process serving the report queue (PDF_PAGES pages, 2 by default), warms its browser with one
 * report, then orders `--reports` reports (50 by default) of the sample document at once through
 * the job queue and prints the median and p95 milliseconds per report and the reports per second.
 * Its limit, measured in the same run: rounds of 10 more report jobs alternate with 10 bare
 * `page.setContent` + `page.pdf` of the same HTML, as many at once, on warm pages of a Chromium
 * started with the renderer's arguments; the ratio job / bare median should be <= 1.2.
 *
 *   npm run bench:reports -- [--reports 50] [--pages 2] [--keep]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { Queue } from 'bullmq';
import { Client } from 'pg';
import { launch, type Page } from 'puppeteer-core';
import { arg, benchEnvironment, root } from './bench-process';

const { sampleReportDocument, newReportCode, renderReportHtml, qrSvg } = require(
  path.join(root, 'dist/server/libs/server/core/src'),
) as typeof import('@valuation/core');
const { CHROMIUM_ARGS, reportPdfOptions } = require(path.join(root, 'dist/server/libs/server/pdf/src')) as typeof import('@valuation/pdf');

const count = Number(arg('reports', '50'));
const pages = arg('pages', '2');
const keep = process.argv.includes('--keep');
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/valuation_bench_reports';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0';
const prefix = process.env.BENCH_REDIS_PREFIX ?? 'valuation-bench-reports';
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Job median over bare print median. */
const RATIO_LIMIT = 1.2;
/** Jobs, then bare prints, per round of the comparison. */
const ROUND = 10;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * Bare prints of `html` (setContent, then pdf with the report's options) on `pages` pages of a
 * Chromium started with the renderer's arguments, opened and warmed by one print each.
 */
async function openBarePrinter(html: string, footer: string, pages: number) {
  const browser = await launch({ executablePath: chromiumPath, headless: true, args: [...CHROMIUM_ARGS], pipe: true });
  const printOn = async (page: Page) => {
    const started = performance.now();
    await page.setContent(html, { waitUntil: 'load' });
    await page.pdf(reportPdfOptions(footer));
    return performance.now() - started;
  };
  const open = await Promise.all(
    Array.from({ length: pages }, async () => {
      const page = await browser.newPage();
      await page.setJavaScriptEnabled(false);
      await printOn(page);
      return page;
    }),
  );
  return {
    /** Milliseconds of `count` prints, as many at once as there are pages. */
    async print(count: number): Promise<number[]> {
      const times: number[] = [];
      let next = 0;
      await Promise.all(
        open.map(async (page) => {
          while (next < count) {
            next += 1;
            times.push(await printOn(page));
          }
        }),
      );
      return times;
    },
    close: () => browser.close(),
  };
}

async function main() {
  const bench = await benchEnvironment({ databaseUrl, redisUrl, prefix, keep });
  const { env } = bench;

  const pg = new Client({ connectionString: databaseUrl });
  await pg.connect();
  await pg.query(`DELETE FROM eval_report WHERE eval_code LIKE 'BENCH%'`);
  const [account] = (await pg.query(`SELECT id, tenant_id, company_id, organization_id FROM account WHERE login_user = 'demoadmin'`)).rows;
  // The package an advisory copy of the account is charged to (a failed render would refund it).
  const [advisory] = (
    await pg.query(`SELECT id FROM balance_package WHERE account_id = $1 AND kind = 'advisory' ORDER BY expire_date, id LIMIT 1`, [
      account.id,
    ])
  ).rows;

  /** Report rows as an order writes them, of the sample advisory document; their ids. */
  const order = async (n: number, from: number): Promise<string[]> => {
    const ids: string[] = [];
    for (let i = from; i < from + n; i++) {
      const reportCode = newReportCode(2);
      const document = { ...sampleReportDocument(2), reportCode };
      const { rows } = await pg.query(
        `INSERT INTO eval_report (report_code, report_type, eval_code, eval_record_id, tenant_id, company_id, organization_id, account_id, state, document, charge)
         VALUES ($1, 2, $2, 0, $3, $4, $5, $6, 1, $7::jsonb, $8::jsonb) RETURNING id`,
        [
          reportCode,
          `BENCH${i}`,
          account.tenant_id,
          account.company_id,
          account.organization_id,
          account.id,
          JSON.stringify(document),
          JSON.stringify({ kind: 'advisory', packageId: advisory.id, ledgerId: '0' }),
        ],
      );
      ids.push(String(rows[0].id));
    }
    return ids;
  };

  const connection = { host: new URL(redisUrl).hostname, port: Number(new URL(redisUrl).port || 6379), maxRetriesPerRequest: null };
  const queue = new Queue('report', { connection, prefix });
  const enqueue = (ids: string[]) =>
    queue.addBulk(
      ids.map((reportId) => ({ name: 'report.render', data: { reportId }, opts: { jobId: `bench-${reportId}`, attempts: 1 } })),
    );
  const settled = async (ids: string[]) => {
    for (;;) {
      const { rows } = await pg.query(
        `SELECT count(*) FILTER (WHERE state = 2)::int AS ok, count(*) FILTER (WHERE state = 3)::int AS failed FROM eval_report WHERE id = ANY($1::bigint[])`,
        [ids],
      );
      if (rows[0].failed > 0) throw new Error(`${rows[0].failed} reports failed to render`);
      if (rows[0].ok === ids.length) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  let worker: ChildProcess | null = null;
  try {
    worker = spawn(process.execPath, [path.join(root, 'dist/server/apps/worker/src/main.js')], {
      cwd: root,
      env: { ...env, WORKER_QUEUES: 'report', PDF_PAGES: pages },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    console.log(`Warming the browser of one worker process (${pages} pages)...`);
    const warm = await order(2, 0);
    const warmStart = Date.now();
    await enqueue(warm);
    await settled(warm);
    console.log(
      `  first reports ready ${((Date.now() - warmStart) / 1000).toFixed(1)} s after ordering (worker start and browser launch included)`,
    );

    console.log(`Rendering ${count} advisory reports of the sample document through the queue...`);
    const ids = await order(count, 2);
    const started = Date.now();
    await enqueue(ids);
    await settled(ids);
    const jobs = await Promise.all(ids.map((id) => queue.getJob(`bench-${id}`)));
    const jobMs = jobs.map((j) => (j!.finishedOn ?? 0) - (j!.processedOn ?? 0)).sort((a, b) => a - b);
    const lastFinished = Math.max(...jobs.map((j) => j!.finishedOn ?? 0));
    const seconds = (lastFinished - started) / 1000;
    const { rows } = await pg.query(`SELECT render_ms AS ms, size FROM eval_report WHERE id = ANY($1::bigint[]) ORDER BY render_ms`, [ids]);
    const renderMs = rows.map((r) => Number(r.ms));
    const median = percentile(jobMs, 50);
    const perSecond = count / seconds;
    console.log('');
    console.log(`  per report (job: HTML, PDF, SHA-256, S3, database)  median ${median} ms, p95 ${percentile(jobMs, 95)} ms`);
    console.log(
      `  browser time per report                             median ${percentile(renderMs, 50)} ms, p95 ${percentile(renderMs, 95)} ms`,
    );
    console.log(
      `  throughput at concurrency ${pages}                        ${perSecond.toFixed(2)} reports/s (${count} in ${seconds.toFixed(1)} s)`,
    );
    console.log(
      `  PDF size                                            median ${(Number(rows[Math.floor(rows.length / 2)].size) / 1024).toFixed(0)} KB`,
    );

    // Jobs and bare prints alternate in rounds, so that both meet the same load of the machine.
    const rounds = Math.max(1, Math.ceil(count / ROUND));
    console.log(
      `Alternating ${rounds} rounds of ${ROUND} report jobs and ${ROUND} bare setContent + pdf of the same HTML, ${pages} at once...`,
    );
    const sample = { ...sampleReportDocument(2), reportCode: newReportCode(2) };
    // The HTML the job renders of the sample document, which has no configuration images.
    const html = renderReportHtml(sample, { images: {}, qrSvg: qrSvg(sample.verifyUrl) });
    const printer = await openBarePrinter(html, `报告编号：${sample.reportCode}`, Number(pages));
    const roundJobs: number[] = [];
    const bare: number[] = [];
    try {
      for (let r = 0; r < rounds; r++) {
        const round = await order(ROUND, 2 + count + r * ROUND);
        await enqueue(round);
        await settled(round);
        for (const id of round) {
          const j = await queue.getJob(`bench-${id}`);
          roundJobs.push((j!.finishedOn ?? 0) - (j!.processedOn ?? 0));
        }
        bare.push(...(await printer.print(ROUND)));
      }
    } finally {
      await printer.close();
    }
    roundJobs.sort((a, b) => a - b);
    bare.sort((a, b) => a - b);
    const jobMedian = percentile(roundJobs, 50);
    const bareMedian = percentile(bare, 50);
    const ratio = jobMedian / bareMedian;
    console.log(`  report job                                          median ${jobMedian} ms, p95 ${percentile(roundJobs, 95)} ms`);
    console.log(
      `  bare print of the report HTML (${(html.length / 1024).toFixed(0)} KB)      median ${bareMedian.toFixed(0)} ms, p95 ${percentile(bare, 95).toFixed(0)} ms`,
    );
    console.log('');
    console.log(`  figure (median ms)          job   limit (bare print)   ratio   limit`);
    console.log(
      `  report job / bare print ${String(jobMedian).padStart(7)} ${bareMedian.toFixed(0).padStart(20)} ${ratio.toFixed(2).padStart(7)}   <= ${RATIO_LIMIT} ${ratio <= RATIO_LIMIT ? 'met' : 'NOT met'}`,
    );
    console.log('');
    console.log(
      `  target: median <= 400 ms per report: ${median <= 400 ? 'met' : 'NOT met'}; >= 4 reports/s: ${perSecond >= 4 ? 'met' : 'NOT met'}`,
    );
  } finally {
    if (worker) {
      worker.kill('SIGTERM');
      await new Promise((r) => worker!.once('exit', r));
    }
    await queue.close();
    await pg.end();
    await bench.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
