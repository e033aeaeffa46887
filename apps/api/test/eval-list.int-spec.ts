import ExcelJS from 'exceljs';
import {
  AccountEntity,
  AccountRoleEntity,
  EvalRecordEntity,
  OrganizationEntity,
  RoleEntity,
  RolePermissionEntity,
} from '@valuation/persistence';
import { DEMO_PASSWORD, hashPassword } from '@valuation/core';
import { ListMsg, Msg, Perm, UserType } from '@valuation/domain';
import { startTestApi, type TestApi } from './test-api';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Wall-clock time in Beijing (UTC+8), the business zone the server reads the date filters in. */
const at = (y: number, m: number, d: number, h = 12, min = 0, s = 0) => new Date(Date.UTC(y, m - 1, d, h - 8, min, s));

interface Owner {
  accountId: number;
  organizationId: number;
  companyId: number;
  tenantId: number;
}

describe('valuation record list and export', () => {
  let t: TestApi;
  let seq = 0;
  /** demoadmin: the company's root organisation, every customer permission (export included). */
  let admin: { token: string; owner: Owner };
  /** demouser: 朝阳支行, the valuer role (records list and export). */
  let branchUser: { token: string; owner: Owner };
  /** Another account of 朝阳支行 whose role has quick valuation but not the records list. */
  let peer: { token: string; owner: Owner };
  /** An account of 海淀支行 with the valuer role. */
  let haidian: { token: string; owner: Owner };
  let otherTenantUser: { token: string; owner: Owner };
  const codes: Record<string, string> = {};

  const get = (path: string, token: string) => t.http().get(path).set('Authorization', `Bearer ${token}`);
  const list = async (query: string, token = admin.token) => {
    const res = await get(`/api/eval/list?${query}`, token);
    expect(res.body.code).toBe(200);
    return res.body.data as {
      list: { evalCode: string; historyCount: number; [k: string]: unknown }[];
      pages: number;
      pageNum: number;
      total: number;
    };
  };
  const listCodes = async (query: string, token = admin.token) => (await list(`${query}&pageSize=200`, token)).list.map((r) => r.evalCode);

  async function ownerOf(loginUser: string): Promise<Owner> {
    const a = await t.ds.getRepository(AccountEntity).findOneByOrFail({ loginUser });
    return { accountId: a.id, organizationId: a.organizationId, companyId: a.companyId, tenantId: a.tenantId };
  }

  async function addAccount(loginUser: string, organizationId: number, permissionIds: number[], phone: string): Promise<Owner> {
    const org = await t.ds.getRepository(OrganizationEntity).findOneByOrFail({ id: organizationId });
    const role = await t.ds.getRepository(RoleEntity).save({
      tenantId: org.tenantId,
      kind: 'customer',
      companyId: org.companyId,
      code: String(3000 + permissionIds.length),
      name: `${loginUser}角色`,
      remark: null,
    });
    await t.ds.getRepository(RolePermissionEntity).save(permissionIds.map((permissionId) => ({ roleId: role.id, permissionId })));
    const account = await t.ds.getRepository(AccountEntity).save({
      tenantId: org.tenantId,
      organizationId: org.id,
      companyId: org.companyId,
      loginUser,
      userName: loginUser,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      email: null,
      mobilePhone: phone,
      userType: UserType.Enterprise,
      status: 0,
      expireDate: null,
    });
    await t.ds.getRepository(AccountRoleEntity).save({ accountId: account.id, roleId: role.id });
    return { accountId: account.id, organizationId: org.id, companyId: org.companyId, tenantId: org.tenantId };
  }

  /** Stores a finished valuation as the valuation service would, at a chosen time. */
  async function record(name: string, owner: Owner, createdAt: Date, patch: Partial<EvalRecordEntity> = {}): Promise<string> {
    const evalCode = `EVL${String(++seq).padStart(10, '0')}`;
    const repo = t.ds.getRepository(EvalRecordEntity);
    await repo.insert({
      evalCode,
      rootEvalCode: evalCode,
      tenantId: owner.tenantId,
      companyId: owner.companyId,
      organizationId: owner.organizationId,
      accountId: owner.accountId,
      evalType: 1,
      method: 'forsale',
      state: 1,
      cityCode: '110100',
      cityName: '北京',
      propType: 11,
      haCode: 'H1',
      haName: '测试花园',
      cardAddress: '北京市朝阳区测试路1号院2号楼301',
      location: '朝阳区测试路1号',
      principalCode: 'KH001',
      bldgArea: '90.00',
      totalPrice: '5400000.00',
      unitPrice: '60000.00',
      engineVersion: 'test',
      input: {},
      result: {},
      ...patch,
    });
    await repo.update({ evalCode }, { createdAt });
    codes[name] = evalCode;
    return evalCode;
  }

  beforeAll(async () => {
    t = await startTestApi();
    const adminOwner = await ownerOf('demoadmin');
    const userOwner = await ownerOf('demouser');
    const haidianOrg = await t.ds.getRepository(OrganizationEntity).findOneByOrFail({ name: '海淀支行', tenantId: adminOwner.tenantId });
    const peerOwner = await addAccount(
      'branchpeer',
      userOwner.organizationId,
      [Perm.quickValuation, Perm.saleValuation, Perm.rentValuation, Perm.evalDetail],
      '13700000101',
    );
    const haidianOwner = await addAccount('haidianuser', haidianOrg.id, [Perm.valuationRecords, Perm.evalDetail], '13700000102');

    // Newest first: the order the list must answer in.
    await record('adminRent', adminOwner, at(2025, 6, 1, 9), {
      evalType: 2,
      method: 'lease',
      totalPrice: '9000.00',
      unitPrice: '100.00',
      propType: 21,
      cardAddress: '北京市西城区金融大街8号',
      haName: '金融中心',
      location: '西城区金融大街8号',
      result: { range: { fsd: 0.1123, low: 8043.5, high: 10070.25, low95: 7100, high95: 11408 } },
    });
    await record('userEndOfDay', userOwner, at(2025, 5, 31, 23, 59, 59), {
      cardAddress: '北京市朝阳区望京街10号',
      haName: '望京花园',
      location: '朝阳区望京街10号',
    });
    await record('userShop', userOwner, at(2025, 5, 20), {
      propType: 22,
      cardAddress: '北京市朝阳区三里屯路19号',
      haName: null,
      location: '朝阳区三里屯路19号商铺',
      principalCode: null,
    });
    await record('peerOwn', peerOwner, at(2025, 5, 10), { cardAddress: '北京市朝阳区百分之百_路5号' });
    await record('haidianOwn', haidianOwner, at(2025, 5, 1, 0, 0, 0), { cardAddress: '北京市海淀区中关村大街1号', haName: '中关村小区' });
    await record('shanghai', adminOwner, at(2025, 4, 15), {
      cityCode: '310100',
      cityName: '上海',
      cardAddress: '上海市浦东新区世纪大道100号',
      haName: '陆家嘴花园',
    });
    await record('userFirst', userOwner, at(2025, 3, 1), { cardAddress: '北京市朝阳区望京街10号', haName: '望京花园' });
    await record('userAgain', userOwner, at(2025, 4, 1), {
      rootEvalCode: codes.userFirst,
      cardAddress: '北京市朝阳区望京街10号',
      haName: '望京花园',
    });

    const otherOwner = await ownerOf('otheruser');
    await record('otherTenant', otherOwner, at(2025, 5, 5));

    admin = { token: await t.login('user', 'demoadmin'), owner: adminOwner };
    branchUser = { token: await t.login('user', 'demouser'), owner: userOwner };
    peer = { token: await t.login('user', 'branchpeer'), owner: peerOwner };
    haidian = { token: await t.login('user', 'haidianuser'), owner: haidianOwner };
    otherTenantUser = { token: await t.login('user', 'otheruser'), owner: otherOwner };
  });
  afterAll(() => t.close());

  it('lists the company for its root organisation, newest first, in the spec shape', async () => {
    const page = await list('pageIndex=1&pageSize=10');
    expect(page).toMatchObject({ pages: 1, pageNum: 1, total: 8 });
    expect(page.list.map((r) => r.evalCode)).toEqual(
      ['adminRent', 'userEndOfDay', 'userShop', 'peerOwn', 'haidianOwn', 'shanghai', 'userAgain', 'userFirst'].map((n) => codes[n]),
    );
    expect(page.list[0]).toEqual({
      id: expect.any(Number),
      evalCode: codes.adminRent,
      evalDate: '2025-06-01 09:00:00',
      cityName: '北京',
      cardAddress: '北京市西城区金融大街8号',
      location: '金融中心',
      haName: '金融中心',
      principalCode: 'KH001',
      propType: 21,
      proprtname: '办公',
      bldgArea: 90,
      evalType: 2,
      method: 'lease',
      totalPrice: 9000,
      unitPrice: 100,
      range: { fsd: 0.1123, low: 8043.5, high: 10070.25, low95: 7100, high95: 11408 },
      inquiry: false,
      advisory: false,
      historyCount: 1,
      answerCount: 0,
      asset: false,
      state: 1,
    });
    const shop = page.list.find((r) => r.evalCode === codes.userShop)!;
    expect(shop).toMatchObject({ location: '朝阳区三里屯路19号商铺', haName: null, principalCode: null, proprtname: '商铺' });
    // Records valued before ranges were kept have none: null, never one made up from the value.
    expect(page.list[1]).toMatchObject({ evalCode: codes.userEndOfDay, totalPrice: 5400000, range: null });
  });

  it('counts the valuations of the same property, as the history shows them', async () => {
    const rows = (await list('pageSize=200')).list;
    const first = rows.find((r) => r.evalCode === codes.userFirst)!;
    const again = rows.find((r) => r.evalCode === codes.userAgain)!;
    expect(first.historyCount).toBe(2);
    expect(again.historyCount).toBe(2);
    expect(rows.find((r) => r.evalCode === codes.userEndOfDay)!.historyCount).toBe(1);
    const history = (await get(`/api/eval/history/list?evalRecordId=${first.id}`, admin.token).expect(200)).body.data;
    expect(history.map((h: { evalCode: string }) => h.evalCode)).toEqual([codes.userAgain, codes.userFirst]);
    expect(history[0]).toMatchObject({ evalType: 1, evalDate: '2025-04-01 12:00:00', totalPrice: 5400000, state: 1 });
  });

  it('pages with the page sizes of the spec', async () => {
    await record('extraA', admin.owner, at(2024, 12, 1));
    await record('extraB', admin.owner, at(2024, 12, 2));
    await record('extraC', admin.owner, at(2024, 12, 3));
    const all = await listCodes('');
    expect(all).toHaveLength(11);
    const second = await list('pageIndex=2&pageSize=10');
    expect(second).toMatchObject({ total: 11, pages: 2, pageNum: 2 });
    expect(second.list.map((r) => r.evalCode)).toEqual([all[10]]);
    expect((await list('pageIndex=3&pageSize=10')).list).toEqual([]);
    expect((await list('pageSize=50')).pages).toBe(1);
  });

  it('filters by city name or code, address, location, dates, property type and valuation type', async () => {
    expect(await listCodes('city=上海')).toEqual([codes.shanghai]);
    expect(await listCodes('city=310100')).toEqual([codes.shanghai]);
    expect(await listCodes('city=上海市')).toEqual([codes.shanghai]);
    expect(await listCodes('city=不存在')).toEqual([]);
    expect(await listCodes('cardAddress=望京街')).toEqual([codes.userEndOfDay, codes.userAgain, codes.userFirst]);
    // Wildcards of LIKE are searched as plain characters.
    expect(await listCodes(`cardAddress=${encodeURIComponent('百分之百_路')}`)).toEqual([codes.peerOwn]);
    expect(await listCodes(`cardAddress=${encodeURIComponent('%')}`)).toEqual([]);
    expect(await listCodes('location=中关村')).toEqual([codes.haidianOwn]);
    expect(await listCodes('location=三里屯路19号商铺')).toEqual([codes.userShop]);
    expect(await listCodes('location=金融大街')).toEqual([codes.adminRent]);
    expect(await listCodes('beginDate=2025/05/01&endDate=2025/05/31')).toEqual([
      codes.userEndOfDay,
      codes.userShop,
      codes.peerOwn,
      codes.haidianOwn,
    ]);
    expect(await listCodes('beginDate=2025/05/02&endDate=2025/05/30')).toEqual([codes.userShop, codes.peerOwn]);
    expect(await listCodes('beginDate=2025/01/01&endDate=2025/03/01')).toEqual([codes.userFirst]);
    expect(await listCodes('endDate=2024/12/02')).toEqual([codes.extraB, codes.extraA]);
    expect(await listCodes('beginDate=2025/06/01')).toEqual([codes.adminRent]);
    expect(await listCodes('type=22')).toEqual([codes.userShop]);
    expect(await listCodes('type=21&evalType=2')).toEqual([codes.adminRent]);
    expect(await listCodes('evalType=2')).toEqual([codes.adminRent]);
    expect(await listCodes('type=11&evalType=1&city=北京&cardAddress=朝阳区')).toEqual(
      ['userEndOfDay', 'peerOwn', 'userAgain', 'userFirst', 'extraC', 'extraB', 'extraA'].map((n) => codes[n]),
    );
    expect(await listCodes('type=0&evalType=all&city=&cardAddress=&location=')).toHaveLength(11);
  });

  it('scopes by tenant, company and the organisation rules', async () => {
    // 朝阳支行 with the records permission: its own and its organisation's, not the parent's or the sibling's.
    expect(await listCodes('', branchUser.token)).toEqual([
      codes.userEndOfDay,
      codes.userShop,
      codes.peerOwn,
      codes.userAgain,
      codes.userFirst,
    ]);
    expect(await listCodes('', haidian.token)).toEqual([codes.haidianOwn]);
    expect(await list('', otherTenantUser.token)).toMatchObject({ total: 1, list: [{ evalCode: codes.otherTenant }] });
    expect(await listCodes('city=北京', otherTenantUser.token)).not.toContain(codes.adminRent);

    // Without the records permission the list is refused; single records stay limited to its own.
    const refused = await get('/api/eval/list', peer.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 403, message: Msg.forbidden });
    expect((await get(`/api/eval/get?evalCode=${codes.peerOwn}`, peer.token)).body.code).toBe(200);
    expect((await get(`/api/eval/get?evalCode=${codes.userShop}`, peer.token)).body.code).toBe(404);
    expect((await get(`/api/eval/get?evalCode=${codes.userShop}`, otherTenantUser.token)).body.code).toBe(404);
  });

  it('refuses bad filters with the messages of the forms', async () => {
    const refuse = async (query: string, message: string) => {
      const res = await get(`/api/eval/list?${query}`, admin.token);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 400, message });
    };
    await refuse('beginDate=2025-05-01', ListMsg.dateInvalid);
    await refuse('endDate=2025/02/30', ListMsg.dateInvalid);
    await refuse('beginDate=2017/12/31', ListMsg.dateTooEarly);
    await refuse('beginDate=2025/05/02&endDate=2025/05/01', ListMsg.dateRangeInvalid);
    await refuse('type=7', ListMsg.propTypeInvalid);
    await refuse('evalType=3', ListMsg.evalTypeInvalid);
    await refuse('pageSize=20', '每页条数只能为10、50、100、200');
    await refuse('pageIndex=0', '页码不正确');
    await refuse(`cardAddress=${'址'.repeat(201)}`, ListMsg.textTooLong);
    const exportRes = await get('/api/eval/export?beginDate=2017/01/01', admin.token);
    expect(exportRes.body).toMatchObject({ code: 400, message: ListMsg.dateTooEarly });
  });

  it('exports the filtered records as an Excel workbook with Chinese headers and list units', async () => {
    const res = await get('/api/eval/export?beginDate=2025/05/01&endDate=2025/06/30&pageSize=10', admin.token)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_MIME);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename=".*\.xlsx"; filename\*=UTF-8''%E4%BC%B0%E4%BB%B7%E8%AE%B0%E5%BD%95_\d{8}\.xlsx$/,
    );

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.body as Buffer);
    const sheet = workbook.getWorksheet('估价记录')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      '估价编号',
      '估价时间',
      '城市',
      '证载地址',
      '小区/位置',
      '客户编号',
      '物业类型',
      '面积(㎡)',
      '估价类型',
      '估价结果',
      '结果单位',
      '区间下限',
      '区间上限',
      '区间单位',
      '预测标准差(FSD)',
      '单价',
      '单价单位',
      '询价报告',
      '咨询报告',
      '估价次数',
    ]);
    expect(sheet.rowCount).toBe(6);
    const row = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(row(2).map(String)[0]).toBe(codes.adminRent);
    expect(row(2).slice(2)).toEqual([
      '北京',
      '北京市西城区金融大街8号',
      '金融中心',
      'KH001',
      '办公',
      90,
      '租金',
      9000,
      '元/月',
      8043.5,
      10070.25,
      '元/月',
      0.1123,
      100,
      '元/月/㎡',
      '未生成',
      '未生成',
      1,
    ]);
    expect(sheet.getRow(2).getCell(15).numFmt).toBe('0.0%');
    // A record without a stored range leaves the range columns empty.
    expect(row(3).slice(6, 17)).toEqual(['住宅', 90, '售价', 540, '万元', undefined, undefined, undefined, undefined, 60000, '元/㎡']);
    const when = sheet.getRow(2).getCell(2);
    expect(when.value).toEqual(new Date(Date.UTC(2025, 5, 1, 9, 0, 0)));
    expect(when.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect([2, 3, 4, 5, 6].map((n) => String(sheet.getRow(n).getCell(1).value))).toEqual([
      codes.adminRent,
      codes.userEndOfDay,
      codes.userShop,
      codes.peerOwn,
      codes.haidianOwn,
    ]);
  });

  it('accepts the token as an Authorization query parameter for the download', async () => {
    const res = await t.http().get(`/api/eval/export?city=上海&Authorization=${encodeURIComponent(admin.token)}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_MIME);
    const noToken = await t.http().get('/api/eval/export?city=上海');
    expect(noToken.status).toBe(401);
    expect(noToken.body).toMatchObject({ code: 401, message: Msg.unauthorized });
  });

  it('answers 暂无数据 instead of an empty workbook', async () => {
    const res = await get('/api/eval/export?city=广州', admin.token);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ code: 404, message: '暂无数据', data: null });
  });

  it('needs the export permission (26) to export and the records permission (2) to list', async () => {
    expect((await get('/api/eval/export', branchUser.token)).status).toBe(200);
    const noExport = await get('/api/eval/export', peer.token);
    expect(noExport.status).toBe(403);
    expect(noExport.body).toMatchObject({ code: 403, message: Msg.forbidden });
    expect((await t.http().get('/api/eval/list')).status).toBe(401);
    const staff = await t.login('tenant', 'channeladmin');
    expect((await get('/api/eval/list', staff)).status).toBe(401);
  });

  it('exports at most 10,000 records, the newest', async () => {
    await t.ds.query(
      `INSERT INTO eval_record (eval_code, root_eval_code, tenant_id, company_id, organization_id, account_id, eval_type, method, state,
                                city_code, city_name, prop_type, bldg_area, total_price, unit_price, engine_version, input, result, created_at)
       SELECT 'BULK' || lpad(g::text, 8, '0'), 'BULK' || lpad(g::text, 8, '0'), $1, $2, $3, $4, 1, 'forsale', 1,
              '440300', '深圳', 11, 80, 4000000, 50000, 'test', '{}', '{}', $5::timestamptz + g * interval '1 second'
         FROM generate_series(1, 10005) AS g`,
      [admin.owner.tenantId, admin.owner.companyId, admin.owner.organizationId, admin.owner.accountId, at(2025, 2, 1, 8)],
    );
    expect((await list('city=深圳')).total).toBe(10005);
    const res = await get('/api/eval/export?city=深圳', admin.token)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.body as Buffer);
    const sheet = workbook.getWorksheet('估价记录')!;
    expect(sheet.rowCount).toBe(10001);
    expect(sheet.getRow(2).getCell(1).value).toBe('BULK00010005');
    expect(sheet.getRow(10001).getCell(1).value).toBe('BULK00000006');
  });

  it('filters by the days of Beijing, whatever zone the server runs in', async () => {
    // 00:10 on 1 July in Beijing is still 30 June in UTC; 23:59:59 on 30 June in Beijing is 15:59:59 UTC.
    const afterMidnight = await record('afterMidnight', admin.owner, new Date('2025-06-30T16:10:00Z'), {
      cityCode: '320100',
      cityName: '南京',
    });
    const beforeMidnight = await record('beforeMidnight', admin.owner, new Date('2025-06-30T15:59:59Z'), {
      cityCode: '320100',
      cityName: '南京',
    });
    expect(await listCodes('city=南京&beginDate=2025/07/01&endDate=2025/07/01')).toEqual([afterMidnight]);
    expect(await listCodes('city=南京&beginDate=2025/06/30&endDate=2025/06/30')).toEqual([beforeMidnight]);
    expect(await listCodes('city=南京&endDate=2025/06/30')).toEqual([beforeMidnight]);
    expect(await listCodes('city=南京&beginDate=2025/07/01')).toEqual([afterMidnight]);
    const rows = (await list('city=南京&pageSize=10')).list;
    expect(rows.map((r) => r.evalDate)).toEqual(['2025-07-01 00:10:00', '2025-06-30 23:59:59']);
  });
});
