import 'leaflet/dist/leaflet.css';
import './map.css';
import { useEffect, useState, type RefObject } from 'react';
import L from 'leaflet';
import { bd09ToTile, tileToWgs84, type LonLat } from './coord-convert';
import type { TileConfig } from './map-config';
import { loadCityDistricts, loadOfflineIndex } from './offline-assets';
import { OfflineBaseLayer } from './offline-base-layer';
import { chooseCityAsset, districtsInDatum } from './offline-geo';
import { TILE_CONFIG } from './tile-env';

/** How long to wait for a first tile before treating the tile service as unreachable. */
const FIRST_TILE_TIMEOUT_MS = 10_000;

export interface LeafletMapState {
  map: L.Map | null;
  /** True once a tile failed to load (or none arrived in time); the map works without them. */
  tilesFailed: boolean;
  /** True while the offline base map is drawn: the build has no tiles, or they failed. */
  offline: boolean;
}

export interface BaseMapOptions {
  /** The city the map shows, whose districts the offline base map draws (else the city at the map's centre). */
  cityCode?: string | null;
  /** bd09ll places (communities) the offline base map marks with a dot; keep the array's identity while they do not change. */
  places?: readonly LonLat[];
  tiles?: TileConfig;
}

/**
 * Creates a Leaflet map in the container with the configured tile layer and removes it on unmount.
 * When the build has no tiles (`offline`) or they fail, an offline base map (district land,
 * boundaries and names, and dots at the given places) is drawn instead. The view is left to the
 * caller (setView/fitBounds once points are known).
 */
export function useLeafletMap(
  container: RefObject<HTMLDivElement | null>,
  options?: L.MapOptions,
  { cityCode, places, tiles = TILE_CONFIG }: BaseMapOptions = {},
): LeafletMapState {
  const [map, setMap] = useState<L.Map | null>(null);
  const [base, setBase] = useState<OfflineBaseLayer | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  const offline = tiles.offline || tilesFailed;

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const instance = L.map(el, { zoomControl: true, attributionControl: true, ...options });
    instance.attributionControl.setPrefix(false);
    let timer: number | undefined;
    if (!tiles.offline) {
      let loadedAny = false;
      const layer = L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19, crossOrigin: true });
      layer.on('tileerror', () => setTilesFailed(true));
      layer.on('tileload', () => {
        loadedAny = true;
        setTilesFailed(false);
      });
      layer.addTo(instance);
      timer = window.setTimeout(() => {
        if (!loadedAny) setTilesFailed(true);
      }, FIRST_TILE_TIMEOUT_MS);
    }
    const offlineLayer = new OfflineBaseLayer(instance);
    setMap(instance);
    setBase(offlineLayer);
    return () => {
      window.clearTimeout(timer);
      offlineLayer.remove();
      instance.remove();
      setMap(null);
      setBase(null);
      setTilesFailed(false);
    };
    // Options are read at creation only; callers change the live map through its methods.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [container, tiles.url, tiles.attribution, tiles.offline]);

  useEffect(() => {
    base?.setVisible(offline);
  }, [base, offline]);

  /* The districts of the map's city, or of the city at its centre, loaded once shown. */
  useEffect(() => {
    if (!map || !base || !offline) return;
    let cancelled = false;
    let shown: string | null = null;
    const update = async () => {
      const index = await loadOfflineIndex();
      if (cancelled || !index) return;
      const centre = map.getCenter();
      const wanted = chooseCityAsset(index, tileToWgs84({ lon: centre.lng, lat: centre.lat }, tiles.datum), cityCode);
      if (!wanted || wanted === shown) return;
      shown = wanted;
      const districts = await loadCityDistricts(wanted);
      if (cancelled || shown !== wanted) return;
      base.setDistricts(districts ? districtsInDatum(districts, tiles.datum) : null);
      if (!districts) shown = null;
    };
    const onMove = () => void update();
    void update();
    map.on('moveend', onMove);
    return () => {
      cancelled = true;
      map.off('moveend', onMove);
    };
  }, [map, base, offline, cityCode, tiles.datum]);

  useEffect(() => {
    base?.setPlaces(
      (places ?? [])
        .filter((point) => Number.isFinite(point.lon) && Number.isFinite(point.lat))
        .map((point) => {
          const p = bd09ToTile(point, tiles.datum);
          return L.latLng(p.lat, p.lon);
        }),
    );
  }, [base, places, tiles.datum]);

  return { map, tilesFailed, offline };
}
