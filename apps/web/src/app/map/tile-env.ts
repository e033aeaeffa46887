import { tileConfigFrom, type TileConfig } from './map-config';

/** The tile service of this build (Vite variables VITE_MAP_TILE_URL, VITE_MAP_TILE_DATUM, VITE_MAP_TILE_ATTRIBUTION). */
export const TILE_CONFIG: TileConfig = tileConfigFrom({
  VITE_MAP_TILE_URL: import.meta.env.VITE_MAP_TILE_URL as string | undefined,
  VITE_MAP_TILE_DATUM: import.meta.env.VITE_MAP_TILE_DATUM as string | undefined,
  VITE_MAP_TILE_ATTRIBUTION: import.meta.env.VITE_MAP_TILE_ATTRIBUTION as string | undefined,
});
