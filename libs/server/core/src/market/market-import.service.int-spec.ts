import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import type { DataSource } from 'typeorm';
import type { MarketImportKind, MarketImportReport } from '@valuation/contracts';
import { openTestDataSource, type TestDatabase } from '@valuation/testing';
import { importMarketFile } from './market-import.service';

const YEAR = new Date().getFullYear();

const COMMUNITY_HEADER = [
  '小区编码',
  '小区名称',
  '城市',
  '区县',
  '商圈',
  '地址',
  '经度',
  '纬度',
  '坐标系',
  '建成年代',
  '物业类型',
  '建筑类型',
  '容积率',
  '绿化率',
  '开发商',
  '物业公司',
  '地上车位',
  '地下车位',
  '总户数',
];
const communityRows = (address: string): string[][] => [
  [
    'T-0001',
    '阳光花园',
    '北京',
    '朝阳',
    '望京',
    address,
    '116.47',
    '39.99',
    '',
    '2005',
    '住宅',
    '板楼',
    '2.5',
    '35%',
    '万科企业股份有限公司',
    '万科物业',
    '100',
    '800',
    '1200',
  ],
  [
    'T-0002',
    '锦绣华庭',
    '北京市',
    '110108',
    '中关村',
    '海淀区中关村大街1号',
    '116.316',
    '39.983',
    'gcj02',
    '2010',
    '住宅,商铺',
    '高层',
    '3.2',
    '0.3',
    '',
    '',
    '',
    '',
    '900',
  ],
  [
    'T-0003',
    '金色家园',
    '上海',
    '浦东',
    '陆家嘴',
    '浦东新区世纪大道100号',
    '121.50',
    '31.23',
    '',
    '1998',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
  ],
  ['T-0004', '无名小区', '火星', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', ''],
  ['T-0005', '', '北京', '朝阳', '', '', '', '', '', '', '', '', '', '', '', '', '', '', ''],
  ['T-0006', '错年小区', '北京', '朝阳', '', '', '', '', '', '2105', '', '', '', '', '', '', '', '', ''],
  ['T-0007', '错区小区', '北京', '浦东', '', '', '', '', '', '', '', '', '', '', '', '', '', '', ''],
  ['T-0008', '坐标小区', '北京', '朝阳', '', '', '200', '39.9', '', '', '', '', '', '', '', '', '', '', ''],
];
const COMMUNITY_REJECTIONS = [
  { line: 5, reason: '城市「火星」不存在' },
  { line: 6, reason: '小区名称不能为空' },
  { line: 7, reason: `建成年代 2105 不在 1900–${YEAR} 之间` },
  { line: 8, reason: '区县「浦东」不属于北京市' },
  { line: 9, reason: '坐标 200,39.9 不在中国境内' },
];

const csvText = (rows: string[][]) =>
  rows.map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\r\n') + '\r\n';

async function xlsxOf(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('数据');
  for (const row of rows) sheet.addRow(row);
  workbook.addWorksheet('说明').addRow(['这一页不是数据', '不会导入']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Numbers as numbers, the way a spreadsheet holds them. */
const typed = (rows: string[][]): unknown[][] => rows.map((r) => r.map((c) => (/^-?\d+(\.\d+)?$/.test(c) ? Number(c) : c)));

describe('importMarketFile', () => {
  let db: TestDatabase;
  let ds: DataSource;
  const run = (kind: MarketImportKind, bytes: Buffer, fileName = 'upload.csv'): Promise<MarketImportReport> =>
    importMarketFile(ds, kind, Readable.from([bytes]), fileName);
  const count = async (table: string) => Number((await ds.query(`SELECT count(*) AS n FROM ${table}`))[0].n);

  beforeAll(async () => {
    ({ db, ds } = await openTestDataSource());
  });

  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  describe('communities', () => {
    it('loads a UTF-8 CSV with Chinese headers and reports each bad row with its line and reason', async () => {
      const report = await run('communities', Buffer.from(csvText([COMMUNITY_HEADER, ...communityRows('朝阳区望京街12号')])), '小区.csv');
      expect(report).toMatchObject({
        kind: 'communities',
        fileName: '小区.csv',
        format: 'csv',
        encoding: 'utf-8',
        accepted: 3,
        updated: 0,
        rejected: COMMUNITY_REJECTIONS,
      });

      const rows = await ds.query(`SELECT * FROM community ORDER BY ha_code`);
      expect(rows).toHaveLength(3);
      expect(rows[0]).toMatchObject({
        ha_code: 'T-0001',
        city_code: '110100',
        dist_code: '110105',
        name: '阳光花园',
        area_name: '望京',
        address: '朝阳区望京街12号',
        lat: 39.99,
        lon: 116.47,
        build_year: 2005,
        prop_types: '11',
        bldg_type: '14',
        volume_rate: '2.50',
        greening_rate: '35.00',
        developer: '万科企业股份有限公司',
        property_manager: '万科物业',
        households: 1200,
        source: 'import',
        parking: [
          { type: '地上', qnt: 100 },
          { type: '地下', qnt: 800 },
        ],
      });
      expect(rows[1]).toMatchObject({
        ha_code: 'T-0002',
        city_code: '110100',
        dist_code: '110108',
        prop_types: '11,22',
        bldg_type: '13',
        greening_rate: '30.00',
      });
      // GCJ-02 input is stored as WGS84: a few hundred metres south-west of what was typed.
      expect(rows[1].lon).toBeLessThan(116.316);
      expect(rows[1].lon).toBeGreaterThan(116.3);
      expect(rows[1].lat).toBeLessThan(39.983);
      expect(rows[2]).toMatchObject({ ha_code: 'T-0003', city_code: '310100', dist_code: '310115', prop_types: '11', bldg_type: null });
    });

    it('reads the same file in GB18030 and updates instead of duplicating', async () => {
      const bytes = iconv.encode(csvText([COMMUNITY_HEADER, ...communityRows('朝阳区望京街12号院')]), 'gb18030');
      const report = await run('communities', bytes);
      expect(report).toMatchObject({ encoding: 'gb18030', accepted: 0, updated: 3, rejected: COMMUNITY_REJECTIONS });
      expect(await count('community')).toBe(3);
      expect((await ds.query(`SELECT name, address FROM community WHERE ha_code = 'T-0001'`))[0]).toEqual({
        name: '阳光花园',
        address: '朝阳区望京街12号院',
      });
    });

    it('reads the same content from the first worksheet of an XLSX file', async () => {
      const bytes = await xlsxOf(typed([COMMUNITY_HEADER, ...communityRows('朝阳区望京街十二号')]));
      const report = await run('communities', bytes, '小区.xlsx');
      expect(report).toMatchObject({ format: 'xlsx', encoding: null, accepted: 0, updated: 3, rejected: COMMUNITY_REJECTIONS });
      expect(await count('community')).toBe(3);
      expect((await ds.query(`SELECT address, build_year, households FROM community WHERE ha_code = 'T-0001'`))[0]).toEqual({
        address: '朝阳区望京街十二号',
        build_year: 2005,
        households: 1200,
      });
    });

    it('keeps stored values for columns a later file leaves empty or does not have', async () => {
      const report = await run('communities', Buffer.from('haCode,name,city,developer\nT-0001,阳光花园,北京,\n'));
      expect(report).toMatchObject({ accepted: 0, updated: 1, rejected: [] });
      expect((await ds.query(`SELECT developer, prop_types, bldg_type, dist_code FROM community WHERE ha_code = 'T-0001'`))[0]).toEqual({
        developer: '万科企业股份有限公司',
        prop_types: '11',
        bldg_type: '14',
        dist_code: '110105',
      });
    });

    it('skips a title row above the header row', async () => {
      const report = await run(
        'communities',
        Buffer.from('小区数据导入模板（2025 版）,,\nhaCode,name,city\nT-0010,翠湖名苑,成都\nT-0011,,成都\n'),
      );
      expect(report).toMatchObject({ accepted: 1, updated: 0, rejected: [{ line: 4, reason: '小区名称不能为空' }] });
      expect((await ds.query(`SELECT city_code FROM community WHERE ha_code = 'T-0010'`))[0]).toEqual({ city_code: '510100' });
      await ds.query(`DELETE FROM community WHERE ha_code = 'T-0010'`);
    });

    it('rejects a file without the required columns at its header line', async () => {
      const report = await run('communities', Buffer.from('\n小区名称,城市\n阳光花园,北京\n'));
      expect(report).toMatchObject({
        accepted: 0,
        updated: 0,
        rejected: [{ line: 2, reason: '表头缺少必填列：小区编码（haCode）；文件未导入' }],
      });
    });
  });

  describe('cases', () => {
    const header = [
      'caseKey',
      'haCode',
      'tradeType',
      'propType',
      'area',
      'floor',
      'totalFloors',
      'layout',
      'face',
      'intDeco',
      'totalPrice',
      'unitPrice',
      'caseDate',
    ];
    const rows = (firstPrice: string): string[][] => [
      ['C-1', 'T-0001', '出售', '住宅', '89.5', '5', '18', '2室1厅1卫', '南北', '精装', firstPrice, '', '2024-03-15'],
      ['C-2', 'T-0001', '出租', '住宅', '60', '3', '6', '1室1厅', '南', '简装', '6500', '', '2024-03'],
      ['C-3', 'T-0002', '1', '11', '120', '', '', '3室2厅', '', '', '', '98,000元/平', '2024-04-01'],
      ['C-4', 'T-9999', '1', '11', '80', '', '', '', '', '', '500万', '', '2024-03'],
      ['C-5', 'T-0001', '拍卖', '11', '80', '', '', '', '', '', '500万', '', '2024-03'],
      ['C-6', 'T-0001', '1', '11', '90', '20', '18', '', '', '', '500万', '', '2024-03'],
      ['C-7', 'T-0001', '1', '11', '90', '', '', '', '', '', '900万', '50000', '2024-03'],
      ['C-8', 'T-0001', '1', '11', '90', '', '', '', '', '', '500万', '', '2099-01'],
      ['C-9', 'T-0003', '2', '22', '45', '1', '3', '', '西', '', '', '', '2024-05'],
    ];
    const rejections = [
      { line: 5, reason: '小区编码「T-9999」不存在，请先导入小区' },
      { line: 6, reason: '交易类型「拍卖」无法识别，应为 出售 或 出租' },
      { line: 7, reason: '所在楼层 20 高于总楼层 18' },
      { line: 8, reason: '总价 9000000 与单价 50000 × 面积 90 不符' },
      { line: 9, reason: '日期 2099-01 晚于当前月份' },
      { line: 10, reason: '总价和单价至少填写一项' },
    ];

    it('loads cases of known communities, computing the missing price, and reports the others', async () => {
      const report = await run('cases', Buffer.from(csvText([header, ...rows('650万')])));
      expect(report).toMatchObject({
        accepted: 3,
        updated: 0,
        rejected: rejections,
        affected: { cityCodes: ['110100'], since: '2024-03-01' },
      });
      const cases = await ds.query(
        `SELECT case_key, city_code, dist_code, trade_type, prop_type, area, floor, total_floors, rooms, halls, baths, face, int_deco,
                total_price, unit_price, to_char(case_date, 'YYYY-MM-DD') AS case_date, source
           FROM market_case ORDER BY case_key`,
      );
      expect(cases).toEqual([
        {
          case_key: 'C-1',
          city_code: '110100',
          dist_code: '110105',
          trade_type: 1,
          prop_type: 11,
          area: '89.50',
          floor: 5,
          total_floors: 18,
          rooms: 2,
          halls: 1,
          baths: 1,
          face: '9',
          int_deco: '4',
          total_price: '6500000.00',
          unit_price: '72625.70',
          case_date: '2024-03-01',
          source: 'import',
        },
        {
          case_key: 'C-2',
          city_code: '110100',
          dist_code: '110105',
          trade_type: 2,
          prop_type: 11,
          area: '60.00',
          floor: 3,
          total_floors: 6,
          rooms: 1,
          halls: 1,
          baths: null,
          face: '2',
          int_deco: '2',
          total_price: '6500.00',
          unit_price: '108.33',
          case_date: '2024-03-01',
          source: 'import',
        },
        {
          case_key: 'C-3',
          city_code: '110100',
          dist_code: '110108',
          trade_type: 1,
          prop_type: 11,
          area: '120.00',
          floor: null,
          total_floors: null,
          rooms: 3,
          halls: 2,
          baths: null,
          face: null,
          int_deco: null,
          total_price: '11760000.00',
          unit_price: '98000.00',
          case_date: '2024-04-01',
          source: 'import',
        },
      ]);
    });

    it('updates the cases of a re-import, also from XLSX with date cells', async () => {
      const sheet: unknown[][] = [header, ...typed(rows('660万'))];
      sheet[1][12] = new Date(Date.UTC(2024, 2, 15));
      const report = await run('cases', await xlsxOf(sheet), 'cases.xlsx');
      expect(report).toMatchObject({ format: 'xlsx', accepted: 0, updated: 3, rejected: rejections });
      expect(await count('market_case')).toBe(3);
      expect(
        (await ds.query(`SELECT total_price, to_char(case_date, 'YYYY-MM-DD') AS d FROM market_case WHERE case_key = 'C-1'`))[0],
      ).toEqual({ total_price: '6600000.00', d: '2024-03-01' });
    });

    it('counts a key repeated in one file as an update of the first row', async () => {
      const report = await run(
        'cases',
        Buffer.from(
          csvText([
            header,
            ['C-10', 'T-0001', '1', '11', '70', '', '', '', '', '', '500万', '', '2024-06'],
            ['C-10', 'T-0001', '1', '11', '70', '', '', '', '', '', '510万', '', '2024-06'],
          ]),
        ),
      );
      expect(report).toMatchObject({ accepted: 1, updated: 1, rejected: [] });
      expect((await ds.query(`SELECT total_price FROM market_case WHERE case_key = 'C-10'`))[0].total_price).toBe('5100000.00');
    });
  });

  describe('points of interest', () => {
    it('loads stations with their lines, converts GCJ-02, and reports bad rows', async () => {
      const text = [
        '编号,城市,类别,子类,名称,经度,纬度,坐标系,线路',
        'P-1,北京,交通,地铁站,望京站,116.4695,40.0028,,14号线;15号线',
        'P-2,110100,,小学,望京实验小学,116.47,40.0,gcj02,',
        'P-3,北京,医疗,地铁站,错类站,116.4,39.9,,',
        'P-4,北京,,,无子类,116.4,39.9,,',
        'P-5,北京,交通,bus,缺坐标,,,,',
      ].join('\n');
      const report = await run('pois', Buffer.from(text));
      expect(report).toMatchObject({
        accepted: 2,
        updated: 0,
        rejected: [
          { line: 4, reason: '子类「地铁站」不属于类别「医疗」' },
          { line: 5, reason: '子类不能为空' },
          { line: 6, reason: '经度和纬度不能为空' },
        ],
      });
      const pois = await ds.query(`SELECT poi_key, city_code, category, sub_type, name, lon, lat, routes FROM poi ORDER BY poi_key`);
      expect(pois[0]).toEqual({
        poi_key: 'P-1',
        city_code: '110100',
        category: 'transport',
        sub_type: 'subway',
        name: '望京站',
        lon: 116.4695,
        lat: 40.0028,
        routes: ['14号线', '15号线'],
      });
      expect(pois[1]).toMatchObject({ poi_key: 'P-2', category: 'education', sub_type: 'primary', routes: [] });
      expect(pois[1].lon).not.toBe(116.47);
      expect(Math.abs(pois[1].lon - 116.47)).toBeLessThan(0.01);

      expect(await run('pois', Buffer.from(text))).toMatchObject({ accepted: 0, updated: 2 });
      expect(await count('poi')).toBe(2);
    });
  });
});
