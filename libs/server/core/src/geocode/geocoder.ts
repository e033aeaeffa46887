import { Injectable } from '@nestjs/common';
import {
  areaLabel,
  nearHouseNumberLabel,
  parseAddress,
  streetCandidates,
  type AddressPlaces,
  type GeocodeLevel,
  type ParsedAddress,
} from '@valuation/domain';
import { houseNumberOf, locateHouseNumber, type NumberedPoint } from '../geo/house-number';
import { GeocodeQueries, type GeocodeCommunityRow } from './geocode.queries';

/** Where an address was placed. WGS84. */
export interface GeocodeMatch {
  lat: number;
  lon: number;
  level: GeocodeLevel;
  /** What was matched, in words: a community, 紫竹院路（门牌191号附近）, 中关村（商圈）, 海淀区. */
  label: string;
  /** The address of the place found, as the platform writes addresses (海淀区紫竹院路191号). */
  address: string;
}

/** Similarity (pg_trgm) a community or point-of-interest name needs to stand for the text. */
export const NAME_SIMILARITY = 0.45;
/** Similarity a road name needs to stand for the road of the text. */
export const STREET_SIMILARITY = 0.4;
/** Numbered places read per road. */
const STREET_PLACES_LIMIT = 2000;

interface CityPlaces extends AddressPlaces {
  cityName: string;
  districtNames: Map<string, string>;
}

const unique = (values: string[]) => [...new Set(values.filter((v) => v.length >= 2))];

const centreOf = (rows: readonly { lat: number; lon: number }[]) => ({
  lat: rows.reduce((s, r) => s + r.lat, 0) / rows.length,
  lon: rows.reduce((s, r) => s + r.lon, 0) / rows.length,
});

/** The value met most often (the first of equals). */
function commonest<T>(values: readonly T[]): T | null {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: T | null = null;
  for (const [v, n] of counts) if (best === null || n > counts.get(best)!) best = v;
  return best;
}

/**
 * Places a typed address in one city from the platform's own market data, with no outside
 * service. Tried in order, the first that answers wins: a community of that name or address; the
 * road and house number (the community with that number, else between the nearest numbers); the
 * road alone (the centre of its communities); a point of interest of that name; a business area of
 * that name; the same for names that are only similar or start with the text; the district the
 * address names (the centre of its communities).
 */
@Injectable()
export class Geocoder {
  /** Regions are reference data written only by migrations: read once per city and process. */
  private readonly cities = new Map<string, Promise<CityPlaces | null>>();

  constructor(private readonly queries: GeocodeQueries) {}

  async geocode(cityCode: string, input: string): Promise<GeocodeMatch | null> {
    const places = await this.places(cityCode);
    if (!places) return null;
    const parsed = parseAddress(input, places);
    return (
      (await this.byCommunity(cityCode, parsed)) ??
      (await this.byStreet(cityCode, parsed, places)) ??
      (await this.byExactPlace(cityCode, parsed, places)) ??
      (await this.bySimilarPlace(cityCode, parsed, places)) ??
      (await this.byDistrict(cityCode, parsed, places))
    );
  }

  private places(cityCode: string): Promise<CityPlaces | null> {
    let loaded = this.cities.get(cityCode);
    if (!loaded) {
      loaded = this.loadPlaces(cityCode).catch((err: unknown) => {
        this.cities.delete(cityCode);
        throw err;
      });
      this.cities.set(cityCode, loaded);
    }
    return loaded;
  }

  private async loadPlaces(cityCode: string): Promise<CityPlaces | null> {
    const rows = await this.queries.regionsAround(cityCode);
    const city = rows.find((r) => r.code === cityCode);
    if (!city) return null;
    const province = rows.find((r) => r.code === city.parent_code);
    const districts = rows.filter((r) => r.parent_code === cityCode).map((r) => ({ code: r.code, name: r.name }));
    return {
      cityName: city.name,
      cities: [city.name, city.short_name, ...(province ? [province.name, province.short_name] : [])],
      districts,
      districtNames: new Map(districts.map((d) => [d.code, d.name])),
    };
  }

  private community(row: GeocodeCommunityRow): GeocodeMatch {
    return { lat: row.lat, lon: row.lon, level: 'community', label: row.name, address: row.address || row.name };
  }

  /** A community named as typed, or whose address ends as typed. */
  private async byCommunity(cityCode: string, p: ParsedAddress): Promise<GeocodeMatch | null> {
    const named = await this.queries.communityNamed(cityCode, unique([p.text, p.rest, p.name]));
    if (named) return this.community(named);
    const endings = unique([p.rest.length >= 4 ? p.rest : '', p.street && p.houseNoText ? `${p.street}${p.houseNoText}` : '']);
    const addressed = endings.length ? await this.queries.communityAddressEndingWith(cityCode, p.district?.code ?? null, endings) : null;
    return addressed ? this.community(addressed) : null;
  }

  /** The road the address names: an exact name (or a tail of it), else the most similar road name. */
  private async streetOf(cityCode: string, street: string): Promise<{ name: string; exact: boolean } | null> {
    const candidates = streetCandidates(street);
    const found = new Set(await this.queries.streetsNamed(cityCode, candidates));
    const exact = candidates.find((c) => found.has(c));
    if (exact) return { name: exact, exact: true };
    const similar = await this.queries.streetSimilarTo(cityCode, street, STREET_SIMILARITY);
    return similar ? { name: similar, exact: false } : null;
  }

  /** The house number on its road, or the road's centre; in the named district when the road runs there. */
  private async byStreet(cityCode: string, p: ParsedAddress, places: CityPlaces): Promise<GeocodeMatch | null> {
    if (!p.street) return null;
    const street = await this.streetOf(cityCode, p.street);
    if (!street) return null;
    const all = await this.queries.streetPlaces(cityCode, street.name, STREET_PLACES_LIMIT);
    const inDistrict = p.district ? all.filter((r) => r.dist_code === p.district!.code) : [];
    const rows = inDistrict.length ? inDistrict : all;
    if (rows.length === 0) return null;
    const distName = p.district?.name ?? places.districtNames.get(commonest(rows.map((r) => r.dist_code)) ?? '') ?? '';

    if (p.houseNo !== null && street.exact) {
      const numbered = rows.flatMap((r): NumberedPoint[] => {
        const houseNo = houseNumberOf(r.street_no);
        return houseNo === null ? [] : [{ houseNo, lat: r.lat, lon: r.lon }];
      });
      const point = locateHouseNumber(p.houseNo, numbered);
      if (point) {
        return {
          lat: point.lat,
          lon: point.lon,
          level: 'street_no',
          label: point.exact ? `${street.name}${p.houseNoText}` : nearHouseNumberLabel(street.name, p.houseNo),
          address: `${distName}${street.name}${p.houseNoText}`,
        };
      }
    }
    return { ...centreOf(rows), level: 'street', label: street.name, address: `${distName}${street.name}` };
  }

  /** Names the address may be, best first: the rest after the district, then the whole text. */
  private placeNames(p: ParsedAddress): string[] {
    return unique([p.street ? '' : p.rest, p.name, p.text]);
  }

  /** A point of interest or a business area of exactly that name. */
  private async byExactPlace(cityCode: string, p: ParsedAddress, places: CityPlaces): Promise<GeocodeMatch | null> {
    const names = this.placeNames(p);
    if (names.length === 0) return null;
    const poi = await this.queries.poiNamed(cityCode, names);
    if (poi) return { lat: poi.lat, lon: poi.lon, level: 'poi', label: poi.name, address: poi.name };
    return this.area(cityCode, names, places);
  }

  private async area(cityCode: string, names: string[], places: CityPlaces): Promise<GeocodeMatch | null> {
    const area = await this.queries.areaCentre(cityCode, names);
    if (!area) return null;
    const distName = (area.dist_code && places.districtNames.get(area.dist_code)) || '';
    return { lat: area.lat, lon: area.lon, level: 'area', label: areaLabel(area.name), address: `${distName}${area.name}` };
  }

  /**
   * Text without a road: a community or point of interest with a similar name, a point of
   * interest whose name starts with it, or a business area it starts with (中关村东区 → 中关村).
   */
  private async bySimilarPlace(cityCode: string, p: ParsedAddress, places: CityPlaces): Promise<GeocodeMatch | null> {
    const text = p.street ? '' : p.rest;
    if (text.length < 2) return null;
    const community = await this.queries.communitySimilarTo(cityCode, text, NAME_SIMILARITY);
    if (community) return this.community(community);
    const poi = await this.queries.poiLike(cityCode, text, NAME_SIMILARITY);
    if (poi) return { lat: poi.lat, lon: poi.lon, level: 'poi', label: poi.name, address: poi.name };
    const prefixes = unique(Array.from({ length: text.length - 1 }, (_, i) => text.slice(0, text.length - 1 - i)));
    return this.area(cityCode, prefixes, places);
  }

  private async byDistrict(cityCode: string, p: ParsedAddress, places: CityPlaces): Promise<GeocodeMatch | null> {
    if (!p.district) return null;
    const centre = await this.queries.districtCentre(cityCode, p.district.code);
    return centre ? { ...centre, level: 'district', label: p.district.name, address: `${places.cityName}${p.district.name}` } : null;
  }
}
