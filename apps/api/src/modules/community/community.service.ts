import { HttpStatus, Injectable } from '@nestjs/common';
import { dictName, POINT_COMMUNITY_RADIUS_M, PROPERTY_TYPE_LABELS } from '@valuation/domain';
import type { CommunityEntity, RegionEntity } from '@valuation/persistence';
import { CommunityQueries, compassDirection, formatLonLat, fromWgs84, toWgs84 } from '@valuation/core';
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
export const GPS_LIMIT = 10;
/** Radius and per-category size of the surroundings. */
export const AROUND_RADIUS_M = 1000;
export const AROUND_LIMIT = 20;

const num = (v: string | null) => (v === null ? null : Number(v));

export const communityImageUrl = (c: { haCode: string; imageKey: string | null }) =>
  c.imageKey ? `/api/community/image?ha=${encodeURIComponent(c.haCode)}` : '';

/** Communities: search, nearby lists, detail and surroundings. Market data is shared by all tenants. */
@Injectable()
export class CommunityService {
  constructor(
    private readonly communities: CommunityQueries,
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
    const community = await this.communities.byCode(city.code, haCode);
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
    const rows = await this.communities.search(city.code, districts, q.name, FILTER_LIMIT);
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

  async list(q: ListQuery): Promise<NearbyCommunityList> {
    const city = await this.city(q.city);
    const center = toWgs84({ lon: q.lon, lat: q.lat }, q.coordtype);
    const rows = await this.communities.nearest(center, q.distance, q.limit, city.code, q.propType);
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
    const rows = await this.communities.nearest(
      toWgs84({ lon: q.lon, lat: q.lat }, q.coordtype),
      POINT_COMMUNITY_RADIUS_M,
      GPS_LIMIT,
      city.code,
      null,
    );
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
    const rows = await this.communities.poisAround(center, AROUND_RADIUS_M, AROUND_LIMIT);
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

  imageKey(haCode: string): Promise<string | null> {
    return this.communities.imageKey(haCode);
  }
}
