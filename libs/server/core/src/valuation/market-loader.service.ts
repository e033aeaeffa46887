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
 * Market data changes only when cases are imported or indices rebuilt, so a community's market
 * is kept in memory for a minute: popular communities and batches value many units of one
 * community in a row.
 */
export const MARKET_CACHE_TTL_MS = 60_000;
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

function marketCase(row: CaseRow): MarketCase {
  const [id, communityCode, communityName, distance, propType, area, floor, totalFloors, rooms, halls, baths, ...rest] = row;
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

/** The first day (yyyy-MM-dd) of the month `months` months before the business month of `date`. */
function monthsBefore(date: Date, months: number): string {
  return `${shiftMonth(monthKey(date), -months)}-01`;
}

/** Reads from PostgreSQL the market data the engine needs for one valuation. */
@Injectable()
export class MarketLoader {
  private readonly markets = new TtlCache<MarketData>(MARKET_CACHE_TTL_MS, MARKET_CACHE_ENTRIES);
  private readonly communities = new TtlCache<SubjectCommunity | null>(MARKET_CACHE_TTL_MS, 10 * MARKET_CACHE_ENTRIES);

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  communityByCode(cityCode: string, haCode: string): Promise<SubjectCommunity | null> {
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
   * same business area), nearest first.
   */
  load(subject: SubjectCommunity, tradeType: TradeType, propType: number, on: Date): Promise<MarketData> {
    const key = [subject.id, tradeType, propType, monthKey(on)].join('|');
    return this.markets.get(key, () => this.loadMarket(subject, tradeType, propType, on));
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
          ORDER BY (c.community_id = $5) DESC, near.distance NULLS LAST, c.case_date DESC
          LIMIT $6)
       SELECT
         coalesce((SELECT json_agg(json_build_array(
           p.id::text, p.ha_code, p.ha_name, CASE WHEN p.community_id = $5 THEN 0 ELSE p.distance END, p.prop_type,
           p.area::float8, p.floor, p.total_floors, p.rooms, p.halls, p.baths, p.face, p.int_deco, p.build_year, p.bldg_type,
           p.total_price::float8, p.unit_price::float8, to_char(p.case_date, 'YYYY-MM'))
           ORDER BY (p.community_id = $5) DESC, p.distance NULLS LAST, p.case_date DESC) FROM picked p), '[]') AS cases,
         coalesce((SELECT json_agg(json_build_object(
           'code', near.ha_code, 'name', near.name, 'buildYear', near.build_year,
           'standardUnitPrice', near.standard_unit_price::float8))
           FROM near WHERE near.id IN (SELECT community_id FROM picked) OR near.id = $5), '[]') AS communities`,
      params,
    );

    const communities = new Map<string, CommunityInfo>(infos.map((c) => [c.code, c]));
    if (!communities.has(subject.haCode))
      communities.set(subject.haCode, { code: subject.haCode, name: subject.name, buildYear: subject.buildYear });

    const indices = await indicesLoaded;
    const previous = shiftMonth(monthKey(on), -1);
    return {
      cases: cases.map(marketCase),
      communities: [...communities.values()],
      indices,
      regionalAverage: {
        district: indices.district?.[previous] ?? latest(indices.district),
        city: indices.city?.[previous] ?? latest(indices.city),
        month: previous,
      },
    };
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
    const orNull = (s: Record<string, number>): MonthlySeries | null => (Object.keys(s).length ? s : null);
    return { community: orNull(series.community), district: orNull(series.district), city: orNull(series.city) };
  }
}

function latest(series: MonthlySeries | null | undefined): number | null {
  if (!series) return null;
  const months = Object.keys(series).sort();
  return months.length ? series[months[months.length - 1]] : null;
}
