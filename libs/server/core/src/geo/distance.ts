import type { GeoPoint } from './datum';

/** Mean Earth radius (IUGG), metres. */
export const EARTH_RADIUS_M = 6_371_008.8;

const rad = (deg: number) => (deg * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

/** Great-circle distance in metres. */
export function haversineMetres(a: GeoPoint, b: GeoPoint): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The same distance as an SQL expression over two latitude/longitude expressions, so a query can
 * order and limit by it. The arguments are SQL fragments (columns or typed parameters).
 */
export function haversineSql(lat1: string, lon1: string, lat2: string, lon2: string): string {
  return (
    `(2 * ${EARTH_RADIUS_M} * asin(least(1, sqrt(` +
    `power(sin(radians(${lat2} - ${lat1}) / 2), 2) + ` +
    `cos(radians(${lat1})) * cos(radians(${lat2})) * power(sin(radians(${lon2} - ${lon1}) / 2), 2)))))`
  );
}

export interface BoundingBox {
  minLat: number;
  maxLat: number;
  minLon: number;
  maxLon: number;
}

/**
 * A latitude/longitude box that contains every point within `radiusM` of the centre, for an
 * index range scan before the exact distance is computed.
 */
export function boundingBox(center: GeoPoint, radiusM: number): BoundingBox {
  const angle = radiusM / EARTH_RADIUS_M;
  const dLat = deg(angle);
  const cosLat = Math.cos(rad(center.lat));
  // The circle's widest longitude lies slightly poleward of the centre: asin(sin δ / cos φ).
  const dLon = Math.sin(angle) < cosLat ? deg(Math.asin(Math.sin(angle) / cosLat)) : 180;
  return {
    minLat: Math.max(-90, center.lat - dLat),
    maxLat: Math.min(90, center.lat + dLat),
    minLon: center.lon - dLon,
    maxLon: center.lon + dLon,
  };
}

/** Initial great-circle bearing from a to b, degrees clockwise from north (0..360). */
export function bearingDegrees(a: GeoPoint, b: GeoPoint): number {
  const phi1 = rad(a.lat);
  const phi2 = rad(b.lat);
  const dLon = rad(b.lon - a.lon);
  const y = Math.sin(dLon) * Math.cos(phi2);
  const x = Math.cos(phi1) * Math.sin(phi2) - Math.sin(phi1) * Math.cos(phi2) * Math.cos(dLon);
  return (deg(Math.atan2(y, x)) + 360) % 360;
}

const COMPASS = ['北', '东北', '东', '东南', '南', '西南', '西', '西北'] as const;
export type CompassDirection = (typeof COMPASS)[number];

/** Where b lies seen from a, in eight Chinese compass points; '' when the points coincide. */
export function compassDirection(a: GeoPoint, b: GeoPoint): CompassDirection | '' {
  if (haversineMetres(a, b) < 0.5) return '';
  return COMPASS[Math.round(bearingDegrees(a, b) / 45) % 8];
}
