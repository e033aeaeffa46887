export { NearbyPointsMap, type NearbyPoint, type NearbyPointsMapProps } from './NearbyPointsMap';
export { bd09ToTile, formatLonLat, parseLonLat, tileToBd09, type LonLat } from './coord-convert';
export { distanceMeters, formatDistance } from './geo-distance';
export { centerIcon, escapeHtml, numberIcon, pinIcon } from './marker-icons';
export { DEFAULT_TILE_URL, tileConfigFrom, type TileConfig, type TileDatum } from './map-config';
export { TILE_CONFIG } from './tile-env';
export { useLeafletMap, type LeafletMapState } from './use-leaflet-map';
export { usePopupPortal, type PopupPortal } from './use-popup-portal';
