import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { QUEUES } from '@valuation/contracts';
import { reportRenderJobId, seedDemoMarket } from '@valuation/core';
import { FormalReportMsg, formatReportTotalPrice } from '@valuation/domain';
import { AccountEntity, CommunityEntity } from '@valuation/persistence';
import { ReportProcessor } from '../../worker/src/processors/report.processor';
import { WorkerModule } from '../../worker/src/worker.module';
import { startTestApi, type TestApi } from './test-api';

/** The text of a PDF as pdftotext reads it (layout kept, so a figure and its unit stay together). */
function pdfText(pdf: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'report-test-')), 'report.pdf');
  fs.writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

const binary = (res: NodeJS.ReadableStream & { setEncoding(e: string): void; on(e: string, cb: (c?: unknown) => void): void }, done: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c) => chunks.push(c as Buffer));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

describe('formal reports', () => {
  let t: TestApi;
  let worker: INestApplicationContext | null = null;
  let token: string;
  let accountId: number;
  let community: { haCode: string; name: string };

  const get = (url: string, as = token) => t.http().get(url).set('Authorization', `Bearer ${as}`);
  const post = (url: string, body: object, as = token) => t.http().post(url).set('Authorization', `Bearer ${as}`).send(body);
  const startWorker = () => NestFactory.createApplicationContext(WorkerModule.forRoot({ queues: [QUEUES.report], concurrency: 2 }), { logger: false, abortOnError: false });

  const counts = async () => {
    const [row] = await t.ds.query(`SELECT advisory_count AS advisory, inquiry_count AS inquiry FROM account_balance WHERE account_id = $1`, [accountId]);
    return { advisory: Number(row.advisory), inquiry: Number(row.inquiry) };
  };
  const ledger = async (reportCode: string) =>
    t.ds.query(`SELECT kind, delta, reason FROM balance_ledger WHERE ref_id = $1 ORDER BY id`, [reportCode]) as Promise<{ kind: string; delta: number; reason: string }[]>;

  /** A sale valuation of a flat in the community; its evalCode. */
  const value = async (area = 89) => {
    const res = await post('/api/eval/rapid?evalType=1&mtype=4&mtypeOn=0', {
      cityCode: '110100', cityName: '北京', propType: 11, haInfo: { haCode: community.haCode, haName: community.name },
      bldgArea: String(area), floor: '6', bheight: '18', br: 2, lr: 1, ba: 1, owner: '<script>alert(1)</script>张三',
    });
    expect(res.body).toMatchObject({ code: 200, data: { state: 1 } });
    return res.body.data.evalCode as string;
  };

  const waitForState = async (type: 'inquiry' | 'advisory', evalCode: string, until: (state: number) => boolean, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const report = (await get(`/api/eval/${type}/get?evalCode=${evalCode}`)).body.data.report;
      if (report && until(report.state)) return report;
      if (Date.now() > deadline) throw new Error(`report of ${evalCode} stayed in state ${report?.state}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  beforeAll(async () => {
    t = await startTestApi();
    await seedDemoMarket(t.ds, { cityCodes: ['110100'], communitiesPerCity: 12, months: 24 });
    [community] = await t.ds.query(
      `SELECT c.ha_code AS "haCode", c.name FROM community c
        WHERE c.city_code = '110100' AND c.source = 'demo'
          AND (SELECT count(*) FROM market_case m WHERE m.community_id = c.id AND m.trade_type = 1 AND m.prop_type = 11) >= 10
        ORDER BY c.ha_code LIMIT 1`,
    );
    token = await t.login('user', 'demouser');
    accountId = (await t.ds.getRepository(AccountEntity).findOneByOrFail({ loginUser: 'demouser' })).id;
    worker = await startWorker();
  }, 120_000);

  afterAll(async () => {
    await worker?.close();
    await t?.close();
  });

  let evalCode: string;
  let advisory: { reportCode: string; sha256: string };
  let pdf: Buffer;

  it('generates an advisory report once, charged once, rendered by a worker into a PDF with the property, value and code', async () => {
    evalCode = await value();
    expect((await get(`/api/eval/advisory/get?evalCode=${evalCode}`)).body).toMatchObject({ code: 200, data: { report: null, record: { evalCode, advisory: false } } });
    const before = await counts();

    const first = await post('/api/eval/advisory/add', { evalCode });
    expect(first.body).toMatchObject({ code: 200, data: { reportType: 2, evalCode, reportCode: expect.stringMatching(/^ZX\d{18}$/) } });
    const again = await post('/api/eval/advisory/add', { evalCode });
    expect(again.body.data.reportCode).toBe(first.body.data.reportCode);
    expect(await counts()).toEqual({ ...before, advisory: before.advisory - 1 });
    expect(await ledger(first.body.data.reportCode)).toEqual([{ kind: 'advisory', delta: -1, reason: 'consume' }]);

    const ready = await waitForState('advisory', evalCode, (s) => s !== 1);
    expect(ready).toMatchObject({ state: 2, sha256: expect.stringMatching(/^[0-9a-f]{64}$/), size: expect.any(Number) });
    advisory = ready;
    expect((await get(`/api/eval/get?evalCode=${evalCode}`)).body.data.record).toMatchObject({ advisory: true, inquiry: false });
    const listed = (await get('/api/eval/list?pageIndex=1&pageSize=10')).body.data.list.find((r: { evalCode: string }) => r.evalCode === evalCode);
    expect(listed).toMatchObject({ advisory: true, inquiry: false });
    expect((await post('/api/eval/advisory/add', { evalCode })).body.data).toMatchObject({ reportCode: ready.reportCode, state: 2 });
    expect(await counts()).toEqual({ ...before, advisory: before.advisory - 1 });

    const res = await get(`/api/eval/report/pdf?reportCode=${ready.reportCode}`).buffer(true).parse(binary).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    pdf = res.body as Buffer;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(ready.sha256);
    const text = pdfText(pdf).replace(/[ \t]+/g, ' ');
    const record = (await get(`/api/eval/get?evalCode=${evalCode}`)).body.data.record;
    expect(text).toContain(community.name);
    expect(text).toContain(ready.reportCode);
    expect(text).toContain(formatReportTotalPrice(record.totalPrice, 1));
    expect(text).toContain('咨询报告');
    expect(text).toContain('<script>alert(1)</script>张三');
  });

  it('shows the report as a page without scripts, and only to those who may read the record', async () => {
    const html = await get(`/api/eval/report/html?reportCode=${advisory.reportCode}`).expect(200);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.text).toContain(community.name);
    expect(html.text).not.toMatch(/<script/i);
    expect(html.text).toContain('&lt;script&gt;');

    const other = await t.login('user', 'otheruser');
    expect((await get(`/api/eval/report/pdf?reportCode=${advisory.reportCode}`, other)).body).toMatchObject({ code: 404 });
    expect((await post('/api/eval/advisory/add', { evalCode }, other)).body).toMatchObject({ code: 404 });
    const otherBranch = await t.login('user', 'demorent');
    expect((await post('/api/eval/advisory/add', { evalCode }, otherBranch)).body).toMatchObject({ code: 404 });
    expect((await get(`/api/eval/report/html?reportCode=${advisory.reportCode}`, otherBranch)).body).toMatchObject({ code: 404 });
  });

  it('verifies a report publicly by its code and the SHA-256 of its PDF, and says when a code is unknown', async () => {
    const res = await t.http().get(`/api/report/verify?code=${advisory.reportCode}`).expect(200);
    expect(res.body.data).toMatchObject({ reportCode: advisory.reportCode, reportType: 2, haName: community.name, sha256: createHash('sha256').update(pdf).digest('hex') });
    expect((await t.http().get('/api/report/verify?code=ZX202611220000000000')).body).toEqual({ code: 404, message: FormalReportMsg.unknownCode, data: null });
    expect((await t.http().get('/api/report/verify?code=../../etc')).body).toMatchObject({ code: 400, message: FormalReportMsg.unknownCode });
  });

  it('charges once when the same inquiry report is ordered twice at once, and refuses an empty balance', async () => {
    const code = await value(76);
    const before = await counts();
    const [a, b] = await Promise.all([post('/api/eval/inquiry/add', { evalCode: code }), post('/api/eval/inquiry/add', { evalCode: code })]);
    expect(a.body.code).toBe(200);
    expect(b.body.code).toBe(200);
    expect(a.body.data.reportCode).toBe(b.body.data.reportCode);
    expect((await counts()).inquiry).toBe(before.inquiry - 1);
    await waitForState('inquiry', code, (s) => s === 2);

    await t.ds.query(`UPDATE account_balance SET advisory_count = 0 WHERE account_id = $1`, [accountId]);
    const empty = await post('/api/eval/advisory/add', { evalCode: code });
    expect(empty.body).toEqual({ code: 403, message: '咨询报告份数不足，请联系管理员分配', data: null });
    expect((await get(`/api/eval/advisory/get?evalCode=${code}`)).body.data.report).toBeNull();
    await t.ds.query(`UPDATE account_balance SET advisory_count = $2 WHERE account_id = $1`, [accountId, before.advisory]);
  });

  it('refunds a report that cannot be rendered, and renders it when ordered again', async () => {
    await worker!.close();
    const chromium = process.env.CHROMIUM_PATH;
    process.env.CHROMIUM_PATH = '/nonexistent/chromium';
    worker = await startWorker();
    const code = await value(104);
    const before = await counts();
    const ordered = (await post('/api/eval/advisory/add', { evalCode: code })).body.data;
    const failed = await waitForState('advisory', code, (s) => s === 3, 30_000);
    expect(failed).toMatchObject({ state: 3, error: FormalReportMsg.failed, sha256: null });
    expect(await counts()).toEqual(before);
    expect(await ledger(ordered.reportCode)).toEqual([
      { kind: 'advisory', delta: -1, reason: 'consume' },
      { kind: 'advisory', delta: 1, reason: 'refund' },
    ]);
    expect((await t.http().get(`/api/report/verify?code=${ordered.reportCode}`)).body.code).toBe(404);

    await worker.close();
    if (chromium === undefined) delete process.env.CHROMIUM_PATH;
    else process.env.CHROMIUM_PATH = chromium;
    worker = await startWorker();
    const again = (await post('/api/eval/advisory/add', { evalCode: code })).body.data;
    expect(again.reportCode).not.toBe(ordered.reportCode);
    expect((await waitForState('advisory', code, (s) => s !== 1)).state).toBe(2);
    expect((await counts()).advisory).toBe(before.advisory - 1);
  }, 90_000);

  it('renders a report whose render job was lost, once it has waited too long', async () => {
    await worker!.close();
    worker = null;
    const code = await value(67);
    const ordered = (await post('/api/eval/inquiry/add', { evalCode: code })).body.data;
    const [row] = await t.ds.query(`SELECT id, charge->>'ledgerId' AS "ledgerId" FROM eval_report WHERE report_code = $1`, [ordered.reportCode]);
    const queue = t.app.get<Queue>(getQueueToken(QUEUES.report));
    await (await queue.getJob(reportRenderJobId(String(row.id), row.ledgerId)))!.remove();

    worker = await startWorker();
    const sweeper = worker.get(ReportProcessor);
    expect(await sweeper.sweep()).toEqual([]);
    await t.ds.query(`UPDATE eval_report SET updated_at = now() - interval '10 minutes' WHERE id = $1`, [row.id]);
    expect(await sweeper.sweep()).toEqual([String(row.id)]);
    expect((await waitForState('inquiry', code, (s) => s !== 1)).state).toBe(2);
    expect(await sweeper.sweep()).toEqual([]);
  });

  it('does not offer reports for a reference price (regional average, state 2)', async () => {
    const [{ distCode }] = await t.ds.query(`SELECT dist_code AS "distCode" FROM community WHERE ha_code = $1`, [community.haCode]);
    await t.ds.getRepository(CommunityEntity).insert({ haCode: 'RPT-EMPTY', name: '报告测试无成交小区', cityCode: '110100', distCode, address: '北京市测试路9号', lat: 40.5, lon: 116.9, propTypes: '11', source: 'test' });
    const res = await post('/api/eval/rapid?evalType=1&mtype=4&mtypeOn=0', {
      cityCode: '110100', cityName: '北京', propType: 11, haInfo: { haCode: 'RPT-EMPTY', haName: '报告测试无成交小区' }, bldgArea: '80', floor: '3', bheight: '6',
    });
    expect(res.body.data.state).toBe(2);
    const before = await counts();
    expect((await post('/api/eval/inquiry/add', { evalCode: res.body.data.evalCode })).body).toMatchObject({ code: 400, message: FormalReportMsg.notOffered });
    expect((await post('/api/eval/advisory/add', { evalCode: res.body.data.evalCode })).body).toMatchObject({ code: 400, message: FormalReportMsg.notOffered });
    expect(await counts()).toEqual(before);
  });
});
