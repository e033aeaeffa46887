/** Datums a tile service can be drawn in; bd09ll points are converted into it before display. */
export type TileDatum = 'wgs84' | 'gcj02';

export interface TileConfig {
  url: string;
  datum: TileDatum;
  attribution: string;
}

export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_TILE_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

export function parseTileDatum(value: string | undefined): TileDatum {
  return value?.trim().toLowerCase() === 'gcj02' ? 'gcj02' : 'wgs84';
}

/** Builds the tile configuration from the VITE_MAP_TILE_* variables (blank values fall back). */
export function tileConfigFrom(env: Record<string, string | undefined>): TileConfig {
  const url = env.VITE_MAP_TILE_URL?.trim() || DEFAULT_TILE_URL;
  const attribution = env.VITE_MAP_TILE_ATTRIBUTION?.trim() || (url === DEFAULT_TILE_URL ? DEFAULT_TILE_ATTRIBUTION : '');
  return { url, datum: parseTileDatum(env.VITE_MAP_TILE_DATUM), attribution };
}
