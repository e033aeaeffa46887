import type { SqlRunner } from '../geo/region.resolver';

/** A community as the importers and the demo generator write it. Coordinates are WGS84. */
export interface CommunityRow {
  haCode: string;
  cityCode: string;
  distCode: string | null;
  name: string;
  areaName: string | null;
  address: string | null;
  streetName: string | null;
  streetNo: string | null;
  lat: number | null;
  lon: number | null;
  buildYear: number | null;
  propTypes: string | null;
  bldgType: string | null;
  volumeRate: number | null;
  greeningRate: number | null;
  constArea: number | null;
  groundArea: number | null;
  landuse: string | null;
  developer: string | null;
  propertyManager: string | null;
  parking: { type: string; qnt: number }[] | null;
  households: number | null;
  standardUnitPrice: number | null;
  source: string;
}

export interface CaseRow {
  caseKey: string;
  communityId: number;
  cityCode: string;
  distCode: string | null;
  tradeType: number;
  propType: number;
  area: number;
  floor: number | null;
  totalFloors: number | null;
  rooms: number | null;
  halls: number | null;
  baths: number | null;
  face: string | null;
  intDeco: string | null;
  buildYear: number | null;
  bldgType: string | null;
  totalPrice: number;
  unitPrice: number;
  /** YYYY-MM-01. */
  caseDate: string;
  source: string;
}

export interface PoiRow {
  poiKey: string;
  cityCode: string;
  category: 'transport' | 'education' | 'medical';
  subType: string;
  name: string;
  lat: number;
  lon: number;
  routes: string[];
  source: string;
}

interface ColumnSpec<R> {
  column: string;
  /** Postgres type of the array element. */
  type: string;
  value: (row: R) => unknown;
  /** Expression over `t.<column>` when the column is not taken as it is. */
  select?: string;
}

/**
 * `INSERT INTO table (...) SELECT ... FROM unnest($1::type[], ...)`: one parameter per column
 * whatever the number of rows, so a batch of thousands of rows is one short statement.
 */
function unnestInsert<R>(table: string, specs: ReadonlyArray<ColumnSpec<R>>, rows: readonly R[]): { sql: string; params: unknown[] } {
  const columns = specs.map((s) => s.column);
  const params = specs.map((s) => rows.map((row) => s.value(row)));
  const arrays = specs.map((s, i) => `$${i + 1}::${s.type}[]`).join(', ');
  const selected = specs.map((s) => s.select ?? `t.${s.column}`).join(', ');
  const sql = `INSERT INTO ${table} (${columns.join(', ')}) SELECT ${selected} FROM unnest(${arrays}) AS t(${columns.join(', ')})`;
  return { sql, params };
}

/** The last row of each key, in first-seen order, with how many rows carried that key. */
export function lastByKey<R>(rows: readonly R[], key: (row: R) => string): Array<{ row: R; count: number }> {
  const found = new Map<string, { row: R; count: number }>();
  for (const row of rows) {
    const k = key(row);
    const entry = found.get(k);
    if (entry) {
      entry.row = row;
      entry.count++;
    } else {
      found.set(k, { row, count: 1 });
    }
  }
  return [...found.values()];
}

/** Created and updated rows of an upsert, counting every input row (a repeated key updates). */
export interface UpsertCount {
  created: number;
  updated: number;
}

function count<R>(groups: Array<{ row: R; count: number }>, inserted: Map<string, boolean>, key: (row: R) => string): UpsertCount {
  let created = 0;
  let updated = 0;
  for (const group of groups) {
    if (inserted.get(key(group.row))) {
      created++;
      updated += group.count - 1;
    } else {
      updated += group.count;
    }
  }
  return { created, updated };
}

const COMMUNITY_COLUMNS: ReadonlyArray<ColumnSpec<CommunityRow>> = [
  { column: 'ha_code', type: 'varchar', value: (r) => r.haCode },
  { column: 'city_code', type: 'varchar', value: (r) => r.cityCode },
  { column: 'dist_code', type: 'varchar', value: (r) => r.distCode },
  { column: 'name', type: 'varchar', value: (r) => r.name },
  { column: 'area_name', type: 'varchar', value: (r) => r.areaName },
  { column: 'address', type: 'varchar', value: (r) => r.address ?? '' },
  { column: 'street_name', type: 'varchar', value: (r) => r.streetName },
  { column: 'street_no', type: 'varchar', value: (r) => r.streetNo },
  { column: 'lat', type: 'float8', value: (r) => r.lat },
  { column: 'lon', type: 'float8', value: (r) => r.lon },
  { column: 'build_year', type: 'int2', value: (r) => r.buildYear },
  { column: 'prop_types', type: 'varchar', value: (r) => r.propTypes ?? '11' },
  { column: 'bldg_type', type: 'varchar', value: (r) => r.bldgType },
  { column: 'volume_rate', type: 'numeric', value: (r) => r.volumeRate },
  { column: 'greening_rate', type: 'numeric', value: (r) => r.greeningRate },
  { column: 'const_area', type: 'numeric', value: (r) => r.constArea },
  { column: 'ground_area', type: 'numeric', value: (r) => r.groundArea },
  { column: 'landuse', type: 'varchar', value: (r) => r.landuse },
  { column: 'developer', type: 'varchar', value: (r) => r.developer },
  { column: 'property_manager', type: 'varchar', value: (r) => r.propertyManager },
  { column: 'parking', type: 'jsonb', value: (r) => (r.parking ? JSON.stringify(r.parking) : null) },
  { column: 'households', type: 'int2', value: (r) => r.households },
  { column: 'standard_unit_price', type: 'numeric', value: (r) => r.standardUnitPrice },
  { column: 'source', type: 'varchar', value: (r) => r.source },
];

/** Columns an upsert may leave as they are when the new row has no value for them. */
const OPTIONAL_COMMUNITY_COLUMNS = COMMUNITY_COLUMNS.map((c) => c.column).filter(
  (c) => !['ha_code', 'city_code', 'name', 'source', 'address', 'prop_types'].includes(c),
);

/**
 * How an upsert treats a community that exists:
 * - `replace`: the file is about communities; its values win, and an empty cell keeps the
 *   stored value;
 * - `fill`: the file is about cases and only names the community; stored values win, and the
 *   new row fills what is missing.
 */
export type CommunityUpsertMode = 'replace' | 'fill';

export interface CommunityIds {
  /** Id of each haCode written. */
  ids: Map<string, number>;
  count: UpsertCount;
}

/** Inserts or updates communities by haCode; returns their ids. */
export async function upsertCommunities(sql: SqlRunner, rows: readonly CommunityRow[], mode: CommunityUpsertMode): Promise<CommunityIds> {
  const groups = lastByKey(rows, (r) => r.haCode);
  if (groups.length === 0) return { ids: new Map(), count: { created: 0, updated: 0 } };
  let written = groups.map((g) => g.row);
  const withoutTypes = written.filter((r) => r.propTypes === null).map((r) => r.haCode);
  if (mode === 'replace' && withoutTypes.length > 0) {
    // prop_types is NOT NULL with a default, so "no value" cannot travel through EXCLUDED.
    const stored: Array<{ ha_code: string; prop_types: string }> = await sql.query(
      'SELECT ha_code, prop_types FROM community WHERE ha_code = ANY($1::varchar[])',
      [withoutTypes],
    );
    const types = new Map(stored.map((r) => [r.ha_code, r.prop_types]));
    written = written.map((r) => (r.propTypes === null && types.has(r.haCode) ? { ...r, propTypes: types.get(r.haCode) ?? null } : r));
  }
  const { sql: insert, params } = unnestInsert('community', COMMUNITY_COLUMNS, written);
  const sets =
    mode === 'replace'
      ? [
          'city_code = EXCLUDED.city_code',
          'name = EXCLUDED.name',
          'source = EXCLUDED.source',
          "address = COALESCE(NULLIF(EXCLUDED.address, ''), community.address)",
          'prop_types = EXCLUDED.prop_types',
          ...OPTIONAL_COMMUNITY_COLUMNS.map((c) => `${c} = COALESCE(EXCLUDED.${c}, community.${c})`),
        ]
      : [
          "address = COALESCE(NULLIF(community.address, ''), EXCLUDED.address)",
          ...OPTIONAL_COMMUNITY_COLUMNS.map((c) => `${c} = COALESCE(community.${c}, EXCLUDED.${c})`),
        ];
  const result: Array<{ id: number; ha_code: string; inserted: boolean }> = await sql.query(
    `${insert} ON CONFLICT (ha_code) DO UPDATE SET ${sets.join(', ')}, updated_at = now() RETURNING id, ha_code, (xmax = 0) AS inserted`,
    params,
  );
  const ids = new Map(result.map((r) => [r.ha_code, r.id]));
  const inserted = new Map(result.map((r) => [r.ha_code, r.inserted]));
  return { ids, count: count(groups, inserted, (r) => r.haCode) };
}

const CASE_COLUMNS: ReadonlyArray<ColumnSpec<CaseRow>> = [
  { column: 'case_key', type: 'varchar', value: (r) => r.caseKey },
  { column: 'community_id', type: 'int4', value: (r) => r.communityId },
  { column: 'city_code', type: 'varchar', value: (r) => r.cityCode },
  { column: 'dist_code', type: 'varchar', value: (r) => r.distCode },
  { column: 'trade_type', type: 'int2', value: (r) => r.tradeType },
  { column: 'prop_type', type: 'int2', value: (r) => r.propType },
  { column: 'area', type: 'numeric', value: (r) => r.area },
  { column: 'floor', type: 'int2', value: (r) => r.floor },
  { column: 'total_floors', type: 'int2', value: (r) => r.totalFloors },
  { column: 'rooms', type: 'int2', value: (r) => r.rooms },
  { column: 'halls', type: 'int2', value: (r) => r.halls },
  { column: 'baths', type: 'int2', value: (r) => r.baths },
  { column: 'face', type: 'varchar', value: (r) => r.face },
  { column: 'int_deco', type: 'varchar', value: (r) => r.intDeco },
  { column: 'build_year', type: 'int2', value: (r) => r.buildYear },
  { column: 'bldg_type', type: 'varchar', value: (r) => r.bldgType },
  { column: 'total_price', type: 'numeric', value: (r) => r.totalPrice },
  { column: 'unit_price', type: 'numeric', value: (r) => r.unitPrice },
  { column: 'case_date', type: 'date', value: (r) => r.caseDate },
  { column: 'source', type: 'varchar', value: (r) => r.source },
];

/** Inserts or updates cases by caseKey; a case read again replaces every column. */
export async function upsertCases(sql: SqlRunner, rows: readonly CaseRow[]): Promise<UpsertCount> {
  const groups = lastByKey(rows, (r) => r.caseKey);
  if (groups.length === 0) return { created: 0, updated: 0 };
  const { sql: insert, params } = unnestInsert(
    'market_case',
    CASE_COLUMNS,
    groups.map((g) => g.row),
  );
  const sets = CASE_COLUMNS.filter((c) => c.column !== 'case_key').map((c) => `${c.column} = EXCLUDED.${c.column}`);
  const result: Array<{ case_key: string; inserted: boolean }> = await sql.query(
    `${insert} ON CONFLICT (case_key) DO UPDATE SET ${sets.join(', ')} RETURNING case_key, (xmax = 0) AS inserted`,
    params,
  );
  return count(groups, new Map(result.map((r) => [r.case_key, r.inserted])), (r) => r.caseKey);
}

const POI_COLUMNS: ReadonlyArray<ColumnSpec<PoiRow>> = [
  { column: 'poi_key', type: 'varchar', value: (r) => r.poiKey },
  { column: 'city_code', type: 'varchar', value: (r) => r.cityCode },
  { column: 'category', type: 'varchar', value: (r) => r.category },
  { column: 'sub_type', type: 'varchar', value: (r) => r.subType },
  { column: 'name', type: 'varchar', value: (r) => r.name },
  { column: 'lat', type: 'float8', value: (r) => r.lat },
  { column: 'lon', type: 'float8', value: (r) => r.lon },
  // A text[] per row cannot be unnested from a 2-D array of ragged rows; each travels as JSON.
  { column: 'routes', type: 'jsonb', value: (r) => JSON.stringify(r.routes), select: 'ARRAY(SELECT jsonb_array_elements_text(t.routes))' },
  { column: 'source', type: 'varchar', value: (r) => r.source },
];

/** Inserts or updates points of interest by poiKey. */
export async function upsertPois(sql: SqlRunner, rows: readonly PoiRow[]): Promise<UpsertCount> {
  const groups = lastByKey(rows, (r) => r.poiKey);
  if (groups.length === 0) return { created: 0, updated: 0 };
  const { sql: insert, params } = unnestInsert(
    'poi',
    POI_COLUMNS,
    groups.map((g) => g.row),
  );
  const sets = POI_COLUMNS.filter((c) => c.column !== 'poi_key').map((c) => `${c.column} = EXCLUDED.${c.column}`);
  const result: Array<{ poi_key: string; inserted: boolean }> = await sql.query(
    `${insert} ON CONFLICT (poi_key) DO UPDATE SET ${sets.join(', ')} RETURNING poi_key, (xmax = 0) AS inserted`,
    params,
  );
  return count(groups, new Map(result.map((r) => [r.poi_key, r.inserted])), (r) => r.poiKey);
}
