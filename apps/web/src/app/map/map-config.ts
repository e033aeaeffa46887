/**
 * Datums a tile service can be drawn in: WGS84 (OpenStreetMap and most open servers), GCJ-02
 * (AMap, Tencent) and BD-09 (Baidu-derived tiles). Every point is converted into it before display,
 * and clicks are converted back from it.
 */
export type TileDatum = 'wgs84' | 'gcj02' | 'bd09';

export interface TileConfig {
  /** Leaflet URL template, or OFFLINE_TILE_URL for no tile service at all. */
  url: string;
  /** True when the build has no tile service: only the offline base map is drawn. */
  offline: boolean;
  datum: TileDatum;
  attribution: string;
}

export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_TILE_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
/** The VITE_MAP_TILE_URL value that turns the tile layer off (intranets without a tile server). */
export const OFFLINE_TILE_URL = 'offline';

/** wgs84 (the default, also for unknown values), gcj02, or bd09 (also written bd09ll). */
export function parseTileDatum(value: string | undefined): TileDatum {
  const v = value?.trim().toLowerCase();
  if (v === 'gcj02') return 'gcj02';
  if (v === 'bd09' || v === 'bd09ll') return 'bd09';
  return 'wgs84';
}

/**
 * Builds the tile configuration from the VITE_MAP_TILE_* variables (blank values fall back). With
 * `offline` there are no tiles and the offline base map, which is in WGS84, is drawn as it is.
 */
export function tileConfigFrom(env: Record<string, string | undefined>): TileConfig {
  const url = env.VITE_MAP_TILE_URL?.trim() || DEFAULT_TILE_URL;
  if (url.toLowerCase() === OFFLINE_TILE_URL) return { url: OFFLINE_TILE_URL, offline: true, datum: 'wgs84', attribution: '' };
  const attribution = env.VITE_MAP_TILE_ATTRIBUTION?.trim() || (url === DEFAULT_TILE_URL ? DEFAULT_TILE_ATTRIBUTION : '');
  return { url, offline: false, datum: parseTileDatum(env.VITE_MAP_TILE_DATUM), attribution };
}

/** What a map says when its tiles did not load and it shows the offline district map instead. */
export const TILES_FAILED_NOTE = '在线底图加载失败，已显示离线区划图';
