import type { GeoPoint } from './datum';
import { haversineMetres } from './distance';

/** A place on a road with its house number (a community and its 门牌号). */
export interface NumberedPoint extends GeoPoint {
  houseNo: number;
}

export interface HouseNumberPoint extends GeoPoint {
  /** A place with this very number exists. */
  exact: boolean;
}

/**
 * Numbered places this far apart are not taken as two ends of one stretch of road: the number is
 * then placed at the nearer-numbered of the two instead of between them.
 */
export const MAX_INTERPOLATION_GAP_M = 2000;

/**
 * Where a house number lies on a road, from the numbered places on it: the place with that number;
 * else between the nearest lower and higher numbers in proportion to the numbers, when the two
 * are close enough to be one stretch of road; else at the place with the nearest number. Null when
 * the road has no numbered place.
 */
export function locateHouseNumber(houseNo: number, points: readonly NumberedPoint[]): HouseNumberPoint | null {
  if (points.length === 0) return null;
  const same = points.find((p) => p.houseNo === houseNo);
  if (same) return { lat: same.lat, lon: same.lon, exact: true };

  let below: NumberedPoint | null = null;
  let above: NumberedPoint | null = null;
  for (const p of points) {
    if (p.houseNo < houseNo && (!below || p.houseNo > below.houseNo)) below = p;
    if (p.houseNo > houseNo && (!above || p.houseNo < above.houseNo)) above = p;
  }
  if (below && above && haversineMetres(below, above) <= MAX_INTERPOLATION_GAP_M) {
    const t = (houseNo - below.houseNo) / (above.houseNo - below.houseNo);
    return { lat: below.lat + (above.lat - below.lat) * t, lon: below.lon + (above.lon - below.lon) * t, exact: false };
  }
  const nearest = [below, above]
    .filter((p): p is NumberedPoint => p !== null)
    .sort((a, b) => Math.abs(a.houseNo - houseNo) - Math.abs(b.houseNo - houseNo))[0];
  return { lat: nearest.lat, lon: nearest.lon, exact: false };
}

/** The house number a stored 门牌号 starts with (191 of 191, 191号, 甲191号, 191-3), or null. */
export function houseNumberOf(streetNo: string | null): number | null {
  const digits = /\d+/.exec(streetNo?.normalize('NFKC') ?? '')?.[0];
  return digits ? Number(digits) : null;
}
