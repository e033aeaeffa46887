import type { LonLat } from '../../../app/map/coord-convert';
import { distanceMeters } from '../../../app/map/geo-distance';
import { RELOAD_THRESHOLD_M } from './map-constants';

/** True when nothing was loaded yet or the centre moved more than the threshold from the last load point. */
export function shouldReloadNearby(lastLoad: LonLat | null, centre: LonLat, thresholdM: number = RELOAD_THRESHOLD_M): boolean {
  if (!lastLoad) return true;
  return distanceMeters(lastLoad, centre) > thresholdM;
}
