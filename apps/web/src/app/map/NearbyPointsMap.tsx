import { useEffect, useRef } from 'react';
import L from 'leaflet';
import { bd09ToTile, type LonLat } from './coord-convert';
import { formatDistance } from './geo-distance';
import { centerIcon, escapeHtml, numberIcon } from './marker-icons';
import { TILE_CONFIG } from './tile-env';
import { TILES_FAILED_NOTE } from './map-config';
import { useLeafletMap } from './use-leaflet-map';

export interface NearbyPoint {
  name: string;
  /** bd09ll */
  lon: number;
  /** bd09ll */
  lat: number;
  /** Metres from the centre. */
  distance?: number;
}

export interface NearbyPointsMapProps {
  /** bd09ll */
  center: LonLat;
  centerLabel?: string;
  /** bd09ll; shown as markers numbered 1, 2, 3 … in this order. */
  points: NearbyPoint[];
  /** Pixels; 320 by default. */
  height?: number;
  /** The city of the map (GB/T 2260 code), for the offline base map; else the city at the centre. */
  cityCode?: string | null;
}

const DEFAULT_ZOOM = 16;

function toLatLng(point: LonLat): L.LatLng {
  const p = bd09ToTile(point, TILE_CONFIG.datum);
  return L.latLng(p.lat, p.lon);
}

function pointPopup(index: number, point: NearbyPoint): string {
  const distance = point.distance !== undefined ? formatDistance(point.distance) : '';
  return `<strong>${index}. ${escapeHtml(point.name)}</strong>${distance ? `<br/>距离：${distance}` : ''}`;
}

/** A small map of a centre and numbered nearby points with info popups, fitted to show them all. */
export function NearbyPointsMap({ center, centerLabel, points, height = 320, cityCode }: NearbyPointsMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const { map, tilesFailed } = useLeafletMap(container, { scrollWheelZoom: false }, { cityCode, places: points });

  useEffect(() => {
    if (!map || !Number.isFinite(center.lon) || !Number.isFinite(center.lat)) return;
    const layer = L.layerGroup().addTo(map);
    const centre = toLatLng(center);
    const centreMarker = L.marker(centre, { icon: centerIcon(), zIndexOffset: 1000, title: centerLabel ?? '' }).addTo(layer);
    if (centerLabel) centreMarker.bindPopup(`<strong>${escapeHtml(centerLabel)}</strong>`);

    const latLngs = [centre];
    points.forEach((point, i) => {
      if (!Number.isFinite(point.lon) || !Number.isFinite(point.lat)) return;
      const at = toLatLng(point);
      latLngs.push(at);
      L.marker(at, { icon: numberIcon(i + 1), title: point.name, riseOnHover: true })
        .bindPopup(pointPopup(i + 1, point))
        .addTo(layer);
    });

    if (latLngs.length > 1) map.fitBounds(L.latLngBounds(latLngs), { padding: [28, 28], maxZoom: 17 });
    else map.setView(centre, DEFAULT_ZOOM);
    return () => {
      layer.remove();
    };
    // The centre is compared by its coordinates, not by the identity of the object holding them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, center.lon, center.lat, centerLabel, points]);

  useEffect(() => {
    map?.invalidateSize();
  }, [map, height]);

  return (
    <div ref={container} className="vmap-container" style={{ height, width: '100%' }}>
      {tilesFailed && <div className="vmap-tile-note">{TILES_FAILED_NOTE}</div>}
    </div>
  );
}
