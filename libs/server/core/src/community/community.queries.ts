import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { CommunityEntity, containsPattern, prefixPattern, type PoiCategory } from '@valuation/persistence';
import { boundingBox, haversineSql, type GeoPoint } from '../geo';

/** A community found by name or address. */
export interface CommunityMatchRow {
  ha_code: string;
  name: string;
  dist_code: string | null;
  address: string;
  street_name: string | null;
  street_no: string | null;
  lat: number | null;
  lon: number | null;
}

/** A community near a point, with its distance and newest sale and lease index prices. */
export interface NearCommunityRow {
  id: number;
  ha_code: string;
  name: string;
  dist_code: string | null;
  address: string;
  street_name: string | null;
  street_no: string | null;
  lat: number;
  lon: number;
  image_key: string | null;
  prop_types: string;
  bldg_type: string | null;
  distance: number;
  price: number | null;
  lease_price: number | null;
}

/** A point of interest near a point. */
export interface NearPoiRow {
  category: PoiCategory;
  name: string;
  lat: number;
  lon: number;
  routes: string[];
  distance: number;
}

/** Residential: the index prices shown when a caller names no property type. */
const DEFAULT_PROP_TYPE = 11;

/** Reads of communities and points of interest (market data, shared by all tenants). */
@Injectable()
export class CommunityQueries {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  byCode(cityCode: string, haCode: string): Promise<CommunityEntity | null> {
    return this.ds.getRepository(CommunityEntity).findOneBy({ haCode, cityCode });
  }

  /** A community by its code in any city (codes are unique across cities). */
  byHaCode(haCode: string): Promise<CommunityEntity | null> {
    return this.ds.getRepository(CommunityEntity).findOneBy({ haCode });
  }

  async imageKey(haCode: string): Promise<string | null> {
    const row = await this.ds.getRepository(CommunityEntity).findOne({ select: { imageKey: true }, where: { haCode } });
    return row?.imageKey ?? null;
  }

  /**
   * Communities of a city (and of the districts, when given) whose name or address contains the
   * text, or whose name is similar to it (pg_trgm), best first: same name, name starting with the
   * text, name containing it, then by similarity.
   */
  search(cityCode: string, districts: string[] | null, text: string, limit: number): Promise<CommunityMatchRow[]> {
    return this.ds.query(
      `SELECT ha_code, name, dist_code, address, street_name, street_no, lat, lon
         FROM community
        WHERE city_code = $1
          AND ($2::text[] IS NULL OR dist_code = ANY($2::text[]))
          AND (name ILIKE $3 OR address ILIKE $3 OR name % $4)
        ORDER BY (name = $4) DESC, (name ILIKE $5) DESC, (name ILIKE $3) DESC,
                 greatest(similarity(name, $4), similarity(address, $4)) DESC, name, id
        LIMIT $6`,
      [cityCode, districts, containsPattern(text), text, prefixPattern(text), limit],
    );
  }

  /**
   * Communities of a city within `radiusM` of a WGS84 point, nearest first: a range scan of the
   * (lat, lon) index over the bounding box, the exact distance, then the newest sale and lease
   * index of the few that are kept. A null property type keeps every community.
   */
  nearest(center: GeoPoint, radiusM: number, limit: number, cityCode: string, propType: number | null): Promise<NearCommunityRow[]> {
    const box = boundingBox(center, radiusM);
    const distance = haversineSql('$1::float8', '$2::float8', 'lat', 'lon');
    const latestIndex = (trade: number) =>
      `LEFT JOIN LATERAL (
         SELECT avg_unit_price::float8 AS price FROM price_index
          WHERE scope = 'community' AND scope_code = n.ha_code AND trade_type = ${trade} AND prop_type = $10
          ORDER BY month DESC LIMIT 1
       ) t${trade} ON true`;
    return this.ds.query(
      `WITH near AS (
         SELECT id, ha_code, name, dist_code, address, street_name, street_no, lat, lon, image_key, prop_types, bldg_type,
                ${distance} AS distance
           FROM community
          WHERE lat BETWEEN $3 AND $4 AND lon BETWEEN $5 AND $6 AND city_code = $7
            AND ($11::text IS NULL OR $11::text = ANY(string_to_array(prop_types, ',')))
       ), kept AS (
         SELECT * FROM near WHERE distance <= $8 ORDER BY distance, id LIMIT $9
       )
       SELECT n.*, t1.price, t2.price AS lease_price
         FROM kept n ${latestIndex(1)} ${latestIndex(2)}
        ORDER BY n.distance, n.id`,
      [
        center.lat,
        center.lon,
        box.minLat,
        box.maxLat,
        box.minLon,
        box.maxLon,
        cityCode,
        radiusM,
        limit,
        propType ?? DEFAULT_PROP_TYPE,
        propType === null ? null : String(propType),
      ],
    );
  }

  /** Points of interest within `radiusM` of a WGS84 point: the nearest `perCategory` of each category. */
  poisAround(center: GeoPoint, radiusM: number, perCategory: number): Promise<NearPoiRow[]> {
    const box = boundingBox(center, radiusM);
    return this.ds.query(
      `WITH near AS (
         SELECT id, category, name, lat, lon, routes, ${haversineSql('$1::float8', '$2::float8', 'lat', 'lon')} AS distance
           FROM poi
          WHERE lat BETWEEN $3 AND $4 AND lon BETWEEN $5 AND $6
       ), ranked AS (
         SELECT *, row_number() OVER (PARTITION BY category ORDER BY distance, id) AS rn FROM near WHERE distance <= $7
       )
       SELECT category, name, lat, lon, routes, distance FROM ranked WHERE rn <= $8 ORDER BY category, distance, id`,
      [center.lat, center.lon, box.minLat, box.maxLat, box.minLon, box.maxLon, radiusM, perCategory],
    );
  }

  /** The city code of the community nearest to a WGS84 point within `radiusM`, or null. */
  /** The codes of the cities that have communities (where valuation has data). */
  async cityCodes(): Promise<string[]> {
    const rows: { city_code: string }[] = await this.ds.query(`SELECT city_code FROM community GROUP BY city_code ORDER BY city_code`);
    return rows.map((r) => r.city_code);
  }

  async cityNear(point: GeoPoint, radiusM: number): Promise<string | null> {
    const box = boundingBox(point, radiusM);
    const distance = haversineSql('$1', '$2', 'lat', 'lon');
    const rows: { city_code: string }[] = await this.ds.query(
      `SELECT city_code FROM community
        WHERE lat BETWEEN $3 AND $4 AND lon BETWEEN $5 AND $6 AND ${distance} <= $7
        ORDER BY ${distance} LIMIT 1`,
      [point.lat, point.lon, box.minLat, box.maxLat, box.minLon, box.maxLon, radiusM],
    );
    return rows[0]?.city_code ?? null;
  }
}
