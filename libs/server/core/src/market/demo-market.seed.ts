import type { DataSource, EntityManager } from 'typeorm';
import { DEMO_CITIES } from './demo-cities.data';
import { DEMO_SOURCE, generateDemoMarket, type DemoMarketOptions } from './demo-market.generator';
import { upsertCases, upsertCommunities, upsertPois, type CaseRow } from './market-rows.writer';
import { rebuildPriceIndex } from './price-index.service';
import { refreshStandardPrices } from '../valuation/standard-price.refresh';

export interface DemoMarketSeedResult {
  created: boolean;
  communities: number;
  cases: number;
  pois: number;
  /** Price index rows written. */
  indexRows: number;
  ms: number;
}

const COMMUNITY_BATCH = 2000;
const CASE_BATCH = 5000;

/** Refuses to seed when a demo district is missing from the region table or named otherwise. */
async function checkDistricts(m: EntityManager, cityCodes: readonly string[]): Promise<void> {
  const wanted = DEMO_CITIES.filter((c) => cityCodes.includes(c.code)).flatMap((c) => c.districts.map((d) => ({ ...d, cityCode: c.code })));
  const rows: Array<{ code: string; name: string; parent_code: string }> = await m.query(
    'SELECT code, name, parent_code FROM region WHERE code = ANY($1::varchar[])',
    [wanted.map((d) => d.code)],
  );
  const found = new Map(rows.map((r) => [r.code, r]));
  const wrong = wanted.filter((d) => found.get(d.code)?.name !== d.name || found.get(d.code)?.parent_code !== d.cityCode);
  if (wrong.length > 0) {
    throw new Error(`the region table does not hold the demo districts ${wrong.map((d) => `${d.code} ${d.name}`).join(', ')}`);
  }
}

/**
 * Loads the demo market once, in one transaction: communities, points of interest, five years of
 * cases, and the price index of the demo cities. Does nothing when demo communities exist.
 */
export async function seedDemoMarket(dataSource: DataSource, options: DemoMarketOptions = {}): Promise<DemoMarketSeedResult> {
  const started = Date.now();
  const result = await dataSource.transaction(async (m): Promise<DemoMarketSeedResult> => {
    await m.query(`SELECT pg_advisory_xact_lock(hashtext('seed-demo-market'))`);
    const [{ present }]: Array<{ present: boolean }> = await m.query(
      'SELECT EXISTS (SELECT 1 FROM community WHERE source = $1) AS present',
      [DEMO_SOURCE],
    );
    if (present) return { created: false, communities: 0, cases: 0, pois: 0, indexRows: 0, ms: Date.now() - started };

    const market = generateDemoMarket(options);
    const cityCodes = [...new Set(market.communities.map((c) => c.cityCode))];
    await checkDistricts(m, cityCodes);

    const ids = new Map<string, number>();
    for (let i = 0; i < market.communities.length; i += COMMUNITY_BATCH) {
      const written = await upsertCommunities(m, market.communities.slice(i, i + COMMUNITY_BATCH), 'replace');
      for (const [haCode, id] of written.ids) ids.set(haCode, id);
    }
    for (let i = 0; i < market.cases.length; i += CASE_BATCH) {
      const batch: CaseRow[] = market.cases.slice(i, i + CASE_BATCH).map(({ haCode, ...row }) => {
        const communityId = ids.get(haCode);
        if (communityId === undefined) throw new Error(`demo case ${row.caseKey} names an unknown community ${haCode}`);
        return { ...row, communityId };
      });
      await upsertCases(m, batch);
    }
    for (let i = 0; i < market.pois.length; i += CASE_BATCH) await upsertPois(m, market.pois.slice(i, i + CASE_BATCH));

    let indexRows = 0;
    for (const cityCode of cityCodes) {
      const index = await rebuildPriceIndex(m, { cityCode });
      indexRows += index.community + index.district + index.city;
    }
    return {
      created: true,
      communities: market.communities.length,
      cases: market.cases.length,
      pois: market.pois.length,
      indexRows,
      ms: Date.now() - started,
    };
  });
  if (!result.created) return result;
  await dataSource.query('ANALYZE community, market_case, poi, price_index');
  for (const city of DEMO_CITIES.filter((c) => !options.cityCodes || options.cityCodes.includes(c.code))) {
    await refreshStandardPrices(dataSource, city.code);
  }
  return { ...result, ms: Date.now() - started };
}
