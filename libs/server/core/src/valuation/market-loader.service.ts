import { isDeepStrictEqual } from 'node:util';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { monthKey, POINT_COMMUNITY_RADIUS_M, shiftMonth } from '@valuation/domain';
import { preparedQuery } from '@valuation/persistence';
import {
  MAX_MARKET_CASES,
  type CommunityInfo,
  type MarketCase,
  type MarketData,
  type MonthlySeries,
  type TradeType,
} from '@valuation/valuation';
import { TtlCache } from '../cache';
import { boundingBox, haversineSql } from '../geo';

/** The community a valuation is about, as the loader and the record need it. */
export interface SubjectCommunity {
  id: number;
  haCode: string;
  name: string;
  cityCode: string;
  distCode: string | null;
  areaName: string | null;
  address: string;
  lat: number | null;
  lon: number | null;
  buildYear: number | null;
}

/** Cases of the subject's community and its neighbourhood that the engine weighs. */
export const MARKET_WINDOW_MONTHS = 36;
export const NEARBY_RADIUS_M = 2000;
const INDEX_MONTHS = 36;
/**
 * Market data changes only when cases are imported, indices rebuilt or communities edited, and
 * every such transaction leaves a row in market_data_change. A process keeps the markets it has
 * read (and the engine's fits on them) until, counting those rows at most every
 * MARKET_CHANGE_CHECK_MS, it finds that they moved; then it reads every market again when next
 * asked. Without a change, a market is read again only after MARKET_CACHE_TTL_MS, and one read
 * again unchanged keeps the object the engine has fitted.
 */
export const MARKET_CACHE_TTL_MS = 30 * 60_000;
export const MARKET_CHANGE_CHECK_MS = 5_000;
const MARKET_CACHE_ENTRIES = 2_000;

const COMMUNITY_COLUMNS = `id, ha_code AS "haCode", name, city_code AS "cityCode", dist_code AS "distCode", area_name AS "areaName",
  address, lat, lon, build_year AS "buildYear"`;

/**
 * A market case as the market query sends it: its fields in the order of the MarketCase below, an
 * array instead of an object, so that PostgreSQL builds and Node parses a third of the text.
 */
type CaseRow = [
  id: string,
  communityCode: string,
  communityName: string | null,
  distance: number | null,
  propType: number | null,
  area: number,
  floor: number | null,
  totalFloors: number | null,
  rooms: number | null,
  halls: number | null,
  baths: number | null,
  face: string | null,
  decoration: string | null,
  buildYear: number | null,
  buildingType: string | null,
  totalPrice: number,
  unitPrice: number,
  month: string | null,
];

/** A case as the chunk query sends it once for every market that picked it: a CaseRow without the distance. */
type SharedCaseRow = [
  id: string,
  communityCode: string,
  communityName: string | null,
  propType: number | null,
  area: number,
  floor: number | null,
  totalFloors: number | null,
  rooms: number | null,
  halls: number | null,
  baths: number | null,
  face: string | null,
  decoration: string | null,
  buildYear: number | null,
  buildingType: string | null,
  totalPrice: number,
  unitPrice: number,
  month: string | null,
];

/** What the chunk query sends for one subject: its picked cases in order and their distances to it. */
type PickedRow = [subjectId: number, caseIds: string[], distances: (number | null)[], communityIds: number[]];

function sharedCase(row: SharedCaseRow, distance: number | null): MarketCase {
  const [id, communityCode, communityName, propType, area, floor, totalFloors, rooms, halls, baths, ...rest] = row;
  const [face, decoration, buildYear, buildingType, totalPrice, unitPrice, month] = rest;
  return {
    id,
    communityCode,
    communityName,
    distance,
    propType,
    area,
    floor,
    totalFloors,
    rooms,
    halls,
    baths,
    face,
    decoration,
    buildYear,
    buildingType,
    totalPrice,
    unitPrice,
    month,
  };
}

type Indices = NonNullable<MarketData['indices']>;

function marketCase(row: CaseRow): MarketCase {
  const [id, communityCode, communityName, distance, ...rest] = row;
  return sharedCase([id, communityCode, communityName, ...rest], distance);
}

/** The first day (yyyy-MM-dd) of the month `months` months before the business month of `date`. */
function monthsBefore(date: Date, months: number): string {
  return `${shiftMonth(monthKey(date), -months)}-01`;
}

/** Reads from PostgreSQL the market data the engine needs for one valuation. */
@Injectable()
export class MarketLoader {
  private readonly markets = new TtlCache<MarketData>(MARKET_CACHE_TTL_MS, MARKET_CACHE_ENTRIES);
  private readonly communities = new TtlCache<SubjectCommunity | null>(MARKET_CACHE_TTL_MS, 10 * MARKET_CACHE_ENTRIES);
  /** The count of market_data_change rows when last read, null before the first read. */
  private changes: string | null = null;
  private changesCheckedAt = -Infinity;
  private checkingChanges = false;

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /**
   * Counts, at most every MARKET_CHANGE_CHECK_MS and without making the caller wait, the
   * transactions that changed market data; when the count moved, forgets every market and
   * community held, so that the next valuation of each reads it again. A count, not the
   * greatest id, so that a transaction committing after a later one is seen too.
   */
  private checkChanges(): void {
    const now = Date.now();
    if (this.checkingChanges || now - this.changesCheckedAt < MARKET_CHANGE_CHECK_MS) return;
    this.checkingChanges = true;
    this.changesCheckedAt = now;
    preparedQuery<{ n: string }>(this.ds, 'market-data-changes', `SELECT count(*)::text AS n FROM market_data_change`, [])
      .then(
        ([{ n }]) => {
          if (this.changes !== null && n !== this.changes) {
            this.markets.clear();
            this.communities.clear();
          }
          this.changes = n;
        },
        // Unreadable now: asked again at the next check, as the markets held are.
        () => undefined,
      )
      .finally(() => (this.checkingChanges = false));
  }

  communityByCode(cityCode: string, haCode: string): Promise<SubjectCommunity | null> {
    this.checkChanges();
    return this.communities.get(`${cityCode}|${haCode}`, () => this.loadCommunityByCode(cityCode, haCode));
  }

  private async loadCommunityByCode(cityCode: string, haCode: string): Promise<SubjectCommunity | null> {
    const rows = await preparedQuery<SubjectCommunity>(
      this.ds,
      'community-by-code',
      `SELECT ${COMMUNITY_COLUMNS} FROM community WHERE ha_code = $1 AND city_code = $2`,
      [haCode, cityCode],
    );
    return rows[0] ?? null;
  }

  /** The nearest community within `radiusM` of a WGS84 point. */
  async communityNear(cityCode: string, lat: number, lon: number, radiusM = POINT_COMMUNITY_RADIUS_M): Promise<SubjectCommunity | null> {
    const box = boundingBox({ lat, lon }, radiusM);
    const distance = haversineSql('$1', '$2', 'lat', 'lon');
    const rows: SubjectCommunity[] = await this.ds.query(
      `SELECT ${COMMUNITY_COLUMNS} FROM community
        WHERE city_code = $3 AND lat BETWEEN $4 AND $5 AND lon BETWEEN $6 AND $7 AND ${distance} <= $8
        ORDER BY ${distance} LIMIT 1`,
      [lat, lon, cityCode, box.minLat, box.maxLat, box.minLon, box.maxLon, radiusM],
    );
    return rows[0] ?? null;
  }

  /** The community whose name or address best matches a free-text address. */
  async communityByAddress(cityCode: string, address: string): Promise<SubjectCommunity | null> {
    const rows: SubjectCommunity[] = await this.ds.query(
      `SELECT ${COMMUNITY_COLUMNS} FROM community
        WHERE city_code = $1 AND (name % $2 OR address % $2 OR $2 LIKE '%' || name || '%')
        ORDER BY name = $2 DESC,
                 greatest(similarity(name, $2), similarity(address, $2), CASE WHEN $2 LIKE '%' || name || '%' THEN 1 ELSE 0 END) DESC, id
        LIMIT 1`,
      [cityCode, address],
    );
    return rows[0] ?? null;
  }

  /**
   * The communities named exactly as asked, keyed `cityCode|name`, in one query: what
   * communityByAddress answers for those names, for many addresses at once.
   */
  async communitiesByName(wanted: readonly { cityCode: string; name: string }[]): Promise<Map<string, SubjectCommunity>> {
    if (!wanted.length) return new Map();
    const rows: SubjectCommunity[] = await this.ds.query(
      `SELECT DISTINCT ON ("cityCode", name) * FROM (
         SELECT ${COMMUNITY_COLUMNS} FROM community
          WHERE (city_code, name) IN (SELECT * FROM unnest($1::varchar[], $2::varchar[]))) c
        ORDER BY "cityCode", name, id`,
      [wanted.map((w) => w.cityCode), wanted.map((w) => w.name)],
    );
    return new Map(rows.map((c) => [`${c.cityCode}|${c.name}`, c]));
  }

  /**
   * Cases of the same trade and property type from the last MARKET_WINDOW_MONTHS: the subject's
   * community first, then communities within NEARBY_RADIUS_M (or, without coordinates, of the
   * same business area), nearest first, then the most recent (of one day, the case with the greater id first).
   */
  load(subject: SubjectCommunity, tradeType: TradeType, propType: number, on: Date): Promise<MarketData> {
    this.checkChanges();
    const key = [subject.id, tradeType, propType, monthKey(on)].join('|');
    return this.markets.get(key, () => this.reload(key, () => this.loadMarket(subject, tradeType, propType, on)));
  }

  /**
   * Reads a market again; when nothing in it changed, resolves to the object already held, on
   * which the engine keeps its fits, so that a popular market is not fitted again every minute.
   */
  private async reload(key: string, read: () => Promise<MarketData>): Promise<MarketData> {
    // Taken before the cache stores this load as the entry of `key`.
    const held = this.markets.peek(key);
    const loaded = await read();
    const previous = await held?.catch(() => undefined);
    return previous !== undefined && isDeepStrictEqual(previous, loaded) ? previous : loaded;
  }

  /**
   * Loads in a few queries the markets of many subjects that are not in memory yet, as `load`
   * would load each of them, so that the valuations that follow find them there: one query for
   * the cases of every subject with coordinates (each case sent once, however many markets pick
   * it) and one for the price indices of all of them. Subjects without coordinates are loaded
   * one by one.
   */
  async preload(subjects: readonly SubjectCommunity[], tradeType: TradeType, propType: number, on: Date): Promise<void> {
    this.checkChanges();
    const missing = new Map<string, SubjectCommunity>();
    for (const subject of subjects) {
      const key = [subject.id, tradeType, propType, monthKey(on)].join('|');
      if (!missing.has(key) && !this.markets.isFresh(key)) missing.set(key, subject);
    }
    if (!missing.size) return;
    const pointed = [...missing.values()].filter((s) => s.lat !== null && s.lon !== null);
    const loaded = pointed.length ? this.loadMarkets(pointed, tradeType, propType, on) : Promise.resolve(new Map<number, MarketData>());
    await Promise.all(
      [...missing].map(([key, subject]) =>
        this.markets.get(key, () =>
          this.reload(key, async () => (await loaded).get(subject.id) ?? this.loadMarket(subject, tradeType, propType, on)),
        ),
      ),
    );
  }

  /** The markets of subjects with coordinates, keyed by community id: what loadMarket reads for each, in two queries. */
  private async loadMarkets(
    subjects: readonly SubjectCommunity[],
    tradeType: TradeType,
    propType: number,
    on: Date,
  ): Promise<Map<number, MarketData>> {
    const boxes = subjects.map((s) => boundingBox({ lat: s.lat!, lon: s.lon! }, NEARBY_RADIUS_M));
    const distance = haversineSql('s.lat', 's.lon', 'm.lat', 'm.lon');
    const indicesLoaded = this.indicesOf(subjects, tradeType, propType, monthsBefore(on, INDEX_MONTHS));
    const [{ picked, cases, communities }] = await preparedQuery<{
      picked: PickedRow[] | null;
      cases: Record<string, SharedCaseRow> | null;
      communities: Record<string, CommunityInfo> | null;
    }>(
      this.ds,
      'market-cases-near-points',
      `WITH s AS (
         SELECT * FROM unnest($1::int[], $2::varchar[], $3::float8[], $4::float8[], $5::float8[], $6::float8[], $7::float8[], $8::float8[])
           AS s(id, city_code, lat, lon, min_lat, max_lat, min_lon, max_lon)),
       picked AS (
         SELECT s.id AS subject_id, p.* FROM s CROSS JOIN LATERAL (
           SELECT c.id, c.community_id, c.prop_type, c.area, c.floor, c.total_floors, c.rooms, c.halls, c.baths, c.face, c.int_deco,
                  c.build_year, c.bldg_type, c.total_price, c.unit_price, c.case_date, near.ha_code, near.name AS ha_name, near.distance
             FROM market_case c
             JOIN (SELECT m.id, m.ha_code, m.name, ${distance} AS distance
                     FROM community m
                    WHERE m.city_code = s.city_code AND m.lat BETWEEN s.min_lat AND s.max_lat AND m.lon BETWEEN s.min_lon AND s.max_lon
                      AND (m.id = s.id OR ${distance} <= $13)) near ON near.id = c.community_id
            WHERE c.trade_type = $9 AND c.prop_type = $10 AND c.case_date >= $11
            ORDER BY (c.community_id = s.id) DESC, near.distance NULLS LAST, c.case_date DESC, c.id DESC
            LIMIT $12) p),
       per_subject AS (
         SELECT s.id, coalesce(array_agg(p.id::text ORDER BY (p.community_id = s.id) DESC, p.distance NULLS LAST, p.case_date DESC, p.id DESC)
                  FILTER (WHERE p.id IS NOT NULL), '{}') AS case_ids,
                coalesce(array_agg(CASE WHEN p.community_id = s.id THEN 0 ELSE p.distance END
                  ORDER BY (p.community_id = s.id) DESC, p.distance NULLS LAST, p.case_date DESC, p.id DESC) FILTER (WHERE p.id IS NOT NULL), '{}') AS distances,
                array(SELECT DISTINCT x FROM unnest(array_agg(p.community_id) FILTER (WHERE p.id IS NOT NULL) || s.id) AS x) AS community_ids
           FROM s LEFT JOIN picked p ON p.subject_id = s.id
          GROUP BY s.id)
       SELECT
         (SELECT json_agg(json_build_array(id, case_ids, distances, community_ids)) FROM per_subject) AS picked,
         (SELECT json_object_agg(d.id, json_build_array(
            d.id::text, d.ha_code, d.ha_name, d.prop_type, d.area::float8, d.floor, d.total_floors, d.rooms, d.halls, d.baths, d.face,
            d.int_deco, d.build_year, d.bldg_type, d.total_price::float8, d.unit_price::float8, to_char(d.case_date, 'YYYY-MM')))
            FROM (SELECT DISTINCT ON (id) * FROM picked) d) AS cases,
         (SELECT json_object_agg(m.id, json_build_object(
            'code', m.ha_code, 'name', m.name, 'buildYear', m.build_year, 'standardUnitPrice', m.standard_unit_price::float8))
            FROM community m WHERE m.id IN (SELECT unnest(community_ids) FROM per_subject)) AS communities`,
      [
        subjects.map((s) => s.id),
        subjects.map((s) => s.cityCode),
        subjects.map((s) => s.lat),
        subjects.map((s) => s.lon),
        boxes.map((b) => b.minLat),
        boxes.map((b) => b.maxLat),
        boxes.map((b) => b.minLon),
        boxes.map((b) => b.maxLon),
        tradeType,
        propType,
        monthsBefore(on, MARKET_WINDOW_MONTHS),
        MAX_MARKET_CASES,
        NEARBY_RADIUS_M,
      ],
    );
    const indices = await indicesLoaded;
    const byId = new Map(subjects.map((s) => [s.id, s]));
    const markets = new Map<number, MarketData>();
    for (const [subjectId, caseIds, distances, communityIds] of picked ?? []) {
      const subject = byId.get(subjectId)!;
      const infos = new Map<string, CommunityInfo>();
      for (const id of communityIds) {
        const info = communities?.[id];
        if (info) infos.set(info.code, info);
      }
      markets.set(
        subjectId,
        this.market(
          subject,
          caseIds.map((id, i) => sharedCase(cases![id], distances[i])),
          infos,
          indices.get(subject.id)!,
          on,
        ),
      );
    }
    return markets;
  }

  /** The market data of a subject from its cases, the communities they are in and its indices. */
  private market(
    subject: SubjectCommunity,
    cases: MarketCase[],
    communities: Map<string, CommunityInfo>,
    indices: Indices,
    on: Date,
  ): MarketData {
    if (!communities.has(subject.haCode))
      communities.set(subject.haCode, { code: subject.haCode, name: subject.name, buildYear: subject.buildYear });
    const previous = shiftMonth(monthKey(on), -1);
    return {
      cases,
      communities: [...communities.values()],
      indices,
      regionalAverage: {
        district: indices.district?.[previous] ?? latest(indices.district),
        city: indices.city?.[previous] ?? latest(indices.city),
        month: previous,
      },
    };
  }

  private async loadMarket(subject: SubjectCommunity, tradeType: TradeType, propType: number, on: Date): Promise<MarketData> {
    const since = monthsBefore(on, MARKET_WINDOW_MONTHS);
    const hasPoint = subject.lat !== null && subject.lon !== null;
    const params: unknown[] = [subject.cityCode, tradeType, propType, since, subject.id, MAX_MARKET_CASES];
    let neighbourhood: string;
    if (hasPoint) {
      const box = boundingBox({ lat: subject.lat!, lon: subject.lon! }, NEARBY_RADIUS_M);
      params.push(subject.lat, subject.lon, box.minLat, box.maxLat, box.minLon, box.maxLon, NEARBY_RADIUS_M);
      const distance = haversineSql('$7', '$8', 'm.lat', 'm.lon');
      neighbourhood = `SELECT m.id, m.ha_code, m.name, m.build_year, m.standard_unit_price, ${distance} AS distance
          FROM community m
         WHERE m.city_code = $1 AND m.lat BETWEEN $9 AND $10 AND m.lon BETWEEN $11 AND $12 AND (m.id = $5 OR ${distance} <= $13)`;
    } else {
      params.push(subject.areaName ?? '', subject.distCode ?? '');
      neighbourhood = `SELECT m.id, m.ha_code, m.name, m.build_year, m.standard_unit_price, NULL::float AS distance
          FROM community m
         WHERE m.city_code = $1 AND (m.id = $5 OR ($7 <> '' AND m.area_name = $7) OR ($7 = '' AND $8 <> '' AND m.dist_code = $8))`;
    }
    // One JSON row instead of hundreds of typed rows: PostgreSQL builds it, Node parses it natively.
    const indicesLoaded = this.indices(subject, tradeType, propType, monthsBefore(on, INDEX_MONTHS));
    const [{ cases, communities: infos }] = await preparedQuery<{ cases: CaseRow[]; communities: CommunityInfo[] }>(
      this.ds,
      hasPoint ? 'market-cases-near-point' : 'market-cases-same-area',
      `WITH near AS (${neighbourhood}),
       picked AS (
         SELECT c.*, near.ha_code, near.name AS ha_name, near.distance
           FROM market_case c JOIN near ON near.id = c.community_id
          WHERE c.trade_type = $2 AND c.prop_type = $3 AND c.case_date >= $4
          ORDER BY (c.community_id = $5) DESC, near.distance NULLS LAST, c.case_date DESC, c.id DESC
          LIMIT $6)
       SELECT
         coalesce((SELECT json_agg(json_build_array(
           p.id::text, p.ha_code, p.ha_name, CASE WHEN p.community_id = $5 THEN 0 ELSE p.distance END, p.prop_type,
           p.area::float8, p.floor, p.total_floors, p.rooms, p.halls, p.baths, p.face, p.int_deco, p.build_year, p.bldg_type,
           p.total_price::float8, p.unit_price::float8, to_char(p.case_date, 'YYYY-MM'))
           ORDER BY (p.community_id = $5) DESC, p.distance NULLS LAST, p.case_date DESC, p.id DESC) FROM picked p), '[]') AS cases,
         coalesce((SELECT json_agg(json_build_object(
           'code', near.ha_code, 'name', near.name, 'buildYear', near.build_year,
           'standardUnitPrice', near.standard_unit_price::float8))
           FROM near WHERE near.id IN (SELECT community_id FROM picked) OR near.id = $5), '[]') AS communities`,
      params,
    );

    const communities = new Map<string, CommunityInfo>(infos.map((c) => [c.code, c]));
    return this.market(subject, cases.map(marketCase), communities, await indicesLoaded, on);
  }

  private async indices(subject: SubjectCommunity, tradeType: TradeType, propType: number, since: string) {
    const rows = await preparedQuery<{ scope: 'community' | 'district' | 'city'; month: string; price: string }>(
      this.ds,
      'market-indices',
      `SELECT scope, to_char(month, 'YYYY-MM') AS month, avg_unit_price AS price FROM price_index
        WHERE trade_type = $1 AND prop_type = $2 AND month >= $3
          AND ((scope = 'community' AND scope_code = $4) OR (scope = 'district' AND scope_code = $5) OR (scope = 'city' AND scope_code = $6))`,
      [tradeType, propType, since, subject.haCode, subject.distCode ?? '', subject.cityCode],
    );
    const series = { community: {} as Record<string, number>, district: {} as Record<string, number>, city: {} as Record<string, number> };
    for (const r of rows) series[r.scope][r.month] = Number(r.price);
    return { community: orNull(series.community), district: orNull(series.district), city: orNull(series.city) };
  }

  /** The indices of many subjects in one query, keyed by community id: what `indices` reads for each. */
  private async indicesOf(
    subjects: readonly SubjectCommunity[],
    tradeType: TradeType,
    propType: number,
    since: string,
  ): Promise<Map<number, Indices>> {
    const rows = await preparedQuery<{ scope: 'community' | 'district' | 'city'; code: string; month: string; price: string }>(
      this.ds,
      'market-indices-of-many',
      `SELECT scope, scope_code AS code, to_char(month, 'YYYY-MM') AS month, avg_unit_price AS price FROM price_index
        WHERE trade_type = $1 AND prop_type = $2 AND month >= $3
          AND ((scope = 'community' AND scope_code = ANY($4::varchar[])) OR (scope = 'district' AND scope_code = ANY($5::varchar[]))
               OR (scope = 'city' AND scope_code = ANY($6::varchar[])))`,
      [
        tradeType,
        propType,
        since,
        [...new Set(subjects.map((s) => s.haCode))],
        [...new Set(subjects.map((s) => s.distCode ?? ''))],
        [...new Set(subjects.map((s) => s.cityCode))],
      ],
    );
    const series = { community: new Map<string, Record<string, number>>(), district: new Map(), city: new Map() };
    for (const r of rows) {
      const scope = series[r.scope];
      let months = scope.get(r.code);
      if (!months) scope.set(r.code, (months = {}));
      months[r.month] = Number(r.price);
    }
    // Each subject gets series objects of its own, as when loaded alone.
    const own = (s: Record<string, number> | undefined) => orNull({ ...s });
    return new Map(
      subjects.map((s) => [
        s.id,
        {
          community: own(series.community.get(s.haCode)),
          district: own(series.district.get(s.distCode ?? '')),
          city: own(series.city.get(s.cityCode)),
        },
      ]),
    );
  }
}

const orNull = (s: Record<string, number>): MonthlySeries | null => (Object.keys(s).length ? s : null);

function latest(series: MonthlySeries | null | undefined): number | null {
  if (!series) return null;
  const months = Object.keys(series).sort();
  return months.length ? series[months[months.length - 1]] : null;
}
