import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { CommunityInfo, MarketCase, MarketData, MonthlySeries, TradeType } from '@valuation/valuation';
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
export const MAX_MARKET_CASES = 600;
const INDEX_MONTHS = 36;

const COMMUNITY_COLUMNS = `id, ha_code AS "haCode", name, city_code AS "cityCode", dist_code AS "distCode", area_name AS "areaName",
  address, lat, lon, build_year AS "buildYear"`;

interface CaseRow {
  id: string;
  community_id: number;
  ha_code: string;
  ha_name: string;
  distance: number | null;
  area: string;
  floor: number | null;
  total_floors: number | null;
  rooms: number | null;
  halls: number | null;
  baths: number | null;
  face: string | null;
  int_deco: string | null;
  build_year: number | null;
  bldg_type: string | null;
  total_price: string;
  unit_price: string;
  month: string;
  prop_type: number;
}

function monthsBefore(date: Date, months: number): string {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - months, 1));
  return d.toISOString().slice(0, 10);
}

/** Reads from PostgreSQL the market data the engine needs for one valuation. */
@Injectable()
export class MarketLoader {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async communityByCode(cityCode: string, haCode: string): Promise<SubjectCommunity | null> {
    const rows: SubjectCommunity[] = await this.ds.query(
      `SELECT ${COMMUNITY_COLUMNS} FROM community WHERE ha_code = $1 AND city_code = $2`,
      [haCode, cityCode],
    );
    return rows[0] ?? null;
  }

  /** The nearest community within `radiusM` of a WGS84 point. */
  async communityNear(cityCode: string, lat: number, lon: number, radiusM = 300): Promise<SubjectCommunity | null> {
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
        ORDER BY greatest(similarity(name, $2), similarity(address, $2), CASE WHEN $2 LIKE '%' || name || '%' THEN 1 ELSE 0 END) DESC
        LIMIT 1`,
      [cityCode, address],
    );
    return rows[0] ?? null;
  }

  /**
   * Cases of the same trade and property type from the last MARKET_WINDOW_MONTHS: the subject's
   * community first, then communities within NEARBY_RADIUS_M (or, without coordinates, of the
   * same business area), nearest first.
   */
  async load(subject: SubjectCommunity, tradeType: TradeType, propType: number, on: Date): Promise<MarketData> {
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
    const rows: (CaseRow & { community_build_year: number | null; standard_unit_price: string | null })[] = await this.ds.query(
      `WITH near AS (${neighbourhood})
       SELECT c.id, c.community_id, near.ha_code, near.name AS ha_name, near.distance, c.area, c.floor, c.total_floors,
              c.rooms, c.halls, c.baths, c.face, c.int_deco, c.build_year, c.bldg_type, c.total_price, c.unit_price,
              to_char(c.case_date, 'YYYY-MM') AS month, c.prop_type,
              near.build_year AS community_build_year, near.standard_unit_price
         FROM market_case c JOIN near ON near.id = c.community_id
        WHERE c.trade_type = $2 AND c.prop_type = $3 AND c.case_date >= $4
        ORDER BY (c.community_id = $5) DESC, near.distance NULLS LAST, c.case_date DESC
        LIMIT $6`,
      params,
    );

    const communities = new Map<string, CommunityInfo>();
    const cases: MarketCase[] = rows.map((r) => {
      if (!communities.has(r.ha_code)) {
        communities.set(r.ha_code, {
          code: r.ha_code,
          name: r.ha_name,
          buildYear: r.community_build_year,
          standardUnitPrice: r.standard_unit_price === null ? null : Number(r.standard_unit_price),
        });
      }
      return {
        id: String(r.id),
        communityCode: r.ha_code,
        communityName: r.ha_name,
        distance: r.community_id === subject.id ? 0 : r.distance,
        propType: r.prop_type,
        area: Number(r.area),
        floor: r.floor,
        totalFloors: r.total_floors,
        rooms: r.rooms,
        halls: r.halls,
        baths: r.baths,
        face: r.face,
        decoration: r.int_deco,
        buildYear: r.build_year,
        buildingType: r.bldg_type,
        totalPrice: Number(r.total_price),
        unitPrice: Number(r.unit_price),
        month: r.month,
      };
    });
    if (!communities.has(subject.haCode)) communities.set(subject.haCode, { code: subject.haCode, name: subject.name, buildYear: subject.buildYear });

    const indices = await this.indices(subject, tradeType, propType, monthsBefore(on, INDEX_MONTHS));
    const previous = monthsBefore(on, 1).slice(0, 7);
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

  private async indices(subject: SubjectCommunity, tradeType: TradeType, propType: number, since: string) {
    const rows: { scope: 'community' | 'district' | 'city'; month: string; price: string }[] = await this.ds.query(
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
