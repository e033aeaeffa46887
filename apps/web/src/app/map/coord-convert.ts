import gcoord from 'gcoord';
import type { TileDatum } from './map-config';

/** A longitude/latitude pair in degrees. */
export interface LonLat {
  lon: number;
  lat: number;
}

const CRS = { wgs84: gcoord.WGS84, gcj02: gcoord.GCJ02 } as const;

/** Converts a bd09ll point (the API's default datum) to the datum the tiles are drawn in. */
export function bd09ToTile(point: LonLat, datum: TileDatum): LonLat {
  const [lon, lat] = gcoord.transform([point.lon, point.lat], gcoord.BD09, CRS[datum]);
  return { lon, lat };
}

/** Converts a point read off the map (tile datum) back to bd09ll. */
export function tileToBd09(point: LonLat, datum: TileDatum): LonLat {
  const [lon, lat] = gcoord.transform([point.lon, point.lat], CRS[datum], gcoord.BD09);
  return { lon, lat };
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
