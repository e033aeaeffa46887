import { DICTIONARIES, FLOORLESS_BUILDING_TYPES } from '@valuation/domain';
import { RESIDENTIAL_LIMITS } from './engine.constants';
import type { PropertyFeatures } from './valuation.types';

/** Attributes of a unit; each feature of the model belongs to one, and is known or unknown with it. */
export type Attribute =
  'area' | 'rooms' | 'halls' | 'baths' | 'face' | 'decoration' | 'buildingType' | 'totalFloors' | 'floorPosition' | 'age';

export const ATTRIBUTES: readonly Attribute[] = [
  'area',
  'rooms',
  'halls',
  'baths',
  'face',
  'decoration',
  'buildingType',
  'totalFloors',
  'floorPosition',
  'age',
];

/** Radar titles of the feature groups. */
export type FeatureGroup = '面积' | '楼层' | '朝向' | '装修' | '房龄' | '户型' | '建筑类型';

export interface FeatureDefinition {
  name: string;
  attribute: Attribute;
  group: FeatureGroup;
  /**
   * Prior coefficient on log unit price: estimated within communities on the Beijing 2021 listings
   * where they vary there; floor position, medium and luxury finish, villas and baths are set by hand.
   */
  prior: number;
  residentialOnly: boolean;
}

const feature = (name: string, attribute: Attribute, group: FeatureGroup, prior: number, residentialOnly = false): FeatureDefinition => ({
  name,
  attribute,
  group,
  prior,
  residentialOnly,
});

/** The hedonic features of log unit price; reference unit: 90 m², 2 rooms 1 hall 1 bath, no south window, 精装, 板楼 of 4–6 floors, middle floor, new. */
export const FEATURES: readonly FeatureDefinition[] = [
  feature('logArea', 'area', '面积', -0.277),
  feature('logArea2', 'area', '面积', 0.054),
  feature('oneRoom', 'rooms', '户型', -0.045, true),
  feature('threeRooms', 'rooms', '户型', 0.047, true),
  feature('fourRoomsPlus', 'rooms', '户型', 0.069, true),
  feature('noHall', 'halls', '户型', -0.029, true),
  feature('twoHallsPlus', 'halls', '户型', 0.011, true),
  feature('twoBathsPlus', 'baths', '户型', 0.03, true),
  feature('southFacing', 'face', '朝向', 0.048),
  feature('northSouth', 'face', '朝向', 0.008),
  feature('roughFinish', 'decoration', '装修', -0.048),
  feature('simpleFinish', 'decoration', '装修', -0.024),
  feature('mediumFinish', 'decoration', '装修', -0.012),
  feature('luxuryFinish', 'decoration', '装修', 0.02),
  feature('tower', 'buildingType', '建筑类型', 0.005),
  feature('slabTower', 'buildingType', '建筑类型', -0.001),
  feature('villa', 'buildingType', '建筑类型', 0.05),
  feature('lowRise', 'totalFloors', '楼层', 0.122),
  feature('midRise', 'totalFloors', '楼层', -0.001),
  feature('highRise', 'totalFloors', '楼层', -0.003),
  feature('tallRise', 'totalFloors', '楼层', -0.026),
  feature('groundFloor', 'floorPosition', '楼层', -0.03),
  feature('topFloorWalkUp', 'floorPosition', '楼层', -0.04),
  feature('upperFloor', 'floorPosition', '楼层', 0.01),
  feature('basement', 'floorPosition', '楼层', -0.25),
  feature('age', 'age', '房龄', -0.016),
  feature('age2', 'age', '房龄', -0.0023),
];

export const FEATURE_COUNT = FEATURES.length;
export const ATTRIBUTE_COUNT = ATTRIBUTES.length;
/** Attribute index of each feature. */
export const FEATURE_ATTRIBUTE: readonly number[] = FEATURES.map((f) => ATTRIBUTES.indexOf(f.attribute));
const ATTRIBUTE_OFFSET: readonly number[] = ATTRIBUTES.map((a) => FEATURES.findIndex((f) => f.attribute === a));
export const PRIOR_COEFFICIENTS: Float64Array = Float64Array.from(FEATURES.map((f) => f.prior));

const codesWhere = (type: 'face' | 'intDeco' | 'bldgType', test: (name: string) => boolean): Set<string> =>
  new Set(DICTIONARIES[type].filter((e) => test(e.dictName)).map((e) => e.dictCode));
const codeOf = (type: 'face' | 'intDeco' | 'bldgType', name: string): string =>
  DICTIONARIES[type].find((e) => e.dictName === name)?.dictCode ?? '';

const SOUTH_FACES = codesWhere('face', (n) => n.includes('南'));
const NORTH_SOUTH = codeOf('face', '南北');
const FACE_CODES = codesWhere('face', () => true);
const DECORATION = {
  rough: codeOf('intDeco', '毛坯'),
  simple: codeOf('intDeco', '简装'),
  medium: codeOf('intDeco', '中装'),
  fine: codeOf('intDeco', '精装'),
  luxury: codeOf('intDeco', '豪装'),
};
const DECORATION_CODES = codesWhere('intDeco', () => true);
const TOWER = codeOf('bldgType', '塔楼');
const SLAB_TOWER = codeOf('bldgType', '板塔结合');
const BUILDING_TYPE_CODES = codesWhere('bldgType', () => true);
const FLOORLESS = new Set(FLOORLESS_BUILDING_TYPES);

/** Property types below 20 (residence, apartments, hotels...) use rooms, halls and baths. */
export function isResidentialType(propType: number): boolean {
  return propType < 20;
}

export function isFloorless(buildingType: string | null | undefined): boolean {
  return !!buildingType && FLOORLESS.has(buildingType);
}

/** A unit encoded for the model: feature values and which attributes are known. */
export interface EncodedUnit {
  x: Float64Array;
  known: Uint8Array;
}

export interface EncodeContext {
  residential: boolean;
  valuationYear: number;
  /** Build year of the unit's community, used when the unit's own is unknown. */
  communityBuildYear?: number | null;
}

const num = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

const ATTRIBUTE_INDEX = Object.fromEntries(ATTRIBUTES.map((a, i) => [a, i])) as Record<Attribute, number>;
const OFFSET = Object.fromEntries(ATTRIBUTES.map((a, i) => [a, ATTRIBUTE_OFFSET[i]])) as Record<Attribute, number>;
const b = (v: boolean): number => (v ? 1 : 0);

export function encodeFeatures(f: PropertyFeatures, ctx: EncodeContext): EncodedUnit {
  const unit = { x: new Float64Array(FEATURE_COUNT), known: new Uint8Array(ATTRIBUTE_COUNT) };
  encodeInto(f, ctx, unit.x, 0, unit.known, 0);
  return unit;
}

/** Writes the features of a unit to x from xo and the known flags of its attributes to known from ko (both zero-filled). */
export function encodeInto(f: PropertyFeatures, ctx: EncodeContext, x: Float64Array, xo: number, known: Uint8Array, ko: number): void {
  if (num(f.area) && f.area > 0) {
    const la = Math.log(f.area / 90);
    const o = xo + OFFSET.area;
    x[o] = la;
    x[o + 1] = la * la;
    known[ko + ATTRIBUTE_INDEX.area] = 1;
  }
  if (ctx.residential) {
    const r = f.rooms;
    if (num(r) && r >= 1 && r <= RESIDENTIAL_LIMITS.rooms) {
      const o = xo + OFFSET.rooms;
      x[o] = b(r === 1);
      x[o + 1] = b(r === 3);
      x[o + 2] = b(r >= 4);
      known[ko + ATTRIBUTE_INDEX.rooms] = 1;
    }
    const h = f.halls;
    if (num(h) && h >= 0 && h <= RESIDENTIAL_LIMITS.halls) {
      const o = xo + OFFSET.halls;
      x[o] = b(h === 0);
      x[o + 1] = b(h >= 2);
      known[ko + ATTRIBUTE_INDEX.halls] = 1;
    }
    const ba = f.baths;
    if (num(ba) && ba >= 0 && ba <= RESIDENTIAL_LIMITS.baths) {
      x[xo + OFFSET.baths] = b(ba >= 2);
      known[ko + ATTRIBUTE_INDEX.baths] = 1;
    }
  }
  if (f.face && FACE_CODES.has(f.face)) {
    const o = xo + OFFSET.face;
    x[o] = b(SOUTH_FACES.has(f.face));
    x[o + 1] = b(f.face === NORTH_SOUTH);
    known[ko + ATTRIBUTE_INDEX.face] = 1;
  }
  const d = f.decoration;
  if (d && DECORATION_CODES.has(d)) {
    const o = xo + OFFSET.decoration;
    x[o] = b(d === DECORATION.rough);
    x[o + 1] = b(d === DECORATION.simple);
    x[o + 2] = b(d === DECORATION.medium);
    x[o + 3] = b(d === DECORATION.luxury);
    known[ko + ATTRIBUTE_INDEX.decoration] = 1;
  }
  const bt = f.buildingType;
  if (bt && BUILDING_TYPE_CODES.has(bt)) {
    const o = xo + OFFSET.buildingType;
    x[o] = b(bt === TOWER);
    x[o + 1] = b(bt === SLAB_TOWER);
    x[o + 2] = b(FLOORLESS.has(bt));
    known[ko + ATTRIBUTE_INDEX.buildingType] = 1;
  }
  const tf = f.totalFloors;
  if (num(tf) && tf >= 1) {
    const o = xo + OFFSET.totalFloors;
    x[o] = b(tf <= 3);
    x[o + 1] = b(tf >= 7 && tf <= 11);
    x[o + 2] = b(tf >= 12 && tf <= 18);
    x[o + 3] = b(tf >= 19);
    known[ko + ATTRIBUTE_INDEX.totalFloors] = 1;
    const fl = f.floor;
    if (num(fl) && fl !== 0 && fl <= tf && !isFloorless(bt)) {
      const walkUp = tf <= 7;
      const p = xo + OFFSET.floorPosition;
      x[p] = b(fl === 1);
      x[p + 1] = b(walkUp && fl === tf && tf > 1);
      x[p + 2] = b(!walkUp && fl > (2 * tf) / 3);
      x[p + 3] = b(fl < 0);
      known[ko + ATTRIBUTE_INDEX.floorPosition] = 1;
    }
  }
  const year = num(f.buildYear) && f.buildYear > 1800 ? f.buildYear : num(ctx.communityBuildYear) ? ctx.communityBuildYear : null;
  if (year !== null && year <= ctx.valuationYear + 5) {
    const age = Math.min(Math.max(ctx.valuationYear - year, 0), 70) / 10;
    const o = xo + OFFSET.age;
    x[o] = age;
    x[o + 1] = age * age;
    known[ko + ATTRIBUTE_INDEX.age] = 1;
  }
}

/** Whether a feature takes part in the model for this property type. */
export function activeFeatures(residential: boolean): Uint8Array {
  return Uint8Array.from(FEATURES.map((f) => (f.residentialOnly && !residential ? 0 : 1)));
}
