import { monthKey, shiftMonth } from '@valuation/domain';
import {
  DEMO_CITIES,
  DEMO_DEVELOPERS,
  DEMO_LOCAL_MANAGERS,
  DEMO_NAME_PREFIXES,
  DEMO_NAME_SUFFIXES,
  DEMO_OLD_SUFFIXES,
  type DemoCity,
  type DemoDistrict,
} from './demo-cities.data';
import type { CaseRow, CommunityRow, PoiRow } from './market-rows.writer';
import { seededRandom, type SeededRandom } from './seeded-random';

export const DEMO_SOURCE = 'demo';
export const DEMO_SEED = 'valuation-demo-market-v1';

export interface DemoMarketOptions {
  seed?: string;
  /** Last generated month, YYYY-MM; the current month by default. */
  asOf?: string;
  /** Months of cases up to asOf. */
  months?: number;
  /** Cities to generate (codes of DEMO_CITIES); all by default. */
  cityCodes?: readonly string[];
  communitiesPerCity?: number;
  /** Mean number of residential cases per community over all months. */
  casesPerCommunity?: number;
}

/** A case of the demo market, naming its community by haCode. */
export type DemoCase = Omit<CaseRow, 'communityId'> & { haCode: string };

export interface DemoMarket {
  /** First days of the generated months, oldest first. */
  months: string[];
  communities: CommunityRow[];
  cases: DemoCase[];
  pois: PoiRow[];
}

export const DEMO_DEFAULTS = { months: 60, communitiesPerCity: 250, casesPerCommunity: 30 } as const;

/** The features the valuation engine prices, as they move a unit price. */
export interface UnitFeatures {
  area: number;
  floor: number | null;
  totalFloors: number | null;
  face: string | null;
  intDeco: string | null;
}

const FACE_FACTOR: Readonly<Record<string, number>> = {
  '9': 1.03,
  '2': 1.02,
  '5': 1.01,
  '6': 1.0,
  '1': 0.99,
  '10': 0.985,
  '3': 0.98,
  '7': 0.97,
  '8': 0.965,
  '4': 0.96,
};
const SALE_DECO_FACTOR: Readonly<Record<string, number>> = { '1': 0.96, '2': 0.99, '3': 1.0, '4': 1.03, '5': 1.06 };
const LEASE_DECO_FACTOR: Readonly<Record<string, number>> = { '1': 0.85, '2': 0.95, '3': 1.0, '4': 1.06, '5': 1.15 };

function floorFactor(floor: number | null, totalFloors: number | null): number {
  if (floor === null || totalFloors === null || totalFloors <= 1) return 1;
  if (totalFloors <= 7) {
    if (floor === 1) return 0.96;
    if (floor === totalFloors) return 0.94;
    return floor === 3 || floor === 4 ? 1.02 : 1;
  }
  if (floor === 1) return 0.95;
  if (floor === totalFloors) return 0.97;
  const relative = (floor - 1) / (totalFloors - 1);
  return relative > 0.6 ? 1.03 : relative > 0.3 ? 1.015 : 1;
}

/**
 * How the features of a residential unit move its unit price against a typical 90 m² unit of the
 * same community: smaller units cost more per m², middle-high floors more than the ground and top
 * floors, south-facing more than north-facing, better decoration more (more so for rent).
 */
export function featureFactor(features: UnitFeatures, tradeType: 1 | 2): number {
  const areaFactor = Math.pow(features.area / 90, tradeType === 1 ? -0.06 : -0.15);
  const face = features.face ? (FACE_FACTOR[features.face] ?? 1) : 1;
  const decoTable = tradeType === 1 ? SALE_DECO_FACTOR : LEASE_DECO_FACTOR;
  const deco = features.intDeco ? (decoTable[features.intDeco] ?? 1) : 1;
  return areaFactor * floorFactor(features.floor, features.totalFloors) * face * deco;
}

/** The city's sale index in month m of n (peak 1): a smooth rise from `start`, then a decline to `end`. */
export function cityIndex(city: DemoCity, m: number, months: number): number {
  const last = Math.max(months - 1, 1);
  const peak = Math.min(Math.max(Math.round((city.trend.peakMonth * last) / 59), 0), last);
  const ease = (x: number) => (1 - Math.cos(Math.PI * x)) / 2;
  if (m <= peak) return peak === 0 ? 1 : city.trend.start + (1 - city.trend.start) * ease(m / peak);
  return 1 + (city.trend.end - 1) * ease((m - peak) / (last - peak));
}

/** Sales peak in spring and autumn (金三银四, 金九银十); rents in the summer of graduations. */
export function seasonality(calendarMonth: number, tradeType: 1 | 2): number {
  return tradeType === 1
    ? 1 + 0.012 * Math.cos((2 * Math.PI * (calendarMonth - 4)) / 6)
    : 1 + 0.02 * Math.cos((2 * Math.PI * (calendarMonth - 7.5)) / 12);
}

export function monthsUpTo(asOf: string, count: number): string[] {
  const match = /^(\d{4})-(\d{2})/.exec(asOf);
  if (!match) throw new Error(`asOf must be YYYY-MM, got "${asOf}"`);
  return Array.from({ length: count }, (_, i) => `${shiftMonth(`${match[1]}-${match[2]}`, i - (count - 1))}-01`);
}

const CHINESE_NUMERALS = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九'];

/** 1..199 in Chinese numerals (八十, 一百零一), as school names write them. */
export function chineseNumber(n: number): string {
  if (n < 10) return CHINESE_NUMERALS[n];
  if (n < 20) return `十${n % 10 ? CHINESE_NUMERALS[n % 10] : ''}`;
  if (n < 100) return `${CHINESE_NUMERALS[Math.floor(n / 10)]}十${n % 10 ? CHINESE_NUMERALS[n % 10] : ''}`;
  const rest = n % 100;
  const tail = rest === 0 ? '' : rest < 10 ? `零${CHINESE_NUMERALS[rest]}` : rest < 20 ? `一${chineseNumber(rest)}` : chineseNumber(rest);
  return `${CHINESE_NUMERALS[Math.floor(n / 100)]}百${tail}`;
}

interface Point {
  lat: number;
  lon: number;
}

const KM_PER_DEGREE = 111.2;
const round2 = (x: number) => Math.round(x * 100) / 100;
const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
const clamp = (x: number, min: number, max: number) => Math.min(Math.max(x, min), max);

function offset(p: Point, northKm: number, eastKm: number): Point {
  return {
    lat: round6(p.lat + northKm / KM_PER_DEGREE),
    lon: round6(p.lon + eastKm / (KM_PER_DEGREE * Math.cos((p.lat * Math.PI) / 180))),
  };
}

function distanceKm(a: Point, b: Point): number {
  const north = (a.lat - b.lat) * KM_PER_DEGREE;
  const east = (a.lon - b.lon) * KM_PER_DEGREE * Math.cos((a.lat * Math.PI) / 180);
  return Math.hypot(north, east);
}

/** A point at a random bearing, between minKm and maxKm from p. */
function around(rng: SeededRandom, p: Point, minKm: number, maxKm: number): Point {
  const angle = rng.range(0, 2 * Math.PI);
  const radius = rng.range(minKm, maxKm);
  return offset(p, radius * Math.cos(angle), radius * Math.sin(angle));
}

interface GeneratedCommunity {
  row: CommunityRow;
  district: DemoDistrict;
  area: string;
  point: Point;
  /** yuan/m² of a typical flat at the peak of the trend. */
  level: number;
  totalFloors: number;
  shops: boolean;
  offices: boolean;
}

function totalFloorsOf(rng: SeededRandom, bldgType: string): number {
  switch (bldgType) {
    case '11':
      return rng.int(5, 7);
    case '12':
      return rng.int(9, 18);
    case '13':
      return rng.int(20, 33);
    case '14':
      return rng.int(6, 18);
    case '15':
      return rng.int(18, 30);
    case '16':
      return rng.int(12, 28);
    case '23':
      return 4;
    default:
      return 3;
  }
}

function volumeRateOf(rng: SeededRandom, bldgType: string): number {
  const [min, max] = (
    { '11': [1.2, 2.2], '12': [1.8, 2.8], '13': [2.5, 4.5], '14': [1.5, 3.0], '15': [3.0, 5.0], '16': [2.5, 4.0] } as Record<
      string,
      [number, number]
    >
  )[bldgType] ?? [0.4, 1.0];
  return round2(rng.range(min, max));
}

class NameBook {
  private readonly used = new Set<string>();

  /** `candidate`, or it with a phase or zone suffix when taken. */
  claim(candidate: string): string {
    const variants = [candidate, ...['二期', '三期', '东区', '西区', '南区', '北区', '四期', '五期'].map((s) => `${candidate}${s}`)];
    for (const name of variants) {
      if (!this.used.has(name)) {
        this.used.add(name);
        return name;
      }
    }
    for (let i = 2; ; i++) {
      const name = `${candidate}${i}`;
      if (!this.used.has(name)) {
        this.used.add(name);
        return name;
      }
    }
  }
}

function communityName(rng: SeededRandom, old: boolean, area: string, street: string, streetNo: string): string {
  if (old) {
    return rng.chance(0.7) ? `${area}${rng.pick(DEMO_OLD_SUFFIXES)}` : `${street}${streetNo}号院`;
  }
  return `${rng.pick(DEMO_NAME_PREFIXES)}${rng.pick(DEMO_NAME_SUFFIXES)}`;
}

function generateCommunities(rng: SeededRandom, city: DemoCity, count: number, asOfIndex: number, months: number): GeneratedCommunity[] {
  const maxLevel = Math.max(...city.districts.map((d) => d.level));
  const areaCentres = new Map<string, Point>();
  for (const district of city.districts) {
    district.areas.forEach((area, i) => {
      areaCentres.set(
        `${district.code}|${area}`,
        i === 0 ? offset(district, rng.range(-0.4, 0.4), rng.range(-0.4, 0.4)) : around(rng, district, 1, 3.5),
      );
    });
  }
  const names = new NameBook();
  const communities: GeneratedCommunity[] = [];
  for (let n = 1; n <= count; n++) {
    const district = city.districts[(n - 1) % city.districts.length];
    const area = rng.pick(district.areas);
    const centre = areaCentres.get(`${district.code}|${area}`) ?? district;
    const point = offset(centre, rng.normal() * 0.7, rng.normal() * 0.7);
    const centrality = district.level / maxLevel;
    const buildYear = clamp(Math.round(2013 - 16 * centrality + rng.normal() * 7), 1985, 2022);
    const old = buildYear < 2000;
    const suburb = centrality < 0.6;
    const bldgType = old
      ? rng.weighted([
          ['11', 6],
          ['14', 3],
          ['15', 1],
        ] as const)
      : rng.weighted([
          ['12', 2],
          ['13', 3],
          ['14', 2],
          ['15', 1],
          ['16', 1.5],
          ['11', 0.6],
          ['21', suburb ? 0.3 : 0.05],
          ['22', suburb ? 0.4 : 0.05],
        ] as const);
    const villa = bldgType === '21' || bldgType === '22';
    const totalFloors = totalFloorsOf(rng, bldgType);
    const street = rng.pick(district.streets);
    const streetNo = String(rng.int(1, 399));
    const name = names.claim(communityName(rng, old, area, street, streetNo));
    const households = villa ? rng.int(80, 300) : old ? rng.int(300, 1500) : rng.int(400, 3000);
    const volumeRate = volumeRateOf(rng, bldgType);
    const constArea = Math.round(households * (villa ? rng.range(200, 400) : rng.range(80, 130)));
    const shops = !villa && rng.chance(0.15);
    const offices = !villa && rng.chance(centrality > 0.7 ? 0.12 : 0.05);
    let developer: string;
    let propertyManager: string;
    if (old) {
      developer = rng.pick(city.localDevelopers);
      propertyManager = rng.pick(DEMO_LOCAL_MANAGERS);
    } else {
      const [brand, manager] = rng.pick(DEMO_DEVELOPERS);
      developer = brand;
      propertyManager = rng.chance(0.8) ? manager : rng.pick(DEMO_LOCAL_MANAGERS);
    }
    const premium = Math.exp(rng.normal() * 0.13) * (1 + 0.005 * (buildYear - 2005)) * (villa ? 1.3 : 1);
    const level = district.level * premium;
    const parking = [
      { type: '地上', qnt: Math.round(households * rng.range(0.05, 0.3)) },
      ...(buildYear >= 2000 ? [{ type: '地下', qnt: Math.round(households * rng.range(0.5, 1.3)) }] : []),
    ];
    const propTypes = ['11', ...(offices ? ['21'] : []), ...(shops ? ['22'] : [])].join(',');
    communities.push({
      district,
      area,
      point,
      level,
      totalFloors,
      shops,
      offices,
      row: {
        haCode: `demo:${city.code}:${String(n).padStart(4, '0')}`,
        cityCode: city.code,
        distCode: district.code,
        name,
        areaName: area,
        address: `${district.name}${street}${streetNo}号`,
        streetName: street,
        streetNo,
        lat: point.lat,
        lon: point.lon,
        buildYear,
        propTypes,
        bldgType,
        volumeRate,
        greeningRate: round2(villa ? rng.range(40, 60) : old ? rng.range(20, 32) : rng.range(30, 45)),
        constArea,
        groundArea: Math.round(constArea / volumeRate),
        landuse: shops || offices ? '商住' : '住宅',
        developer,
        propertyManager,
        parking,
        households,
        standardUnitPrice: Math.round((level * cityIndex(city, asOfIndex, months)) / 100) * 100,
        source: DEMO_SOURCE,
      },
    });
  }
  return communities;
}

function residentialCase(
  rng: SeededRandom,
  city: DemoCity,
  community: GeneratedCommunity,
  months: readonly string[],
  key: string,
): DemoCase {
  const row = community.row;
  const tradeType: 1 | 2 = rng.chance(0.6) ? 1 : 2;
  const m = rng.int(0, months.length - 1);
  const caseDate = months[m];
  const villa = row.bldgType === '21' || row.bldgType === '22' || row.bldgType === '23';
  const totalFloors = villa ? community.totalFloors : clamp(community.totalFloors + rng.int(-2, 2), 2, row.bldgType === '11' ? 7 : 40);
  const floor = villa ? null : rng.int(1, totalFloors);
  const rooms = villa
    ? rng.int(4, 6)
    : rng.weighted([
        [1, 15],
        [2, 40],
        [3, 33],
        [4, 10],
        [5, 2],
      ] as const);
  const [minArea, maxArea] = villa
    ? [180, 420]
    : (
        [
          [35, 62],
          [55, 98],
          [85, 145],
          [120, 200],
          [160, 280],
        ] as const
      )[rooms - 1];
  const area = round2(rng.range(minArea, maxArea));
  const halls =
    rooms === 1
      ? rng.weighted([
          [0, 1],
          [1, 3],
        ] as const)
      : rooms === 2
        ? rng.weighted([
            [1, 3],
            [2, 1],
          ] as const)
        : rng.weighted([
            [1, 1],
            [2, 3],
          ] as const);
  const baths = villa
    ? rng.int(3, 5)
    : rooms <= 2
      ? 1
      : rooms === 3
        ? rng.weighted([
            [1, 2],
            [2, 3],
          ] as const)
        : rng.weighted([
            [2, 3],
            [3, 1],
          ] as const);
  const face = rng.weighted([
    ['9', 35],
    ['2', 22],
    ['5', 10],
    ['6', 7],
    ['1', 5],
    ['3', 4],
    ['10', 6],
    ['7', 3],
    ['8', 3],
    ['4', 5],
  ] as const);
  const intDeco =
    tradeType === 1
      ? rng.weighted([
          ['1', 5],
          ['2', 30],
          ['3', 15],
          ['4', 45],
          ['5', 5],
        ] as const)
      : rng.weighted([
          ['1', 1],
          ['2', 25],
          ['3', 20],
          ['4', 48],
          ['5', 6],
        ] as const);
  const calendarMonth = Number(caseDate.slice(5, 7));
  const index = cityIndex(city, m, months.length);
  const features = featureFactor({ area, floor, totalFloors: villa ? null : totalFloors, face, intDeco }, tradeType);
  let totalPrice: number;
  if (tradeType === 1) {
    const unit = community.level * index * seasonality(calendarMonth, 1) * features * Math.exp(rng.normal() * 0.07);
    totalPrice = Math.round((unit * area) / 100) * 100;
  } else {
    const rentIndex = 1 + 0.45 * (index - 1);
    const unit = community.level * city.rentRatio * rentIndex * seasonality(calendarMonth, 2) * features * Math.exp(rng.normal() * 0.08);
    totalPrice = Math.round((unit * area) / 10) * 10;
  }
  return {
    caseKey: key,
    haCode: row.haCode,
    cityCode: row.cityCode,
    distCode: row.distCode,
    tradeType,
    propType: 11,
    area,
    floor,
    totalFloors,
    rooms,
    halls,
    baths,
    face,
    intDeco,
    buildYear: row.buildYear,
    bldgType: row.bldgType,
    totalPrice,
    unitPrice: round2(totalPrice / area),
    caseDate,
    source: DEMO_SOURCE,
  };
}

/** Shops at the foot of the buildings (22) and offices in a tower of the community (21). */
function commercialCase(
  rng: SeededRandom,
  city: DemoCity,
  community: GeneratedCommunity,
  months: readonly string[],
  key: string,
  propType: 21 | 22,
  factor: number,
): DemoCase {
  const tradeType: 1 | 2 = rng.chance(0.6) ? 1 : 2;
  const m = rng.int(0, months.length - 1);
  const caseDate = months[m];
  const shop = propType === 22;
  const totalFloors = shop ? rng.int(2, 4) : rng.int(18, 40);
  const floor = shop
    ? rng.weighted([
        [1, 8],
        [2, 2],
      ] as const)
    : rng.int(2, totalFloors);
  const area = round2(shop ? rng.range(25, 260) : rng.range(60, 800));
  const index = cityIndex(city, m, months.length);
  const shape = shop ? Math.pow(area / 80, -0.1) * (floor === 1 ? 1 : 0.7) : Math.pow(area / 200, -0.04) * (1 + 0.003 * floor);
  const sale = community.level * factor * index * shape * Math.exp(rng.normal() * (shop ? 0.1 : 0.09));
  const unit = tradeType === 1 ? sale : (sale * (shop ? 0.0035 : 0.0028) * (1 + 0.45 * (index - 1))) / index;
  const totalPrice = tradeType === 1 ? Math.round((unit * area) / 100) * 100 : Math.round((unit * area) / 10) * 10;
  return {
    caseKey: key,
    haCode: community.row.haCode,
    cityCode: community.row.cityCode,
    distCode: community.row.distCode,
    tradeType,
    propType,
    area,
    floor,
    totalFloors,
    rooms: null,
    halls: null,
    baths: null,
    face: rng.pick(['1', '2', '3', '4']),
    intDeco: shop
      ? rng.weighted([
          ['2', 3],
          ['4', 2],
          ['1', 1],
        ] as const)
      : rng.weighted([
          ['4', 3],
          ['2', 2],
          ['1', 1],
        ] as const),
    buildYear: community.row.buildYear,
    bldgType: shop ? null : '13',
    totalPrice,
    unitPrice: round2(totalPrice / area),
    caseDate,
    source: DEMO_SOURCE,
  };
}

function generatePois(rng: SeededRandom, city: DemoCity, communities: readonly GeneratedCommunity[]): PoiRow[] {
  const pois: PoiRow[] = [];
  const key = (kind: string, n: number) => `demo:${city.code}:${kind}:${String(n).padStart(4, '0')}`;
  const poi = (poiKey: string, category: PoiRow['category'], subType: string, name: string, p: Point, routes: string[] = []): PoiRow => ({
    poiKey,
    cityCode: city.code,
    category,
    subType,
    name,
    lat: p.lat,
    lon: p.lon,
    routes,
    source: DEMO_SOURCE,
  });

  // Subway: lines through four district centres each, ordered along a random bearing; a station
  // every 1.4 km; stations of two lines closer than 450 m become one transfer station.
  const areaPoints = communities.map((c) => ({ name: c.area, point: c.point, street: c.row.streetName ?? c.area }));
  const lineNumbers = new Set<number>();
  while (lineNumbers.size < 5) lineNumbers.add(rng.int(1, 18));
  const stations: Array<{ name: string; point: Point; routes: string[] }> = [];
  const stationNames = new Set<string>();
  const stationName = (p: Point): string => {
    const nearest = [...areaPoints].sort((a, b) => distanceKm(a.point, p) - distanceKm(b.point, p)).slice(0, 3);
    const candidates = [
      ...nearest.map((a) => a.name),
      ...nearest.map((a) => a.street),
      ...nearest.flatMap((a) => ['东', '西', '南', '北'].map((d) => `${a.name}${d}`)),
    ];
    const name = candidates.find((c) => !stationNames.has(c)) ?? `${nearest[0].name}${stationNames.size}`;
    stationNames.add(name);
    return name;
  };
  for (const number of [...lineNumbers].sort((a, b) => a - b)) {
    const line = `${number}号线`;
    const bearing = rng.range(0, Math.PI);
    const direction = { north: Math.cos(bearing), east: Math.sin(bearing) };
    const stops = [...city.districts]
      .map((d) => ({ d, r: rng.next() }))
      .sort((a, b) => a.r - b.r)
      .slice(0, 4)
      .map(({ d }) => offset(d, rng.range(-0.6, 0.6), rng.range(-0.6, 0.6)))
      .sort((a, b) => a.lat * direction.north + a.lon * direction.east - (b.lat * direction.north + b.lon * direction.east));
    for (let s = 0; s < stops.length - 1; s++) {
      const from = stops[s];
      const to = stops[s + 1];
      const length = distanceKm(from, to);
      const steps = Math.max(1, Math.round(length / 1.4));
      for (let k = s === 0 ? 0 : 1; k <= steps; k++) {
        const t = k / steps;
        const p = { lat: round6(from.lat + (to.lat - from.lat) * t), lon: round6(from.lon + (to.lon - from.lon) * t) };
        const transfer = stations.find((st) => distanceKm(st.point, p) < 0.45);
        if (transfer) {
          if (!transfer.routes.includes(line)) transfer.routes.push(line);
        } else {
          stations.push({ name: stationName(p), point: p, routes: [line] });
        }
      }
    }
  }
  stations.forEach((st, i) => pois.push(poi(key('subway', i + 1), 'transport', 'subway', `${st.name}站`, st.point, st.routes)));

  // A bus stop by every community, served by two to four of the city's bus lines.
  const busLines = new Set<string>();
  while (busLines.size < 60) busLines.add(`${rng.int(1, 999)}路`);
  const lines = [...busLines];
  communities.forEach((c, i) => {
    const routes = new Set<string>();
    const wanted = rng.int(2, 4);
    while (routes.size < wanted) routes.add(rng.pick(lines));
    pois.push(poi(key('bus', i + 1), 'transport', 'bus', c.row.name, around(rng, c.point, 0.08, 0.35), [...routes]));
  });

  // Kindergartens in a third of the communities; a primary school and a clinic per business area;
  // two middle schools and three hospitals per district.
  let education = 0;
  let medical = 0;
  for (const c of communities) {
    if (rng.chance(0.35))
      pois.push(poi(key('edu', ++education), 'education', 'kindergarten', `${c.row.name}幼儿园`, around(rng, c.point, 0.05, 0.4)));
  }
  const schoolNumbers = new Set<number>();
  for (const district of city.districts) {
    const members = communities.filter((c) => c.district === district);
    for (const area of district.areas) {
      const anchor = members.find((c) => c.area === area)?.point ?? district;
      pois.push(
        poi(
          key('edu', ++education),
          'education',
          'primary',
          `${district.name.replace(/(新区|区)$/, '')}${area}${rng.chance(0.4) ? '实验' : ''}小学`,
          around(rng, anchor, 0.2, 0.8),
        ),
      );
      pois.push(poi(key('med', ++medical), 'medical', 'clinic', `${area}社区卫生服务中心`, around(rng, anchor, 0.1, 0.6)));
    }
    for (let k = 0; k < 2; k++) {
      let number = rng.int(2, 180);
      while (schoolNumbers.has(number)) number = rng.int(2, 180);
      schoolNumbers.add(number);
      pois.push(
        poi(key('edu', ++education), 'education', 'middle', `${city.name}第${chineseNumber(number)}中学`, around(rng, district, 0.5, 2.5)),
      );
    }
    for (const hospital of ['人民医院', '中医医院', '妇幼保健院']) {
      pois.push(
        poi(key('med', ++medical), 'medical', 'hospital', `${city.name}${district.name}${hospital}`, around(rng, district, 0.3, 2)),
      );
    }
  }
  return pois;
}

/**
 * A plausible market for the demo cities, the same for the same options on every machine:
 * communities around real district centres, points of interest near them, and monthly sale and
 * lease cases priced as community level × city index × season × unit features × noise.
 */
export function generateDemoMarket(options: DemoMarketOptions = {}): DemoMarket {
  const seed = options.seed ?? DEMO_SEED;
  const monthCount = options.months ?? DEMO_DEFAULTS.months;
  const asOf = options.asOf ?? monthKey();
  const months = monthsUpTo(asOf, monthCount);
  const perCity = options.communitiesPerCity ?? DEMO_DEFAULTS.communitiesPerCity;
  const meanCases = options.casesPerCommunity ?? DEMO_DEFAULTS.casesPerCommunity;
  const cities = options.cityCodes ? DEMO_CITIES.filter((c) => options.cityCodes?.includes(c.code)) : DEMO_CITIES;
  const unknown = (options.cityCodes ?? []).filter((code) => !DEMO_CITIES.some((c) => c.code === code));
  if (unknown.length > 0) throw new Error(`no demo market for cities ${unknown.join(', ')}`);

  const market: DemoMarket = { months, communities: [], cases: [], pois: [] };
  for (const city of cities) {
    const rng = seededRandom(`${seed}:${city.code}`);
    const communities = generateCommunities(rng, city, perCity, monthCount - 1, monthCount);
    for (const community of communities) {
      market.communities.push(community.row);
      const count = clamp(Math.round(meanCases * Math.exp(rng.normal() * 0.35)), Math.min(8, meanCases), meanCases * 3);
      let seq = 0;
      const nextKey = () => `${community.row.haCode}:${String(++seq).padStart(3, '0')}`;
      for (let j = 0; j < count; j++) market.cases.push(residentialCase(rng, city, community, months, nextKey()));
      if (community.shops) {
        const factor = rng.range(1.3, 1.7);
        for (let j = rng.int(4, 10); j > 0; j--) market.cases.push(commercialCase(rng, city, community, months, nextKey(), 22, factor));
      }
      if (community.offices) {
        const factor = rng.range(0.7, 1.0);
        for (let j = rng.int(4, 10); j > 0; j--) market.cases.push(commercialCase(rng, city, community, months, nextKey(), 21, factor));
      }
    }
    market.pois.push(...generatePois(rng, city, communities));
  }
  return market;
}
