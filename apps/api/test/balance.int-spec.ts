import ExcelJS from 'exceljs';
import { IsNull } from 'typeorm';
import { DEMO_PASSWORD, hashPassword, QuotaExhaustedError, QuotaService } from '@valuation/core';
import {
  addDays,
  ALLOCATION_KIND_LABELS,
  allocationShortMessage,
  BalanceMsg,
  businessToday,
  ListMsg,
  Msg,
  PRODUCTS,
  UserType,
} from '@valuation/domain';
import {
  AccountEntity,
  AccountRoleEntity,
  BalancePackageEntity,
  BalanceRepository,
  OperationLogEntity,
  OrganizationEntity,
  RoleEntity,
  RolePermissionEntity,
} from '@valuation/persistence';
import { startTestApi, type TestApi } from './test-api';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A business day as the forms send it (yyyy/MM/dd). */
const slashed = (day: string) => day.replace(/-/g, '/');

type Query = Record<string, string | number | readonly (string | number)[]>;

interface Counts {
  cityCount: number;
  annuallyCount: number;
  universalCount: number;
  advisoryCount: number;
  inquiryCount: number;
  buyScope: string;
}

/** A refused request: its status, and the envelope with the message; a refused field of a form is named in data. */
function expectRefused(
  res: { status: number; body: { code: number; message: string; data: unknown } },
  status: number,
  message: string,
  field?: string,
) {
  expect({ status: res.status, code: res.body.code, message: res.body.message }).toEqual({ status, code: status, message });
  expect(res.body).toHaveProperty('data');
  if (field) expect(res.body.data).toMatchObject({ field, errors: { [field]: message } });
}

/** The field of the channel order form each message refuses. */
const ORDER_FIELD: Record<string, string> = {
  [BalanceMsg.productRequired]: 'productCode',
  [BalanceMsg.buyModeRequired]: 'buyModeCode',
  [BalanceMsg.scopeRequired]: 'cityCodes',
  [BalanceMsg.evalCountRequired]: 'count',
  [BalanceMsg.evalCountInvalid]: 'count',
  [BalanceMsg.reportCountRequired]: 'count',
  [BalanceMsg.reportCountInvalid]: 'count',
  [BalanceMsg.priceRequired]: 'orderPrice',
  [BalanceMsg.expireDateRequired]: 'expireDate',
};

const COUNT_KEYS = ['cityCount', 'annuallyCount', 'universalCount', 'advisoryCount', 'inquiryCount'] as const;
const countsOnly = (c: Counts) => Object.fromEntries(COUNT_KEYS.map((k) => [k, c[k]])) as Record<(typeof COUNT_KEYS)[number], number>;

describe('balances', () => {
  let t: TestApi;
  let quota: QuotaService;
  let balances: BalanceRepository;
  const tokens: Record<string, string> = {};
  const accounts: Record<string, AccountEntity> = {};
  let company: OrganizationEntity;
  let branchA: OrganizationEntity;
  let branchB: OrganizationEntity;
  let otherCompany: OrganizationEntity;
  const today = businessToday();

  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const get = (path: string, token: string, query: Query = {}) =>
    t
      .http()
      .get(path)
      .query({ timestamp: Date.now(), ...query })
      .set(auth(token));
  const post = (path: string, token: string, body: object) => t.http().post(path).set(auth(token)).send(body);
  const download = (path: string, token: string, query: Query = {}) =>
    get(path, token, query)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
  const organisationIds = () => [company.id, branchA.id, branchB.id];

  /** A valid channel order for an account: 100 Shenzhen city-annual valuations for a year. */
  const orderFor = (login: string, patch: Record<string, unknown> = {}) => ({
    balanceId: accounts[login].id,
    companyId: accounts[login].companyId,
    companyName: '',
    loginUser: login,
    productCode: '000001',
    productName: '估价次数',
    buyModeCode: 6,
    buyModeName: '城市包年',
    cityCodes: ['440300'],
    buyScope: '深圳市',
    count: 100,
    orderPrice: '2000.5',
    effectiveDate: slashed(today),
    expireDate: slashed(addDays(today, 365)),
    remark: '年度采购',
    ...patch,
  });
  const placeOrder = (body: object, token = tokens.channeladmin) => post('/api/tenant/customer-balance/order', token, body);

  /** The channel's view of an account's usable counts. */
  const customerRow = async (login: string) => {
    const res = await get('/api/tenant/customer-balance/list', tokens.channeladmin, { account: login, pageSize: 200 }).expect(200);
    const row = res.body.data.list.list.find((r: { loginUser: string }) => r.loginUser === login);
    expect(row).toBeDefined();
    return row as Counts & { id: number; userType: number };
  };
  const userList = (token = tokens.demoadmin, query: Query = {}) =>
    get('/api/user-balance/list', token, { organizationIds: organisationIds(), pageSize: 200, ...query });
  /** The organisation's view of an account's usable counts. */
  const userRow = async (login: string) => {
    const res = await userList().expect(200);
    const row = res.body.data.list.list.find((r: { loginUser: string }) => r.loginUser === login);
    expect(row).toBeDefined();
    return row as Counts & { revocable: boolean; self: boolean };
  };
  /** What demoadmin can allocate (its own usable counts) and its defaults. */
  const mine = async () => (await userList().expect(200)).body.data.customerBalance;
  const allocate = (body: Record<string, unknown>, token = tokens.demoadmin) =>
    post('/api/user-balance/allocate', token, {
      annuallyCount: '',
      universalCount: '',
      advisoryCount: '',
      inquiryCount: '',
      userType: 1,
      ...body,
    });
  const revoke = (login: string, token = tokens.demoadmin) =>
    post('/api/user-balance/revoke', token, { balanceId: accounts[login].id, userType: accounts[login].userType });
  const allocations = (query: Query = {}) =>
    get('/api/user-balance/allocate/list', tokens.demoadmin, { organizationIds: organisationIds(), pageSize: 200, ...query });
  const logs = (action: string, targetType: string) =>
    t.ds.getRepository(OperationLogEntity).find({ where: { action, targetType }, order: { id: 'ASC' } });
  const tableSize = async (table: string): Promise<number> => (await t.ds.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n;
  /** Counts left of an account's packages of a kind that have not expired (pending ones too), as an allocation sees them. */
  const heldNotExpired = async (login: string, kind: string): Promise<number> =>
    (
      await t.ds.query(
        `SELECT coalesce(sum(remaining), 0)::int AS n FROM balance_package WHERE account_id = $1 AND kind = $2 AND expire_date >= $3`,
        [accounts[login].id, kind, today],
      )
    )[0].n;

  async function readXlsx(content: Buffer): Promise<ExcelJS.Worksheet> {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(content.buffer.slice(content.byteOffset, content.byteOffset + content.byteLength) as ArrayBuffer);
    return workbook.worksheets[0];
  }

  beforeAll(async () => {
    t = await startTestApi();
    balances = new BalanceRepository(t.ds);
    quota = new QuotaService(balances);
    const orgs = t.ds.getRepository(OrganizationEntity);
    company = await orgs.findOneByOrFail({ tenantId: t.demoTenantId, parentId: IsNull(), name: '北京示范银行' });
    branchA = await orgs.findOneByOrFail({ tenantId: t.demoTenantId, name: '朝阳支行' });
    branchB = await orgs.findOneByOrFail({ tenantId: t.demoTenantId, name: '海淀支行' });
    otherCompany = await orgs.findOneByOrFail({ tenantId: t.otherTenantId, parentId: IsNull() });

    // An administrator of 海淀支行 alone: balances (107) and their allocation (20) within its own organisation (50).
    const role = await t.ds.getRepository(RoleEntity).save({
      tenantId: t.demoTenantId,
      kind: 'customer',
      companyId: company.id,
      code: '4107',
      name: '支行余额管理员',
      remark: null,
      createdName: '测试',
      updatedName: '测试',
    });
    await t.ds.getRepository(RolePermissionEntity).insert([107, 20, 50].map((permissionId) => ({ roleId: role.id, permissionId })));
    const boss = await t.ds.getRepository(AccountEntity).save({
      tenantId: t.demoTenantId,
      organizationId: branchB.id,
      companyId: company.id,
      loginUser: 'branchboss',
      userName: '支行行长',
      passwordHash: await hashPassword(DEMO_PASSWORD),
      email: null,
      mobilePhone: '13700000301',
      userType: UserType.Enterprise,
      status: 0,
      expireDate: null,
    });
    await t.ds.getRepository(AccountRoleEntity).insert({ accountId: boss.id, roleId: role.id });

    for (const login of ['demoadmin', 'demouser', 'demorent', 'branchboss', 'otheradmin']) tokens[login] = await t.login('user', login);
    for (const login of ['channeladmin', 'otherchannel', 'appraiser1']) tokens[login] = await t.login('tenant', login);
    for (const login of ['demoadmin', 'demouser', 'demorent', 'hdperson', 'otheruser'])
      accounts[login] = await t.ds.getRepository(AccountEntity).findOneByOrFail({ loginUser: login });
  });
  afterAll(() => t?.close());

  describe('channel side', () => {
    it('lists the products and the channel price list of the demo seed', async () => {
      expect((await get('/api/product/list', tokens.channeladmin).expect(200)).body).toEqual({
        code: 200,
        message: expect.any(String),
        data: PRODUCTS,
      });
      expect((await get('/api/tenant/price/list', tokens.channeladmin).expect(200)).body.data).toEqual([
        { buyMode: 2, unit: 10, price: '0.00' },
        { buyMode: 3, unit: 50, price: '0.00' },
        { buyMode: 4, unit: 100, price: '200.00' },
        { buyMode: 5, unit: 1, price: '3.00' },
        { buyMode: 6, unit: 1000, price: '2000.00' },
        { buyMode: 7, unit: 1, price: '50.00' },
      ]);
      expect((await get('/api/tenant/price/list', tokens.otherchannel).expect(200)).body.data).toHaveLength(6);
    });

    it('checks an order field by field in the order of the specification, each refusal a 400 envelope, storing nothing', async () => {
      const orders = await tableSize('balance_order');
      const base = { balanceId: accounts.demouser.id, effectiveDate: slashed(today) };
      const steps: [Record<string, unknown>, string][] = [
        [{}, BalanceMsg.productRequired],
        [{ productCode: '000009' }, BalanceMsg.productRequired],
        [{ productCode: '000001' }, BalanceMsg.buyModeRequired],
        [{ productCode: '000001', buyModeCode: 6 }, BalanceMsg.scopeRequired],
        [{ productCode: '000001', buyModeCode: 6, cityCodes: [] }, BalanceMsg.scopeRequired],
        [{ productCode: '000001', buyModeCode: 6, cityCodes: ['440300'] }, BalanceMsg.evalCountRequired],
        [{ productCode: '000001', buyModeCode: 6, cityCodes: ['440300'], count: '' }, BalanceMsg.evalCountRequired],
        ...['0', '012', '1.5', '-3', 'abc', '12345678'].map((count): [Record<string, unknown>, string] => [
          { productCode: '000001', buyModeCode: 6, cityCodes: ['440300'], count },
          BalanceMsg.evalCountInvalid,
        ]),
        [{ productCode: '000001', buyModeCode: 6, cityCodes: ['440300'], count: 100 }, BalanceMsg.priceRequired],
        [{ productCode: '000001', buyModeCode: 6, cityCodes: ['440300'], count: 100, orderPrice: '' }, BalanceMsg.priceRequired],
        [{ productCode: '000001', buyModeCode: 6, cityCodes: ['440300'], count: 100, orderPrice: '2000' }, BalanceMsg.expireDateRequired],
        [{ productCode: '000002', buyModeCode: 7 }, BalanceMsg.reportCountRequired],
        [{ productCode: '000002', buyModeCode: 7, count: '12345678' }, BalanceMsg.reportCountInvalid],
        [{ productCode: '000002', buyModeCode: 7, count: '0' }, BalanceMsg.reportCountInvalid],
        [{ productCode: '000003', buyModeCode: 7, count: 5 }, BalanceMsg.priceRequired],
        [{ productCode: '000003', buyModeCode: 7, count: 5, orderPrice: '150' }, BalanceMsg.expireDateRequired],
      ];
      for (const [fields, message] of steps) {
        const res = await placeOrder({ ...base, ...fields });
        expect([fields, res.body.message]).toEqual([fields, message]);
        expectRefused(res, 400, message, ORDER_FIELD[message]);
      }
      expect(await tableSize('balance_order')).toBe(orders);
    });

    it('sells report copies only per copy, cities only by their city code, and only to its own customer accounts', async () => {
      const orders = await tableSize('balance_order');
      for (const buyModeCode of [2, 3, 4, 5, 6]) {
        const res = await placeOrder(orderFor('demouser', { productCode: '000002', buyModeCode, cityCodes: [], count: 5 }));
        expectRefused(res, 400, BalanceMsg.buyModeRequired, 'buyModeCode');
      }
      for (const cityCodes of [['999999'], ['110000'], ['440305'], ['440300', 'abc']]) {
        const res = await placeOrder(orderFor('demouser', { cityCodes }));
        expectRefused(res, 400, BalanceMsg.cityInvalid);
      }
      for (const body of [orderFor('otheruser'), orderFor('demouser', { balanceId: 99_999_999 })]) {
        const res = await placeOrder(body);
        expectRefused(res, 404, BalanceMsg.accountNotFound);
      }
      expect((await placeOrder(orderFor('demouser'), tokens.otherchannel).expect(404)).body.message).toBe(BalanceMsg.accountNotFound);
      expect(await tableSize('balance_order')).toBe(orders);
    });

    it('credits exactly what was ordered to the account, records the order and logs it', async () => {
      const before = await customerRow('demouser');
      const res = await placeOrder(orderFor('demouser')).expect(200);
      expect(res.body).toEqual({ code: 200, message: BalanceMsg.allocated, data: { orderNo: expect.stringMatching(/^DD\d{16}$/) } });
      const orderNo: string = res.body.data.orderNo;
      expect(orderNo.slice(2, 10)).toBe(today.replace(/-/g, ''));

      let after = await customerRow('demouser');
      expect(countsOnly(after)).toEqual({
        ...countsOnly(before),
        annuallyCount: before.annuallyCount + 100,
        cityCount: before.cityCount + 1,
      });
      expect(after.buyScope.split('、').sort()).toEqual([...before.buyScope.split('、'), '深圳市'].sort());

      await placeOrder(orderFor('demouser', { buyModeCode: 3, cityCodes: [], count: 30, orderPrice: '0' })).expect(200);
      await placeOrder(orderFor('demouser', { productCode: '000002', buyModeCode: 7, cityCodes: [], count: 4, orderPrice: '200' })).expect(
        200,
      );
      await placeOrder(orderFor('demouser', { productCode: '000003', buyModeCode: 7, cityCodes: [], count: 3, orderPrice: '90' })).expect(
        200,
      );
      const before2 = after;
      after = await customerRow('demouser');
      expect(countsOnly(after)).toEqual({
        ...countsOnly(before2),
        universalCount: before2.universalCount + 30,
        advisoryCount: before2.advisoryCount + 4,
        inquiryCount: before2.inquiryCount + 3,
      });

      const [row] = (await get('/api/tenant/customer-balance/order/list', tokens.channeladmin, { orderNo }).expect(200)).body.data.list
        .list;
      expect(row).toMatchObject({
        orderNo,
        loginUser: 'demouser',
        companyName: '北京示范银行',
        productCode: '000001',
        productName: '估价次数',
        buyModeCode: 6,
        buyModeName: '城市包年',
        buyScope: '深圳市',
        evalCount: 100,
        reportCount: 0,
        orderPrice: '2000.50',
        effectiveDate: today,
        expireDate: addDays(today, 365),
        state: 1,
        orderFrom: 2,
        fromAccount: 'channeladmin',
        remark: '年度采购',
      });
      const ledger = await t.ds.query(`SELECT kind, delta, reason, ref_type FROM balance_ledger WHERE ref_id = $1`, [orderNo]);
      expect(ledger).toEqual([{ kind: 'city', delta: 100, reason: 'order', ref_type: 'order' }]);
      const [log] = (await logs('分配余额', 'balance_order')).filter((l) => l.targetId === orderNo);
      expect(log).toMatchObject({ population: 'tenant', actorLogin: 'channeladmin', tenantId: t.demoTenantId });
    });

    it('keeps an order that starts tomorrow pending: shown in the records and details, not usable yet', async () => {
      const channelBefore = await customerRow('demouser');
      const ownBefore = (await get('/api/auth/user/login-user/balance', tokens.demouser).expect(200)).body.data;
      const res = await placeOrder(
        orderFor('demouser', {
          buyModeCode: 4,
          cityCodes: [],
          count: 40,
          orderPrice: '80',
          effectiveDate: slashed(addDays(today, 1)),
          expireDate: slashed(addDays(today, 366)),
        }),
      ).expect(200);
      const orderNo: string = res.body.data.orderNo;

      expect(countsOnly(await customerRow('demouser'))).toEqual(countsOnly(channelBefore));
      expect((await get('/api/auth/user/login-user/balance', tokens.demouser).expect(200)).body.data).toEqual(ownBefore);
      expect(countsOnly(await userRow('demouser'))).toEqual(countsOnly(channelBefore));

      const pending = (await get('/api/tenant/customer-balance/order/list', tokens.channeladmin, { state: 0 }).expect(200)).body.data;
      expect(pending.list.list.map((r: { orderNo: string; state: number }) => [r.orderNo, r.state])).toEqual([[orderNo, 0]]);
      const [detail] = (await get('/api/tenant/customer-balance/balance/list', tokens.channeladmin, { orderNo }).expect(200)).body.data.list
        .list;
      expect(detail).toMatchObject({ orderNo, state: 0, evalCount: 40, evalRemainingCount: 40, reportRemainingCount: 0 });

      // Nor can the account spend it: a valuation in a city without a city-annual package takes its other nationwide counts.
      const charge = await t.ds.transaction((m) =>
        quota.consumeValuation(m, '320500', {
          tenantId: t.demoTenantId,
          accountId: accounts.demouser.id,
          refType: 'rapid',
          refId: 'pending-check',
        }),
      );
      const paid = await t.ds.getRepository(BalancePackageEntity).findOneByOrFail({ id: charge.packageId });
      expect(paid.orderNo).not.toBe(orderNo);
      await t.ds.transaction((m) =>
        quota.refund(m, charge, { tenantId: t.demoTenantId, accountId: accounts.demouser.id, refType: 'rapid', refId: 'pending-check' }),
      );
    });

    it('filters the order records and the balance details, with totals that add up', async () => {
      const orders = (query: Query) => get('/api/tenant/customer-balance/order/list', tokens.channeladmin, { pageSize: 200, ...query });
      const details = (query: Query) => get('/api/tenant/customer-balance/balance/list', tokens.channeladmin, { pageSize: 200, ...query });
      type OrderRow = {
        orderNo: string;
        loginUser: string;
        userType: number;
        productCode: string;
        buyModeCode: number;
        buyScope: string;
        evalCount: number;
        reportCount: number;
        state: number;
        evalRemainingCount: number;
        reportRemainingCount: number;
      };

      const all = (await orders({}).expect(200)).body.data;
      const rows: OrderRow[] = all.list.list;
      expect(all.list.total).toBe(rows.length);
      expect(all.stat.orderNum).toBe(rows.length);
      expect(rows.length).toBeGreaterThan(10);

      const mineOnly = (await orders({ account: 'demouser' }).expect(200)).body.data;
      expect(mineOnly.list.list.length).toBeGreaterThan(0);
      expect(mineOnly.list.list.every((r: OrderRow) => r.loginUser === 'demouser')).toBe(true);
      const sum = (list: OrderRow[], pick: (r: OrderRow) => number) => list.reduce((a, r) => a + pick(r), 0);
      const demouserRows: OrderRow[] = mineOnly.list.list;
      expect(mineOnly.stat).toEqual({
        orderNum: demouserRows.length,
        cityNum: new Set(demouserRows.filter((r) => r.buyModeCode === 6).flatMap((r) => r.buyScope.split('、'))).size,
        universalNum: sum(
          demouserRows.filter((r) => r.productCode === '000001' && r.buyModeCode !== 6),
          (r) => r.evalCount,
        ),
        advisoryNum: sum(
          demouserRows.filter((r) => r.productCode === '000002'),
          (r) => r.reportCount,
        ),
        inquiryNum: sum(
          demouserRows.filter((r) => r.productCode === '000003'),
          (r) => r.reportCount,
        ),
      });

      const advisory: OrderRow[] = (await orders({ productCode: '000002' }).expect(200)).body.data.list.list;
      expect(advisory.length).toBeGreaterThan(0);
      expect(advisory.every((r) => r.productCode === '000002')).toBe(true);
      expect(advisory.length).toBe(rows.filter((r) => r.productCode === '000002').length);

      const personal: OrderRow[] = (await orders({ type: 2 }).expect(200)).body.data.list.list;
      expect(personal.length).toBeGreaterThan(0);
      expect(personal.every((r) => r.userType === 2 && r.loginUser === 'hdperson')).toBe(true);
      expect((await orders({ type: 0 }).expect(200)).body.data.list.total).toBe(rows.length);

      const pending: OrderRow[] = (await orders({ state: 0 }).expect(200)).body.data.list.list;
      expect(pending).toHaveLength(1);
      expect((await orders({ state: 1 }).expect(200)).body.data.list.total).toBe(rows.length - 1);
      expect((await orders({ state: 2 }).expect(200)).body.data.list.total).toBe(0);

      const one = rows[3];
      expect((await orders({ orderNo: one.orderNo }).expect(200)).body.data.list.list.map((r: OrderRow) => r.orderNo)).toEqual([
        one.orderNo,
      ]);
      expect((await orders({ orderNo: one.orderNo.slice(-6) }).expect(200)).body.data.list.list.map((r: OrderRow) => r.orderNo)).toContain(
        one.orderNo,
      );

      expect((await orders({ beginDate: slashed(today), endDate: slashed(today) }).expect(200)).body.data.list.total).toBe(rows.length);
      expect((await orders({ endDate: slashed(addDays(today, -1)) }).expect(200)).body.data.list.total).toBe(0);
      expect((await orders({ beginDate: slashed(addDays(today, 1)) }).expect(200)).body.data.list.total).toBe(0);
      expect((await orders({ beginDate: slashed(today), endDate: slashed(addDays(today, -1)) }).expect(400)).body.message).toBe(
        ListMsg.dateRangeInvalid,
      );
      expect((await orders({ state: 5 }).expect(400)).body.message).toBe(BalanceMsg.stateInvalid);
      expect((await orders({ from: 3 }).expect(400)).body.message).toBe(BalanceMsg.fromInvalid);
      expect((await orders({ pageSize: 10 }).expect(400)).body.code).toBe(400);

      // The details: what is left of each order, and its totals.
      const left = (await details({ account: 'demouser' }).expect(200)).body.data;
      const leftRows: OrderRow[] = left.list.list;
      expect(leftRows.map((r) => r.orderNo)).toEqual(demouserRows.map((r) => r.orderNo));
      const packagesLeft: { order_no: string; n: number }[] = await t.ds.query(
        `SELECT order_no, sum(remaining)::int AS n FROM balance_package WHERE order_no = ANY($1) GROUP BY order_no`,
        [leftRows.map((r) => r.orderNo)],
      );
      for (const r of leftRows) {
        const n = packagesLeft.find((p) => p.order_no === r.orderNo)?.n ?? 0;
        expect([r.orderNo, r.evalRemainingCount + r.reportRemainingCount]).toEqual([r.orderNo, n]);
      }
      expect(left.stat).toMatchObject({
        orderNum: leftRows.length,
        universalNum: sum(
          leftRows.filter((r) => r.productCode === '000001' && r.buyModeCode !== 6),
          (r) => r.evalRemainingCount,
        ),
        advisoryNum: sum(
          leftRows.filter((r) => r.productCode === '000002'),
          (r) => r.reportRemainingCount,
        ),
      });
      expect((await details({ productCode: '000003', account: 'demouser' }).expect(200)).body.data.list.list).toHaveLength(2);
    });

    it('sorts the customer balances by nationwide counts both ways, with a total strip over the filtered accounts', async () => {
      const list = async (query: Query) =>
        (await get('/api/tenant/customer-balance/list', tokens.channeladmin, { pageSize: 200, ...query }).expect(200)).body.data;
      const ascending = await list({ sortField: 'universalCount', sortOrder: 'asc' });
      const descending = await list({ sortField: 'universalCount', sortOrder: 'desc' });
      const values = (d: { list: { list: Counts[] } }) => d.list.list.map((r) => r.universalCount);
      expect(values(ascending)).toEqual([...values(ascending)].sort((a, b) => a - b));
      expect(values(descending)).toEqual([...values(ascending)].sort((a, b) => b - a));
      expect(new Set(values(ascending)).size).toBeGreaterThan(2);
      expect(ascending.list.total).toBe(descending.list.total);
      expect((await list({ sortField: 'universalCount', sortOrder: 'ascend' })).list.list.map((r: Counts) => r.universalCount)).toEqual(
        values(ascending),
      );

      const all = await list({});
      const rows: (Counts & { loginUser: string; userType: number })[] = all.list.list;
      expect(rows.map((r) => r.loginUser).sort()).toEqual(['branchboss', 'demoadmin', 'demorent', 'demouser', 'hdadmin', 'hdperson']);
      expect(all.stat).toMatchObject({
        accountNum: rows.length,
        universalNum: rows.reduce((a, r) => a + r.universalCount, 0),
        advisoryNum: rows.reduce((a, r) => a + r.advisoryCount, 0),
        inquiryNum: rows.reduce((a, r) => a + r.inquiryCount, 0),
      });
      expect((await list({ type: 2 })).list.list.map((r: { loginUser: string }) => r.loginUser)).toEqual(['hdperson']);
      expect((await list({ companyId: company.id })).stat.accountNum).toBe(4);
      for (const query of [{ sortField: 'price' }, { sortField: 'universalCount', sortOrder: 'up' }] as Query[]) {
        expectRefused(await get('/api/tenant/customer-balance/list', tokens.channeladmin, query), 400, BalanceMsg.sortInvalid);
      }
    });

    it('exports the three lists as workbooks of the filtered rows, and 暂无数据 when nothing matches', async () => {
      for (const path of ['customer-balance/list', 'customer-balance/order/list', 'customer-balance/balance/list']) {
        const listed = (await get(`/api/tenant/${path}`, tokens.channeladmin, { account: 'demouser', pageSize: 200 }).expect(200)).body.data
          .list.total;
        const res = await download(`/api/tenant/${path}/export`, tokens.channeladmin, { account: 'demouser' }).expect(200);
        expect(res.headers['content-type']).toContain(XLSX_MIME);
        expect(res.headers['content-disposition']).toContain('.xlsx');
        const sheet = await readXlsx(res.body as Buffer);
        expect([path, sheet.actualRowCount]).toEqual([path, listed + 1]);
        expect(String(sheet.getRow(1).getCell(1).value)).toMatch(/账号|订单编号/);

        const empty = await get(`/api/tenant/${path}/export`, tokens.channeladmin, { account: 'nobody-at-all' });
        expect(empty.status).toBe(404);
        expect(empty.body).toEqual({ code: 404, message: '暂无数据', data: null });
      }
    });
  });

  describe('organisation side', () => {
    /** The nationwide package of 30 days the channel adds for demoadmin: the one that expires first, so allocations take from it. */
    let shortOrderNo: string;

    beforeAll(async () => {
      const res = await placeOrder(
        orderFor('demoadmin', { buyModeCode: 4, cityCodes: [], count: 100, orderPrice: '200', expireDate: slashed(addDays(today, 30)) }),
      ).expect(200);
      shortOrderNo = res.body.data.orderNo;
    });

    it('lists the accounts of the chosen organisations, only within the caller range, with what the caller can allocate', async () => {
      for (const query of [{ organizationIds: [] }, { organizationIds: '' }]) {
        expectRefused(
          await get('/api/user-balance/list', tokens.demoadmin, query),
          400,
          BalanceMsg.organizationRequired,
          'organizationIds',
        );
      }
      expect((await get('/api/user-balance/list', tokens.demoadmin).expect(400)).body.message).toBe(BalanceMsg.organizationRequired);
      for (const [token, ids] of [
        [tokens.demoadmin, [company.id, otherCompany.id]],
        [tokens.otheradmin, [company.id]],
        [tokens.branchboss, [company.id]],
        [tokens.branchboss, [branchA.id]],
      ] as const) {
        const res = await get('/api/user-balance/list', token, { organizationIds: ids }).expect(404);
        expect(res.body).toEqual({ code: 404, message: BalanceMsg.organizationNotFound, data: null });
        const records = await get('/api/user-balance/allocate/list', token, { organizationIds: ids }).expect(404);
        expect(records.body.message).toBe(BalanceMsg.organizationNotFound);
      }
      const boss = (await get('/api/user-balance/list', tokens.branchboss, { organizationIds: [branchB.id] }).expect(200)).body.data;
      expect(boss.list.list.map((r: { loginUser: string }) => r.loginUser).sort()).toEqual(['branchboss', 'demorent']);

      const data = (await userList().expect(200)).body.data;
      expect(data.list.list.map((r: { loginUser: string }) => r.loginUser).sort()).toEqual([
        'branchboss',
        'demoadmin',
        'demorent',
        'demouser',
      ]);
      const usable = await balances.usableCounts(t.demoTenantId, [accounts.demoadmin.id, accounts.demouser.id], today);
      const admin = data.list.list.find((r: { loginUser: string }) => r.loginUser === 'demoadmin');
      expect(admin).toMatchObject({ self: true, organizationName: '北京示范银行', revocable: false });
      const { accountId: _a, ...adminCounts } = usable.get(accounts.demoadmin.id)!;
      expect(admin).toMatchObject(adminCounts);
      expect(data.customerBalance).toMatchObject({ id: accounts.demoadmin.id, loginUser: 'demoadmin', ...adminCounts });
      expect(adminCounts.universalCount).toBe(300);
      const { accountId: _u, ...userCounts } = usable.get(accounts.demouser.id)!;
      expect(data.list.list.find((r: { loginUser: string }) => r.loginUser === 'demouser')).toMatchObject({
        ...userCounts,
        organizationName: '朝阳支行',
        self: false,
      });
      expect(
        (await userList(tokens.demoadmin, { account: 'user' }).expect(200)).body.data.list.list.map(
          (r: { loginUser: string }) => r.loginUser,
        ),
      ).toEqual(['demouser']);
      expect(
        (await userList(tokens.demoadmin, { accountName: '租赁' }).expect(200)).body.data.list.list.map(
          (r: { loginUser: string }) => r.loginUser,
        ),
      ).toEqual(['demorent']);
    });

    it('answers only the right side: a channel token is refused here, an organisation token on the channel side, 403 without permission 107', async () => {
      // A token of the other population is no session here: 401, as on every endpoint of the other side.
      for (const token of [tokens.channeladmin, tokens.appraiser1]) {
        expectRefused(await userList(token), 401, Msg.unauthorized);
        expectRefused(await allocate({ universalCount: 1, balanceId: accounts.demouser.id }, token), 401, Msg.unauthorized);
        expectRefused(await revoke('demouser', token), 401, Msg.unauthorized);
      }
      for (const path of ['/api/tenant/price/list', '/api/tenant/customer-balance/list', '/api/tenant/customer-balance/order/list']) {
        expectRefused(await get(path, tokens.demoadmin), 401, Msg.unauthorized);
      }
      expectRefused(await placeOrder(orderFor('demouser'), tokens.demoadmin), 401, Msg.unauthorized);
      // The catalogue serves both sides' tokens, and only callers with the channel permission (71).
      expectRefused(await get('/api/product/list', tokens.demoadmin), 403, Msg.forbidden);
      expectRefused(await get('/api/product/list', tokens.appraiser1), 403, Msg.forbidden);
      expect((await get('/api/tenant/customer-balance/list', tokens.appraiser1).expect(403)).body.message).toBe(Msg.forbidden);

      const orders = await tableSize('balance_order');
      const allocationsBefore = await tableSize('balance_allocation');
      for (const res of [
        await userList(tokens.demouser),
        await allocate({ universalCount: 1, balanceId: accounts.demorent.id }, tokens.demouser),
        await revoke('demorent', tokens.demouser),
        await post('/api/user-balance/default', tokens.demouser, { universalCount: 1 }),
        await get('/api/user-balance/allocate/list', tokens.demouser, { organizationIds: [branchA.id] }),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ code: 403, message: Msg.forbidden, data: null });
      }
      expect(await tableSize('balance_order')).toBe(orders);
      expect(await tableSize('balance_allocation')).toBe(allocationsBefore);
    });

    let allocNo: string;

    it('moves an allocation from the administrator to the account exactly, records it with its totals and logs it', async () => {
      const adminBefore = await mine();
      const userBefore = await userRow('demouser');
      const res = await allocate({ universalCount: '5', advisoryCount: 1, balanceId: accounts.demouser.id }).expect(200);
      expect(res.body).toEqual({ code: 200, message: BalanceMsg.balanceAllocated, data: { orderNo: expect.stringMatching(/^FP\d{16}$/) } });
      allocNo = res.body.data.orderNo;

      const adminAfter = await mine();
      expect(countsOnly(adminAfter)).toEqual({
        ...countsOnly(adminBefore),
        universalCount: adminBefore.universalCount - 5,
        advisoryCount: adminBefore.advisoryCount - 1,
      });
      const userAfter = await userRow('demouser');
      expect(countsOnly(userAfter)).toEqual({
        ...countsOnly(userBefore),
        universalCount: userBefore.universalCount + 5,
        advisoryCount: userBefore.advisoryCount + 1,
      });
      expect(userAfter.revocable).toBe(true);

      // The nationwide counts came from the package expiring first, and keep its order and dates.
      const [universal] = await t.ds.getRepository(BalancePackageEntity).find({
        where: { accountId: accounts.demouser.id, kind: 'universal', orderNo: shortOrderNo },
      });
      expect(universal).toMatchObject({ granted: 5, remaining: 5, effectiveDate: today, expireDate: addDays(today, 30) });
      const source = await t.ds.getRepository(BalancePackageEntity).findOneByOrFail({ id: universal.sourcePackageId! });
      expect(source).toMatchObject({ accountId: accounts.demoadmin.id, orderNo: shortOrderNo, granted: 100, remaining: 95 });

      const records = (await allocations({ balanceId: accounts.demouser.id }).expect(200)).body.data;
      expect(records.list.list).toEqual([
        {
          id: expect.any(Number),
          orderNo: allocNo,
          action: 1,
          actionName: '分配',
          accountId: accounts.demouser.id,
          loginUser: 'demouser',
          userName: '演示用户',
          organizationName: '朝阳支行',
          annuallyCount: 0,
          universalCount: 5,
          advisoryCount: 1,
          inquiryCount: 0,
          createBy: accounts.demoadmin.id,
          createName: '演示管理员',
          createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        },
      ]);
      expect(records.stat).toEqual({ annuallyNum: 0, universalNum: 5, advisoryNum: 1, inquiryNum: 0 });
      expect((await allocations({ orderNo: allocNo }).expect(200)).body.data.list.total).toBe(1);
      expect((await allocations({ account: 'demorent' }).expect(200)).body.data.list.total).toBe(0);
      expect((await allocations({ creator: '演示管理员' }).expect(200)).body.data.list.total).toBe(1);
      expect((await allocations({ beginDate: slashed(addDays(today, 1)) }).expect(200)).body.data.list.total).toBe(0);
      expect((await allocations({ organizationIds: [branchB.id] }).expect(200)).body.data.list.total).toBe(0);

      const [log] = (await logs('分配余额', 'balance_allocation')).filter((l) => l.targetId === allocNo);
      expect(log).toMatchObject({ population: 'user', actorLogin: 'demoadmin', companyId: company.id });
      expect(log.changes).toMatchObject({ after: { annually: 0, universal: 5, advisory: 1, inquiry: 0 } });

      const workbook = await download('/api/user-balance/allocate/list/export', tokens.demoadmin, {
        organizationIds: organisationIds(),
        balanceId: accounts.demouser.id,
      }).expect(200);
      expect(workbook.headers['content-type']).toContain(XLSX_MIME);
      const sheet = await readXlsx(workbook.body as Buffer);
      expect(sheet.actualRowCount).toBe(2);
      expect(sheet.getRow(2).getCell(1).value).toBe(allocNo);
      const empty = await get('/api/user-balance/allocate/list/export', tokens.demoadmin, {
        organizationIds: organisationIds(),
        account: 'demorent',
      });
      expect(empty.status).toBe(404);
      expect(empty.body).toEqual({ code: 404, message: '暂无数据', data: null });
    });

    it('refuses an allocation beyond what the administrator holds, naming what is left, and changes nothing', async () => {
      const state = async () => ({
        mine: countsOnly(await mine()),
        user: countsOnly(await userRow('demorent')),
        ledger: await tableSize('balance_ledger'),
        packages: await tableSize('balance_package'),
        records: await tableSize('balance_allocation'),
        logs: (await logs('分配余额', 'balance_allocation')).length,
      });
      const before = await state();
      const inquiry = await heldNotExpired('demoadmin', 'inquiry');
      expect(inquiry).toBe(before.mine.inquiryCount);
      let res = await allocate({ universalCount: 1, inquiryCount: inquiry + 1, balanceId: accounts.demorent.id });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 400, message: allocationShortMessage(ALLOCATION_KIND_LABELS.inquiry, inquiry), data: null });
      expect(res.body.message).toBe(`询价报告份数余额不足，当前可分配${inquiry}`);

      const annually = await heldNotExpired('demoadmin', 'city');
      res = await allocate({ annuallyCount: annually + 1, balanceId: accounts.demorent.id });
      expect(res.body).toEqual({ code: 400, message: allocationShortMessage(ALLOCATION_KIND_LABELS.annually, annually), data: null });
      expect(await state()).toEqual(before);
    });

    it('refuses counts that are all empty or not whole numbers, an allocation to itself, and accounts outside its range', async () => {
      const before = await tableSize('balance_allocation');
      for (const counts of [{}, { universalCount: 0, advisoryCount: '0' }, { annuallyCount: ' ' }]) {
        expectRefused(await allocate({ ...counts, balanceId: accounts.demouser.id }), 400, BalanceMsg.defaultsRequired, 'annuallyCount');
      }
      for (const value of ['abc', '1.5', '-1', '12345678', '1e3', '0x10', '2.0']) {
        const res = await allocate({ universalCount: value, balanceId: accounts.demouser.id });
        expect([value, res.body.message]).toEqual([value, BalanceMsg.countsInvalid]);
        expectRefused(res, 400, BalanceMsg.countsInvalid, 'universalCount');
      }
      expect((await allocate({ universalCount: 1 }).expect(400)).body.message).toBe(BalanceMsg.accountRequired);
      expect((await allocate({ universalCount: 1, balanceId: accounts.demoadmin.id }).expect(400)).body.message).toBe(
        BalanceMsg.notYourAccount,
      );
      for (const [token, login] of [
        [tokens.demoadmin, 'otheruser'],
        [tokens.demoadmin, 'hdperson'],
        [tokens.branchboss, 'demouser'],
      ] as const) {
        const res = await allocate({ universalCount: 1, balanceId: accounts[login].id }, token);
        expect([login, res.status, res.body.message]).toEqual([login, 404, BalanceMsg.accountNotFound]);
        expect((await revoke(login, token)).status).toBe(404);
      }
      expect(await tableSize('balance_allocation')).toBe(before);
    });

    it('revokes exactly the allocated counts the account has not used, once', async () => {
      // demouser spends one of the allocated nationwide counts: in a city it has no package for, the package expiring first pays.
      const charge = await t.ds.transaction((m) =>
        quota.consumeValuation(m, '320500', {
          tenantId: t.demoTenantId,
          accountId: accounts.demouser.id,
          refType: 'rapid',
          refId: 'spent-1',
        }),
      );
      const allocated = await t.ds.getRepository(BalancePackageEntity).findOneByOrFail({ id: charge.packageId });
      expect(allocated).toMatchObject({ accountId: accounts.demouser.id, kind: 'universal', orderNo: shortOrderNo, remaining: 4 });

      const adminBefore = await mine();
      const userBefore = await userRow('demouser');
      const res = await revoke('demouser').expect(200);
      expect(res.body).toEqual({ code: 200, message: BalanceMsg.balanceRevoked, data: { orderNo: expect.stringMatching(/^FP\d{16}$/) } });
      const revokeNo: string = res.body.data.orderNo;

      expect(countsOnly(await mine())).toEqual({
        ...countsOnly(adminBefore),
        universalCount: adminBefore.universalCount + 4,
        advisoryCount: adminBefore.advisoryCount + 1,
      });
      const userAfter = await userRow('demouser');
      expect(countsOnly(userAfter)).toEqual({
        ...countsOnly(userBefore),
        universalCount: userBefore.universalCount - 4,
        advisoryCount: userBefore.advisoryCount - 1,
      });
      expect(userAfter.revocable).toBe(false);
      expect(await t.ds.getRepository(BalancePackageEntity).findOneByOrFail({ id: allocated.sourcePackageId! })).toMatchObject({
        remaining: 99,
      });

      const records = (await allocations({ balanceId: accounts.demouser.id }).expect(200)).body.data;
      expect(
        records.list.list.map(
          (r: { orderNo: string; action: number; actionName: string; universalCount: number; advisoryCount: number }) => [
            r.orderNo,
            r.action,
            r.actionName,
            r.universalCount,
            r.advisoryCount,
          ],
        ),
      ).toEqual([
        [revokeNo, 2, '收回', -4, -1],
        [allocNo, 1, '分配', 5, 1],
      ]);
      expect(records.stat).toEqual({ annuallyNum: 0, universalNum: 1, advisoryNum: 0, inquiryNum: 0 });
      const [log] = (await logs('收回余额', 'balance_allocation')).filter((l) => l.targetId === revokeNo);
      expect(log).toMatchObject({ population: 'user', actorLogin: 'demoadmin' });

      const again = await revoke('demouser');
      expect(again.status).toBe(400);
      expect(again.body).toEqual({ code: 400, message: BalanceMsg.nothingToRevoke, data: null });
      expect((await revoke('demorent').expect(400)).body.message).toBe(BalanceMsg.nothingToRevoke);
      expect((await logs('收回余额', 'balance_allocation')).length).toBe(1);
    });

    it('saves the defaults of the allocation dialog, logs each change and shows them with the list', async () => {
      let res = await post('/api/user-balance/default', tokens.demoadmin, {
        annuallyCount: '',
        universalCount: '3',
        advisoryCount: 0,
        inquiryCount: 2,
        balanceId: accounts.demoadmin.id,
        userType: 1,
      }).expect(200);
      expect(res.body).toEqual({ code: 200, message: BalanceMsg.defaultsSaved, data: null });
      expect(await mine()).toMatchObject({ annuallyDefault: 0, universalDefault: 3, advisoryDefault: 0, inquiryDefault: 2 });

      res = await post('/api/user-balance/default', tokens.demoadmin, {
        annuallyCount: 10,
        universalCount: 5,
        advisoryCount: 1,
        inquiryCount: 1,
      });
      expect(res.body.message).toBe(BalanceMsg.defaultsSaved);
      expect(await mine()).toMatchObject({ annuallyDefault: 10, universalDefault: 5, advisoryDefault: 1, inquiryDefault: 1 });
      // The same company's other administrator sees the same defaults.
      expect(
        (await get('/api/user-balance/list', tokens.branchboss, { organizationIds: [branchB.id] }).expect(200)).body.data.customerBalance,
      ).toMatchObject({
        annuallyDefault: 10,
        universalDefault: 5,
      });

      for (const [body, message, field] of [
        [{ annuallyCount: '', universalCount: '', advisoryCount: '', inquiryCount: '' }, BalanceMsg.defaultsRequired, 'annuallyCount'],
        [{ universalCount: 'x' }, BalanceMsg.countsInvalid, 'universalCount'],
        [{ universalCount: '12345678' }, BalanceMsg.countsInvalid, 'universalCount'],
      ] as const) {
        expectRefused(await post('/api/user-balance/default', tokens.demoadmin, body), 400, message, field);
      }
      expect(await mine()).toMatchObject({ annuallyDefault: 10, universalDefault: 5, advisoryDefault: 1, inquiryDefault: 1 });

      const saved = await logs('设置默认分配数', 'balance_default');
      expect(saved).toHaveLength(2);
      expect(saved.every((l) => l.targetId === String(company.id) && l.actorLogin === 'demoadmin')).toBe(true);
      expect(saved[1].changes).not.toBeNull();
    });
  });

  describe('concurrency', () => {
    it('never overdraws, fails or deadlocks under 200 mixed allocations, revokes and charges of the same packages, and the counts add up', async () => {
      const recipients = ['demouser', 'demorent'] as const;
      const totals = async () =>
        (
          await t.ds.query(
            `SELECT (SELECT coalesce(sum(eval_count + report_count), 0) FROM balance_order)::int AS ordered,
                    (SELECT coalesce(sum(delta), 0) FROM balance_ledger WHERE reason = 'order')::int AS credited,
                    (SELECT coalesce(sum(remaining), 0) FROM balance_package)::int AS remaining,
                    (SELECT coalesce(-sum(delta), 0) FROM balance_ledger WHERE reason = 'consume')::int AS consumed,
                    (SELECT coalesce(sum(delta), 0) FROM balance_ledger WHERE reason = 'refund')::int AS refunded`,
          )
        )[0] as { ordered: number; credited: number; remaining: number; consumed: number; refunded: number };
      // Each account starts with allocated counts the burst may revoke.
      for (const to of recipients) await allocate({ universalCount: 2, advisoryCount: 1, balanceId: accounts[to].id }).expect(200);
      const before = await totals();

      type Outcome = { op: string; ok: boolean; status?: number; message?: string; error?: unknown };
      const ref = (login: string, refId: string) => ({ tenantId: t.demoTenantId, accountId: accounts[login].id, refType: 'rapid', refId });
      const ops: (() => Promise<Outcome>)[] = [];
      for (let i = 0; i < 200; i++) {
        const to = recipients[Math.floor(i / 10) % 2];
        const kind = i % 10;
        if (kind < 3) {
          // Inquiry copies are few: many of these are refused.
          const body = {
            universalCount: 1 + (i % 3),
            inquiryCount: 2 + (i % 4),
            annuallyCount: kind === 0 ? 3 : '',
            balanceId: accounts[to].id,
          };
          ops.push(async () => {
            const res = await allocate(body);
            return { op: 'allocate', ok: res.status === 200, status: res.status, message: res.body.message };
          });
        } else if (kind === 3) {
          ops.push(async () => {
            const res = await revoke(to);
            return { op: 'revoke', ok: res.status === 200, status: res.status, message: res.body.message };
          });
        } else {
          const login = ['demoadmin', 'demouser', 'demorent'][i % 3];
          const charge =
            kind < 7
              ? (m: Parameters<QuotaService['consumeValuation']>[0]) =>
                  quota.consumeValuation(m, i % 2 ? '110100' : '320500', ref(login, `burst-${i}`))
              : (m: Parameters<QuotaService['consumeReport']>[0]) =>
                  quota.consumeReport(m, kind === 7 ? 'advisory' : 'inquiry', {
                    ...ref(login, `burst-${i}`),
                    refType: kind === 7 ? 'advisory' : 'inquiry',
                  });
          ops.push(async () => {
            try {
              await t.ds.transaction((m) => charge(m));
              return { op: 'charge', ok: true };
            } catch (error) {
              return { op: 'charge', ok: false, error };
            }
          });
        }
      }
      const outcomes = await Promise.all(ops.map((op) => op()));

      for (const o of outcomes.filter((x) => !x.ok)) {
        if (o.op === 'charge') expect(o.error).toBeInstanceOf(QuotaExhaustedError);
        else if (o.op === 'allocate') expect([o.status, o.message]).toEqual([400, expect.stringMatching(/余额不足，当前可分配\d+$/)]);
        else expect([o.status, o.message]).toEqual([400, BalanceMsg.nothingToRevoke]);
      }
      const count = (op: string, ok: boolean) => outcomes.filter((o) => o.op === op && o.ok === ok).length;
      expect(count('allocate', true)).toBeGreaterThan(0);
      expect(count('allocate', false)).toBeGreaterThan(0);
      expect(count('revoke', true)).toBeGreaterThan(0);
      expect(count('charge', true)).toBeGreaterThan(0);

      // The books: every package holds the sum of its ledger rows, none is negative, every allocation and revoke nets to zero.
      expect(await balances.differences()).toEqual([]);
      const unbalanced = await t.ds.query(
        `SELECT ref_id, sum(delta)::int AS net FROM balance_ledger WHERE reason IN ('allocate', 'revoke') GROUP BY ref_id HAVING sum(delta) <> 0`,
      );
      expect(unbalanced).toEqual([]);
      // Each allocation record holds what its ledger rows moved to the account.
      const mismatched = await t.ds.query(
        `SELECT b.alloc_no FROM balance_allocation b
           LEFT JOIN LATERAL (
             SELECT coalesce(sum(l.delta) FILTER (WHERE l.kind = 'city'), 0) AS city, coalesce(sum(l.delta) FILTER (WHERE l.kind = 'universal'), 0) AS universal,
                    coalesce(sum(l.delta) FILTER (WHERE l.kind = 'advisory'), 0) AS advisory, coalesce(sum(l.delta) FILTER (WHERE l.kind = 'inquiry'), 0) AS inquiry
               FROM balance_ledger l WHERE l.ref_id = b.alloc_no AND l.account_id = b.account_id
           ) m ON TRUE
          WHERE (b.annually_count, b.universal_count, b.advisory_count, b.inquiry_count) <> (m.city, m.universal, m.advisory, m.inquiry)`,
      );
      expect(mismatched).toEqual([]);

      // Counts are conserved: what was ordered is left, or was consumed less what was refunded.
      const after = await totals();
      expect(after.ordered).toBe(after.credited);
      expect(after.credited).toBe(before.credited);
      expect(after.credited).toBe(after.remaining + after.consumed - after.refunded);
      const [{ burst }] = await t.ds.query(
        `SELECT count(*)::int AS burst FROM balance_ledger WHERE reason = 'consume' AND ref_id LIKE 'burst-%'`,
      );
      expect(burst).toBe(count('charge', true));
      expect(before.remaining - after.remaining).toBe(count('charge', true));
    }, 120_000);
  });

  describe('ledger verify', () => {
    it('finds no package whose counts differ from the sum of its ledger rows after the suite', async () => {
      expect(await balances.differences()).toEqual([]);
      const size = await balances.bookSize();
      expect(size.packages).toBeGreaterThan(20);
      expect(size.ledgerRows).toBeGreaterThan(size.packages);
    });
  });
});
