import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { openTestDataSource, type TestDatabase } from '@valuation/testing';
import { seedDemoMarket } from '../market/demo-market.seed';
import { MARKET_CACHE_TTL_MS, MARKET_CHANGE_CHECK_MS, MarketLoader, type SubjectCommunity } from './market-loader.service';

const settle = () => new Promise((r) => setTimeout(r, 300));

describe('MarketLoader.preload', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let subjects: SubjectCommunity[];
  const on = new Date('2025-06-15T04:00:00Z');

  beforeAll(async () => {
    ({ db, ds } = await openTestDataSource());
    await seedDemoMarket(ds, { asOf: '2025-06', cityCodes: ['110100', '510100'], communitiesPerCity: 24, casesPerCommunity: 30 });
    // One community without coordinates, whose market is the one of its business area.
    await ds.query(`UPDATE community SET lat = NULL, lon = NULL WHERE id = (SELECT max(id) FROM community WHERE source = 'demo')`);
    subjects = await ds.query(
      `SELECT id, ha_code AS "haCode", name, city_code AS "cityCode", dist_code AS "distCode", area_name AS "areaName",
              address, lat, lon, build_year AS "buildYear"
         FROM community WHERE source = 'demo' ORDER BY id`,
    );
  });

  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  it('loads for many subjects at once the markets that load reads for each, cases in the same order', async () => {
    const one = new MarketLoader(ds);
    const many = new MarketLoader(ds);
    await many.preload(subjects, 1, 11, on);
    let own = 0;
    let nearby = 0;
    for (const subject of subjects) {
      const alone = await one.load(subject, 1, 11, on);
      const preloaded = await many.load(subject, 1, 11, on);
      const byCode = (m: typeof alone) => ({ ...m, communities: [...(m.communities ?? [])].sort((a, b) => a.code.localeCompare(b.code)) });
      expect(byCode(preloaded)).toEqual(byCode(alone));
      for (const c of alone.cases)
        if (c.communityCode === subject.haCode) own += 1;
        else nearby += 1;
    }
    // Markets share the cases of their neighbours, which the query sends once.
    expect(own).toBeGreaterThan(0);
    expect(nearby).toBeGreaterThan(0);
  });

  it('keeps the fitted market when a reload after its time in memory finds it unchanged', async () => {
    const subject = subjects[2];
    const start = Date.now();
    const clock = jest.spyOn(Date, 'now');
    try {
      clock.mockReturnValue(start);
      // Made while Date.now is the spy, which its cache reads as its clock.
      const loader = new MarketLoader(ds);
      const first = await loader.load(subject, 1, 11, on);
      // Stale: served as it is while it is read again in the background, unchanged.
      clock.mockReturnValue(start + MARKET_CACHE_TTL_MS + 1_000);
      expect(await loader.load(subject, 1, 11, on)).toBe(first);
      await settle();
      // Twice the TTL after the first load: still served, so the unchanged reload renewed the entry.
      clock.mockReturnValue(start + 2 * MARKET_CACHE_TTL_MS + 2_000);
      expect(await loader.load(subject, 1, 11, on)).toBe(first);
      await settle();
      expect(await loader.load(subject, 1, 11, on)).toBe(first);
    } finally {
      clock.mockRestore();
    }
  });

  it.each([
    ['a case changed', `UPDATE market_case SET unit_price = unit_price + 1 WHERE id = (SELECT max(id) FROM market_case)`],
    ['a community edited', `UPDATE community SET build_year = build_year WHERE id = (SELECT min(id) FROM community)`],
    ['the indices rebuilt', `DELETE FROM price_index WHERE month < '2000-01-01'`],
  ])('reads the markets again within the check interval once %s, and not before', async (_, change) => {
    const subject = subjects[3];
    const start = Date.now();
    const clock = jest.spyOn(Date, 'now');
    try {
      clock.mockReturnValue(start);
      const loader = new MarketLoader(ds);
      const first = await loader.load(subject, 1, 11, on);
      await settle();
      await ds.query(change);
      // Until the next check, what is held is served without reading anything.
      clock.mockReturnValue(start + MARKET_CHANGE_CHECK_MS - 1);
      expect(await loader.load(subject, 1, 11, on)).toBe(first);
      await settle();
      expect(await loader.load(subject, 1, 11, on)).toBe(first);
      clock.mockReturnValue(start + MARKET_CHANGE_CHECK_MS + 1);
      await loader.load(subject, 1, 11, on);
      await settle();
      const next = await loader.load(subject, 1, 11, on);
      expect(next).not.toBe(first);
      expect(next.cases).toHaveLength(first.cases.length);
    } finally {
      clock.mockRestore();
    }
  });

  it('reads the new value of a changed case once the change is seen', async () => {
    const subject = subjects[4];
    const start = Date.now();
    const clock = jest.spyOn(Date, 'now');
    try {
      clock.mockReturnValue(start);
      const loader = new MarketLoader(ds);
      const first = await loader.load(subject, 1, 11, on);
      await settle();
      const [changed] = first.cases;
      await ds.query(`UPDATE market_case SET unit_price = unit_price + 1 WHERE id = $1`, [changed.id]);
      clock.mockReturnValue(start + MARKET_CHANGE_CHECK_MS + 1);
      await loader.load(subject, 1, 11, on);
      await settle();
      const next = await loader.load(subject, 1, 11, on);
      expect(next.cases.find((c) => c.id === changed.id)?.unitPrice).toBe(changed.unitPrice + 1);
    } finally {
      clock.mockRestore();
    }
  });

  it('reads nothing again for markets already in memory', async () => {
    const loader = new MarketLoader(ds);
    await loader.preload(subjects.slice(0, 3), 1, 11, on);
    const pool = (ds.driver as PostgresDriver).master as Pool;
    const query = jest.spyOn(pool, 'query');
    const read = jest.spyOn(ds, 'query');
    await loader.preload(subjects.slice(0, 3), 1, 11, on);
    await loader.load(subjects[1], 1, 11, on);
    expect(query).not.toHaveBeenCalled();
    expect(read).not.toHaveBeenCalled();
    query.mockRestore();
    read.mockRestore();
  });
});
