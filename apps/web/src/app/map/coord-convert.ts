import gcoord from 'gcoord';
import type { TileDatum } from './map-config';

/** A longitude/latitude pair in degrees. */
export interface LonLat {
  lon: number;
  lat: number;
}

const CRS = { wgs84: gcoord.WGS84, gcj02: gcoord.GCJ02, bd09: gcoord.BD09 } as const;

function transform(point: LonLat, from: TileDatum, to: TileDatum): LonLat {
  if (from === to) return { lon: point.lon, lat: point.lat };
  const [lon, lat] = gcoord.transform<[number, number]>([point.lon, point.lat], CRS[from], CRS[to]);
  return { lon, lat };
}

/** Converts a bd09ll point (the API's default datum) to the datum the tiles are drawn in. */
export function bd09ToTile(point: LonLat, datum: TileDatum): LonLat {
  return transform(point, 'bd09', datum);
}

/** Converts a point read off the map (tile datum) back to bd09ll. */
export function tileToBd09(point: LonLat, datum: TileDatum): LonLat {
  return transform(point, datum, 'bd09');
}

/** Converts a WGS84 point (the offline base map's datum) to the datum the tiles are drawn in. */
export function wgs84ToTile(point: LonLat, datum: TileDatum): LonLat {
  return transform(point, 'wgs84', datum);
}

/** Converts a point read off the map (tile datum) to WGS84. */
export function tileToWgs84(point: LonLat, datum: TileDatum): LonLat {
  return transform(point, datum, 'wgs84');
}

/** Parses 'lon,lat'; null when either part is not a finite number or out of range. */
export function parseLonLat(value: string | null | undefined): LonLat | null {
  if (!value) return null;
  const parts = value.split(',');
  if (parts.length !== 2) return null;
  const lon = Number(parts[0]);
  const lat = Number(parts[1]);
  if (parts.some((p) => p.trim() === '') || !Number.isFinite(lon) || !Number.isFinite(lat)) return null;
  if (Math.abs(lon) > 180 || Math.abs(lat) > 90) return null;
  return { lon, lat };
}

/** Formats a point as 'lon,lat' with six decimals (about 0.1 m). */
export function formatLonLat(point: LonLat): string {
  return `${point.lon.toFixed(6)},${point.lat.toFixed(6)}`;
}
