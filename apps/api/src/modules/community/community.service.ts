import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { dictName, PROPERTY_TYPE_LABELS } from '@valuation/domain';
import { CommunityEntity, type PoiCategory, type RegionEntity } from '@valuation/persistence';
import { boundingBox, compassDirection, formatLonLat, fromWgs84, haversineSql, toWgs84, type GeoPoint } from '@valuation/core';
import type {
  AroundPoi,
  CommunityAround,
  CommunityDetail,
  CommunityFilterResult,
  GpsCommunityList,
  LocalMarket,
  NearbyCommunity,
  NearbyCommunityList,
} from '@valuation/contracts';
import { ApiError } from '../../common/api-error';
import { RegionService } from '../region/region.service';
import { CommunityMsg, type FilterQuery, type GpsQuery, type ListQuery } from './community.schemas';
import { round2 } from './market-series';
import { MarketStatsService } from './market-stats.service';

/** Suggestions of the community search box. */
export const FILTER_LIMIT = 20;
/** Radius and size of the point-to-community lookup. */
export const GPS_RADIUS_M = 300;
export const GPS_LIMIT = 10;
/** Radius and per-category size of the surroundings. */
export const AROUND_RADIUS_M = 1000;
export const AROUND_LIMIT = 20;

/** Residential: the index prices shown when a caller names no property type. */
const DEFAULT_PROP_TYPE = 11;

const num = (v: string | null) => (v === null ? null : Number(v));
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export const communityImageUrl = (c: { haCode: string; imageKey: string | null }) =>
  c.imageKey ? `/api/community/image?ha=${encodeURIComponent(c.haCode)}` : '';

interface NearRow {
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

/** Communities: search, nearby lists, detail and surroundings. Market data is shared by all tenants. */
@Injectable()
export class CommunityService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly regions: RegionService,
    private readonly stats: MarketStatsService,
  ) {}

  async city(input: string): Promise<RegionEntity> {
    const city = await this.regions.resolveCity(input);
    if (!city) throw ApiError.badRequest(CommunityMsg.cityRequired);
    return city;
  }

  /** The community with this code in the city, or 404. */
  async community(cityInput: string, haCode: string): Promise<{ city: RegionEntity; community: CommunityEntity }> {
    const city = await this.city(cityInput);
    const community = await this.ds.getRepository(CommunityEntity).findOneBy({ haCode, cityCode: city.code });
    if (!community) throw ApiError.notFound(CommunityMsg.notFound);
    return { city, community };
  }

  /**
   * Communities whose name or address contains the input, or whose name is similar to it
   * (pg_trgm), best first: same name, name starting with the input, name containing it, then by
   * similarity. No match answers 402 as the search box expects.
   */
  async filter(q: FilterQuery): Promise<CommunityFilterResult> {
    const city = await this.city(q.city);
    const districts = q.dist ? await this.regions.resolveDistricts(city.code, q.dist) : null;
    if (districts && districts.length === 0) throw new ApiError(HttpStatus.PAYMENT_REQUIRED, CommunityMsg.noMatch);
    const like = escapeLike(q.name);
    const rows: {
      ha_code: string;
      name: string;
      dist_code: string | null;
      address: string;
      street_name: string | null;
      street_no: string | null;
      lat: number | null;
      lon: number | null;
    }[] = await this.ds.query(
      `SELECT ha_code, name, dist_code, address, street_name, street_no, lat, lon
           FROM community
          WHERE city_code = $1
            AND ($2::text[] IS NULL OR dist_code = ANY($2::text[]))
            AND (name ILIKE $3 OR address ILIKE $3 OR name % $4)
          ORDER BY (name = $4) DESC, (name ILIKE $5) DESC, (name ILIKE $3) DESC,
                   greatest(similarity(name, $4), similarity(address, $4)) DESC, name, id
          LIMIT $6`,
      [city.code, districts, `%${like}%`, q.name, `${like}%`, FILTER_LIMIT],
    );
    if (rows.length === 0) throw new ApiError(HttpStatus.PAYMENT_REQUIRED, CommunityMsg.noMatch);
    const names = await this.regions.names(rows.map((r) => r.dist_code));
    const position = rows.map((r) => {
      const p = r.lat !== null && r.lon !== null ? fromWgs84({ lon: r.lon, lat: r.lat }, q.coordtype) : null;
      return {
        haCode: r.ha_code,
        haName: r.name,
        cityName: city.name,
        distName: (r.dist_code && names.get(r.dist_code)) || '',
        mainStreet: r.address || `${r.street_name ?? ''}${r.street_no ?? ''}`,
        lat: p?.lat ?? null,
        lon: p?.lon ?? null,
      };
    });
    const best = position[0];
    return { position, location: best.lat !== null && best.lon !== null ? formatLonLat({ lon: best.lon, lat: best.lat }) : null };
  }

  /**
   * Communities within `radiusM` of a WGS84 point, nearest first: a range scan of the (lat, lon)
   * index over the bounding box, the exact distance, then the newest sale and lease index of the
   * few that are kept. A null property type keeps every community.
   */
  private async nearest(center: GeoPoint, radiusM: number, limit: number, cityCode: string, propType: number | null): Promise<NearRow[]> {
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

  async list(q: ListQuery): Promise<NearbyCommunityList> {
    const city = await this.city(q.city);
    const center = toWgs84({ lon: q.lon, lat: q.lat }, q.coordtype);
    const rows = await this.nearest(center, q.distance, q.limit, city.code, q.propType);
    const names = await this.regions.names(rows.map((r) => r.dist_code));
    const items = rows.map((r): NearbyCommunity => ({
      haCode: r.ha_code,
      haName: r.name,
      location: formatLonLat(fromWgs84({ lon: r.lon, lat: r.lat }, q.coordtype)),
      price: r.price === null ? null : round2(r.price),
      leasePrice: r.lease_price === null ? null : round2(r.lease_price),
      imageUrl: communityImageUrl({ haCode: r.ha_code, imageKey: r.image_key }),
      distName: (r.dist_code && names.get(r.dist_code)) || '',
      address: r.address,
      distance: Math.round(r.distance),
      direction: compassDirection(center, { lon: r.lon, lat: r.lat }),
      haPropType: r.prop_types,
      bldgtype: dictName('bldgType', r.bldg_type),
    }));
    return { items };
  }

  async gpsToCommunity(q: GpsQuery): Promise<GpsCommunityList> {
    const city = await this.city(q.city);
    const rows = await this.nearest(toWgs84({ lon: q.lon, lat: q.lat }, q.coordtype), GPS_RADIUS_M, GPS_LIMIT, city.code, null);
    const names = await this.regions.names(rows.map((r) => r.dist_code));
    return {
      items: rows.map((r) => ({
        haCode: r.ha_code,
        haName: r.name,
        distName: (r.dist_code && names.get(r.dist_code)) || '',
        streetName: r.street_name ?? '',
        streetNo: r.street_no ?? '',
      })),
    };
  }

  async detail(cityInput: string, haCode: string, propType: number): Promise<CommunityDetail> {
    const { city, community: c } = await this.community(cityInput, haCode);
    const [{ sale, lease }, names] = await Promise.all([
      this.stats.latestPrices('community', c.haCode, propType),
      this.regions.names([c.distCode]),
    ]);
    const propTypes = c.propTypes
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    return {
      haCode: c.haCode,
      haName: c.name,
      cityName: city.name,
      address: c.address,
      bdlocation: c.lat !== null && c.lon !== null ? formatLonLat(fromWgs84({ lon: c.lon, lat: c.lat }, 'bd09ll')) : null,
      imageUrl: communityImageUrl(c),
      price: sale.price,
      priceRise: sale.rise,
      leasePrice: lease.price,
      leasePriceRise: lease.rise,
      priceMonth: sale.month,
      buildyear: c.buildYear,
      haClName: propTypes
        .map((t) => PROPERTY_TYPE_LABELS[Number(t)])
        .filter(Boolean)
        .join('、'),
      protoType: propTypes.join(','),
      bldgType: dictName('bldgType', c.bldgType),
      carItem: (c.parking ?? []).map((p) => ({ type: p.type, qnt: p.qnt })),
      constArea: num(c.constArea),
      groundArea: num(c.groundArea),
      greeningRate: num(c.greeningRate),
      volumeRate: num(c.volumeRate),
      landuse: c.landuse ?? '',
      devCoName: c.developer ?? '',
      cos: { coAddr: c.address },
      wyCoName: c.propertyManager ?? '',
      households: c.households,
      distName: (c.distCode && names.get(c.distCode)) || '',
      streetName: c.streetName ?? '',
      streetNo: c.streetNo ?? '',
    };
  }

  /** Transport, education and medical points within 1 km of the community, nearest first. */
  async around(cityInput: string, haCode: string): Promise<CommunityAround> {
    const { community: c } = await this.community(cityInput, haCode);
    const out: CommunityAround = { transport: [], education: [], medical: [] };
    if (c.lat === null || c.lon === null) return out;
    const center = { lon: c.lon, lat: c.lat };
    const box = boundingBox(center, AROUND_RADIUS_M);
    const rows: { category: PoiCategory; name: string; lat: number; lon: number; routes: string[]; distance: number }[] =
      await this.ds.query(
        `WITH near AS (
         SELECT id, category, name, lat, lon, routes, ${haversineSql('$1::float8', '$2::float8', 'lat', 'lon')} AS distance
           FROM poi
          WHERE lat BETWEEN $3 AND $4 AND lon BETWEEN $5 AND $6
       ), ranked AS (
         SELECT *, row_number() OVER (PARTITION BY category ORDER BY distance, id) AS rn FROM near WHERE distance <= $7
       )
       SELECT category, name, lat, lon, routes, distance FROM ranked WHERE rn <= $8 ORDER BY category, distance, id`,
        [center.lat, center.lon, box.minLat, box.maxLat, box.minLon, box.maxLon, AROUND_RADIUS_M, AROUND_LIMIT],
      );
    for (const r of rows) {
      const poi: AroundPoi = {
        name: r.name,
        direction: compassDirection(center, { lon: r.lon, lat: r.lat }),
        distance: Math.round(r.distance),
      };
      if (r.category === 'transport') out.transport.push({ ...poi, routes: r.routes.map((routeName) => ({ routeName })) });
      else if (r.category === 'education') out.education.push(poi);
      else if (r.category === 'medical') out.medical.push(poi);
    }
    return out;
  }

  /** The city's newest monthly averages (the reference price when no valuation is possible). */
  async localMarket(cityInput: string, propType: number): Promise<LocalMarket> {
    const city = await this.city(cityInput);
    const { sale, lease } = await this.stats.latestPrices('city', city.code, propType);
    return { result: { price: sale.price, priceRise: sale.rise, leasePrice: lease.price, leasePriceRise: lease.rise, month: sale.month } };
  }

  async imageKey(haCode: string): Promise<string | null> {
    const row = await this.ds.getRepository(CommunityEntity).findOne({ select: { imageKey: true }, where: { haCode } });
    return row?.imageKey ?? null;
  }
}
