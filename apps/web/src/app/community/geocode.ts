import type { GeocodeResult } from '@valuation/contracts';
import { api } from '../api/client';
import { isApiError } from '../api/api-error';
import type { LonLat } from '../map/coord-convert';

/** A typed address placed by the platform's geocoder. */
export interface GeocodedPlace {
  /** bd09ll */
  point: LonLat;
  level: GeocodeResult['level'];
  /** What was matched, in words (紫竹院路（门牌191号附近）). */
  label: string;
  address: string;
}

/**
 * api/geo/geocode in bd09ll: where a typed address lies in the city; null when it cannot be placed
 * (nothing matches, or the server refuses the text), which callers word themselves.
 */
export async function geocodeAddress(cityCode: string, address: string, signal?: AbortSignal): Promise<GeocodedPlace | null> {
  try {
    const result = await api.get<GeocodeResult | null>(
      '/api/geo/geocode',
      { cityCode, address: address.trim(), coordtype: 'bd09ll' },
      { signal, notifyErrors: false },
    );
    return result
      ? { point: { lon: result.lon, lat: result.lat }, level: result.level, label: result.label, address: result.address }
      : null;
  } catch (error) {
    if (isApiError(error) && error.kind === 'response') return null;
    throw error;
  }
}
