import type { DataSource } from 'typeorm';
import { openTestDataSource, type TestDatabase } from '@valuation/testing';
import { upsertCases, upsertCommunities, type CaseRow, type CommunityRow } from './market-rows.writer';
import { rebuildPriceIndex } from './price-index.service';

const community = (haCode: string, cityCode: string, distCode: string): CommunityRow => ({
  haCode,
  cityCode,
  distCode,
  name: haCode,
  areaName: null,
  address: null,
  streetName: null,
  streetNo: null,
  lat: null,
  lon: null,
  buildYear: null,
  propTypes: '11',
  bldgType: null,
  volumeRate: null,
  greeningRate: null,
  constArea: null,
  groundArea: null,
  landuse: null,
  developer: null,
  propertyManager: null,
  parking: null,
  households: null,
  standardUnitPrice: null,
  source: 'test',
});

describe('rebuildPriceIndex', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let ids: Map<string, number>;
  let seq = 0;

  const sale = (haCode: string, unitPrice: number, caseDate = '2024-03-01', extra: Partial<CaseRow> = {}): CaseRow => {
    const [cityCode, distCode] = haCode === 'C' ? ['110100', '110108'] : haCode === 'SH' ? ['310100', '310115'] : ['110100', '110105'];
    return {
      caseKey: `t:${++seq}`,
      communityId: ids.get(haCode) ?? 0,
      cityCode,
      distCode,
      tradeType: 1,
      propType: 11,
      area: 100,
      floor: null,
      totalFloors: null,
      rooms: null,
      halls: null,
      baths: null,
      face: null,
      intDeco: null,
      buildYear: null,
      bldgType: null,
      totalPrice: unitPrice * 100,
      unitPrice,
      caseDate,
      source: 'test',
      ...extra,
    };
  };
  const index = async (scope: string, code: string, month = '2024-03-01', tradeType = 1, propType = 11) =>
    (
      await ds.query(
        `SELECT avg_unit_price AS avg, median_unit_price AS median, case_count AS n FROM price_index
          WHERE scope = $1 AND scope_code = $2 AND month = $3 AND trade_type = $4 AND prop_type = $5`,
        [scope, code, month, tradeType, propType],
      )
    )[0] ?? null;
  const rebuild = (options = {}) => ds.transaction((m) => rebuildPriceIndex(m, options));

  beforeAll(async () => {
    ({ db, ds } = await openTestDataSource());
    ({ ids } = await upsertCommunities(
      ds,
      [
        community('A', '110100', '110105'),
        community('B', '110100', '110105'),
        community('C', '110100', '110108'),
        community('SH', '310100', '310115'),
      ],
      'replace',
    ));
    await upsertCases(ds, [
      sale('A', 10000),
      sale('A', 20000),
      sale('A', 60000, '2024-03-01'),
      sale('B', 30000),
      sale('B', 50000, '2024-03-01'),
      sale('C', 100000),
      sale('A', 99, '2024-03-01', { tradeType: 2 }),
      sale('A', 45000, '2024-04-01'),
      sale('SH', 70000),
    ]);
  });

  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  it('writes the monthly average, median and count per community, district and city', async () => {
    const result = await rebuild();
    expect(result).toEqual({ cityCode: null, since: null, community: 6, district: 5, city: 4, removed: 0 });
    expect(await index('community', 'A')).toEqual({ avg: '30000.00', median: '20000.00', n: 3 });
    expect(await index('community', 'B')).toEqual({ avg: '40000.00', median: '40000.00', n: 2 });
    expect(await index('district', '110105')).toEqual({ avg: '34000.00', median: '30000.00', n: 5 });
    expect(await index('district', '110108')).toEqual({ avg: '100000.00', median: '100000.00', n: 1 });
    expect(await index('city', '110100')).toEqual({ avg: '45000.00', median: '40000.00', n: 6 });
    expect(await index('city', '110100', '2024-03-01', 2)).toEqual({ avg: '99.00', median: '99.00', n: 1 });
    expect(await index('community', 'A', '2024-04-01')).toEqual({ avg: '45000.00', median: '45000.00', n: 1 });
    expect(await index('city', '310100')).toEqual({ avg: '70000.00', median: '70000.00', n: 1 });
  });

  it('updates rows in place, limited to a city and to the months from `since`', async () => {
    await ds.query(`UPDATE market_case SET unit_price = unit_price * 2`);
    const result = await rebuild({ cityCode: '110100', since: '2024-04' });
    expect(result).toEqual({ cityCode: '110100', since: '2024-04-01', community: 1, district: 1, city: 1, removed: 0 });
    expect(await index('community', 'A', '2024-04-01')).toEqual({ avg: '90000.00', median: '90000.00', n: 1 });
    expect(await index('community', 'A')).toEqual({ avg: '30000.00', median: '20000.00', n: 3 });
    expect(await index('city', '310100')).toEqual({ avg: '70000.00', median: '70000.00', n: 1 });
    expect(Number((await ds.query('SELECT count(*) AS n FROM price_index'))[0].n)).toBe(15);

    await rebuild({ cityCode: '110100' });
    expect(await index('community', 'A')).toEqual({ avg: '60000.00', median: '40000.00', n: 3 });
    expect(await index('city', '310100')).toEqual({ avg: '70000.00', median: '70000.00', n: 1 });
  });

  it('removes the rows whose cases are gone', async () => {
    await ds.query(`DELETE FROM market_case WHERE community_id = $1`, [ids.get('C')]);
    const result = await rebuild({ cityCode: '110100' });
    expect(result.removed).toBe(2);
    expect(await index('community', 'C')).toBeNull();
    expect(await index('district', '110108')).toBeNull();
    expect(await index('city', '110100')).toEqual({ avg: '68000.00', median: '60000.00', n: 5 });
  });
});
