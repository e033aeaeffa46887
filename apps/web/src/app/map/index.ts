export { NearbyPointsMap, type NearbyPoint, type NearbyPointsMapProps } from './NearbyPointsMap';
export { bd09ToTile, formatLonLat, parseLonLat, tileToBd09, tileToWgs84, wgs84ToTile, type LonLat } from './coord-convert';
export { distanceMeters, formatDistance } from './geo-distance';
export { centerIcon, escapeHtml, numberIcon, pinIcon } from './marker-icons';
export {
  DEFAULT_TILE_URL,
  OFFLINE_TILE_URL,
  parseTileDatum,
  tileConfigFrom,
  TILES_FAILED_NOTE,
  type TileConfig,
  type TileDatum,
} from './map-config';
export { TILE_CONFIG } from './tile-env';
export { useLeafletMap, type BaseMapOptions, type LeafletMapState } from './use-leaflet-map';
export { usePopupPortal, type PopupPortal } from './use-popup-portal';
