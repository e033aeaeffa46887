import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { escapeLike, prefixPattern } from '@valuation/persistence';

/** A region of a city's neighbourhood in the GB/T 2260 table: its province, itself, its districts. */
export interface GeocodeRegionRow {
  code: string;
  name: string;
  short_name: string;
  level: number;
  parent_code: string | null;
}

/** A community found by name or address. WGS84. */
export interface GeocodeCommunityRow {
  name: string;
  address: string;
  dist_code: string | null;
  lat: number;
  lon: number;
}

/** A community on a road, with its house number as stored. WGS84. */
export interface StreetPlaceRow {
  street_no: string | null;
  dist_code: string | null;
  lat: number;
  lon: number;
}

/** The centre of a group of communities (a business area, a district) and its commonest district. WGS84. */
export interface CentreRow {
  name: string;
  dist_code: string | null;
  lat: number;
  lon: number;
}

/** A point of interest found by name. WGS84. */
export interface GeocodePoiRow {
  name: string;
  lat: number;
  lon: number;
}

/** A LIKE pattern matching values that end with the text. */
const suffixPattern = (text: string) => `%${escapeLike(text)}`;

/** Communities without coordinates cannot place an address; every read leaves them out. */
const LOCATED = 'lat IS NOT NULL AND lon IS NOT NULL';

/**
 * The reads of the address geocoder, each within one city and each on an index: names, roads and
 * business areas by equality on (city_code, column) b-trees, addresses and fuzzy names through the
 * pg_trgm GIN indexes.
 */
@Injectable()
export class GeocodeQueries {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The city, its province and its districts. */
  regionsAround(cityCode: string): Promise<GeocodeRegionRow[]> {
    return this.ds.query(
      `SELECT code, name, short_name, level, parent_code FROM region
        WHERE code = $1 OR parent_code = $1 OR code = (SELECT parent_code FROM region WHERE code = $1)`,
      [cityCode],
    );
  }

  /** The community named exactly one of the names, the earliest name first. */
  async communityNamed(cityCode: string, names: string[]): Promise<GeocodeCommunityRow | null> {
    const rows: GeocodeCommunityRow[] = await this.ds.query(
      `SELECT name, address, dist_code, lat, lon FROM community
        WHERE city_code = $1 AND name = ANY($2::text[]) AND ${LOCATED}
        ORDER BY array_position($2::text[], name::text), id LIMIT 1`,
      [cityCode, names],
    );
    return rows[0] ?? null;
  }

  /** A community whose address ends with one of the texts (in the district, when one is named), the earliest text first. */
  async communityAddressEndingWith(cityCode: string, distCode: string | null, endings: string[]): Promise<GeocodeCommunityRow | null> {
    const patterns = endings.map(suffixPattern);
    const rows: GeocodeCommunityRow[] = await this.ds.query(
      `SELECT name, address, dist_code, lat, lon FROM community
        WHERE city_code = $1 AND address LIKE ANY($2::text[]) AND ($3::text IS NULL OR dist_code = $3) AND ${LOCATED}
        ORDER BY (SELECT min(i) FROM unnest($2::text[]) WITH ORDINALITY AS p(pattern, i) WHERE address LIKE p.pattern), id
        LIMIT 1`,
      [cityCode, patterns, distCode],
    );
    return rows[0] ?? null;
  }

  /** The community whose name is most similar to the text (pg_trgm), at least `minSimilarity`. */
  async communitySimilarTo(cityCode: string, text: string, minSimilarity: number): Promise<GeocodeCommunityRow | null> {
    const rows: GeocodeCommunityRow[] = await this.ds.query(
      `SELECT name, address, dist_code, lat, lon FROM community
        WHERE city_code = $1 AND name % $2 AND similarity(name, $2) >= $3 AND ${LOCATED}
        ORDER BY similarity(name, $2) DESC, id LIMIT 1`,
      [cityCode, text, minSimilarity],
    );
    return rows[0] ?? null;
  }

  /** Which of the road names the city's communities are on. */
  async streetsNamed(cityCode: string, names: string[]): Promise<string[]> {
    const rows: { street_name: string }[] = await this.ds.query(
      `SELECT DISTINCT street_name FROM community WHERE city_code = $1 AND street_name = ANY($2::text[])`,
      [cityCode, names],
    );
    return rows.map((r) => r.street_name);
  }

  /** The road name of the city most similar to the text (pg_trgm), at least `minSimilarity`. */
  async streetSimilarTo(cityCode: string, text: string, minSimilarity: number): Promise<string | null> {
    const rows: { street_name: string }[] = await this.ds.query(
      `SELECT street_name FROM community
        WHERE city_code = $1 AND street_name % $2 AND similarity(street_name, $2) >= $3
        GROUP BY street_name ORDER BY max(similarity(street_name, $2)) DESC, street_name LIMIT 1`,
      [cityCode, text, minSimilarity],
    );
    return rows[0]?.street_name ?? null;
  }

  /** The located communities on a road, with their house numbers. */
  streetPlaces(cityCode: string, street: string, limit: number): Promise<StreetPlaceRow[]> {
    return this.ds.query(
      `SELECT street_no, dist_code, lat, lon FROM community
        WHERE city_code = $1 AND street_name = $2 AND ${LOCATED}
        ORDER BY id LIMIT $3`,
      [cityCode, street, limit],
    );
  }

  /** The point of interest named exactly one of the names, the earliest name first. */
  async poiNamed(cityCode: string, names: string[]): Promise<GeocodePoiRow | null> {
    const rows: GeocodePoiRow[] = await this.ds.query(
      `SELECT name, lat, lon FROM poi WHERE city_code = $1 AND name = ANY($2::text[])
        ORDER BY array_position($2::text[], name::text), id LIMIT 1`,
      [cityCode, names],
    );
    return rows[0] ?? null;
  }

  /**
   * The point of interest whose name starts with the text, else the one most similar to it
   * (pg_trgm, at least `minSimilarity`); shorter names first among those starting with it.
   */
  async poiLike(cityCode: string, text: string, minSimilarity: number): Promise<GeocodePoiRow | null> {
    const rows: GeocodePoiRow[] = await this.ds.query(
      `SELECT name, lat, lon FROM poi
        WHERE city_code = $1 AND (name LIKE $2 OR (name % $3 AND similarity(name, $3) >= $4))
        ORDER BY (name LIKE $2) DESC, similarity(name, $3) DESC, length(name), id LIMIT 1`,
      [cityCode, prefixPattern(text), text, minSimilarity],
    );
    return rows[0] ?? null;
  }

  /** The centre of the communities of the business area named by the first of the names that has any. */
  async areaCentre(cityCode: string, names: string[]): Promise<CentreRow | null> {
    const rows: CentreRow[] = await this.ds.query(
      `SELECT area_name AS name, mode() WITHIN GROUP (ORDER BY dist_code) AS dist_code, avg(lat) AS lat, avg(lon) AS lon
         FROM community
        WHERE city_code = $1 AND area_name = ANY($2::text[]) AND ${LOCATED}
        GROUP BY area_name
        ORDER BY array_position($2::text[], area_name::text) LIMIT 1`,
      [cityCode, names],
    );
    return rows[0] ?? null;
  }

  /** The centre of the located communities of a district. */
  async districtCentre(cityCode: string, distCode: string): Promise<{ lat: number; lon: number } | null> {
    const rows: { lat: number | null; lon: number | null }[] = await this.ds.query(
      `SELECT avg(lat) AS lat, avg(lon) AS lon FROM community WHERE city_code = $1 AND dist_code = $2 AND ${LOCATED}`,
      [cityCode, distCode],
    );
    const row = rows[0];
    return row && row.lat !== null && row.lon !== null ? { lat: row.lat, lon: row.lon } : null;
  }
}
