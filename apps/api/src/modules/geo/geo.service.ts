import { Injectable } from '@nestjs/common';
import { GeoMsg } from '@valuation/domain';
import { fromWgs84, Geocoder } from '@valuation/core';
import type { GeocodeResult } from '@valuation/contracts';
import { ApiError } from '../../common/api-error';
import { RegionService } from '../region/region.service';
import type { GeocodeQuery } from './geo.schemas';

/** Coordinates answered to six decimals (about 0.1 m). */
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** Address location over the platform's own market data. */
@Injectable()
export class GeoService {
  constructor(
    private readonly geocoder: Geocoder,
    private readonly regions: RegionService,
  ) {}

  /** Where the address lies in the city, in the caller's datum; null when nothing matches. */
  async geocode(q: GeocodeQuery): Promise<GeocodeResult | null> {
    const city = await this.regions.resolveCity(q.cityCode);
    if (!city) throw ApiError.badRequest(GeoMsg.cityRequired);
    const match = await this.geocoder.geocode(city.code, q.address);
    if (!match) return null;
    const point = fromWgs84({ lon: match.lon, lat: match.lat }, q.coordtype);
    return { lat: round6(point.lat), lon: round6(point.lon), level: match.level, label: match.label, address: match.address };
  }
}
