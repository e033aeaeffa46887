import { GeoMsg, ValuationMsg } from '@valuation/domain';

/** Nearby communities shown on the map page (api/community/list limit and distance, metres). */
export const NEARBY_LIMIT = 20;
export const NEARBY_RADIUS_M = 500;
/** The nearby communities are reloaded when the map centre moved more than this from the last load point. */
export const RELOAD_THRESHOLD_M = 800;
export const DEFAULT_ZOOM = 17;

export const MapMsg = {
  placeNotFound: GeoMsg.placeNotFound,
  noAddress: '未获取地址信息',
  noCommunity: ValuationMsg.noCommunity,
  locateFailed: GeoMsg.locateFailed,
  /** Under a point the geocoder placed: it is an estimate the user can correct. */
  moveHint: '位置不准确时，可点击地图重新标注',
  cityMissing: ValuationMsg.cityUnknown,
} as const;
