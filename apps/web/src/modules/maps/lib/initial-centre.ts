import type { CommunityFilterResult, RegionTreeNode } from '@valuation/contracts';
import type { GeocodedPlace } from '../../../app/community/geocode';
import { parseLonLat, type LonLat } from '../../../app/map/coord-convert';

export type CentreSource = 'point' | 'address' | 'community' | 'marked' | 'city';

export interface InitialCentre {
  /** bd09ll */
  point: LonLat;
  source: CentreSource;
  /** Community name (source community) or address (point, address, marked). */
  label?: string;
  haCode?: string;
  /** What the geocoder matched for the address (point when it came with one, address). */
  matched?: string;
}

export interface CentreInput {
  /** The point route param, 'lon,lat' in bd09ll. */
  pointParam?: string | null;
  addressName?: string | null;
  /** The label param: what the geocoder matched when the point param was found by it. */
  matchedLabel?: string | null;
  community?: { haCode: string; haName: string } | null;
  /** The session's marked point, 'lon,lat' in bd09ll. */
  markedCoord?: { coord: string; address: string } | null;
  cityName?: string | null;
}

export interface CentreLookups {
  /** api/community/filter by name in the session city (bd09ll); null when nothing matches. */
  filter(name: string): Promise<CommunityFilterResult | null>;
  /** District names of the session city, used when the city name itself matches no community. */
  districts(): Promise<string[]>;
  /** api/geo/geocode in the session city (bd09ll); null when the address cannot be placed. */
  geocode(address: string): Promise<GeocodedPlace | null>;
}

/** How many district names are tried for the city centre. */
const DISTRICT_TRIES = 3;

function pointOf(lon: number | null, lat: number | null): LonLat | null {
  return lon !== null && lat !== null && Number.isFinite(lon) && Number.isFinite(lat) ? { lon, lat } : null;
}

async function safe<T>(work: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await work();
  } catch {
    return fallback;
  }
}

/**
 * Where the map opens: the point param, else the addressName param placed by the geocoder, else
 * the chosen community, else the marked point of the session, else the city (the best community
 * match of the city name, then of its first districts).
 */
export async function resolveInitialCentre(input: CentreInput, lookups: CentreLookups): Promise<InitialCentre | null> {
  const addressName = input.addressName?.trim() || undefined;
  const param = parseLonLat(input.pointParam);
  if (param) {
    const matched = input.matchedLabel?.trim();
    return { point: param, source: 'point', label: addressName, ...(matched ? { matched } : {}) };
  }

  if (addressName) {
    const place = await safe(() => lookups.geocode(addressName), null);
    if (place) return { point: place.point, source: 'address', label: addressName, matched: place.label };
  }

  if (input.community) {
    const { haCode, haName } = input.community;
    const found = haName.trim().length > 1 ? await safe(() => lookups.filter(haName), null) : null;
    const match = found?.position.find((p) => p.haCode === haCode);
    const point = match ? pointOf(match.lon, match.lat) : null;
    if (point) return { point, source: 'community', label: haName, haCode };
  }

  const marked = parseLonLat(input.markedCoord?.coord);
  if (marked) return { point: marked, source: 'marked', label: input.markedCoord?.address || undefined };

  if (input.cityName) {
    const names = [input.cityName, ...(await safe(() => lookups.districts(), [] as string[])).slice(0, DISTRICT_TRIES)];
    for (const name of names) {
      if (name.trim().length < 2) continue;
      const found = await safe(() => lookups.filter(name), null);
      const point =
        parseLonLat(found?.location) ?? (found ? (found.position.map((p) => pointOf(p.lon, p.lat)).find(Boolean) ?? null) : null);
      if (point) return { point, source: 'city' };
    }
  }
  return null;
}

/** Names of the districts under the city in the region tree (any depth). */
export function districtNamesOf(tree: readonly RegionTreeNode[], cityCode: string): string[] {
  for (const node of tree) {
    if (node.regionCode === cityCode) return node.items.map((d) => d.regionName);
    const inner = districtNamesOf(node.items, cityCode);
    if (inner.length) return inner;
  }
  return [];
}
