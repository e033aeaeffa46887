import 'leaflet/dist/leaflet.css';
import './map.css';
import { useEffect, useState, type RefObject } from 'react';
import L from 'leaflet';
import type { TileConfig } from './map-config';
import { TILE_CONFIG } from './tile-env';

/** How long to wait for a first tile before treating the tile service as unreachable. */
const FIRST_TILE_TIMEOUT_MS = 10_000;

export interface LeafletMapState {
  map: L.Map | null;
  /** True once a tile failed to load (or none arrived in time); the map works without them. */
  tilesFailed: boolean;
}

/**
 * Creates a Leaflet map in the container with the configured tile layer and removes it on unmount.
 * The view is left to the caller (setView/fitBounds once points are known).
 */
export function useLeafletMap(
  container: RefObject<HTMLDivElement | null>,
  options?: L.MapOptions,
  tiles: TileConfig = TILE_CONFIG,
): LeafletMapState {
  const [map, setMap] = useState<L.Map | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const instance = L.map(el, { zoomControl: true, attributionControl: true, ...options });
    instance.attributionControl.setPrefix(false);
    let loadedAny = false;
    const layer = L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19, crossOrigin: true });
    layer.on('tileerror', () => setTilesFailed(true));
    layer.on('tileload', () => {
      loadedAny = true;
      setTilesFailed(false);
    });
    layer.addTo(instance);
    const timer = window.setTimeout(() => {
      if (!loadedAny) setTilesFailed(true);
    }, FIRST_TILE_TIMEOUT_MS);
    setMap(instance);
    return () => {
      window.clearTimeout(timer);
      instance.remove();
      setMap(null);
    };
    // Options are read at creation only; callers change the live map through its methods.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [container, tiles.url, tiles.attribution]);

  return { map, tilesFailed };
}
