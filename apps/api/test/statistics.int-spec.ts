import ExcelJS from 'exceljs';
import { IsNull } from 'typeorm';
import { DEMO_PASSWORD, hashPassword } from '@valuation/core';
import { StatMsg, UserType, type StatSubMethod } from '@valuation/domain';
import {
  AccountEntity,
  AccountRoleEntity,
  OrganizationEntity,
  RoleEntity,
  RolePermissionEntity,
  type EvalRecordEntity,
} from '@valuation/persistence';
import { startTestApi, type TestApi } from './test-api';

type Query = Record<string, string | number | readonly (string | number)[]>;

/** Every item of the fixture is filed in March 2019 (one in April, outside the window). */
const WINDOW = { beginDate: '2019/03/01', endDate: '2019/03/31' };
const COLUMN_OF: Record<StatSubMethod, 'rapid' | 'batch' | 'manual' | 'repeat' | 'inquiry' | 'advisory'> = {
  11: 'rapid',
  12: 'batch',
  13: 'manual',
  14: 'repeat',
  21: 'inquiry',
  22: 'advisory',
};
const SUBS: readonly StatSubMethod[] = [11, 12, 13, 14, 21, 22];

interface SummaryRow {
  organizationId: number;
  organizationName: string;
  account: string;
  userName: string;
  ha: number;
  rapid: number;
  manual: number;
  repeat: number;
  batch: number;
  advisory: number;
  inquiry: number;
}

describe('statistics', () => {
  let t: TestApi;
  const tokens: Record<string, string> = {};
  const accounts: Record<string, AccountEntity> = {};
  let company: OrganizationEntity;
  let branchA: OrganizationEntity;
  let branchB: OrganizationEntity;
  let secondCompany: OrganizationEntity;
  let otherCompany: OrganizationEntity;
  let seq = 0;

  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const get = (path: string, token: string, query: Query = {}) =>
    t
      .http()
      .get(path)
      .query({ timestamp: Date.now(), ...query })
      .set(auth(token));
  const download = (path: string, token: string, query: Query = {}) =>
    get(path, token, query)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
  async function readXlsx(content: Buffer): Promise<ExcelJS.Worksheet> {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(content.buffer.slice(content.byteOffset, content.byteOffset + content.byteLength) as ArrayBuffer);
    return workbook.worksheets[0];
  }

  const orgIds = () => [company.id, branchA.id, branchB.id];
  const summary = (query: Query = {}, token = tokens.demoadmin) =>
    get('/api/statistics/summary', token, { organizationIds: orgIds(), ...WINDOW, pageSize: 200, ...query });
  const items = (query: Query = {}, token = tokens.demoadmin) =>
    get('/api/statistics/items', token, { organizationIds: orgIds(), ...WINDOW, pageSize: 200, ...query });
  const channelSummary = (query: Query = {}, token = tokens.channeladmin) =>
    get('/api/tenant/statistics/summary', token, { ...WINDOW, pageSize: 200, ...query });
  const channelItems = (query: Query = {}, token = tokens.channeladmin) =>
    get('/api/tenant/statistics/items', token, { ...WINDOW, pageSize: 200, ...query });

  const at = (day: string) => new Date(`${day}T10:00:00+08:00`);

  /** A valuation record of the account, quick or (with a task id) a valued batch row. */
  async function record(login: string, opts: { ha: string | null; day: string; source?: number; batch?: boolean }): Promise<string> {
    const a = accounts[login];
    seq += 1;
    const evalCode = `EVSTAT${String(seq).padStart(8, '0')}`;
    const row: Partial<EvalRecordEntity> = {
      evalCode,
      rootEvalCode: evalCode,
      tenantId: a.tenantId,
      companyId: a.companyId,
      organizationId: a.organizationId,
      accountId: a.id,
      evalType: 1,
      source: opts.source ?? 1,
      batchTaskId: opts.batch ? '1' : null,
      method: 'forsale',
      state: 1,
      haCode: opts.ha,
      haName: opts.ha ? `小区${opts.ha}` : null,
      cityCode: '110100',
      cityName: '北京市',
      propType: 11,
      bldgArea: '90.00',
      bldgType: '12',
      cardAddress: `统计路${seq}号`,
      totalPrice: '3000000.00',
      unitPrice: '33333.33',
      engineVersion: 'test',
      input: {},
      result: {},
    };
    const [{ id }] = await t.ds.query(
      `INSERT INTO eval_record (eval_code, root_eval_code, tenant_id, company_id, organization_id, account_id, eval_type, source, batch_task_id,
         method, state, ha_code, ha_name, city_code, city_name, prop_type, bldg_area, bldg_type, card_address, total_price, unit_price,
         engine_version, input, result, created_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,'{}','{}',$23) RETURNING id`,
      [
        row.evalCode,
        row.rootEvalCode,
        row.tenantId,
        row.companyId,
        row.organizationId,
        row.accountId,
        row.evalType,
        row.source,
        row.batchTaskId,
        row.method,
        row.state,
        row.haCode,
        row.haName,
        row.cityCode,
        row.cityName,
        row.propType,
        row.bldgArea,
        row.bldgType,
        row.cardAddress,
        row.totalPrice,
        row.unitPrice,
        row.engineVersion,
        at(opts.day),
      ],
    );
    return String(id);
  }

  async function appraisalCase(login: string, kind: 'artificial' | 'review' | 'objection', ha: string, day: string, source = 1) {
    const a = accounts[login];
    seq += 1;
    await t.ds.query(
      `INSERT INTO appraisal_case (case_no, kind, tenant_id, company_id, organization_id, account_id, machine_state, context, state, eval_type,
         source, city_code, city_name, ha_code, ha_name, card_address, due_at, created_at)
       VALUES ($1,$2,$3,$4,$5,$6,'pending','{}',1,1,$7,'110100','北京市',$8,$9,'统计路',$10,$10)`,
      [`RGSTAT${seq}`, kind, a.tenantId, a.companyId, a.organizationId, a.id, source, ha, `小区${ha}`, at(day)],
    );
  }

  async function report(login: string, recordId: string, reportType: 1 | 2, day: string, state = 2) {
    const a = accounts[login];
    seq += 1;
    await t.ds.query(
      `INSERT INTO eval_report (report_code, report_type, eval_code, eval_record_id, tenant_id, company_id, organization_id, account_id, state,
         document, charge, created_at)
       SELECT $1, $2, r.eval_code, r.id, $3, $4, $5, $6, $7, '{}', '{}', $8 FROM eval_record r WHERE r.id = $9`,
      [`BGSTAT${seq}`, reportType, a.tenantId, a.companyId, a.organizationId, a.id, state, at(day), recordId],
    );
  }

  /** An account of branch A holding `permissions`. */
  async function accountWith(login: string, org: OrganizationEntity, permissions: number[]): Promise<AccountEntity> {
    seq += 1;
    const role = await t.ds.getRepository(RoleEntity).save({
      tenantId: t.demoTenantId,
      kind: 'customer',
      companyId: company.id,
      code: `57${seq}`,
      name: `统计${seq}`,
      remark: null,
      createdName: '测试',
      updatedName: '测试',
    });
    await t.ds.getRepository(RolePermissionEntity).insert(permissions.map((permissionId) => ({ roleId: role.id, permissionId })));
    const account = await t.ds.getRepository(AccountEntity).save({
      tenantId: t.demoTenantId,
      organizationId: org.id,
      companyId: company.id,
      loginUser: login,
      userName: login,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      email: null,
      mobilePhone: `1370000${String(400 + seq).padStart(4, '0')}`,
      userType: UserType.Enterprise,
      status: 0,
      expireDate: null,
    });
    await t.ds.getRepository(AccountRoleEntity).insert({ accountId: account.id, roleId: role.id });
    return account;
  }

  beforeAll(async () => {
    t = await startTestApi();
    const orgs = t.ds.getRepository(OrganizationEntity);
    company = await orgs.findOneByOrFail({ tenantId: t.demoTenantId, parentId: IsNull(), name: '北京示范银行' });
    branchA = await orgs.findOneByOrFail({ tenantId: t.demoTenantId, name: '朝阳支行' });
    branchB = await orgs.findOneByOrFail({ tenantId: t.demoTenantId, name: '海淀支行' });
    otherCompany = await orgs.findOneByOrFail({ tenantId: t.otherTenantId, parentId: IsNull() });

    for (const login of ['demoadmin', 'demouser', 'demorent', 'hdperson', 'otheruser'])
      accounts[login] = await t.ds.getRepository(AccountEntity).findOneByOrFail({ loginUser: login });
    secondCompany = await orgs.findOneByOrFail({ id: accounts.hdperson.companyId });
    accounts.branchstat = await accountWith('branchstat', branchA, [7, 8, 36, 38]);
    accounts.selfstat = await accountWith('selfstat', branchA, [7, 8]);
    accounts.subtreestat = await accountWith('subtreestat', branchA, [7, 8, 37, 39]);

    // demoadmin (the company): two quick valuations, one from the app.
    await record('demoadmin', { ha: 'A', day: '2019-03-02' });
    await record('demoadmin', { ha: 'B', day: '2019-03-03', source: 2 });
    // demouser (branch A): a quick valuation from WeChat, two valued batch rows, an enquiry, a re-appraisal, an objection
    // (not counted), an inquiry and an advisory report, a failed advisory report (not counted), and one item in April.
    const quick = await record('demouser', { ha: 'A', day: '2019-03-04', source: 3 });
    await record('demouser', { ha: 'C', day: '2019-03-05', batch: true });
    const batched = await record('demouser', { ha: 'C', day: '2019-03-05', batch: true });
    await appraisalCase('demouser', 'artificial', 'D', '2019-03-06');
    await appraisalCase('demouser', 'review', 'A', '2019-03-07');
    await appraisalCase('demouser', 'objection', 'E', '2019-03-07');
    await report('demouser', quick, 1, '2019-03-08');
    await report('demouser', quick, 2, '2019-03-09', 1);
    await report('demouser', batched, 2, '2019-03-09', 3);
    await record('demouser', { ha: 'Z', day: '2019-04-02' });
    // demorent (branch B), the accounts of branch A with statistics roles, the second company and the other tenant.
    await record('demorent', { ha: 'F', day: '2019-03-10' });
    await record('branchstat', { ha: 'G', day: '2019-03-11' });
    await record('selfstat', { ha: null, day: '2019-03-12' });
    await record('hdperson', { ha: 'H', day: '2019-03-13' });
    await record('otheruser', { ha: 'I', day: '2019-03-14' });

    for (const login of ['demoadmin', 'branchstat', 'selfstat', 'subtreestat', 'otheradmin']) tokens[login] = await t.login('user', login);
    for (const login of ['channeladmin', 'otherchannel']) tokens[login] = await t.login('tenant', login);
  }, 120_000);
  afterAll(() => t?.close());

  const rowOf = (rows: SummaryRow[], login: string) => rows.find((r) => r.account === login);

  it('sums each account of the organisations asked for, by valuation method, with totals equal to the sums of the rows', async () => {
    const res = await summary({ statMethod: 1 }).expect(200);
    const data = res.body.data;
    const rows: SummaryRow[] = data.pageInfo.list;
    expect(rows.map((r) => [r.organizationName, r.account])).toEqual([
      ['北京示范银行', 'demoadmin'],
      ['朝阳支行', 'branchstat'],
      ['朝阳支行', 'demouser'],
      ['朝阳支行', 'selfstat'],
      ['海淀支行', 'demorent'],
    ]);
    expect(rowOf(rows, 'demoadmin')).toMatchObject({ ha: 2, rapid: 2, manual: 0, repeat: 0, batch: 0 });
    expect(rowOf(rows, 'demouser')).toMatchObject({ ha: 3, rapid: 1, manual: 1, repeat: 1, batch: 2, organizationId: branchA.id });
    expect(rowOf(rows, 'demorent')).toMatchObject({ ha: 1, rapid: 1 });
    expect(rowOf(rows, 'selfstat')).toMatchObject({ ha: 0, rapid: 1 });
    const sum = (k: keyof SummaryRow) => rows.reduce((s, r) => s + Number(r[k]), 0);
    expect(data).toMatchObject({
      organizationTotal: 3,
      userTotal: 5,
      rapidTotal: sum('rapid'),
      manualTotal: sum('manual'),
      repeatTotal: sum('repeat'),
      batchTotal: sum('batch'),
      advisoryTotal: 0,
      inquiryTotal: 0,
      // A, B, C, D, F, G: distinct over every item, fewer than the rows' sum.
      haTotal: 6,
    });
    expect(data.rapidTotal).toBe(6);
    expect(data.pageInfo).toMatchObject({ total: 5, pageNum: 1, pages: 1 });
  });

  it('counts reports by report type: ordered and not failed', async () => {
    const data = (await summary({ statMethod: 2 }).expect(200)).body.data;
    expect(data.pageInfo.list).toEqual([expect.objectContaining({ account: 'demouser', inquiry: 1, advisory: 1, ha: 1 })]);
    expect(data).toMatchObject({ inquiryTotal: 1, advisoryTotal: 1, rapidTotal: 0, userTotal: 1, haTotal: 1 });
  });

  it('lists as many detail rows per sub-method as each summary cell counts, for every account the summary links to', async () => {
    for (const [method, subs] of [
      [1, [11, 12, 13, 14]],
      [2, [21, 22]],
    ] as const) {
      const rows: SummaryRow[] = (await summary({ statMethod: method }).expect(200)).body.data.pageInfo.list;
      for (const row of rows) {
        for (const sub of subs) {
          const res = await items({ organizationIds: [row.organizationId], account: row.account, statSubMethod: sub }).expect(200);
          expect([row.account, sub, res.body.data.pageInfo.total]).toEqual([row.account, sub, row[COLUMN_OF[sub]]]);
          expect(res.body.data.pageInfo.list.every((i: { statSubMethod: number }) => i.statSubMethod === sub)).toBe(true);
        }
      }
    }
    const all = (await items({ statMethod: 1 }).expect(200)).body.data;
    const totals = (await summary({ statMethod: 1 }).expect(200)).body.data;
    expect(all.pageInfo.total).toBe(totals.rapidTotal + totals.manualTotal + totals.repeatTotal + totals.batchTotal);
    expect(all).toMatchObject({ rapidTotal: totals.rapidTotal, batchTotal: totals.batchTotal, haTotal: totals.haTotal });
    const dates = all.pageInfo.list.map((i: { evalDate: string }) => i.evalDate);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('shows a detail row with the columns of the specification', async () => {
    const res = await items({ statSubMethod: 12, account: 'DEMOUSER', pageSize: 10 }).expect(200);
    expect(res.body.data.pageInfo.total).toBe(2);
    expect(res.body.data.pageInfo.list[0]).toMatchObject({
      organizationName: '朝阳支行',
      account: 'demouser',
      evalMethod: '批量估价',
      evalType: 1,
      cityName: '北京市',
      location: '小区C',
      bldgArea: 90,
      totalPrice: 3000000,
      unitPrice: 33333.33,
      evalDate: expect.stringMatching(/^2019-03-05 10:00:00$/),
    });
    // A sub-method above 20 selects the report type whatever statMethod says.
    const reports = await items({ statMethod: 1, statSubMethod: 22 }).expect(200);
    expect(reports.body.data.pageInfo.list).toEqual([expect.objectContaining({ evalMethod: '咨询报告', statSubMethod: 22 })]);
  });

  it('filters by source, account and date range', async () => {
    expect((await summary({ source: 2 }).expect(200)).body.data).toMatchObject({ rapidTotal: 1, userTotal: 1 });
    expect((await summary({ source: 3 }).expect(200)).body.data.pageInfo.list).toEqual([
      expect.objectContaining({ account: 'demouser', rapid: 1, batch: 0 }),
    ]);
    expect((await summary({ source: 0 }).expect(200)).body.data.rapidTotal).toBe(6);
    expect((await summary({ account: 'demo' }).expect(200)).body.data.pageInfo.total).toBe(0);
    expect((await summary({ beginDate: '2019/03/01', endDate: '2019/04/30' }).expect(200)).body.data.rapidTotal).toBe(7);
    expect((await summary({ beginDate: '2019/03/05', endDate: '2019/03/05' }).expect(200)).body.data).toMatchObject({
      rapidTotal: 0,
      batchTotal: 2,
    });
  });

  it('asks for at least one organisation and refuses organisations outside the range', async () => {
    for (const path of [
      '/api/statistics/summary',
      '/api/statistics/items',
      '/api/statistics/summary/export',
      '/api/statistics/items/export',
    ]) {
      const res = await get(path, tokens.demoadmin, WINDOW);
      expect([path, res.status, res.body.message]).toEqual([path, 400, StatMsg.organizationRequired]);
    }
    const foreign = await summary({ organizationIds: [company.id, otherCompany.id] });
    expect([foreign.status, foreign.body.message]).toEqual([404, StatMsg.organizationNotFound]);
    expect((await summary({ organizationIds: [secondCompany.id] })).status).toBe(404);
    expect((await summary({}, tokens.otheradmin)).status).toBe(404);
  });

  it('honours the data ranges: 36 own organisation, 37 subordinates, neither own rows (summary); 38 and 39 likewise (detail)', async () => {
    // 36: branch A only; the company above it is outside.
    expect((await summary({ organizationIds: [company.id] }, tokens.branchstat)).status).toBe(404);
    const own = (await summary({ organizationIds: [branchA.id] }, tokens.branchstat).expect(200)).body.data;
    expect(own.pageInfo.list.map((r: SummaryRow) => r.account)).toEqual(['branchstat', 'demouser', 'selfstat']);
    expect(
      (await items({ organizationIds: [branchA.id], statSubMethod: 11 }, tokens.branchstat).expect(200)).body.data.pageInfo.total,
    ).toBe(3);
    // Neither: only the caller's own rows.
    const mine = (await summary({ organizationIds: [branchA.id] }, tokens.selfstat).expect(200)).body.data;
    expect(mine.pageInfo.list.map((r: SummaryRow) => r.account)).toEqual(['selfstat']);
    expect((await items({ organizationIds: [branchA.id] }, tokens.selfstat).expect(200)).body.data.pageInfo.total).toBe(1);
    expect((await summary({ organizationIds: [branchB.id] }, tokens.selfstat)).status).toBe(404);
    // 37 / 39 from branch A: branch A and below, not the company or branch B.
    expect((await summary({ organizationIds: [branchB.id] }, tokens.subtreestat)).status).toBe(404);
    expect((await summary({ organizationIds: [branchA.id] }, tokens.subtreestat).expect(200)).body.data.rapidTotal).toBe(3);
    expect(
      (await items({ organizationIds: [branchA.id], statSubMethod: 11 }, tokens.subtreestat).expect(200)).body.data.pageInfo.total,
    ).toBe(3);
  });

  it("offers the organisations of each screen's range to pick from", async () => {
    const ids = (nodes: { id: number; children: unknown[] }[]): number[] =>
      nodes.flatMap((n) => [n.id, ...ids(n.children as { id: number; children: unknown[] }[])]);
    const all = (await get('/api/statistics/orgs', tokens.demoadmin, { view: 'summary' }).expect(200)).body.data;
    expect(ids(all).sort()).toEqual(expect.arrayContaining(orgIds().sort()));
    expect(ids((await get('/api/statistics/orgs', tokens.branchstat, { view: 'items' }).expect(200)).body.data)).toEqual([branchA.id]);
    expect(ids((await get('/api/statistics/orgs', tokens.selfstat).expect(200)).body.data)).toEqual([branchA.id]);
  });

  it('needs permission 7 for the summary and 8 for the detail', async () => {
    const viewer = await accountWith('detailonly', branchA, [8, 38]);
    const token = await t.login('user', viewer.loginUser);
    expect((await summary({ organizationIds: [branchA.id] }, token)).status).toBe(403);
    expect((await items({ organizationIds: [branchA.id] }, token)).status).toBe(200);
  });

  it('exports the summary and the detail as the lists show them, and answers 暂无数据 for an empty list', async () => {
    const rows: SummaryRow[] = (await summary({ statMethod: 1 }).expect(200)).body.data.pageInfo.list;
    const res = await download('/api/statistics/summary/export', tokens.demoadmin, {
      organizationIds: orgIds(),
      ...WINDOW,
      statMethod: 1,
    }).expect(200);
    const sheet = await readXlsx(res.body as Buffer);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      '机构',
      '账号',
      '姓名',
      '小区数',
      '快速估价',
      '人工询价',
      '人工复评',
      '批量估价',
    ]);
    expect(sheet.rowCount).toBe(rows.length + 1);
    expect((sheet.getRow(4).values as unknown[]).slice(1)).toEqual(['朝阳支行', 'demouser', '演示用户', 3, 1, 1, 1, 2]);

    const detail = await download('/api/statistics/items/export', tokens.demoadmin, {
      organizationIds: orgIds(),
      ...WINDOW,
      statSubMethod: 21,
    }).expect(200);
    const detailSheet = await readXlsx(detail.body as Buffer);
    expect(detailSheet.rowCount).toBe(2);
    expect(detailSheet.getRow(2).getCell(5).value).toBe('询价报告');

    for (const path of ['/api/statistics/summary/export', '/api/statistics/items/export']) {
      const empty = await get(path, tokens.demoadmin, { organizationIds: orgIds(), beginDate: '2018/01/01', endDate: '2018/01/02' });
      expect([path, empty.body.code, empty.body.message]).toEqual([path, 404, StatMsg.noData]);
    }
  });

  describe('channel side', () => {
    it("sums every customer account of the channel's companies, no other tenant's", async () => {
      const data = (await channelSummary().expect(200)).body.data;
      const logins = data.pageInfo.list.map((r: { loginUser: string }) => r.loginUser).sort();
      expect(logins).toEqual(['branchstat', 'demoadmin', 'demorent', 'demouser', 'hdperson', 'selfstat']);
      expect(data).toMatchObject({
        customerTotal: 2,
        userTotal: 6,
        rapidTotal: 7,
        batchTotal: 2,
        manualTotal: 1,
        repeatTotal: 1,
        inquiryTotal: 1,
        advisoryTotal: 1,
      });
      const demouser = data.pageInfo.list.find((r: { loginUser: string }) => r.loginUser === 'demouser');
      expect(demouser).toMatchObject({
        companyName: '北京示范银行',
        customer: accounts.demouser.id,
        rapid: 1,
        batch: 2,
        inquiry: 1,
        advisory: 1,
        ha: 3,
      });
      const other = (await channelSummary({}, tokens.otherchannel).expect(200)).body.data;
      expect(other.pageInfo.list.map((r: { loginUser: string }) => r.loginUser)).toEqual(['otheruser']);
    });

    it('filters by company, category, account and source, and the detail rows match the counts', async () => {
      const byName = (await channelSummary({ companyName: '示范银行' }).expect(200)).body.data;
      expect(byName.customerTotal).toBeGreaterThanOrEqual(1);
      const byId = (await channelSummary({ companyId: secondCompany.id }).expect(200)).body.data;
      expect(byId.pageInfo.list.map((r: { loginUser: string }) => r.loginUser)).toEqual(['hdperson']);
      const [category] = await t.ds.query(`INSERT INTO customer_category (tenant_id, name) VALUES ($1, '统计类别') RETURNING id`, [
        t.demoTenantId,
      ]);
      await t.ds.query(`UPDATE organization SET category_id = $1 WHERE id = $2`, [category.id, secondCompany.id]);
      const categorized = (await channelSummary({ categoryId: category.id }).expect(200)).body.data;
      expect(categorized.pageInfo.list).toEqual([expect.objectContaining({ loginUser: 'hdperson', categoryName: '统计类别' })]);
      expect((await channelSummary({ source: 2 }).expect(200)).body.data).toMatchObject({ rapidTotal: 1, userTotal: 1 });

      const rows = (await channelSummary().expect(200)).body.data.pageInfo.list;
      for (const row of rows) {
        for (const sub of SUBS) {
          const res = await channelItems({ companyId: row.companyId, account: row.loginUser, statSubMethod: sub }).expect(200);
          expect([row.loginUser, sub, res.body.data.pageInfo.total]).toEqual([row.loginUser, sub, row[COLUMN_OF[sub]]]);
        }
      }
      const reports = (await channelItems({ statMethod: 2 }).expect(200)).body.data;
      expect(reports).toMatchObject({ inquiryTotal: 1, advisoryTotal: 1, rapidTotal: 0, customerTotal: 1, userTotal: 1 });
      expect((await channelItems({}, tokens.otherchannel).expect(200)).body.data.pageInfo.total).toBe(1);
    });

    it('exports, answers 暂无数据 for an empty list, and refuses the organisation token', async () => {
      const res = await download('/api/tenant/statistics/summary/export', tokens.channeladmin, WINDOW).expect(200);
      const sheet = await readXlsx(res.body as Buffer);
      expect((sheet.getRow(1).values as unknown[]).slice(1, 5)).toEqual(['客户公司', '客户类别', '账号', '姓名']);
      expect(sheet.rowCount).toBe(7);
      const detail = await download('/api/tenant/statistics/items/export', tokens.channeladmin, { ...WINDOW, statSubMethod: 11 }).expect(
        200,
      );
      expect((await readXlsx(detail.body as Buffer)).rowCount).toBe(8);
      const empty = await get('/api/tenant/statistics/items/export', tokens.channeladmin, {
        beginDate: '2018/01/01',
        endDate: '2018/01/02',
      });
      expect([empty.body.code, empty.body.message]).toEqual([404, StatMsg.noData]);
      expect((await get('/api/tenant/statistics/summary', tokens.demoadmin, WINDOW)).status).toBe(401);
    });
  });

  it('records the client a request names in X-Client-Source as the source of what it files', async () => {
    const token = tokens.demoadmin;
    const file = (client?: string) => {
      const req = t.http().post('/api/artificial/add').set(auth(token));
      if (client) req.set('X-Client-Source', client);
      for (const [k, v] of Object.entries({
        evalType: '1',
        reason: '1',
        otherReason: '',
        remark: '',
        'houseInfo.cityCode': '110100',
        'houseInfo.cityName': '北京',
        'houseInfo.haInfo.haName': `来源花园${client ?? 'pc'}`,
        'houseInfo.cardAddress': `北京市朝阳区来源路${client ?? 'pc'}号`,
        'houseInfo.bldgArea': '89.5',
        'houseInfo.floor': '6',
        'houseInfo.bheight': '18',
      }))
        req.field(k, v);
      return req;
    };
    const sources: number[] = [];
    for (const client of [undefined, 'app', 'wechat', 'pc']) {
      const res = await file(client);
      expect(res.body.code).toBe(200);
      const [row] = await t.ds.query(`SELECT source FROM appraisal_case WHERE id = $1`, [res.body.data.id]);
      sources.push(row.source);
    }
    expect(sources).toEqual([1, 2, 3, 1]);
  });
});
