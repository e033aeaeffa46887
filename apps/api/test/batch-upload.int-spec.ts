import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import * as XLS from '@e965/xlsx';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { Client } from 'minio';
import { batchStartJobId, QUEUES } from '@valuation/contracts';
import { BalanceBookService, demoLogoPng, DEMO_PASSWORD, hashPassword } from '@valuation/core';
import { BATCH_COLUMNS, BatchMsg, BuyMode, ListMsg, OrderFrom, Perm, ProductCode, UserType } from '@valuation/domain';
import {
  AccountEntity,
  AccountRoleEntity,
  BalanceOrderRepository,
  BalanceRepository,
  BatchItemEntity,
  BatchTaskEntity,
  EvalRecordEntity,
  OrganizationEntity,
  RoleEntity,
  RolePermissionEntity,
} from '@valuation/persistence';
import { minioClientOptions } from '@valuation/storage';
import { columnName, worksheet, xlsxWorkbook } from '@valuation/testing';
import { startTestApi, type TestApi } from './test-api';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const HEADERS = BATCH_COLUMNS.map((c) => c.header);
const QUOTA_SHORT = '估价次数不足，请联系管理员分配次数';

type Cells = string[];
/** A data row in template order; `city` and `location` vary, the rest is a valid flat. */
const row = (city = '北京市', location = '春晓花园', dist = '朝阳区'): Cells => [
  city,
  dist,
  location,
  '住宅',
  '89.5',
  '6',
  '18',
  '2',
  '1',
  '1',
  '南北',
  '精装',
  '2004',
  'KH0001',
];
const rows = (n: number, city = '北京市') => Array.from({ length: n }, (_, i) => row(city, `春晓花园${i + 1}号楼`));

const csvText = (data: Cells[], header: Cells = HEADERS) => [header, ...data].map((r) => r.join(',')).join('\r\n') + '\r\n';
const csv = (data: Cells[], encoding = 'utf-8') => iconv.encode(csvText(data), encoding);

async function xlsx(data: Cells[], header: Cells = HEADERS): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('数据');
  sheet.addRow(header);
  for (const r of data) sheet.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A legacy Excel (BIFF8) workbook, as Excel 97-2003 saves it. */
function xls(data: Cells[], header: Cells = HEADERS): Buffer {
  const book = XLS.utils.book_new();
  XLS.utils.book_append_sheet(book, XLS.utils.aoa_to_sheet([header, ...data]), '数据');
  return XLS.write(book, { type: 'buffer', bookType: 'biff8' });
}

/** A sheet whose first row refers to the first shared string. */
const ONE_ROW = worksheet('<row r="1"><c r="A1" t="s"><v>0</v></c></row>', 'A1');

/** The zip bomb of the attack: 2.2 GB of shared strings deflated into a workbook of under 5 MB. */
const zipBomb = () =>
  xlsxWorkbook({
    sheet: ONE_ROW,
    sharedStrings: { head: '<sst>', unit: `<si><t>${'a'.repeat(1000)}</t></si>`, times: 2_200_000, tail: '</sst>' },
  });

/** 60 MB of tiny shared strings, under the size limit of the part but 1,000 times its compressed size. */
const stringsBomb = () =>
  xlsxWorkbook({ sheet: ONE_ROW, sharedStrings: { head: '<sst>', unit: '<si><t>a</t></si>', times: 3_500_000, tail: '</sst>' } });

/** A sheet of 10,001 rows by 2,007 columns, with or without its dimension. */
const wideWorkbook = (dimension: boolean) =>
  xlsxWorkbook({
    sheet: worksheet(
      { unit: `<row>${'<c><v>1</v></c>'.repeat(2007)}</row>`, times: 10_001 },
      dimension ? `A1:${columnName(2006)}10001` : undefined,
    ),
  });

/** An OLE2 compound document holding a Word stream and no workbook. */
function wordDocument(): Buffer {
  const container = XLS.CFB.utils.cfb_new();
  XLS.CFB.utils.cfb_add(container, '/WordDocument', Buffer.from('不是表格'));
  return XLS.CFB.write(container, { type: 'buffer' }) as Buffer;
}

async function readXlsx(content: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content.buffer.slice(content.byteOffset, content.byteOffset + content.byteLength) as ArrayBuffer);
  return workbook;
}

interface Balances {
  city: { id: number; cityCodes: string[]; remaining: number }[];
  /** Nationwide packages, by id. */
  universalPackages: { id: number; remaining: number }[];
  universal: number;
  ledgerRows: number;
}

describe('batch valuation API', () => {
  let t: TestApi;
  let queue: Queue;
  let s3: Client;
  let bucket: string;
  const tokens: Record<string, string> = {};
  const accountIds: Record<string, number> = {};

  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const get = (path: string, token: string) => t.http().get(path).set(auth(token));

  function upload(
    token: string,
    file: { content: Buffer; name: string } | null,
    fields: Record<string, string> = { taskName: '批量测试' },
  ) {
    const req = t.http().post('/api/batch/upload').set(auth(token));
    for (const [k, v] of Object.entries(fields)) req.field(k, v);
    if (file) req.attach('file', file.content, { filename: file.name, contentType: 'application/octet-stream' });
    else req.field('nothing', '1');
    return req;
  }

  const evalTask = (token: string, batchId: string) => t.http().post('/api/batch/eval').set(auth(token)).send({ batchId });

  async function balances(login: string): Promise<Balances> {
    const accountId = accountIds[login];
    const city: Balances['city'] = await t.ds.query(
      `SELECT id, city_codes AS "cityCodes", remaining FROM balance_package WHERE account_id = $1 AND kind = 'city' ORDER BY id`,
      [accountId],
    );
    const universalPackages: Balances['universalPackages'] = await t.ds.query(
      `SELECT id, remaining FROM balance_package WHERE account_id = $1 AND kind = 'universal' ORDER BY id`,
      [accountId],
    );
    const [{ n: ledgerRows }] = await t.ds.query(`SELECT count(*)::int AS n FROM balance_ledger WHERE account_id = $1`, [accountId]);
    return { city, universalPackages, universal: universalPackages.reduce((a, p) => a + p.remaining, 0), ledgerRows };
  }

  const cityPackages = (b: Balances, cityCode: string) => b.city.filter((c) => c.cityCodes.includes(cityCode));
  const remaining = (b: Balances, cityCode: string) => cityPackages(b, cityCode).reduce((a, c) => a + c.remaining, 0);
  /** The one package of the account covering a city. */
  const packageOf = (b: Balances, cityCode: string) => {
    const [pkg, ...more] = cityPackages(b, cityCode);
    expect(more).toEqual([]);
    return pkg;
  };
  /** The one nationwide package of the account. */
  const universalPackageOf = (b: Balances) => {
    expect(b.universalPackages).toHaveLength(1);
    return b.universalPackages[0];
  };

  async function batchObjects(): Promise<string[]> {
    const names: string[] = [];
    for await (const o of s3.listObjectsV2(bucket, `batch/`, true)) if (o.name) names.push(o.name);
    return names.sort();
  }

  async function ledgerOf(batchId: string) {
    return (await t.ds.query(
      `SELECT kind, package_id AS "packageId", delta, reason, ref_type AS "refType" FROM balance_ledger WHERE ref_id = $1 ORDER BY id`,
      [batchId],
    )) as { kind: string; packageId: number; delta: number; reason: string; refType: string }[];
  }

  const taskOf = (batchId: string) => t.ds.getRepository(BatchTaskEntity).findOneByOrFail({ batchId });

  async function startJob(taskId: string) {
    return queue.getJob(batchStartJobId(taskId));
  }

  async function addAccount(loginUser: string, organizationId: number, permissionIds: number[], phone: string): Promise<number> {
    const org = await t.ds.getRepository(OrganizationEntity).findOneByOrFail({ id: organizationId });
    const role = await t.ds
      .getRepository(RoleEntity)
      .save({ tenantId: org.tenantId, kind: 'customer', companyId: org.companyId, code: '4001', name: `${loginUser}角色`, remark: null });
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
    return account.id;
  }

  beforeAll(async () => {
    t = await startTestApi();
    queue = t.app.get<Queue>(getQueueToken(QUEUES.batch));
    s3 = new Client(minioClientOptions(t.config));
    bucket = t.config.S3_BUCKET;
    const demoUser = await t.ds.getRepository(AccountEntity).findOneByOrFail({ loginUser: 'demouser' });
    const valuerRole = await t.ds.getRepository(RoleEntity).findOneByOrFail({ tenantId: demoUser.tenantId, code: '1002' });
    await t.ds
      .getRepository(RolePermissionEntity)
      .save(
        [Perm.batch, Perm.batchCreate, Perm.batchDetail, Perm.batchExport].map((permissionId) => ({ roleId: valuerRole.id, permissionId })),
      );
    const admin = await t.ds.getRepository(AccountEntity).findOneByOrFail({ loginUser: 'demoadmin' });
    accountIds.bulkuser = await addAccount(
      'bulkuser',
      admin.organizationId,
      [Perm.batch, Perm.batchCreate, Perm.batchDetail],
      '13700000201',
    );
    // Ten thousand Beijing counts and no nationwide ones, credited by an order as the channel places it.
    const book = new BalanceBookService(new BalanceRepository(t.ds), new BalanceOrderRepository(t.ds));
    await t.ds.transaction((m) =>
      book.placeOrder(m, {
        tenantId: admin.tenantId,
        accountId: accountIds.bulkuser,
        companyId: admin.companyId,
        productCode: ProductCode.valuation,
        buyModeCode: BuyMode.cityAnnual,
        cities: [{ code: '110100', name: '北京市' }],
        count: 10_000,
        orderPrice: '0.00',
        effectiveDate: '2020-01-01',
        expireDate: '2099-12-31',
        remark: null,
        orderFrom: OrderFrom.admin,
        createdBy: null,
      }),
    );
    for (const login of ['demoadmin', 'demouser', 'demorent', 'bulkuser', 'otheradmin']) {
      tokens[login] = await t.login('user', login);
      accountIds[login] ??= (await t.ds.getRepository(AccountEntity).findOneByOrFail({ loginUser: login })).id;
    }
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('refused uploads', () => {
    const refusals: [string, () => Promise<{ content: Buffer; name: string } | null>, Record<string, string>, string][] = [
      ['no file', async () => null, { taskName: '' }, '未选择上传文件！'],
      [
        'a name that is not xls, xlsx or csv',
        async () => ({ content: csv([row()]), name: '数据.txt' }),
        { taskName: '' },
        '上传文件格式不正确！',
      ],
      [
        'an .xlsx name with text inside',
        async () => ({ content: csv([row()]), name: '数据.xlsx' }),
        { taskName: '任务' },
        '上传文件格式不正确！',
      ],
      ['a PNG renamed .csv', async () => ({ content: demoLogoPng(), name: 'logo.csv' }), { taskName: '任务' }, '上传文件格式不正确！'],
      [
        'a workbook renamed .csv',
        async () => ({ content: await xlsx([row()]), name: '数据.csv' }),
        { taskName: '任务' },
        '上传文件格式不正确！',
      ],
      [
        'a ZIP without a workbook named .xlsx',
        async () => ({ content: Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(200, 1)]), name: 'a.xlsx' }),
        { taskName: '任务' },
        '上传文件格式不正确！',
      ],
      [
        'an OLE2 file named .xlsx',
        async () => ({ content: Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0]), Buffer.alloc(600)]), name: 'a.xlsx' }),
        { taskName: '任务' },
        '上传文件格式不正确！',
      ],
      [
        'an OLE2 file that is not a workbook named .xls',
        async () => ({ content: Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0]), Buffer.alloc(600)]), name: 'a.xls' }),
        { taskName: '任务' },
        '上传文件格式不正确！',
      ],
      [
        'an OLE2 document without a workbook named .xls',
        async () => ({ content: wordDocument(), name: 'a.xls' }),
        { taskName: '任务' },
        '上传文件格式不正确！',
      ],
      [
        'a legacy workbook renamed .xlsx',
        async () => ({ content: xls([row()]), name: 'a.xlsx' }),
        { taskName: '任务' },
        '上传文件格式不正确！',
      ],
      [
        '10,001 rows in a legacy workbook',
        async () => ({ content: xls(rows(10_001)), name: 'a.xls' }),
        { taskName: '任务' },
        '数据不可超过10000条！',
      ],
      [
        'a file over 5 MB',
        async () => ({ content: Buffer.concat([csv([row()]), Buffer.alloc(5_242_880, 0x20)]), name: 'big.csv' }),
        { taskName: '' },
        '文件大小不超过5MB，请重新选择文件！',
      ],
      ['a missing task name', async () => ({ content: csv([row()]), name: 'a.csv' }), { phone: 'x' }, '请填写任务名！'],
      ['a blank task name', async () => ({ content: csv([row()]), name: 'a.csv' }), { taskName: '   ' }, '请填写任务名！'],
      [
        'a task name of 16 characters',
        async () => ({ content: csv([row()]), name: 'a.csv' }),
        { taskName: '一二三四五六七八九十一二三四五六' },
        '请填写任务名！',
      ],
      [
        'a bad phone',
        async () => ({ content: csv([]), name: 'a.csv' }),
        { taskName: '任务', phone: '12800138000' },
        '手机号码格式不正确！',
      ],
      [
        'a phone too long',
        async () => ({ content: csv([row()]), name: 'a.csv' }),
        { taskName: '任务', phone: '138-0013-80001' },
        '手机号码格式不正确！',
      ],
      [
        'a file with only the header',
        async () => ({ content: csv([]), name: 'a.csv' }),
        { taskName: '任务' },
        '文件内容为空，请按模板填写！',
      ],
      ['an empty file', async () => ({ content: Buffer.alloc(0), name: 'a.csv' }), { taskName: '任务' }, '文件内容为空，请按模板填写！'],
      [
        'a workbook with only blank rows under the header',
        async () => ({ content: await xlsx([['', ''], []]), name: 'a.xlsx' }),
        { taskName: '任务' },
        '文件内容为空，请按模板填写！',
      ],
      ['10,001 rows', async () => ({ content: csv(rows(10_001)), name: 'a.csv' }), { taskName: '任务' }, '数据不可超过10000条！'],
      [
        '10,001 rows in a workbook',
        async () => ({ content: await xlsx(rows(10_001)), name: 'a.xlsx' }),
        { taskName: '任务' },
        '数据不可超过10000条！',
      ],
      [
        'a header that is not the template',
        async () => ({ content: Buffer.from(csvText([row().slice(2)], HEADERS.slice(2))), name: 'a.csv' }),
        { taskName: '任务' },
        BatchMsg.headerMismatch,
      ],
      [
        'a zip bomb of 2.2 GB in a workbook under 5 MB',
        async () => ({ content: zipBomb(), name: 'a.xlsx' }),
        { taskName: '任务' },
        BatchMsg.fileType,
      ],
      [
        'a workbook whose shared strings inflate 1,000 times',
        async () => ({ content: stringsBomb(), name: 'a.xlsx' }),
        { taskName: '任务' },
        BatchMsg.fileType,
      ],
      [
        'a workbook of 10,001 rows by 2,007 columns',
        async () => ({ content: wideWorkbook(true), name: 'a.xlsx' }),
        { taskName: '任务' },
        BatchMsg.tooManyColumns,
      ],
      [
        'a CSV file of 2,007 columns',
        async () => ({ content: csv([[...row(), ...Array.from({ length: 1993 }, (_, i) => String(i))]]), name: 'a.csv' }),
        { taskName: '任务' },
        BatchMsg.tooManyColumns,
      ],
    ];

    let before: { objects: string[]; admin: Balances };

    beforeAll(async () => {
      before = { objects: await batchObjects(), admin: await balances('demoadmin') };
    });

    it.each(refusals)('refuses %s with the specification message', async (_name, file, fields, message) => {
      const res = await upload(tokens.demoadmin, await file(), fields);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 400, message });
    });

    it('refuses a sheet of 2,007 columns at once, from its dimension or its first row', async () => {
      for (const dimension of [true, false]) {
        const content = wideWorkbook(dimension);
        const started = Date.now();
        const res = await upload(tokens.demoadmin, { content, name: '宽表.xlsx' }, { taskName: '宽表' });
        expect(res.body).toEqual({ code: 400, message: BatchMsg.tooManyColumns, data: null });
        expect(Date.now() - started).toBeLessThan(1000);
      }
    });

    it('refuses workbooks that inflate far beyond their size, several at once, without the memory of the process growing', async () => {
      const files = [zipBomb(), stringsBomb(), zipBomb(), stringsBomb()];
      let peak = process.memoryUsage().rss;
      const sampling = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
      const start = process.memoryUsage().rss;
      const started = Date.now();
      try {
        const answers = await Promise.all(
          files.map((content, i) => upload(tokens.demoadmin, { content, name: `${i}.xlsx` }, { taskName: '炸弹' })),
        );
        for (const res of answers) expect(res.body).toEqual({ code: 400, message: BatchMsg.fileType, data: null });
      } finally {
        clearInterval(sampling);
      }
      expect(Date.now() - started).toBeLessThan(5000);
      expect(peak - start).toBeLessThan(256 * 1024 * 1024);
    });

    it('stored nothing for the refused files', async () => {
      expect(await t.ds.getRepository(BatchTaskEntity).count()).toBe(0);
      expect(await t.ds.getRepository(BatchItemEntity).count()).toBe(0);
      expect(await batchObjects()).toEqual(before.objects);
      expect(await balances('demoadmin')).toEqual(before.admin);
    });

    it('refuses callers without the create permission', async () => {
      const res = await upload(tokens.demorent, { content: csv([row()]), name: 'a.csv' });
      expect(res.body.code).toBe(403);
      expect((await get('/api/batch/list', tokens.demorent)).body.code).toBe(403);
    });
  });

  describe('accepted uploads', () => {
    it('reads a GBK CSV with its Chinese intact, reserves city counts per row city, then nationwide, and starts the task', async () => {
      const before = await balances('demoadmin');
      const data = [row(), row('北京', '春晓花园2号楼', '朝阳区'), row('beijing', '阳光家园'), row('上海市', '锦绣华庭', '浦东新区')];
      const res = await upload(
        tokens.demoadmin,
        { content: csv(data, 'gbk'), name: '三月抵押.csv' },
        { taskName: '三月抵押复估', phone: '138-0013-8000' },
      );
      expect(res.body).toMatchObject({ code: 200, data: { evalTotal: 4 } });
      expect(res.body.subCode).toBeUndefined();
      const batchId: string = res.body.data.batchId;

      const task = await taskOf(batchId);
      expect(task).toMatchObject({
        state: 1,
        evalTotal: 4,
        taskName: '三月抵押复估',
        recvPhone: '13800138000',
        fileName: '三月抵押.csv',
        accountId: accountIds.demoadmin,
      });
      expect(task.fileKey).toBe(`batch/${task.tenantId}/${batchId}/三月抵押.csv`);
      expect(await batchObjects()).toContain(task.fileKey);

      const items = await t.ds.getRepository(BatchItemEntity).find({ where: { taskId: task.id }, order: { rowNo: 'ASC' } });
      expect(items.map((i) => [i.rowNo, i.chunk, i.state, i.cityCode, i.cityName, i.distName, i.location])).toEqual([
        [1, 0, 0, '110100', '北京市', '朝阳区', '春晓花园'],
        [2, 0, 0, '110100', '北京市', '朝阳区', '春晓花园2号楼'],
        [3, 0, 0, '110100', '北京市', '朝阳区', '阳光家园'],
        [4, 0, 0, '310100', '上海市', '浦东新区', '锦绣华庭'],
      ]);
      expect(items[0]).toMatchObject({ propType: 11, bldgArea: '89.50', floor: 6, bheight: 18 });
      expect(items[0].input).toEqual({
        cityName: '北京市',
        distName: '朝阳区',
        location: '春晓花园',
        propType: '住宅',
        bldgArea: '89.5',
        floor: '6',
        bheight: '18',
        br: '2',
        lr: '1',
        ba: '1',
        face: '南北',
        intDeco: '精装',
        buildYear: '2004',
        principalCode: 'KH0001',
      });

      const after = await balances('demoadmin');
      expect(remaining(after, '110100')).toBe(remaining(before, '110100') - 3);
      expect(remaining(after, '310100')).toBe(remaining(before, '310100') - 1);
      expect(after.universal).toBe(before.universal);
      const beijing = packageOf(before, '110100');
      const shanghai = packageOf(before, '310100');
      expect(task.reservations).toEqual([
        { kind: 'city', packageId: beijing.id, cityCode: '110100', count: 3 },
        { kind: 'city', packageId: shanghai.id, cityCode: '310100', count: 1 },
      ]);
      expect(await ledgerOf(batchId)).toEqual([
        { kind: 'city', packageId: beijing.id, delta: -3, reason: 'consume', refType: 'batch' },
        { kind: 'city', packageId: shanghai.id, delta: -1, reason: 'consume', refType: 'batch' },
      ]);
      expect(after.ledgerRows).toBe(before.ledgerRows + 2);

      const job = await startJob(task.id);
      expect(job?.name).toBe('batch.start');
      expect(job?.data).toEqual({ taskId: task.id });
    });

    it('pays a row whose city is unknown with a nationwide count, after asking', async () => {
      const before = await balances('demoadmin');
      const res = await upload(
        tokens.demoadmin,
        { content: csv([row(), row('火星市', '无名小区', '')]), name: 'mars.csv' },
        { taskName: '未知城市' },
      );
      expect(res.body).toMatchObject({ code: 200, subCode: 100, data: { evalTotal: 2, shortfall: 1 } });
      const batchId: string = res.body.data.batchId;
      const items = await t.ds
        .getRepository(BatchItemEntity)
        .find({ where: { taskId: (await taskOf(batchId)).id }, order: { rowNo: 'ASC' } });
      expect(items.map((i) => [i.cityCode, i.cityName])).toEqual([
        ['110100', '北京市'],
        [null, '火星市'],
      ]);
      expect(await balances('demoadmin')).toEqual(before);

      expect((await evalTask(tokens.demoadmin, batchId)).body.code).toBe(200);
      const beijing = packageOf(before, '110100');
      const nationwide = universalPackageOf(before);
      expect((await taskOf(batchId)).reservations).toEqual([
        { kind: 'city', packageId: beijing.id, cityCode: '110100', count: 1 },
        { kind: 'universal', packageId: nationwide.id, cityCode: null, count: 1 },
      ]);
      const after = await balances('demoadmin');
      expect(remaining(after, '110100')).toBe(remaining(before, '110100') - 1);
      expect(after.universal).toBe(before.universal - 1);
      expect(after.ledgerRows).toBe(before.ledgerRows + 2);
    });

    it('reads a UTF-8 CSV with a byte-order mark, an xlsx workbook and a legacy xls workbook', async () => {
      const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), csv([row('北京市', '翡翠公寓')])]);
      const a = await upload(tokens.demoadmin, { content: bom, name: 'utf8.CSV' }, { taskName: 'UTF8' });
      expect(a.body.code).toBe(200);
      const b = await upload(
        tokens.demoadmin,
        { content: await xlsx([row('北京市', '明月华庭'), [], row('北京市', '星河湾')]), name: '表格.xlsx' },
        { taskName: '表格' },
      );
      expect(b.body).toMatchObject({ code: 200, data: { evalTotal: 2 } });
      const items = async (batchId: string) =>
        (await t.ds.getRepository(BatchItemEntity).find({ where: { taskId: (await taskOf(batchId)).id }, order: { rowNo: 'ASC' } })).map(
          (i) => i.location,
        );
      expect(await items(a.body.data.batchId)).toEqual(['翡翠公寓']);
      expect(await items(b.body.data.batchId)).toEqual(['明月华庭', '星河湾']);
      const c = await upload(
        tokens.demoadmin,
        { content: xls([row('北京市', '碧水云天'), row('北京市', '锦绣华庭·3号楼')]), name: '旧版表格.XLS' },
        { taskName: '旧版' },
      );
      expect(c.body).toMatchObject({ code: 200, data: { evalTotal: 2 } });
      expect(await items(c.body.data.batchId)).toEqual(['碧水云天', '锦绣华庭·3号楼']);
      const [first] = await t.ds
        .getRepository(BatchItemEntity)
        .find({ where: { taskId: (await taskOf(c.body.data.batchId)).id }, order: { rowNo: 'ASC' } });
      expect(first.input).toMatchObject({
        cityName: '北京市',
        location: '碧水云天',
        bldgArea: '89.5',
        floor: '6',
        bheight: '18',
        buildYear: '2004',
      });
    });

    it('stores the 10,000 rows of a GBK CSV in 40 chunks well under 3 seconds', async () => {
      const content = csv(rows(10_000), 'gbk');
      const started = Date.now();
      const res = await upload(tokens.bulkuser, { content, name: '一万条.csv' }, { taskName: '一万条' });
      const elapsed = Date.now() - started;
      expect(res.body).toMatchObject({ code: 200, data: { evalTotal: 10_000 } });
      expect(elapsed).toBeLessThan(3000);
      const task = await taskOf(res.body.data.batchId);
      const [stats] = await t.ds.query(
        `SELECT count(*)::int AS n, count(DISTINCT chunk)::int AS chunks, max(row_no)::int AS last FROM batch_item WHERE task_id = $1`,
        [task.id],
      );
      expect(stats).toEqual({ n: 10_000, chunks: 40, last: 10_000 });
      expect(remaining(await balances('bulkuser'), '110100')).toBe(0);
      expect(await ledgerOf(task.batchId)).toEqual([expect.objectContaining({ kind: 'city', delta: -10_000 })]);
    });
  });

  describe('city counts short (subCode 100)', () => {
    let first: string;
    let second: string;

    it('keeps the task waiting without reserving anything', async () => {
      const before = await balances('demouser');
      expect(remaining(before, '110100')).toBe(200);
      expect(before.universal).toBe(20);
      const res = await upload(tokens.demouser, { content: csv(rows(205)), name: 'a.csv' }, { taskName: '超出包年' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: 200, subCode: 100, message: BatchMsg.useUniversal, data: { evalTotal: 205, shortfall: 5 } });
      first = res.body.data.batchId;
      const task = await taskOf(first);
      expect(task).toMatchObject({ state: 0, evalTotal: 205, reservations: [] });
      expect(await t.ds.getRepository(BatchItemEntity).countBy({ taskId: task.id })).toBe(205);
      expect(await batchObjects()).toContain(task.fileKey);
      expect(await ledgerOf(first)).toEqual([]);
      expect(await balances('demouser')).toEqual(before);
      expect(await startJob(task.id)).toBeFalsy();

      const again = await upload(tokens.demouser, { content: csv(rows(215)), name: 'b.csv' }, { taskName: '再次超出' });
      expect(again.body).toMatchObject({ code: 200, subCode: 100, data: { shortfall: 15 } });
      second = again.body.data.batchId;
    });

    it('lets only the owner confirm', async () => {
      const res = await evalTask(tokens.demoadmin, first);
      expect(res.body.code).toBe(404);
      expect((await taskOf(first)).state).toBe(0);
      expect((await evalTask(tokens.otheradmin, first)).body.code).toBe(404);
    });

    it('reserves city then nationwide counts on confirmation and starts the task', async () => {
      const before = await balances('demouser');
      const res = await evalTask(tokens.demouser, first);
      expect(res.body).toMatchObject({ code: 200, data: { batchId: first, evalTotal: 205 } });
      const task = await taskOf(first);
      const pkg = packageOf(before, '110100');
      const nationwide = universalPackageOf(before);
      expect(task.state).toBe(1);
      expect(task.reservations).toEqual([
        { kind: 'city', packageId: pkg.id, cityCode: '110100', count: 200 },
        { kind: 'universal', packageId: nationwide.id, cityCode: null, count: 5 },
      ]);
      expect(await ledgerOf(first)).toEqual([
        { kind: 'city', packageId: pkg.id, delta: -200, reason: 'consume', refType: 'batch' },
        { kind: 'universal', packageId: nationwide.id, delta: -5, reason: 'consume', refType: 'batch' },
      ]);
      const after = await balances('demouser');
      expect(remaining(after, '110100')).toBe(0);
      expect(after.universal).toBe(15);
      expect((await startJob(task.id))?.data).toEqual({ taskId: task.id });
    });

    it('refuses a second confirmation', async () => {
      const before = await balances('demouser');
      const res = await evalTask(tokens.demouser, first);
      expect(res.body).toMatchObject({ code: 409, message: BatchMsg.taskNotWaiting });
      expect(await balances('demouser')).toEqual(before);
    });

    it('refuses a confirmation the nationwide counts cannot cover and changes nothing', async () => {
      const before = await balances('demouser');
      const res = await evalTask(tokens.demouser, second);
      expect(res.body).toMatchObject({ code: 403, message: QUOTA_SHORT });
      expect(await taskOf(second)).toMatchObject({ state: 0, reservations: [] });
      expect(await ledgerOf(second)).toEqual([]);
      expect(await balances('demouser')).toEqual(before);
      expect(await startJob((await taskOf(second)).id)).toBeFalsy();
    });

    it('refuses an upload that even nationwide counts cannot cover and stores nothing', async () => {
      const before = {
        balances: await balances('demouser'),
        tasks: await t.ds.getRepository(BatchTaskEntity).count(),
        objects: await batchObjects(),
      };
      const res = await upload(tokens.demouser, { content: csv(rows(16)), name: 'c.csv' }, { taskName: '次数不足' });
      expect(res.body).toMatchObject({ code: 403, message: QUOTA_SHORT });
      expect(await t.ds.getRepository(BatchTaskEntity).count()).toBe(before.tasks);
      expect(await batchObjects()).toEqual(before.objects);
      expect(await balances('demouser')).toEqual(before.balances);
    });
  });

  describe('list, detail, items and export', () => {
    type Listed = {
      list: {
        batchId: string;
        taskName: string;
        taskState: number;
        evalTotal: number;
        processed: number;
        evalAmount: number;
        submitTime: string;
      }[];
      total: number;
      pages: number;
      pageNum: number;
    };
    const list = async (query: string, token = tokens.demoadmin) => {
      const res = await get(`/api/batch/list?${query}`, token);
      expect(res.body.code).toBe(200);
      return res.body.data as Listed;
    };
    let finished: BatchTaskEntity;

    beforeAll(async () => {
      finished = await taskOf((await list('taskName=三月抵押')).list[0].batchId);
      await t.ds.query(
        `UPDATE batch_item SET state = 1, unit_price = 60123.45, total_price = 5381049.78, ha_name = '春晓花园', eval_code = 'EVL' || row_no WHERE task_id = $1 AND row_no <= 2`,
        [finished.id],
      );
      await t.ds.query(`UPDATE batch_item SET state = 3, error = '未识别的城市' WHERE task_id = $1 AND row_no = 4`, [finished.id]);
      // The first item's record keeps its range; the second's was valued before ranges were kept.
      await t.ds.getRepository(EvalRecordEntity).insert(
        ['EVL1', 'EVL2'].map((evalCode, i) => ({
          evalCode,
          rootEvalCode: evalCode,
          tenantId: finished.tenantId,
          companyId: finished.companyId,
          organizationId: finished.organizationId,
          accountId: finished.accountId,
          evalType: 1,
          source: 2,
          batchTaskId: finished.id,
          method: 'forsale',
          state: 1,
          cityCode: '110100',
          cityName: '北京市',
          propType: 11,
          bldgArea: '89.50',
          totalPrice: '5381049.78',
          unitPrice: '60123.45',
          engineVersion: 'test',
          input: {},
          result: i === 0 ? { range: { fsd: 0.0712, low: 5011264, high: 5778275, low95: 4620000, high95: 6268000 } } : {},
        })),
      );
      await t.ds.query(
        `UPDATE batch_task SET state = 2, processed = 4, eval_success = 2, eval_error = 1, eval_fail = 1, eval_amount = 10762099.56, finished_at = now(), created_at = '2024-06-15 10:00:00+08' WHERE id = $1`,
        [finished.id],
      );
    });

    it('lists the tasks in scope, newest first, with the filters', async () => {
      const all = await list('pageSize=10');
      expect(all.total).toBe(8);
      expect(all.pages).toBe(1);
      expect(all.list.map((r) => r.taskName)).toEqual([
        '再次超出',
        '超出包年',
        '一万条',
        '旧版',
        '表格',
        'UTF8',
        '未知城市',
        '三月抵押复估',
      ]);
      expect((await list('taskState=0')).total).toBe(8);
      expect(all.list[0]).toMatchObject({ taskName: '再次超出', taskState: 0 });
      expect((await list('taskState=2')).list).toEqual([
        expect.objectContaining({ batchId: finished.batchId, taskState: 2, processed: 4, evalAmount: 0.1076 }),
      ]);
      expect((await list('taskState=1')).total).toBe(6);
      expect((await list('taskName=超出')).total).toBe(2);
      expect((await list('beginDate=2024/06/01&endDate=2024/06/15')).list.map((r) => r.batchId)).toEqual([finished.batchId]);
      expect((await list('endDate=2024/06/14')).total).toBe(0);
      expect((await list('pageSize=50&pageIndex=2')).list).toEqual([]);
      expect((await get('/api/batch/list?pageSize=20', tokens.demoadmin)).body.code).toBe(400);
    });

    it('shows a branch user only its own organisation and another tenant nothing', async () => {
      expect((await list('', tokens.demouser)).list.map((r) => r.taskName)).toEqual(['再次超出', '超出包年']);
      expect((await list('', tokens.otheradmin)).total).toBe(0);
      expect((await get(`/api/batch/detail?id=${finished.batchId}`, tokens.otheradmin)).body.code).toBe(404);
      expect((await get(`/api/batch/items?batchId=${finished.batchId}`, tokens.otheradmin)).body.code).toBe(404);
      expect((await get(`/api/batch/detail?id=${finished.batchId}`, tokens.demouser)).body.code).toBe(404);
    });

    it('gives the detail by id or batchId', async () => {
      const byBatchId = (await get(`/api/batch/detail?id=${finished.batchId}`, tokens.demoadmin)).body;
      expect(byBatchId).toMatchObject({
        code: 200,
        data: {
          id: Number(finished.id),
          batchId: finished.batchId,
          taskState: 2,
          evalTotal: 4,
          processed: 4,
          evalSuccess: 2,
          evalFail: 1,
          evalError: 1,
          evalAmount: 0.1076,
          recvPhone: '13800138000',
          submitTime: expect.stringMatching(/^2024-06-15 \d\d:00:00$/),
        },
      });
      expect((await get(`/api/batch/detail?id=${finished.id}`, tokens.demoadmin)).body.data.batchId).toBe(finished.batchId);
      expect((await get('/api/batch/detail?id=999999', tokens.demoadmin)).body).toMatchObject({
        code: 404,
        message: BatchMsg.taskNotFound,
      });
    });

    it('pages the items and filters them by state', async () => {
      const page = async (query: string) =>
        (await get(`/api/batch/items?batchId=${finished.batchId}&${query}`, tokens.demoadmin)).body.data;
      const all = await page('evalState=0');
      expect(all.total).toBe(4);
      expect(all.list.map((i: { rowNo: number }) => i.rowNo)).toEqual([1, 2, 3, 4]);
      const valued = await page('evalState=1');
      expect(valued.list[0]).toMatchObject({
        rowNo: 1,
        state: 1,
        cityName: '北京市',
        location: '春晓花园',
        haName: '春晓花园',
        propType: 11,
        bldgArea: 89.5,
        floor: 6,
        bheight: 18,
        unitPrice: 60123.45,
        totalPrice: 5381049.78,
        evalCode: 'EVL1',
      });
      expect((await page('evalState=3')).list).toEqual([expect.objectContaining({ rowNo: 4, state: 3, error: '未识别的城市' })]);
      expect((await page('evalState=2')).total).toBe(0);
      const paged = await (await get(`/api/batch/items?batchId=${finished.batchId}&pageSize=10&pageIndex=1`, tokens.demoadmin)).body.data;
      expect(paged).toMatchObject({ pages: 1, pageNum: 1, total: 4 });
    });

    it('exports the items with unit prices without decimals, and totals and their ranges in 万元', async () => {
      const res = await t
        .http()
        .get(`/api/batch/items/export?batchId=${finished.batchId}&evalState=1&Authorization=${tokens.demoadmin}`)
        .buffer(true)
        .parse((r, cb) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => cb(null, Buffer.concat(chunks)));
        });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain(XLSX_MIME);
      const sheet = (await readXlsx(res.body as Buffer)).worksheets[0];
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      expect(header).toEqual([
        '序号',
        '城市',
        '区县',
        '小区名称或地址',
        '匹配小区',
        '物业类型',
        '建筑面积(㎡)',
        '所在楼层',
        '总楼层',
        '单价(元/㎡)',
        '总价(万元)',
        '区间下限(万元)',
        '区间上限(万元)',
        '预测标准差(FSD)',
        '估价状态',
        '估价编号',
        '说明',
      ]);
      expect(sheet.rowCount).toBe(3);
      const first = sheet.getRow(2);
      expect(first.getCell(4).value).toBe('春晓花园');
      expect(first.getCell(6).value).toBe('住宅');
      expect(first.getCell(10).value).toBe(60123);
      expect(first.getCell(10).numFmt).toBe('#,##0');
      expect(first.getCell(11).value).toBe(538.1);
      expect(first.getCell(11).numFmt).toBe('#,##0.00');
      expect([12, 13, 14].map((c) => first.getCell(c).value)).toEqual([501.13, 577.83, 0.0712]);
      expect(first.getCell(12).numFmt).toBe('#,##0.00');
      expect(first.getCell(14).numFmt).toBe('0.0%');
      expect(first.getCell(15).value).toBe('已估价');
      expect([12, 13, 14].map((c) => sheet.getRow(3).getCell(c).value)).toEqual([null, null, null]);

      const empty = await get(`/api/batch/items/export?batchId=${finished.batchId}&evalState=2`, tokens.demoadmin);
      expect(empty.body).toMatchObject({ code: 404, message: ListMsg.noData });
    });
  });

  describe('template', () => {
    let content: Buffer;

    it('is a workbook with the template columns, an example row and drop-down lists', async () => {
      const res = await t
        .http()
        .get(`/api/batch/template?Authorization=${tokens.demouser}`)
        .buffer(true)
        .parse((r, cb) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => cb(null, Buffer.concat(chunks)));
        });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain(XLSX_MIME);
      expect(res.headers['content-disposition']).toContain(encodeURIComponent('批量估价模板.xlsx'));
      content = res.body as Buffer;
      const sheet = (await readXlsx(content)).worksheets[0];
      expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
        '城市*',
        '区县',
        '小区名称或地址*',
        '物业类型*',
        '建筑面积(㎡)*',
        '所在楼层*',
        '总楼层*',
        '室',
        '厅',
        '卫',
        '朝向',
        '装修程度',
        '建成年代',
        '客户编号',
      ]);
      expect((sheet.getRow(2).values as unknown[]).slice(1, 4)).toEqual(['北京市', '朝阳区', '春晓花园']);
      expect(sheet.getCell('D2').dataValidation).toMatchObject({ type: 'list', formulae: ['"住宅,办公,商铺"'] });
      expect(sheet.getCell('D10001').dataValidation).toMatchObject({ type: 'list' });
      expect(sheet.getCell('K2').dataValidation).toMatchObject({ type: 'list', formulae: ['"东,南,西,北,东南,西南,东北,西北,南北,东西"'] });
      expect(sheet.getCell('L2').dataValidation).toMatchObject({ type: 'list', formulae: ['"毛坯,简装,中装,精装,豪装"'] });
      expect(sheet.getCell('A2').dataValidation).toBeUndefined();
    });

    it('is refused without a token or the create permission', async () => {
      expect((await t.http().get('/api/batch/template')).body.code).toBe(401);
      expect((await get('/api/batch/template', tokens.demorent)).body.code).toBe(403);
    });

    it('is accepted back as an upload of its example row', async () => {
      const res = await upload(tokens.demoadmin, { content, name: '批量估价模板.xlsx' }, { taskName: '模板回传' });
      expect(res.body).toMatchObject({ code: 200, data: { evalTotal: 1 } });
      const [item] = await t.ds.getRepository(BatchItemEntity).findBy({ taskId: (await taskOf(res.body.data.batchId)).id });
      expect(item).toMatchObject({ cityCode: '110100', location: '春晓花园', propType: 11, floor: 6, bheight: 18 });
    });
  });
});
