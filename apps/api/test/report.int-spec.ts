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
import { AppraisalCaseStore, reportRenderJobId, seedDemoMarket } from '@valuation/core';
import { FormalReportMsg, formatReportTotalPrice, WorkflowMsg } from '@valuation/domain';
import { AccountEntity, CommunityEntity, EvalRecordEntity, ReportConfigEntity } from '@valuation/persistence';
import { Metrics } from '@valuation/queue';
import { IsNull } from 'typeorm';
import { ReportProcessor } from '../../worker/src/processors/report.processor';
import { WorkerModule } from '../../worker/src/worker.module';
import { startTestApi, type TestApi } from './test-api';

/** The text of a PDF as pdftotext reads it (layout kept, so a figure and its unit stay together). */
function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-layout', pdfFile(pdf), '-'], { encoding: 'utf8' });
}

function pdfFile(pdf: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'report-test-')), 'report.pdf');
  fs.writeFileSync(file, pdf);
  return file;
}

/** How many raster images a PDF holds (pdfimages -list prints two header lines). */
function pdfImages(pdf: Buffer): number {
  return (
    execFileSync('pdfimages', ['-list', pdfFile(pdf)], { encoding: 'utf8' })
      .trim()
      .split('\n').length - 2
  );
}

const binary = (
  res: NodeJS.ReadableStream & { setEncoding(e: string): void; on(e: string, cb: (c?: unknown) => void): void },
  done: (err: Error | null, body: Buffer) => void,
) => {
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
  const startWorker = () =>
    NestFactory.createApplicationContext(WorkerModule.forRoot({ queues: [QUEUES.report], concurrency: 2 }), {
      logger: false,
      abortOnError: false,
    });

  const counts = async () => {
    const [row] = await t.ds.query(
      `SELECT coalesce(sum(remaining) FILTER (WHERE kind = 'advisory'), 0)::int AS advisory,
              coalesce(sum(remaining) FILTER (WHERE kind = 'inquiry'), 0)::int AS inquiry
         FROM balance_package WHERE account_id = $1`,
      [accountId],
    );
    return { advisory: Number(row.advisory), inquiry: Number(row.inquiry) };
  };
  const ledger = async (reportCode: string) =>
    t.ds.query(`SELECT kind, delta, reason FROM balance_ledger WHERE ref_id = $1 ORDER BY id`, [reportCode]) as Promise<
      { kind: string; delta: number; reason: string }[]
    >;

  /** A sale valuation of a flat in the community; its evalCode. */
  const value = async (area = 89) => {
    const res = await post('/api/eval/rapid?evalType=1&mtype=4&mtypeOn=0', {
      cityCode: '110100',
      cityName: '北京',
      propType: 11,
      haInfo: { haCode: community.haCode, haName: community.name },
      bldgArea: String(area),
      floor: '6',
      bheight: '18',
      br: 2,
      lr: 1,
      ba: 1,
      owner: '<script>alert(1)</script>张三',
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
    expect((await get(`/api/eval/advisory/get?evalCode=${evalCode}`)).body).toMatchObject({
      code: 200,
      data: { report: null, record: { evalCode, advisory: false } },
    });
    const before = await counts();
    const renders = async () =>
      (await worker!.get(Metrics).reportRenderSeconds.get()).values.find((v) => v.metricName === 'report_render_seconds_count')?.value ?? 0;
    const rendersBefore = await renders();

    const first = await post('/api/eval/advisory/add', { evalCode });
    expect(first.body).toMatchObject({ code: 200, data: { reportType: 2, evalCode, reportCode: expect.stringMatching(/^ZX\d{18}$/) } });
    const again = await post('/api/eval/advisory/add', { evalCode });
    expect(again.body.data.reportCode).toBe(first.body.data.reportCode);
    expect(await counts()).toEqual({ ...before, advisory: before.advisory - 1 });
    expect(await ledger(first.body.data.reportCode)).toEqual([{ kind: 'advisory', delta: -1, reason: 'consume' }]);

    const ready = await waitForState('advisory', evalCode, (s) => s !== 1);
    expect(ready).toMatchObject({ state: 2, sha256: expect.stringMatching(/^[0-9a-f]{64}$/), size: expect.any(Number) });
    advisory = ready;
    expect(await renders()).toBe(rendersBefore + 1);
    expect((await get(`/api/eval/get?evalCode=${evalCode}`)).body.data.record).toMatchObject({ advisory: true, inquiry: false });
    const listed = (await get('/api/eval/list?pageIndex=1&pageSize=10')).body.data.list.find(
      (r: { evalCode: string }) => r.evalCode === evalCode,
    );
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

  it('says whether the consulting report is sealed and signed', async () => {
    const signing = () => get('/api/eval/advisory/signing');
    // The demo channel's consulting report carries a seal and two signatures.
    expect((await signing()).body).toEqual({ code: 200, message: 'success', data: { seal: true, signatures: true } });
    expect(pdfImages(pdf)).toBeGreaterThanOrEqual(3);

    const configs = t.ds.getRepository(ReportConfigEntity);
    const own = await configs.findOneByOrFail({ tenantId: t.demoTenantId, companyId: IsNull(), reportType: 2 });
    try {
      await configs.update(own.id, { imageKeys: { 3: own.imageKeys[3]!, 5: own.imageKeys[5]! } });
      expect((await signing()).body.data).toEqual({ seal: true, signatures: false });
      await configs.update(own.id, { imageKeys: {} });
      expect((await signing()).body.data).toEqual({ seal: false, signatures: false });
    } finally {
      await configs.update(own.id, { imageKeys: own.imageKeys });
    }
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
    expect(res.body.data).toMatchObject({
      reportCode: advisory.reportCode,
      reportType: 2,
      haName: community.name,
      sha256: createHash('sha256').update(pdf).digest('hex'),
    });
    expect((await t.http().get('/api/report/verify?code=ZX202611220000000000')).body).toEqual({
      code: 404,
      message: FormalReportMsg.unknownCode,
      data: null,
    });
    expect((await t.http().get('/api/report/verify?code=../../etc')).body).toMatchObject({
      code: 400,
      message: FormalReportMsg.unknownCode,
    });
  });

  it('charges once when the same inquiry report is ordered twice at once, and refuses an empty balance', async () => {
    const code = await value(76);
    const before = await counts();
    const [a, b] = await Promise.all([
      post('/api/eval/inquiry/add', { evalCode: code }),
      post('/api/eval/inquiry/add', { evalCode: code }),
    ]);
    expect(a.body.code).toBe(200);
    expect(b.body.code).toBe(200);
    expect(a.body.data.reportCode).toBe(b.body.data.reportCode);
    expect((await counts()).inquiry).toBe(before.inquiry - 1);
    await waitForState('inquiry', code, (s) => s === 2);

    // Empty the advisory packages for a moment, then put back exactly what each held.
    const held: { id: number; remaining: number }[] = await t.ds.query(
      `SELECT id, remaining FROM balance_package WHERE account_id = $1 AND kind = 'advisory'`,
      [accountId],
    );
    expect(held.reduce((sum, p) => sum + p.remaining, 0)).toBe(before.advisory);
    await t.ds.query(`UPDATE balance_package SET remaining = 0 WHERE account_id = $1 AND kind = 'advisory'`, [accountId]);
    const empty = await post('/api/eval/advisory/add', { evalCode: code });
    expect(empty.body).toEqual({ code: 403, message: '咨询报告份数不足，请联系管理员分配', data: null });
    expect((await get(`/api/eval/advisory/get?evalCode=${code}`)).body.data.report).toBeNull();
    for (const p of held) await t.ds.query(`UPDATE balance_package SET remaining = $2 WHERE id = $1`, [p.id, p.remaining]);
    expect((await counts()).advisory).toBe(before.advisory);
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
    const [row] = await t.ds.query(`SELECT id, charge->>'ledgerId' AS "ledgerId" FROM eval_report WHERE report_code = $1`, [
      ordered.reportCode,
    ]);
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
    await t.ds.getRepository(CommunityEntity).insert({
      haCode: 'RPT-EMPTY',
      name: '报告测试无成交小区',
      cityCode: '110100',
      distCode,
      address: '北京市测试路9号',
      lat: 40.5,
      lon: 116.9,
      propTypes: '11',
      source: 'test',
    });
    const res = await post('/api/eval/rapid?evalType=1&mtype=4&mtypeOn=0', {
      cityCode: '110100',
      cityName: '北京',
      propType: 11,
      haInfo: { haCode: 'RPT-EMPTY', haName: '报告测试无成交小区' },
      bldgArea: '80',
      floor: '3',
      bheight: '6',
    });
    expect(res.body.data.state).toBe(2);
    const before = await counts();
    expect((await post('/api/eval/inquiry/add', { evalCode: res.body.data.evalCode })).body).toMatchObject({
      code: 400,
      message: FormalReportMsg.notOffered,
    });
    expect((await post('/api/eval/advisory/add', { evalCode: res.body.data.evalCode })).body).toMatchObject({
      code: 400,
      message: FormalReportMsg.notOffered,
    });
    expect(await counts()).toEqual(before);
  });

  describe("advisory reports of appraisers' answers", () => {
    let appraiser: string;
    let account: AccountEntity;
    const requester = () => ({ population: 'user' as const, id: account.id, name: account.userName });

    /** A case of demouser filed in the store (the submission itself is tested with the workflows). */
    const file = async (kind: 'artificial' | 'review', from: { evalCode: string } | null) => {
      const record = from ? await t.ds.getRepository(EvalRecordEntity).findOneByOrFail({ evalCode: from.evalCode }) : null;
      const c = await t.ds.transaction((m) =>
        t.app.get(AppraisalCaseStore).create(
          m,
          {
            kind,
            tenantId: account.tenantId,
            companyId: account.companyId,
            organizationId: account.organizationId,
            accountId: account.id,
            evalType: 1,
            evalCode: record?.evalCode ?? null,
            initiate: kind === 'review' ? 1 : null,
            sourceId: record?.id ?? null,
            cityCode: '110100',
            cityName: '北京市',
            haCode: record?.haCode ?? null,
            haName: record?.haName ?? '无名小区',
            cardAddress: '北京市朝阳区测试路8号院3号楼502',
            location: record?.location ?? '朝阳区测试路8号',
            bldgArea: record?.bldgArea ?? '95.50',
            principalCode: null,
            houseInfo: { propType: 11, floor: 5, bheight: 12, br: 2, lr: 1, ba: 1, face: '1' },
            reason: 1,
            otherReason: null,
            remark: '',
            proposedPrice: null,
            originalPrice: record?.totalPrice ?? null,
            files: [],
          },
          requester(),
        ),
      );
      return Number(c.id);
    };
    const answer = async (id: number, totalPrice: number, unitPrice: number, reply: string) => {
      await post('/api/tenant/appraisal/claim', { id, version: 1 }, appraiser).expect(200);
      await post('/api/tenant/appraisal/answer', { id, version: 2, totalPrice, unitPrice, reply }, appraiser).expect(200);
    };
    const waitForCaseReport = async (kind: string, id: number) => {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const report = (await get(`/api/${kind}/advisory/get?id=${id}`)).body.data.report;
        if (report && report.state !== 1) return report;
        if (Date.now() > deadline) throw new Error(`report of case ${id} stayed in state ${report?.state}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };

    beforeAll(async () => {
      appraiser = await t.login('tenant', 'appraiser1');
      account = await t.ds.getRepository(AccountEntity).findOneByOrFail({ loginUser: 'demouser' });
    });

    it("is offered once a manual enquiry has the appraiser's price, charged once, and prints that price and reply", async () => {
      const id = await file('artificial', null);
      const before = await counts();
      expect((await get(`/api/artificial/advisory/get?id=${id}`)).body.data).toMatchObject({
        report: null,
        offered: false,
        case: { id, kind: 'artificial', state: 1 },
      });
      expect((await post('/api/artificial/advisory/add', { id })).body).toEqual({
        code: 400,
        message: FormalReportMsg.caseNotOffered,
        data: null,
      });
      expect(await counts()).toEqual(before);

      await answer(id, 3_650_000, 38_219.9, '参考同路段<近期>成交，楼层居中');
      const ordered = (await post('/api/artificial/advisory/add', { id })).body;
      expect(ordered).toMatchObject({ code: 200, data: { reportType: 2, caseId: id, reportCode: expect.stringMatching(/^ZX\d{18}$/) } });
      expect((await post('/api/artificial/advisory/add', { id })).body.data.reportCode).toBe(ordered.data.reportCode);
      expect(await counts()).toEqual({ ...before, advisory: before.advisory - 1 });
      expect(await ledger(ordered.data.reportCode)).toEqual([{ kind: 'advisory', delta: -1, reason: 'consume' }]);

      const ready = await waitForCaseReport('artificial', id);
      expect(ready).toMatchObject({ state: 2, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
      const listed = (await get('/api/artificial/list?pageIndex=1&pageSize=50')).body.data.list.find((r: { id: number }) => r.id === id);
      expect(listed).toMatchObject({ advisory: true, reviewTotalPrice: 3_650_000 });

      const res = await get(`/api/artificial/advisory/export?id=${id}`).buffer(true).parse(binary).expect(200);
      expect(
        createHash('sha256')
          .update(res.body as Buffer)
          .digest('hex'),
      ).toBe(ready.sha256);
      const text = pdfText(res.body as Buffer).replace(/[ \t]+/g, ' ');
      const { caseNo } = (await get(`/api/artificial/advisory/get?id=${id}`)).body.data.case;
      expect(text).toMatch(/365 万元 38,220 元\/㎡ 人工询价/);
      expect(text).toContain('人工估价');
      expect(text).toContain(caseNo);
      expect(text).toContain('参考同路段<近期>成交，楼层居中');
      expect(text).toContain('估价师一');
      expect(text).not.toContain('样本数量');
      const verified = (await t.http().get(`/api/report/verify?code=${ready.reportCode}`).expect(200)).body.data;
      expect(verified).toMatchObject({ totalPrice: 3_650_000, haName: '无名小区' });
    }, 90_000);

    it('reports a re-appraisal of a valuation at the re-appraised price, not for a refused one, and only to those who may read the case', async () => {
      const code = await value(92);
      const answered = await file('review', { evalCode: code });
      await answer(answered, 5_500_000, 59_782.61, '复评后下调');
      const refused = await file('review', { evalCode: code });
      await post('/api/tenant/appraisal/claim', { id: refused, version: 1 }, appraiser).expect(200);
      await post('/api/tenant/appraisal/refuse', { id: refused, version: 2, reason: '材料不足' }, appraiser).expect(200);

      const before = await counts();
      expect((await get(`/api/review/advisory/get?id=${refused}`)).body.data).toMatchObject({ offered: false, case: { state: 3 } });
      expect((await post('/api/review/advisory/add', { id: refused })).body).toMatchObject({
        code: 400,
        message: FormalReportMsg.caseNotOffered,
      });
      expect((await post('/api/artificial/advisory/add', { id: answered })).body).toMatchObject({
        code: 404,
        message: WorkflowMsg.notFound,
      });
      expect(await counts()).toEqual(before);

      await post('/api/review/advisory/add', { id: answered }).expect(200);
      const ready = await waitForCaseReport('review', answered);
      expect(ready.state).toBe(2);
      const text = pdfText(
        (await get(`/api/eval/report/pdf?reportCode=${ready.reportCode}`).buffer(true).parse(binary).expect(200)).body as Buffer,
      ).replace(/[ \t]+/g, ' ');
      expect(text).toMatch(/550 万元 59,783 元\/㎡ 人工复评/);
      expect(text).toContain(
        '原估价 686万元'.replace(
          '686',
          formatReportTotalPrice((await get(`/api/eval/get?evalCode=${code}`)).body.data.record.totalPrice, 1),
        ),
      );
      expect(text).toContain(community.name);
      expect(
        (await get('/api/review/list?pageIndex=1&pageSize=50')).body.data.list
          .filter((r: { advisory: boolean }) => r.advisory)
          .map((r: { id: number }) => r.id),
      ).toEqual([answered]);
      // The valuation itself still has no advisory report of its own.
      expect((await get(`/api/eval/get?evalCode=${code}`)).body.data.record.advisory).toBe(false);
      expect((await get(`/api/eval/advisory/export?evalCode=${code}`)).body).toEqual({
        code: 404,
        message: FormalReportMsg.advisoryMissing,
        data: null,
      });

      const other = await t.login('user', 'otheruser');
      expect((await get(`/api/review/advisory/get?id=${answered}`, other)).body).toMatchObject({
        code: 404,
        message: WorkflowMsg.notFound,
      });
      expect((await get(`/api/eval/report/pdf?reportCode=${ready.reportCode}`, other)).body.code).toBe(404);
      expect((await get(`/api/review/advisory/export?id=${answered}`, other)).body.code).toBe(404);
    }, 90_000);
  });
});
