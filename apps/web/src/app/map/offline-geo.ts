import { wgs84ToTile, type LonLat } from './coord-convert';
import type { TileDatum } from './map-config';

/*
 * The offline base map: district boundaries and names of the demo cities, served as static files
 * under /geo/ (apps/web/public/geo, made by scripts/data/build-offline-map.ts), one per city, in
 * WGS84, with an index of the cities' bounds.
 */

/** [west, south, east, north] in degrees. */
export type BBox = [number, number, number, number];
/** [lon, lat] in degrees. */
export type Position = [number, number];

export interface DistrictFeature {
  type: 'Feature';
  properties: { code: string | null; name: string };
  geometry: { type: 'Polygon'; coordinates: Position[][] } | { type: 'MultiPolygon'; coordinates: Position[][][] };
}

export interface DistrictCollection {
  type: 'FeatureCollection';
  cityCode: string;
  name: string;
  bbox: BBox;
  features: DistrictFeature[];
}

export interface OfflineMapIndex {
  cities: { cityCode: string; name: string; bbox: BBox }[];
}

/** A feature's polygons, each an outer ring and its holes. */
export function polygonsOf(feature: DistrictFeature): Position[][][] {
  return feature.geometry.type === 'Polygon' ? [feature.geometry.coordinates] : feature.geometry.coordinates;
}

export function bboxContains([west, south, east, north]: BBox, point: LonLat): boolean {
  return point.lon >= west && point.lon <= east && point.lat >= south && point.lat <= north;
}

const bboxArea = ([west, south, east, north]: BBox) => (east - west) * (north - south);

/**
 * The city whose districts a map draws: the city the map belongs to (`hint`) while the centre
 * (WGS84) lies within its bounds, otherwise the smallest city whose bounds hold the centre, and the
 * hinted city when none does. Null when neither is known.
 */
export function chooseCityAsset(index: OfflineMapIndex, centre: LonLat | null, hint?: string | null): string | null {
  const hinted = hint ? index.cities.find((c) => c.cityCode === hint) : undefined;
  if (!centre) return hinted?.cityCode ?? null;
  if (hinted && bboxContains(hinted.bbox, centre)) return hinted.cityCode;
  const holding = index.cities.filter((c) => bboxContains(c.bbox, centre)).sort((a, b) => bboxArea(a.bbox) - bboxArea(b.bbox));
  return holding[0]?.cityCode ?? hinted?.cityCode ?? null;
}

/** The collection with every position converted from WGS84 to the tile datum. */
export function districtsInDatum(collection: DistrictCollection, datum: TileDatum): DistrictCollection {
  if (datum === 'wgs84') return collection;
  const move = ([lon, lat]: Position): Position => {
    const p = wgs84ToTile({ lon, lat }, datum);
    return [p.lon, p.lat];
  };
  return {
    ...collection,
    features: collection.features.map((f) => ({
      ...f,
      geometry:
        f.geometry.type === 'Polygon'
          ? { type: 'Polygon', coordinates: f.geometry.coordinates.map((ring) => ring.map(move)) }
          : { type: 'MultiPolygon', coordinates: f.geometry.coordinates.map((rings) => rings.map((ring) => ring.map(move))) },
    })),
  };
}

/* ---- Label placement, in screen pixels ---- */

/** [x, y] in pixels. */
export type Point = [number, number];

export interface Rect {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** Something a label keeps clear of: a marker, or a label already placed. */
export interface Disc {
  x: number;
  y: number;
  r: number;
}

/** Something else a label keeps clear of: a control or note over the map. */
export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export type Obstacle = Disc | Box;

/** Distance from the point to the obstacle's edge (0 or less inside it). */
function obstacleDistance(x: number, y: number, o: Obstacle): number {
  if ('r' in o) return Math.hypot(x - o.x, y - o.y) - o.r;
  return Math.hypot(Math.max(o.minX - x, 0, x - o.maxX), Math.max(o.minY - y, 0, y - o.maxY));
}

/** A closed ring (first point not repeated) cut to the rectangle (Sutherland–Hodgman); empty when nothing is inside. */
export function clipRing(ring: readonly Point[], rect: Rect): Point[] {
  const edges: [(p: Point) => boolean, (a: Point, b: Point) => Point][] = [
    [(p) => p[0] >= rect.minX, (a, b) => atX(a, b, rect.minX)],
    [(p) => p[0] <= rect.maxX, (a, b) => atX(a, b, rect.maxX)],
    [(p) => p[1] >= rect.minY, (a, b) => atY(a, b, rect.minY)],
    [(p) => p[1] <= rect.maxY, (a, b) => atY(a, b, rect.maxY)],
  ];
  let out: Point[] = [...ring];
  for (const [inside, cross] of edges) {
    const input = out;
    out = [];
    for (let i = 0; i < input.length; i++) {
      const current = input[i];
      const previous = input[(i + input.length - 1) % input.length];
      if (inside(current)) {
        if (!inside(previous)) out.push(cross(previous, current));
        out.push(current);
      } else if (inside(previous)) {
        out.push(cross(previous, current));
      }
    }
    if (out.length === 0) break;
  }
  return out.length >= 3 ? out : [];
}

function atX(a: Point, b: Point, x: number): Point {
  return [x, a[1] + ((b[1] - a[1]) * (x - a[0])) / (b[0] - a[0])];
}

function atY(a: Point, b: Point, y: number): Point {
  return [a[0] + ((b[0] - a[0]) * (y - a[1])) / (b[1] - a[1]), y];
}

/** Area of a ring (absolute, pixels²). */
export function ringArea(ring: readonly Point[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) sum += (ring[j][0] - ring[i][0]) * (ring[j][1] + ring[i][1]);
  return Math.abs(sum) / 2;
}

function segmentDistanceSq(x: number, y: number, a: Point, b: Point): number {
  let [px, py] = a;
  let dx = b[0] - px;
  let dy = b[1] - py;
  if (dx !== 0 || dy !== 0) {
    const t = ((x - px) * dx + (y - py) * dy) / (dx * dx + dy * dy);
    if (t > 1) [px, py] = b;
    else if (t > 0) [px, py] = [px + dx * t, py + dy * t];
  }
  dx = x - px;
  dy = y - py;
  return dx * dx + dy * dy;
}

/** Distance from the point to the polygon's edges: positive inside, negative outside. */
function polygonDistance(x: number, y: number, rings: readonly Point[][]): number {
  let inside = false;
  let minSq = Infinity;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const a = ring[i];
      const b = ring[j];
      if (a[1] > y !== b[1] > y && x < ((b[0] - a[0]) * (y - a[1])) / (b[1] - a[1]) + a[0]) inside = !inside;
      minSq = Math.min(minSq, segmentDistanceSq(x, y, a, b));
    }
  }
  return (inside ? 1 : -1) * Math.sqrt(minSq);
}

interface Cell {
  x: number;
  y: number;
  h: number;
  d: number;
  /** The best distance any point of the cell can have. */
  max: number;
}

/** A max-heap of cells by `max`. */
class CellQueue {
  private readonly items: Cell[] = [];
  get size() {
    return this.items.length;
  }
  push(cell: Cell) {
    const items = this.items;
    items.push(cell);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (items[parent].max >= cell.max) break;
      items[i] = items[parent];
      i = parent;
    }
    items[i] = cell;
  }
  pop(): Cell {
    const items = this.items;
    const top = items[0];
    const last = items.pop()!;
    if (items.length > 0) {
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let child = left;
        if (left >= items.length) break;
        if (right < items.length && items[right].max > items[left].max) child = right;
        if (items[child].max <= last.max) break;
        items[i] = items[child];
        i = child;
      }
      items[i] = last;
    }
    return top;
  }
}

/**
 * The point of the polygon farthest from its edges and from the obstacles (the "pole of
 * inaccessibility", found by subdividing cells, as Mapbox's polylabel does), within `precision`
 * pixels; `distance` is its clearance, negative when no point is clear.
 */
export function poleOfInaccessibility(
  rings: readonly Point[][],
  precision = 1,
  obstacles: readonly Obstacle[] = [],
): { point: Point; distance: number } {
  const outer = rings[0];
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of outer) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  const size = Math.min(maxX - minX, maxY - minY);
  if (!(size > 0)) return { point: [minX, minY], distance: 0 };

  const clearance = (x: number, y: number) => {
    let d = polygonDistance(x, y, rings);
    for (const o of obstacles) d = Math.min(d, obstacleDistance(x, y, o));
    return d;
  };
  const cell = (x: number, y: number, h: number): Cell => {
    const d = clearance(x, y);
    return { x, y, h, d, max: d + h * Math.SQRT2 };
  };

  const queue = new CellQueue();
  const h = size / 2;
  for (let x = minX; x < maxX; x += size) for (let y = minY; y < maxY; y += size) queue.push(cell(x + h, y + h, h));
  let best = cell((minX + maxX) / 2, (minY + maxY) / 2, 0);
  const centroid = ringCentroid(outer);
  if (centroid) {
    const c = cell(centroid[0], centroid[1], 0);
    if (c.d > best.d) best = c;
  }
  while (queue.size > 0) {
    const current = queue.pop();
    if (current.d > best.d) best = current;
    if (current.max - best.d <= precision) continue;
    const half = current.h / 2;
    queue.push(cell(current.x - half, current.y - half, half));
    queue.push(cell(current.x + half, current.y - half, half));
    queue.push(cell(current.x - half, current.y + half, half));
    queue.push(cell(current.x + half, current.y + half, half));
  }
  return { point: [best.x, best.y], distance: best.d };
}

function ringCentroid(ring: readonly Point[]): Point | null {
  let area = 0;
  let x = 0;
  let y = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const f = ring[i][0] * ring[j][1] - ring[j][0] * ring[i][1];
    x += (ring[i][0] + ring[j][0]) * f;
    y += (ring[i][1] + ring[j][1]) * f;
    area += f * 3;
  }
  return area === 0 ? null : [x / area, y / area];
}

export interface LabelCandidate {
  key: string;
  text: string;
  /** Polygons in pixels (outer ring first, then holes; first point not repeated). */
  polygons: Point[][][];
}

export interface PlacedLabel {
  key: string;
  text: string;
  point: Point;
}

export interface LabelOptions {
  /** Horizontal distances count this much (below 1: labels, wider than tall, want room sideways). */
  aspect: number;
  /** Least clearance (scaled pixels) a label needs from edges, the view's border and obstacles. */
  minClearance: number;
  /** The disc a placed label keeps the next ones out of (scaled pixels). */
  labelRadius: number;
}

export const DEFAULT_LABEL_OPTIONS: LabelOptions = { aspect: 0.5, minClearance: 14, labelRadius: 18 };

/**
 * Where to write the district names in the view: each district at the point of its visible part
 * farthest from its edges, the view's border, the markers and controls (`obstacles`) and the names
 * already placed, the districts showing most of themselves first. A district with no point clear enough
 * gets no name.
 */
export function placeLabels(
  candidates: readonly LabelCandidate[],
  view: Rect,
  obstacles: readonly Obstacle[],
  options: LabelOptions = DEFAULT_LABEL_OPTIONS,
): PlacedLabel[] {
  const k = options.aspect;
  const scale = (p: Point): Point => [p[0] * k, p[1]];
  const scaledView: Rect = { minX: view.minX * k, maxX: view.maxX * k, minY: view.minY, maxY: view.maxY };
  const visible = candidates
    .map((c) => {
      const pieces = c.polygons
        .map((rings) => {
          const [outer, ...holes] = rings.map((ring) => clipRing(ring.map(scale), scaledView));
          return outer && outer.length ? [outer, ...holes.filter((h) => h.length)] : null;
        })
        .filter((p): p is Point[][] => p !== null);
      return { c, pieces, area: pieces.reduce((sum, p) => sum + ringArea(p[0]), 0) };
    })
    .filter((v) => v.pieces.length > 0)
    .sort((a, b) => b.area - a.area);

  const discs: Obstacle[] = obstacles.map((o) => ('r' in o ? { ...o, x: o.x * k } : { ...o, minX: o.minX * k, maxX: o.maxX * k }));
  const placed: PlacedLabel[] = [];
  for (const { c, pieces } of visible) {
    let best: { point: Point; distance: number } | null = null;
    for (const rings of pieces) {
      const pole = poleOfInaccessibility(rings, 1, discs);
      if (!best || pole.distance > best.distance) best = pole;
    }
    if (!best || best.distance < options.minClearance) continue;
    discs.push({ x: best.point[0], y: best.point[1], r: options.labelRadius });
    placed.push({ key: c.key, text: c.text, point: [best.point[0] / k, best.point[1]] });
  }
  return placed;
}
