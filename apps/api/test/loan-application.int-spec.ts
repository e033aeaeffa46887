import ExcelJS from 'exceljs';
import { seedDemoMarket } from '@valuation/core';
import { businessToday, LoanApplyMsg, LoanMsg, ListMsg } from '@valuation/domain';
import { OperationLogEntity } from '@valuation/persistence';
import { valuableCommunities, valuedRecord, type ValuedRecord as Valued } from './revaluation-fixture';
import { startTestApi, type TestApi } from './test-api';

const binary = (res: NodeJS.ReadableStream, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (d: Buffer) => chunks.push(d));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

describe('loan applications secured by valuations', () => {
  let t: TestApi;
  let admin: string;
  let branchUser: string;
  let viewer: string;
  let communities: { haCode: string; name: string }[];
  const flats: Valued[] = [];
  let branchFlat: Valued;
  let firstId: number;

  const get = (url: string, as = admin) => t.http().get(url).set('Authorization', `Bearer ${as}`);
  const post = (url: string, form: Record<string, string | number> = {}, as = admin) =>
    t
      .http()
      .post(url)
      .set('Authorization', `Bearer ${as}`)
      .type('form')
      .send(Object.fromEntries(Object.entries(form).map(([k, v]) => [k, String(v)])));
  const list = async (query = '', as = admin) => {
    const res = await get(`/api/loan-apply/list?pageSize=50${query}`, as);
    expect(res.body).toMatchObject({ code: 200 });
    return res.body.data as { total: number; list: Record<string, unknown>[] };
  };
  const logs = (action: string) => t.ds.getRepository(OperationLogEntity).find({ where: { action }, order: { id: 'ASC' } });
  const wan = (yuan: number) => (yuan / 10_000).toFixed(2);

  const value = (token: string, community: { haCode: string; name: string }, area: number) => valuedRecord(t, token, community, area);

  const application = (flat: Valued, patch: Record<string, string | number> = {}) => ({
    applyNo: 'LA-2026-001',
    borrower: '张三',
    borrowerPhone: '010-12345678',
    amount: wan(flat.totalPrice * 0.6),
    term: 240,
    purpose: '购买自住房',
    evalCode: flat.evalCode,
    ...patch,
  });

  beforeAll(async () => {
    t = await startTestApi();
    await seedDemoMarket(t.ds, { cityCodes: ['110100'], communitiesPerCity: 8, months: 24 });
    communities = await valuableCommunities(t, 4);
    // The 朝阳支行 valuer may file and decide applications; the rent valuer may only read them.
    await t.ds.query(
      `INSERT INTO role_permission (role_id, permission_id)
       SELECT r.id, p.id FROM role r CROSS JOIN (VALUES (125), (128)) AS p(id) WHERE r.tenant_id = $1 AND r.code = '1002'
       UNION ALL SELECT r.id, 125 FROM role r WHERE r.tenant_id = $1 AND r.code = '1003'
       ON CONFLICT DO NOTHING`,
      [t.demoTenantId],
    );
    admin = await t.login('user', 'demoadmin');
    branchUser = await t.login('user', 'demouser');
    viewer = await t.login('user', 'demorent');
    for (const [i, c] of communities.slice(0, 3).entries()) flats.push(await value(admin, c, 80 + i * 10));
    branchFlat = await value(branchUser, communities[3], 95);
  }, 180_000);

  afterAll(() => t?.close());

  it('checks the form with the Chinese messages, all refusals 400', async () => {
    const empty = await post('/api/loan-apply/add', {});
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: 400, message: LoanApplyMsg.applyNoRequired });
    expect(Object.values(empty.body.data.errors)).toEqual([
      LoanApplyMsg.applyNoRequired,
      LoanApplyMsg.borrowerRequired,
      LoanApplyMsg.amountInvalid,
      LoanApplyMsg.termInvalid,
      LoanApplyMsg.evalCodeRequired,
    ]);
    const cases: [Record<string, string | number>, string][] = [
      [{ applyNo: 'LA 1' }, LoanApplyMsg.applyNoInvalid],
      [{ borrower: '  ' }, LoanApplyMsg.borrowerRequired],
      [{ borrowerPhone: '010 1234' }, LoanApplyMsg.phoneInvalid],
      [{ amount: '-3' }, LoanApplyMsg.amountInvalid],
      [{ term: 361 }, LoanApplyMsg.termInvalid],
      [{ purpose: '用'.repeat(101) }, LoanApplyMsg.purposeTooLong],
      [{ evalCode: 'NOSUCHCODE' }, LoanApplyMsg.recordNotFound],
    ];
    for (const [patch, message] of cases) {
      const res = await post('/api/loan-apply/add', application(flats[0], patch));
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    expect((await list()).total).toBe(0);
  });

  it('files an application and shows it with its valuation, reports and LTV', async () => {
    const [flat] = flats;
    const report = await t.http().post('/api/eval/inquiry/add').set('Authorization', `Bearer ${admin}`).send({ evalCode: flat.evalCode });
    expect(report.body).toMatchObject({ code: 200, data: { reportCode: expect.any(String) } });

    const added = await post('/api/loan-apply/add', application(flat));
    expect(added.body).toMatchObject({ code: 200, message: LoanApplyMsg.added, data: { id: expect.any(Number) } });
    firstId = added.body.data.id;
    const dup = await post('/api/loan-apply/add', application(flats[1]));
    expect(dup.body).toEqual({ code: 400, message: LoanApplyMsg.applyNoTaken, data: null });

    const { total, list: rows } = await list();
    expect(total).toBe(1);
    const [row] = rows;
    expect(row).toMatchObject({
      id: firstId,
      applyNo: 'LA-2026-001',
      borrower: '张三',
      borrowerPhone: '010-12345678',
      amount: Number(wan(flat.totalPrice * 0.6)) * 10_000,
      term: 240,
      state: 0,
      evalCode: flat.evalCode,
      collateral: { evalCode: flat.evalCode, totalPrice: flat.totalPrice, cityName: expect.any(String), bldgArea: 80 },
      inquiryReport: report.body.data.reportCode,
      advisoryReport: null,
      approvedAmount: null,
      createName: '演示管理员',
    });
    expect(row.ltv as number).toBeCloseTo(60, 1);

    const [log] = await logs('新增贷款申请');
    expect(log).toMatchObject({ targetType: 'loan-application', targetId: String(firstId), actorLogin: 'demoadmin' });
    expect(log.detail).toContain('LA-2026-001');
    expect(log.changes.after).toMatchObject({ applyNo: 'LA-2026-001', evalCode: flat.evalCode, state: '待审批' });
  });

  it('lists by application number, borrower, state and filing date', async () => {
    const added = await post(
      '/api/loan-apply/add',
      application(flats[1], { applyNo: 'LB-7', borrower: '李四', amount: wan(flats[1].totalPrice / 2) }),
    );
    expect(added.body.code).toBe(200);
    const today = businessToday().replaceAll('-', '/');
    const codes = async (query: string) => (await list(query)).list.map((r) => r.applyNo).sort();
    expect(await codes('')).toEqual(['LA-2026-001', 'LB-7']);
    expect(await codes('&applyNo=la-2026')).toEqual(['LA-2026-001']);
    expect(await codes('&borrower=李')).toEqual(['LB-7']);
    expect(await codes('&state=pending')).toEqual(['LA-2026-001', 'LB-7']);
    expect(await codes('&state=approved')).toEqual([]);
    expect(await codes(`&beginDate=${today}&endDate=${today}`)).toEqual(['LA-2026-001', 'LB-7']);
    expect(await codes('&beginDate=2019/01/01&endDate=2019/12/31')).toEqual([]);
    const paged = (await get('/api/loan-apply/list?pageSize=10&pageIndex=2')).body.data;
    expect(paged).toMatchObject({ list: [], pageNum: 2, total: 2, pages: 1 });
    expect((await get('/api/loan-apply/list?state=1')).body).toMatchObject({ code: 400, message: LoanApplyMsg.stateInvalid });
    expect((await get('/api/loan-apply/list?beginDate=2026-01-01')).body).toMatchObject({ code: 400, message: ListMsg.dateInvalid });
  });

  it('reads and changes within the data range only', async () => {
    // The 朝阳支行 user cannot put up a valuation outside its range, but may its own.
    const foreign = await post('/api/loan-apply/add', application(flats[2], { applyNo: 'LC-1' }), branchUser);
    expect(foreign.body).toEqual({ code: 400, message: LoanApplyMsg.recordNotFound, data: null });
    const own = await post('/api/loan-apply/add', application(branchFlat, { applyNo: 'LC-1', borrower: '王五' }), branchUser);
    expect(own.body.code).toBe(200);
    const choices = (await get('/api/loan-apply/records', branchUser)).body.data as { evalCode: string }[];
    expect(choices.map((c) => c.evalCode)).toEqual([branchFlat.evalCode]);
    const found = (await get(`/api/loan-apply/records?keyword=${flats[2].evalCode.slice(-6)}`)).body.data as { evalCode: string }[];
    expect(found.map((c) => c.evalCode)).toContain(flats[2].evalCode);

    expect((await list('', branchUser)).list.map((r) => r.applyNo)).toEqual(['LC-1']);
    expect((await list()).list.map((r) => r.applyNo).sort()).toEqual(['LA-2026-001', 'LB-7', 'LC-1']);
    expect((await get(`/api/loan-apply/detail?id=${firstId}`, branchUser)).body).toEqual({
      code: 404,
      message: LoanApplyMsg.notFound,
      data: null,
    });
    const decide = await post('/api/loan-apply/decide', { id: firstId, state: 2, opinion: '越权' }, branchUser);
    expect(decide.status).toBe(404);
    expect((await post('/api/loan-apply/withdraw', { id: firstId }, branchUser)).status).toBe(404);

    const other = await t.login('user', 'otheradmin');
    expect((await list('', other)).total).toBe(0);
    expect((await get(`/api/loan-apply/detail?id=${firstId}`, other)).status).toBe(404);
  });

  it('refuses callers without 125, and changes to callers without 128', async () => {
    // The rent valuer holds 125 only: it reads, but neither files nor decides.
    expect((await list('', viewer)).total).toBe(0);
    expect((await post('/api/loan-apply/add', application(flats[2], { applyNo: 'LD-1' }), viewer)).status).toBe(403);
    expect((await post('/api/loan-apply/decide', { id: firstId, state: 2, opinion: 'x' }, viewer)).status).toBe(403);
    expect((await get('/api/loan-apply/records', viewer)).status).toBe(403);
    await t.ds.query(
      `DELETE FROM role_permission rp USING role r WHERE rp.role_id = r.id AND r.tenant_id = $1 AND r.code = '1003' AND rp.permission_id = 125`,
      [t.demoTenantId],
    );
    const without = await t.login('user', 'demorent');
    for (const url of ['/api/loan-apply/list', `/api/loan-apply/detail?id=${firstId}`, '/api/loan-apply/export']) {
      const res = await get(url, without);
      expect([url, res.status, res.body.code]).toEqual([url, 403, 403]);
    }
  });

  it('edits a pending application, logged with before and after', async () => {
    const edited = await post('/api/loan-apply/edit', { id: firstId, ...application(flats[0], { term: 120, purpose: '改善住房' }) });
    expect(edited.body).toEqual({ code: 200, message: LoanApplyMsg.edited, data: null });
    const detail = (await get(`/api/loan-apply/detail?id=${firstId}`)).body.data;
    expect(detail).toMatchObject({ term: 120, purpose: '改善住房' });
    const [log] = await logs('编辑贷款申请');
    expect(log.changes).toEqual({ before: { term: 240, purpose: '购买自住房' }, after: { term: 120, purpose: '改善住房' } });
    const taken = await post('/api/loan-apply/edit', { id: firstId, ...application(flats[0], { applyNo: 'LB-7' }) });
    expect(taken.body).toEqual({ code: 400, message: LoanApplyMsg.applyNoTaken, data: null });
  });

  it('rejects with an opinion only, once', async () => {
    const lb = (await list('&applyNo=LB-7')).list[0];
    const bare = await post('/api/loan-apply/decide', { id: lb.id as number, state: 2, opinion: ' ' });
    expect(bare.body).toMatchObject({ code: 400, message: LoanApplyMsg.opinionRequired });
    const noDecision = await post('/api/loan-apply/decide', { id: lb.id as number, opinion: '收入不足' });
    expect(noDecision.body).toMatchObject({ code: 400, message: LoanApplyMsg.decisionInvalid });

    const rejected = await post('/api/loan-apply/decide', { id: lb.id as number, state: 2, opinion: '收入证明不足' });
    expect(rejected.body).toEqual({ code: 200, message: LoanApplyMsg.rejected, data: null });
    const row = (await list('&state=rejected')).list[0];
    expect(row).toMatchObject({
      applyNo: 'LB-7',
      state: 2,
      opinion: '收入证明不足',
      decidedName: '演示管理员',
      decisionDate: businessToday(),
      approvedAmount: null,
    });

    const again = await post('/api/loan-apply/decide', { id: lb.id as number, state: 1, approvedAmount: '1' });
    expect(again.body).toEqual({ code: 400, message: LoanApplyMsg.alreadyDecided, data: null });
    const edit = await post('/api/loan-apply/edit', { id: lb.id as number, ...application(flats[1], { applyNo: 'LB-7' }) });
    expect(edit.body).toEqual({ code: 400, message: '该申请已拒绝，只有待审批的申请可以编辑', data: null });
    expect(await logs('拒绝贷款申请')).toHaveLength(1);
  });

  it('approves with a loan number: the collateral enters the asset book carrying the loan, in one transaction', async () => {
    const [flat] = flats;
    const requested = Number(wan(flat.totalPrice * 0.6)) * 10_000;
    const tooMuch = await post('/api/loan-apply/decide', { id: firstId, state: 1, approvedAmount: wan(requested + 10_000) });
    expect(tooMuch.body).toEqual({ code: 400, message: LoanApplyMsg.approvedAmountTooHigh, data: null });
    const noAmount = await post('/api/loan-apply/decide', { id: firstId, state: 1, approvedAmount: '' });
    expect(noAmount.body).toMatchObject({ code: 400, message: LoanApplyMsg.approvedAmountInvalid });
    const assetsBefore = (await t.ds.query(`SELECT count(*)::int AS n FROM asset`))[0].n as number;
    expect(assetsBefore).toBe(0);

    const approved = await post('/api/loan-apply/decide', {
      id: firstId,
      state: 1,
      approvedAmount: '100',
      loanNo: 'L-APP-1',
      opinion: '同意',
    });
    expect(approved.body).toEqual({ code: 200, message: LoanApplyMsg.approved, data: null });

    const [asset]: { id: number; loanNo: string; loanAmount: string; loanDate: string; origin: string; root: string }[] = await t.ds.query(
      `SELECT a.id, a.loan_no AS "loanNo", a.loan_amount AS "loanAmount", a.loan_date::text AS "loanDate",
              a.loan_origin_value AS origin, a.root_eval_code AS root
         FROM asset a JOIN eval_record r ON r.root_eval_code = a.root_eval_code WHERE r.eval_code = $1`,
      [flat.evalCode],
    );
    expect(asset).toMatchObject({ loanNo: 'L-APP-1', loanDate: businessToday() });
    expect(Number(asset.loanAmount)).toBe(1_000_000);
    expect(Number(asset.origin)).toBe(flat.totalPrice);

    const detail = (await get(`/api/loan-apply/detail?id=${firstId}`)).body.data;
    expect(detail).toMatchObject({ state: 1, approvedAmount: 1_000_000, loanNo: 'L-APP-1', assetId: asset.id, opinion: '同意' });
    expect(detail.approvedLtv).toBeCloseTo((1_000_000 / flat.totalPrice) * 100, 1);
    expect(detail.history.map((h: { event: string }) => h.event)).toEqual(['submit', 'edit', 'approve']);
    expect(detail.history[2]).toMatchObject({ eventName: '批准', fromState: 0, toState: 1, actorName: '演示管理员' });
    expect(detail.history[2].detail).toContain('L-APP-1');

    const assetRow = (await get('/api/asset/list?pageSize=50')).body.data.pageInfo.list.find((a: { id: number }) => a.id === asset.id);
    expect(assetRow).toMatchObject({ loanNo: 'L-APP-1', loanAmount: 1_000_000 });
    expect(await logs('批准贷款申请')).toHaveLength(1);
    expect((await logs('加入资产')).map((l) => l.targetId)).toEqual([String(asset.id)]);
    expect((await logs('设置贷款信息')).map((l) => l.targetId)).toEqual([String(asset.id)]);

    const again = await post('/api/loan-apply/decide', { id: firstId, state: 2, opinion: '反悔' });
    expect(again.body).toEqual({ code: 400, message: LoanApplyMsg.alreadyDecided, data: null });
  });

  it('refuses a loan number already used, leaving the asset book and the application as they were', async () => {
    const second = await post('/api/loan-apply/add', application(flats[2], { applyNo: 'LE-1', amount: '50' }));
    const id = second.body.data.id as number;
    const sameNo = await post('/api/loan-apply/decide', { id, state: 1, approvedAmount: '50', loanNo: 'L-APP-1' });
    expect(sameNo.body).toEqual({ code: 400, message: LoanApplyMsg.loanNoTaken, data: null });

    // A loan number an asset carries (entered on the asset page) is refused as well, nothing kept.
    const [assetId] = (await t.ds.query(`SELECT id FROM asset`)).map((r: { id: number }) => r.id);
    const loan = await post('/api/asset/loan', {
      id: assetId,
      loanNo: 'L-BOOK-9',
      loanAmount: '100',
      originValue: '500',
      loanDate: '2024/06/30',
    });
    expect(loan.body.code).toBe(200);
    const booked = await post('/api/loan-apply/decide', { id, state: 1, approvedAmount: '50', loanNo: 'L-BOOK-9' });
    expect(booked.body).toEqual({ code: 400, message: LoanMsg.duplicateLoanNo, data: null });
    expect((await t.ds.query(`SELECT count(*)::int AS n FROM asset`))[0].n).toBe(1);
    expect((await get(`/api/loan-apply/detail?id=${id}`)).body.data).toMatchObject({ state: 0, loanNo: null, assetId: null });

    // Approved without a loan number, nothing is booked.
    const plain = await post('/api/loan-apply/decide', { id, state: 1, approvedAmount: '50' });
    expect(plain.body.code).toBe(200);
    expect((await t.ds.query(`SELECT count(*)::int AS n FROM asset`))[0].n).toBe(1);
    expect((await get(`/api/loan-apply/detail?id=${id}`)).body.data).toMatchObject({ state: 1, approvedAmount: 500_000, loanNo: null });
  });

  it('withdraws a pending application once, logged', async () => {
    const lc = (await list('&applyNo=LC-1', branchUser)).list[0];
    const withdrawn = await post('/api/loan-apply/withdraw', { id: lc.id as number }, branchUser);
    expect(withdrawn.body).toEqual({ code: 200, message: LoanApplyMsg.withdrawn, data: null });
    expect((await post('/api/loan-apply/withdraw', { id: lc.id as number }, branchUser)).body.message).toBe(
      '该申请已撤回，只有待审批的申请可以撤回',
    );
    const decide = await post('/api/loan-apply/decide', { id: lc.id as number, state: 1, approvedAmount: '1' }, branchUser);
    expect(decide.body).toEqual({ code: 400, message: '该申请已撤回，只有待审批的申请可以审批', data: null });
    const [log] = await logs('撤回贷款申请');
    expect(log).toMatchObject({ actorLogin: 'demouser', targetId: String(lc.id) });
    expect(log.changes).toEqual({ before: { state: '待审批' }, after: { state: '已撤回' } });
    expect((await list('&state=withdrawn')).list.map((r) => r.applyNo)).toEqual(['LC-1']);
  });

  it('exports the filtered applications as a workbook', async () => {
    const res = await get('/api/loan-apply/export?state=approved').buffer(true).parse(binary).expect(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as Buffer);
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe('贷款申请');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(
      expect.arrayContaining(['申请编号', '借款人', '申请金额', '估价编号', '询价报告', '审批状态', '批准金额', '贷款编号']),
    );
    const col = (name: string) => header.indexOf(name) + 1;
    const rows = Array.from({ length: sheet.rowCount - 1 }, (_, i) => sheet.getRow(i + 2));
    expect(rows.map((r) => r.getCell(col('申请编号')).value).sort()).toEqual(['LA-2026-001', 'LE-1']);
    const first = rows.find((r) => r.getCell(col('申请编号')).value === 'LA-2026-001')!;
    expect(first.getCell(col('审批状态')).value).toBe('已批准');
    expect(first.getCell(col('批准金额')).value).toBe(100);
    expect(first.getCell(col('贷款编号')).value).toBe('L-APP-1');
    expect(first.getCell(col('询价报告')).value).not.toBe('未生成');
    expect(first.getCell(col('咨询报告')).value).toBe('未生成');

    const none = await get('/api/loan-apply/export?applyNo=NOTHING');
    expect(none.body).toEqual({ code: 404, message: ListMsg.noData, data: null });
  });
});
