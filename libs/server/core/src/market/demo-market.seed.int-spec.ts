import type { DataSource } from 'typeorm';
import { openTestDataSource, type TestDatabase } from '@valuation/testing';
import { DEMO_CITIES } from './demo-cities.data';
import { generateDemoMarket } from './demo-market.generator';
import { seedDemoMarket } from './demo-market.seed';

describe('seedDemoMarket', () => {
  let db: TestDatabase;
  let ds: DataSource;
  const options = { asOf: '2025-06', cityCodes: ['110100', '510100'], communitiesPerCity: 24, casesPerCommunity: 12 };
  const count = async (sql: string) => Number((await ds.query(sql))[0].n);

  beforeAll(async () => {
    ({ db, ds } = await openTestDataSource());
  });

  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  it('finds every demo district in the region table under its city', async () => {
    const codes = DEMO_CITIES.flatMap((c) => c.districts.map((d) => [d.code, d.name, c.code]));
    const rows: Array<{ code: string; name: string; parent_code: string }> = await ds.query(
      'SELECT code, name, parent_code FROM region WHERE level = 3',
    );
    const regions = new Map(rows.map((r) => [r.code, [r.code, r.name, r.parent_code]]));
    for (const [code] of codes) expect(regions.get(code)).toEqual(codes.find((c) => c[0] === code));
  });

  it('loads the generated market and its price index once, then leaves it alone', async () => {
    const market = generateDemoMarket(options);
    const first = await seedDemoMarket(ds, options);
    expect(first).toMatchObject({ created: true, communities: 48, cases: market.cases.length, pois: market.pois.length });
    expect(first.indexRows).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) AS n FROM community WHERE source = 'demo'`)).toBe(48);
    expect(await count(`SELECT count(*) AS n FROM market_case WHERE source = 'demo'`)).toBe(market.cases.length);
    expect(await count(`SELECT count(*) AS n FROM poi WHERE source = 'demo'`)).toBe(market.pois.length);
    expect(await count(`SELECT count(*) AS n FROM price_index`)).toBe(first.indexRows);
    expect(
      await count(
        `SELECT count(DISTINCT month) AS n FROM price_index WHERE scope = 'city' AND scope_code = '110100' AND trade_type = 1 AND prop_type = 11`,
      ),
    ).toBe(
      new Set(market.cases.filter((c) => c.cityCode === '110100' && c.tradeType === 1 && c.propType === 11).map((c) => c.caseDate)).size,
    );

    const stored = await ds.query(
      `SELECT c.name, c.parking, mc.unit_price FROM market_case mc JOIN community c ON c.id = mc.community_id WHERE mc.case_key = $1`,
      [market.cases[0].caseKey],
    );
    expect(stored).toEqual([
      { name: market.communities[0].name, parking: market.communities[0].parking, unit_price: market.cases[0].unitPrice.toFixed(2) },
    ]);
    const [station] = await ds.query(`SELECT routes FROM poi WHERE sub_type = 'subway' ORDER BY poi_key LIMIT 1`);
    expect(station.routes[0]).toMatch(/^\d+号线$/);

    const standard: { code: string; price: string; median: string }[] = await ds.query(
      `SELECT c.ha_code AS code, c.standard_unit_price AS price,
              (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY m.unit_price) FROM market_case m
                WHERE m.community_id = c.id AND m.trade_type = 1 AND m.prop_type = 11) AS median
         FROM community c WHERE c.source = 'demo' AND c.standard_unit_price IS NOT NULL`,
    );
    expect(standard.length).toBeGreaterThan(24);
    for (const s of standard) {
      const ratio = Number(s.price) / Number(s.median);
      expect(ratio).toBeGreaterThan(0.7);
      expect(ratio).toBeLessThan(1.4);
    }

    const second = await seedDemoMarket(ds, { ...options, seed: 'another' });
    expect(second).toMatchObject({ created: false, communities: 0, cases: 0 });
    expect(await count(`SELECT count(*) AS n FROM market_case`)).toBe(market.cases.length);
  });
});
