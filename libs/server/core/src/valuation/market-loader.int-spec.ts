import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { openTestDataSource, type TestDatabase } from '@valuation/testing';
import type { MarketData } from '@valuation/valuation';
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

  /**
   * A new loader on a clock of the test's own (Date.now, which its caches read), with the
   * subject's market loaded at the start; `after(ms)` moves the clock to that long after it.
   */
  async function withLoader(
    subject: SubjectCommunity,
    body: (loader: MarketLoader, first: MarketData, after: (ms: number) => void) => Promise<void>,
  ): Promise<void> {
    const start = Date.now();
    const clock = jest.spyOn(Date, 'now');
    try {
      clock.mockReturnValue(start);
      const loader = new MarketLoader(ds);
      await body(loader, await loader.load(subject, 1, 11, on), (ms) => clock.mockReturnValue(start + ms));
    } finally {
      clock.mockRestore();
    }
  }

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

  it('keeps the fitted market when a reload after its time in memory finds it unchanged', () =>
    withLoader(subjects[2], async (loader, first, after) => {
      // Stale: served as it is while it is read again in the background, unchanged.
      after(MARKET_CACHE_TTL_MS + 1_000);
      expect(await loader.load(subjects[2], 1, 11, on)).toBe(first);
      await settle();
      // Twice the TTL after the first load: still served, so the unchanged reload renewed the entry.
      after(2 * MARKET_CACHE_TTL_MS + 2_000);
      expect(await loader.load(subjects[2], 1, 11, on)).toBe(first);
      await settle();
      expect(await loader.load(subjects[2], 1, 11, on)).toBe(first);
    }));

  /** Changes to market data, each given the first case of the market held; and by how much that case's price moved. */
  const changes: [string, (caseId: string) => Promise<unknown>, number][] = [
    ['a case changed', (id) => ds.query(`UPDATE market_case SET unit_price = unit_price + 1 WHERE id = $1`, [id]), 1],
    ['a community edited', () => ds.query(`UPDATE community SET build_year = build_year WHERE id = (SELECT min(id) FROM community)`), 0],
    ['the indices rebuilt', () => ds.query(`DELETE FROM price_index WHERE month < '2000-01-01'`), 0],
  ];
  it.each(changes)('reads the markets again within the check interval once %s, and not before', (_, change, moved) =>
    withLoader(subjects[3], async (loader, first, after) => {
      const subject = subjects[3];
      await settle();
      const [held] = first.cases;
      await change(held.id);
      // Until the next check, what is held is served without reading anything.
      after(MARKET_CHANGE_CHECK_MS - 1);
      expect(await loader.load(subject, 1, 11, on)).toBe(first);
      await settle();
      expect(await loader.load(subject, 1, 11, on)).toBe(first);
      after(MARKET_CHANGE_CHECK_MS + 1);
      await loader.load(subject, 1, 11, on);
      await settle();
      const next = await loader.load(subject, 1, 11, on);
      expect(next).not.toBe(first);
      expect(next.cases.find((c) => c.id === held.id)?.unitPrice).toBe(held.unitPrice + moved);
    }),
  );

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
