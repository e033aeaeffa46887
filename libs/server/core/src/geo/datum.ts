import gcoord, { type CRSTypes } from 'gcoord';

/**
 * Coordinate systems callers may name (`coordtype`): Baidu BD-09 (the default of the
 * specification), the Chinese GCJ-02 datum (AMap, Tencent) and WGS84 (GPS, the stored datum).
 */
export const COORD_TYPES = ['bd09ll', 'gcj02', 'wgs84'] as const;
export type CoordType = (typeof COORD_TYPES)[number];
export const DEFAULT_COORD_TYPE: CoordType = 'bd09ll';

export interface GeoPoint {
  lon: number;
  lat: number;
}

const CRS: Record<CoordType, CRSTypes> = {
  bd09ll: gcoord.BD09,
  gcj02: gcoord.GCJ02,
  wgs84: gcoord.WGS84,
};

/** Accepts the names in any case, and bd09 / gps as aliases; null when unknown. */
export function parseCoordType(value: string): CoordType | null {
  const v = value.trim().toLowerCase();
  if (v === 'bd09' || v === 'bd09ll') return 'bd09ll';
  if (v === 'gcj02') return 'gcj02';
  if (v === 'wgs84' || v === 'gps') return 'wgs84';
  return null;
}

export function convertPoint(p: GeoPoint, from: CoordType, to: CoordType): GeoPoint {
  if (from === to) return { lon: p.lon, lat: p.lat };
  const [lon, lat] = gcoord.transform<[number, number]>([p.lon, p.lat], CRS[from], CRS[to]);
  return { lon, lat };
}

/** A caller's point in the stored datum. */
export function toWgs84(p: GeoPoint, from: CoordType): GeoPoint {
  return convertPoint(p, from, 'wgs84');
}

/** A stored point in the caller's datum. */
export function fromWgs84(p: GeoPoint, to: CoordType): GeoPoint {
  return convertPoint(p, 'wgs84', to);
}

/** `lon,lat` with 6 decimals (about 0.1 m), the form map items carry. */
export function formatLonLat(p: GeoPoint): string {
  return `${p.lon.toFixed(6)},${p.lat.toFixed(6)}`;
}
