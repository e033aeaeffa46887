import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import type { DataSource } from 'typeorm';
import { openTestDataSource, type TestDatabase } from '@valuation/testing';
import { lianjiaHaCode } from './lianjia-listing.importer';
import { importMarketFile } from './market-import.service';
import { rebuildPriceIndex } from './price-index.service';

const LISTINGS = process.env.LIANJIA_LISTINGS_FILE ?? path.resolve(__dirname, '../../../../../../shared/data/beijing-2021-listings.csv');
const YEAR = new Date().getFullYear();

/**
 * The first 300 lines of the real file, then the later lines that must be rejected: the repeated
 * header row and the rows with junk build years. Returns the temporary file and the data lines.
 */
async function sampleOfRealFile(): Promise<{ file: string; head: string[]; extra: string[] }> {
  if (!fs.existsSync(LISTINGS)) {
    throw new Error(
      `The real Beijing listings file is missing: expected ${LISTINGS} (see shared/data/README.md, or set LIANJIA_LISTINGS_FILE)`,
    );
  }
  const head: string[] = [];
  const extra: string[] = [];
  const lines = readline.createInterface({ input: fs.createReadStream(LISTINGS, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    if (head.length < 300) {
      head.push(line);
      continue;
    }
    const year = Number(line.slice(line.lastIndexOf(',') + 1));
    if (line === head[0] || year < 1900 || year > YEAR) extra.push(line);
  }
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lianjia-')), 'beijing-sample.csv');
  fs.writeFileSync(file, [...head, ...extra].join('\n') + '\n');
  return { file, head, extra };
}

describe('Lianjia listings import on the real Beijing file', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let sample: { file: string; head: string[]; extra: string[] };

  beforeAll(async () => {
    sample = await sampleOfRealFile();
    ({ db, ds } = await openTestDataSource());
  });

  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
    if (sample) fs.rmSync(path.dirname(sample.file), { recursive: true, force: true });
  });

  it('creates communities and sale cases, and rejects the repeated header and the junk years with reasons', async () => {
    expect(sample.extra).toHaveLength(3);
    const report = await importMarketFile(ds, 'lianjia-listings', fs.createReadStream(sample.file), 'beijing-sample.csv');

    const gardens = new Set(
      sample.head.slice(1).map((line) => {
        const cells = line.split(',');
        return `${cells[8]}|${cells[4]}`;
      }),
    );
    expect(report).toMatchObject({
      kind: 'lianjia-listings',
      encoding: 'utf-8',
      accepted: 299,
      updated: 0,
      communitiesCreated: gardens.size,
      affected: { cityCodes: ['110100'], since: '2021-11-01' },
      rejected: [
        { line: 301, reason: '重复的表头行' },
        { line: 302, reason: `建成年代 2105 不在 1900–${YEAR} 之间` },
        { line: 303, reason: `建成年代 9 不在 1900–${YEAR} 之间` },
      ],
    });
    expect(Number((await ds.query('SELECT count(*) AS n FROM market_case'))[0].n)).toBe(299);
    expect(Number((await ds.query('SELECT count(*) AS n FROM community'))[0].n)).toBe(gardens.size);

    // 西北,崇文门,板塔结合,6,体育馆路13号,101113515819,2室1厅, 650万,东城,简装,62.0,"104,569元/平",1950
    const [listing] = await ds.query(
      `SELECT mc.city_code, mc.dist_code, mc.trade_type, mc.prop_type, mc.area, mc.floor, mc.total_floors, mc.rooms, mc.halls, mc.baths,
              mc.face, mc.int_deco, mc.build_year, mc.bldg_type, mc.total_price, mc.unit_price, to_char(mc.case_date, 'YYYY-MM-DD') AS case_date,
              mc.source, c.ha_code, c.name, c.area_name, c.dist_code AS community_dist, c.build_year AS community_year, c.source AS community_source
         FROM market_case mc JOIN community c ON c.id = mc.community_id WHERE mc.case_key = 'lianjia-2021:101113515819'`,
    );
    expect(listing).toEqual({
      city_code: '110100',
      dist_code: '110101',
      trade_type: 1,
      prop_type: 11,
      area: '62.00',
      floor: null,
      total_floors: 6,
      rooms: 2,
      halls: 1,
      baths: null,
      face: '8',
      int_deco: '2',
      build_year: 1950,
      bldg_type: '16',
      total_price: '6500000.00',
      unit_price: '104569.00',
      case_date: '2021-11-01',
      source: 'lianjia-2021',
      ha_code: lianjiaHaCode('110100', '110101', '体育馆路13号'),
      name: '体育馆路13号',
      area_name: '崇文门',
      community_dist: '110101',
      community_year: 1950,
      community_source: 'lianjia-2021',
    });
    // 其他 decoration and 暂无数据 building type are unknown, not guessed.
    const unknowns = await ds.query(
      `SELECT count(*) FILTER (WHERE int_deco IS NULL) AS deco, count(*) FILTER (WHERE bldg_type IS NULL) AS bldg FROM market_case`,
    );
    expect(Number(unknowns[0].deco)).toBe(sample.head.filter((l) => l.split(',')[9] === '其他').length);
    expect(Number(unknowns[0].bldg)).toBe(sample.head.filter((l) => l.split(',')[2] === '暂无数据').length);
  });

  it('updates on a second import, creating nothing, and feeds the price index', async () => {
    const report = await importMarketFile(ds, 'lianjia-listings', fs.createReadStream(sample.file), 'beijing-sample.csv');
    expect(report).toMatchObject({ accepted: 0, updated: 299, communitiesCreated: 0 });
    expect(report.rejected).toHaveLength(3);
    expect(Number((await ds.query('SELECT count(*) AS n FROM market_case'))[0].n)).toBe(299);

    const index = await ds.transaction((m) => rebuildPriceIndex(m, { cityCode: '110100' }));
    expect(index).toMatchObject({ city: 1, removed: 0 });
    const [city] = await ds.query(
      `SELECT case_count, avg_unit_price FROM price_index WHERE scope = 'city' AND scope_code = '110100' AND month = '2021-11-01'`,
    );
    const [expected] = await ds.query(`SELECT count(*)::int AS n, round(avg(unit_price), 2) AS avg FROM market_case`);
    expect(city).toEqual({ case_count: 299, avg_unit_price: expected.avg });
  });
});

describe('listing site exports of another city', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let dir: string;

  beforeAll(async () => {
    ({ db, ds } = await openTestDataSource());
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'listings-'));
  });

  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const SITE_EXPORT = [
    '小区名称,所在区域,总价(万),单价,房屋户型,所在楼层,建筑面积,房屋朝向,装修情况,建筑类型,挂牌时间',
    '康健新村,徐汇 康健,520,"65,000元/平米",2室1厅,低楼层 (共6层),80㎡,南,简装,板楼,2021-10-12',
    '康健新村,徐汇 康健,498,62250元/㎡,2室1厅,高楼层 (共6层),80.00㎡,南 北,精装,板楼,2021/11/3',
    '古北新城,长宁区,1200万,100000,3室2厅,15/28,120㎡,南,精装,塔楼,2021年9月30日',
    '无名小区,浦东外区,300,50000,1室1厅,,60㎡,南,,,2021-10-01',
  ].join('\n');

  it('reads Chinese headers, 元/平米 and 元/㎡, floor bands and listing dates, without build years or ids', async () => {
    const file = path.join(dir, 'shanghai.csv');
    fs.writeFileSync(file, SITE_EXPORT + '\n');
    const report = await importMarketFile(ds, 'lianjia-listings', fs.createReadStream(file), 'shanghai.csv', { cityCode: '310100' });
    expect(report).toMatchObject({
      accepted: 3,
      updated: 0,
      communitiesCreated: 2,
      affected: { cityCodes: ['310100'], since: '2021-09-01' },
      rejected: [{ line: 5, reason: '区县「浦东外区」不是上海市的区县' }],
    });
    const cases = await ds.query(
      `SELECT mc.city_code, mc.dist_code, mc.floor, mc.total_floors, mc.build_year, mc.total_price, mc.unit_price, mc.face,
              to_char(mc.case_date, 'YYYY-MM-DD') AS case_date, c.name, c.area_name
         FROM market_case mc JOIN community c ON c.id = mc.community_id ORDER BY mc.case_date, mc.floor`,
    );
    expect(cases).toEqual([
      expect.objectContaining({
        dist_code: '310105',
        floor: 15,
        total_floors: 28,
        total_price: '12000000.00',
        case_date: '2021-09-01',
        name: '古北新城',
      }),
      expect.objectContaining({
        city_code: '310100',
        dist_code: '310104',
        floor: 1,
        total_floors: 6,
        build_year: null,
        total_price: '5200000.00',
        unit_price: '65000.00',
        case_date: '2021-10-01',
        area_name: '康健',
      }),
      expect.objectContaining({
        floor: 5,
        total_floors: 6,
        total_price: '4980000.00',
        unit_price: '62250.00',
        face: '9',
        case_date: '2021-11-01',
      }),
    ]);

    // Rows without an id are named by their content: the same file again updates them.
    const again = await importMarketFile(ds, 'lianjia-listings', fs.createReadStream(file), 'shanghai.csv', { cityCode: '310100' });
    expect(again).toMatchObject({ accepted: 0, updated: 3, communitiesCreated: 0 });
  });
});
