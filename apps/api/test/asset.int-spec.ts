import ExcelJS from 'exceljs';
import {
  AccountEntity,
  AccountRoleEntity,
  AppraisalCaseEntity,
  AssetEntity,
  EvalRecordEntity,
  OperationLogEntity,
  OrganizationEntity,
  RoleEntity,
  RolePermissionEntity,
} from '@valuation/persistence';
import { DEMO_PASSWORD, hashPassword } from '@valuation/core';
import { AssetMsg, AssetTypeMsg, ListMsg, Msg, Perm, UserType } from '@valuation/domain';
import { startTestApi, type TestApi } from './test-api';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Wall-clock time in Beijing (UTC+8). */
const at = (y: number, m: number, d: number, h = 12) => new Date(Date.UTC(y, m - 1, d, h - 8, 0, 0));

interface Owner {
  accountId: number;
  organizationId: number;
  companyId: number;
  tenantId: number;
}

interface AssetRowBody {
  id: number;
  assetType: number | null;
  assetTypeName: string | null;
  evalId: number;
  evalCode: string;
  evalDate: string;
  totalPrice: number | null;
  historyCount: number;
  answerCount: number;
  [k: string]: unknown;
}

describe('assets and asset types', () => {
  let t: TestApi;
  let seq = 0;
  let admin: string;
  /** demouser: 朝阳支行, the valuer role (records, no asset permissions). */
  let valuer: string;
  /** An account of 海淀支行 with records and assets, own organisation only. */
  let haidian: string;
  let other: string;
  let adminOwner: Owner;
  let userOwner: Owner;
  let haidianOwner: Owner;
  const records: Record<string, { id: number; evalCode: string }> = {};

  const get = (path: string, token: string) => t.http().get(path).set('Authorization', `Bearer ${token}`);
  const post = (path: string, token: string, form: Record<string, string | number>) =>
    t
      .http()
      .post(path)
      .set('Authorization', `Bearer ${token}`)
      .type('form')
      .send(Object.fromEntries(Object.entries(form).map(([k, v]) => [k, String(v)])));
  const list = async (query = '', token = admin) => {
    const res = await get(`/api/asset/list?pageSize=200&${query}`, token);
    expect(res.body.code).toBe(200);
    return res.body.data as {
      pageInfo: { list: AssetRowBody[]; pages: number; pageNum: number; total: number };
      amount: number;
      rentAmount: number;
    };
  };
  const logs = (action: string) => t.ds.getRepository(OperationLogEntity).find({ where: { action }, order: { id: 'ASC' } });
  const recordRow = async (evalCode: string, token = admin) => {
    const res = await get('/api/eval/list?pageSize=200', token);
    return (res.body.data.list as { evalCode: string; asset: boolean }[]).find((r) => r.evalCode === evalCode);
  };

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
      code: '3101',
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
  async function record(name: string, owner: Owner, createdAt: Date, patch: Partial<EvalRecordEntity> = {}) {
    const evalCode = `AST${String(++seq).padStart(10, '0')}`;
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
      haName: '望京花园',
      cardAddress: '北京市朝阳区望京街10号',
      location: '朝阳区望京街10号',
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
    const saved = await repo.findOneByOrFail({ evalCode });
    records[name] = { id: Number(saved.id), evalCode };
    return records[name];
  }

  /** An answered manual enquiry of a valuation, with a price (what the appraisers' answer leaves). */
  async function answeredEnquiry(evalCode: string, owner: Owner, totalPrice: number, on: Date): Promise<string> {
    const caseNo = `RG${String(++seq).padStart(12, '0')}`;
    await t.ds.getRepository(AppraisalCaseEntity).insert({
      caseNo,
      kind: 'artificial',
      tenantId: owner.tenantId,
      companyId: owner.companyId,
      organizationId: owner.organizationId,
      accountId: owner.accountId,
      machineState: 'succeeded',
      context: { requesterId: owner.accountId } as AppraisalCaseEntity['context'],
      state: 2,
      evalType: 1,
      evalCode,
      cityCode: '110100',
      cityName: '北京',
      reviewTotalPrice: String(totalPrice),
      reviewUnitPrice: String(Math.round(totalPrice / 90)),
      reviewReply: '参考近期成交',
      reviewedAt: on,
      dueAt: on,
    });
    return caseNo;
  }

  beforeAll(async () => {
    t = await startTestApi();
    adminOwner = await ownerOf('demoadmin');
    userOwner = await ownerOf('demouser');
    const haidianOrg = await t.ds.getRepository(OrganizationEntity).findOneByOrFail({ name: '海淀支行', tenantId: adminOwner.tenantId });
    haidianOwner = await addAccount(
      'haidianassets',
      haidianOrg.id,
      [Perm.valuationRecords, Perm.assets, Perm.assetAdd, Perm.assetDelete, Perm.assetType, Perm.assetTypeAdd],
      '13700000301',
    );
    await record('flat', userOwner, at(2025, 3, 1));
    await record('shop', adminOwner, at(2025, 4, 1), {
      propType: 22,
      cardAddress: '北京市西城区金融大街8号',
      haName: '金融中心',
      location: '西城区金融大街8号',
      totalPrice: '3000000.00',
    });
    await record('rent', adminOwner, at(2025, 4, 2), { evalType: 2, method: 'lease', totalPrice: '9000.00', unitPrice: '100.00' });
    await record('haidian', haidianOwner, at(2025, 5, 1), { cardAddress: '北京市海淀区中关村大街1号', haName: '中关村小区' });
    const otherOwner = await ownerOf('otheruser');
    await record('otherTenant', otherOwner, at(2025, 5, 5));

    admin = await t.login('user', 'demoadmin');
    valuer = await t.login('user', 'demouser');
    haidian = await t.login('user', 'haidianassets');
    other = await t.login('user', 'otheruser');
  });
  afterAll(() => t.close());

  it('adds a record to the assets with the spec message and a log row, and the record row says so', async () => {
    expect((await recordRow(records.flat.evalCode))?.asset).toBe(false);
    const res = await post('/api/asset/add', admin, { evalId: records.flat.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200, message: AssetMsg.added, data: { id: expect.any(Number) } });
    expect((await recordRow(records.flat.evalCode))?.asset).toBe(true);
    // The valuer who made the record sees the flag too, so the action is gone for them as well.
    expect((await recordRow(records.flat.evalCode, valuer))?.asset).toBe(true);
    const [log] = await logs('加入资产');
    expect(log).toMatchObject({ targetType: 'asset', targetId: String(res.body.data.id), actorLogin: 'demoadmin' });
    expect(log.detail).toContain(records.flat.evalCode);
  });

  it('refuses a record whose property is already an asset, a missing record and another tenant’s record', async () => {
    const again = await post('/api/asset/add', admin, { evalId: records.flat.id });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 400, message: AssetMsg.alreadyAdded });

    const bad = await post('/api/asset/add', admin, { evalId: 'abc' });
    expect(bad.body).toMatchObject({ code: 400, message: AssetMsg.recordNotFound });
    const missing = await post('/api/asset/add', admin, { evalId: 999999999 });
    expect(missing.body).toMatchObject({ code: 404, message: AssetMsg.recordNotFound });
    const foreign = await post('/api/asset/add', admin, { evalId: records.otherTenant.id });
    expect(foreign.body).toMatchObject({ code: 404, message: AssetMsg.recordNotFound });
    expect(await t.ds.getRepository(AssetEntity).count()).toBe(1);
  });

  it('lists assets in the spec shape with the total value of the filtered assets', async () => {
    expect((await post('/api/asset/add', admin, { evalId: records.shop.id })).body.code).toBe(200);
    expect((await post('/api/asset/add', admin, { evalId: records.rent.id })).body.code).toBe(200);
    const page = await list();
    expect(page.pageInfo).toMatchObject({ pages: 1, pageNum: 1, total: 3 });
    expect(page.pageInfo.list.map((r) => r.evalCode)).toEqual([records.rent.evalCode, records.shop.evalCode, records.flat.evalCode]);
    expect(page.amount).toBe(840);
    expect(page.rentAmount).toBe(9000);
    expect(page.pageInfo.list[1]).toMatchObject({
      assetType: null,
      assetTypeName: null,
      evalId: records.shop.id,
      city: '北京',
      ha: '金融中心',
      evalDate: '2025-04-01 12:00:00',
      cardAddress: '北京市西城区金融大街8号',
      bldgArea: 90,
      evalType: 1,
      totalPrice: 3000000,
      inquiry: false,
      advisory: false,
      historyCount: 1,
      answerCount: 0,
      addedBy: expect.any(String),
    });

    expect((await list('evalType=2')).pageInfo.list.map((r) => r.evalCode)).toEqual([records.rent.evalCode]);
    const shops = await list(`cardAddress=${encodeURIComponent('金融大街')}`);
    expect(shops.pageInfo.total).toBe(1);
    expect(shops.amount).toBe(300);
    expect((await list(`location=${encodeURIComponent('金融中心')}`)).pageInfo.total).toBe(1);
    expect((await list(`city=${encodeURIComponent('上海')}`)).pageInfo.total).toBe(0);
    expect((await list('beginDate=2025/04/01&endDate=2025/04/01')).pageInfo.list.map((r) => r.evalCode)).toEqual([records.shop.evalCode]);
    const tooEarly = await get('/api/asset/list?beginDate=2017/01/01', admin);
    expect(tooEarly.body).toMatchObject({ code: 400, message: ListMsg.dateTooEarly });
    const wrongSize = await get('/api/asset/list?pageSize=20', admin);
    expect(wrongSize.status).toBe(400);
  });

  it('follows the property: a later re-valuation and an answered enquiry join the asset’s row and history', async () => {
    const again = await record('flatAgain', userOwner, at(2025, 6, 1), { rootEvalCode: records.flat.evalCode, totalPrice: '5600000.00' });
    const caseNo = await answeredEnquiry(records.flat.evalCode, userOwner, 5500000, at(2025, 5, 1));
    const row = (await list()).pageInfo.list.find((r) => r.evalCode === again.evalCode)!;
    expect(row).toMatchObject({ evalId: again.id, totalPrice: 5600000, historyCount: 2, answerCount: 1, evalDate: '2025-06-01 12:00:00' });
    expect((await recordRow(again.evalCode))?.asset).toBe(true);
    const history = await get(`/api/asset/history?id=${row.id}`, admin);
    expect(history.body.code).toBe(200);
    expect(
      (history.body.data as { evalCode: string; caseNo: string | null; type: number }[]).map((h) => [h.type, h.caseNo ?? h.evalCode]),
    ).toEqual([
      [1, again.evalCode],
      [2, caseNo],
      [1, records.flat.evalCode],
    ]);
    const refused = await post('/api/asset/add', admin, { evalId: again.id });
    expect(refused.body).toMatchObject({ code: 400, message: AssetMsg.alreadyAdded });
    expect((await get('/api/asset/history?id=999999', admin)).body).toMatchObject({ code: 404, message: AssetMsg.notFound });
  });

  it('reads within the records data range and the tenant', async () => {
    // 海淀支行 sees only its own organisation's assets.
    expect((await list('', haidian)).pageInfo.total).toBe(0);
    expect((await post('/api/asset/add', haidian, { evalId: records.flat.id })).body).toMatchObject({
      code: 404,
      message: AssetMsg.recordNotFound,
    });
    const added = await post('/api/asset/add', haidian, { evalId: records.haidian.id });
    expect(added.body).toMatchObject({ code: 200, message: AssetMsg.added });
    expect((await list('', haidian)).pageInfo.list.map((r) => r.evalCode)).toEqual([records.haidian.evalCode]);
    // The company's root organisation sees every asset of the company.
    expect((await list()).pageInfo.total).toBe(4);

    const flat = (await list()).pageInfo.list.find((r) => r.historyCount === 2)!;
    expect((await post('/api/asset/del', haidian, { id: flat.id })).body).toMatchObject({ code: 404, message: AssetMsg.notFound });
    expect((await get(`/api/asset/history?id=${flat.id}`, haidian)).body).toMatchObject({ code: 404 });

    const foreign = await get('/api/asset/list', other);
    expect(foreign.status).toBe(403);
    const otherAdmin = await t.login('user', 'otheradmin');
    expect((await list('', otherAdmin)).pageInfo.total).toBe(0);
    expect((await post('/api/asset/update', otherAdmin, { id: flat.id, assetType: '' })).body).toMatchObject({
      code: 404,
      message: AssetMsg.notFound,
    });
    expect((await post('/api/asset/del', otherAdmin, { id: flat.id })).body).toMatchObject({ code: 404, message: AssetMsg.notFound });
  });

  it('needs the asset permissions', async () => {
    expect((await get('/api/asset/list', valuer)).body).toMatchObject({ code: 403, message: Msg.forbidden });
    expect((await post('/api/asset/add', valuer, { evalId: records.shop.id })).status).toBe(403);
    expect((await get('/api/asset-type/pageable', valuer)).status).toBe(403);
    expect((await get('/api/asset/export', haidian)).status).toBe(403);
    expect((await t.http().get('/api/asset/list')).status).toBe(401);
  });

  let typeId: number;

  it('validates asset types with the spec messages and adds, edits and lists them with log rows', async () => {
    expect((await post('/api/asset-type/add', admin, { name: '  ', remark: '' })).body).toMatchObject({
      code: 400,
      message: AssetTypeMsg.nameRequired,
    });
    expect((await post('/api/asset-type/add', admin, { name: '长'.repeat(21), remark: '' })).body).toMatchObject({
      code: 400,
      message: AssetTypeMsg.nameTooLong,
    });
    expect((await post('/api/asset-type/add', admin, { name: '住宅', remark: '备'.repeat(101) })).body).toMatchObject({
      code: 400,
      message: AssetTypeMsg.remarkTooLong,
    });
    const added = await post('/api/asset-type/add', admin, { name: '住宅抵押', remark: '个人住房抵押贷款' });
    expect(added.body).toMatchObject({
      code: 200,
      message: AssetTypeMsg.added,
      data: { assetName: '住宅抵押', assetRemark: '个人住房抵押贷款', assetCount: 0 },
    });
    typeId = added.body.data.id;
    const edited = await post('/api/asset-type/update', admin, { id: typeId, name: '住房抵押', remark: '' });
    expect(edited.body).toMatchObject({ code: 200, message: AssetTypeMsg.edited, data: { assetName: '住房抵押', assetRemark: '' } });
    const [addLog] = await logs('新增资产类型');
    expect(addLog).toMatchObject({ targetType: 'asset_type', targetId: String(typeId) });
    const [editLog] = await logs('编辑资产类型');
    expect(editLog.detail).toContain('住房抵押');

    const page = await get('/api/asset-type/pageable?pageIndex=1&pageSize=10', admin);
    expect(page.body.data).toMatchObject({ total: 1, pages: 1, pageNum: 1 });
    expect(page.body.data.list[0]).toMatchObject({
      id: typeId,
      assetName: '住房抵押',
      createBy: adminOwner.accountId,
      createTime: expect.any(String),
    });
    expect((await get('/api/asset-type/list', admin)).body.data).toEqual([{ id: typeId, assetName: '住房抵押' }]);
    // Another company's administrator neither sees nor edits it.
    const otherAdmin = await t.login('user', 'otheradmin');
    expect((await get('/api/asset-type/list', otherAdmin)).body.data).toEqual([]);
    expect((await post('/api/asset-type/update', otherAdmin, { id: typeId, name: 'x', remark: '' })).body).toMatchObject({
      code: 404,
      message: AssetTypeMsg.notFound,
    });
    expect((await post('/api/asset-type/del', admin, { id: 'x' })).body).toMatchObject({ code: 400, message: AssetTypeMsg.notFound });
  });

  it('assigns a type, filters by it, and deleting the type leaves its assets untyped', async () => {
    const flat = (await list()).pageInfo.list.find((r) => r.historyCount === 2)!;
    const set = await post('/api/asset/update', admin, { id: flat.id, assetType: typeId });
    expect(set.body).toMatchObject({ code: 200, message: AssetMsg.typeSet });
    expect((await list(`assetType=${typeId}`)).pageInfo.list.map((r) => [r.id, r.assetTypeName])).toEqual([[flat.id, '住房抵押']]);
    expect((await list('assetType=none')).pageInfo.total).toBe(3);
    expect((await post('/api/asset/update', admin, { id: flat.id, assetType: 999999 })).body).toMatchObject({
      code: 400,
      message: AssetTypeMsg.notFound,
    });
    const [setLog] = await logs('设置资产类型');
    expect(setLog.detail).toContain('住房抵押');
    expect((await get('/api/asset-type/pageable', admin)).body.data.list[0].assetCount).toBe(1);

    const removed = await post('/api/asset-type/del', admin, { id: typeId });
    expect(removed.body).toMatchObject({ code: 200, message: AssetTypeMsg.deleted });
    const after = (await list()).pageInfo.list.find((r) => r.id === flat.id)!;
    expect(after).toMatchObject({ assetType: null, assetTypeName: null });
    expect((await list('assetType=none')).pageInfo.total).toBe(4);
    const [delLog] = await logs('删除资产类型');
    expect(delLog).toMatchObject({ targetType: 'asset_type', targetId: String(typeId) });
    expect((await post('/api/asset-type/del', admin, { id: typeId })).body).toMatchObject({ code: 404, message: AssetTypeMsg.notFound });
  });

  it('exports the filtered assets as a workbook, and answers 暂无数据 when there are none', async () => {
    const res = await get('/api/asset/export?evalType=1', admin)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_MIME);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('资产_'));
    const workbook = new ExcelJS.Workbook();
    const content = res.body as Buffer;
    await workbook.xlsx.load(content.buffer.slice(content.byteOffset, content.byteOffset + content.byteLength) as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).values).toEqual(expect.arrayContaining(['资产类型', '估价编号', '估价结果', '结果单位', '估价次数']));
    expect(sheet.rowCount).toBe(4);
    const codes = [2, 3, 4].map((n) => sheet.getRow(n).getCell(2).value);
    expect(codes).toContain(records.flatAgain.evalCode);

    const empty = await get(`/api/asset/export?city=${encodeURIComponent('广州')}`, admin);
    expect(empty.body).toEqual({ code: 404, message: '暂无数据', data: null });
  });

  it('deletes an asset with a log row; the record can be added again', async () => {
    const flat = (await list()).pageInfo.list.find((r) => r.historyCount === 2)!;
    const res = await post('/api/asset/del', admin, { id: flat.id });
    expect(res.body).toMatchObject({ code: 200, message: AssetMsg.deleted });
    expect((await recordRow(records.flat.evalCode))?.asset).toBe(false);
    const [log] = await logs('删除资产');
    expect(log).toMatchObject({ targetType: 'asset', targetId: String(flat.id) });
    expect((await post('/api/asset/add', admin, { evalId: records.flatAgain.id })).body).toMatchObject({
      code: 200,
      message: AssetMsg.added,
    });
  });
});
