import { dictCode } from '@valuation/domain';
import { ATTRIBUTES, encodeFeatures, FEATURES, isResidentialType } from './feature.encoder';

const ctx = (residential: boolean) => ({ residential, valuationYear: 2021 });
const value = (x: Float64Array, name: string): number => x[FEATURES.findIndex((f) => f.name === name)];
const isKnown = (known: Uint8Array, attribute: (typeof ATTRIBUTES)[number]): boolean => known[ATTRIBUTES.indexOf(attribute)] === 1;

describe('feature encoder', () => {
  it('classifies property types: below 20 residential rules, offices and shops not', () => {
    expect(isResidentialType(11)).toBe(true);
    expect(isResidentialType(13)).toBe(true);
    expect(isResidentialType(21)).toBe(false);
    expect(isResidentialType(22)).toBe(false);
  });

  it('encodes the layout of a residence and ignores it for a shop', () => {
    const unit = { area: 90, rooms: 3, halls: 2, baths: 2 };
    const home = encodeFeatures(unit, ctx(true));
    expect(value(home.x, 'threeRooms')).toBe(1);
    expect(value(home.x, 'twoHallsPlus')).toBe(1);
    expect(value(home.x, 'twoBathsPlus')).toBe(1);
    expect(isKnown(home.known, 'rooms')).toBe(true);
    const shop = encodeFeatures(unit, ctx(false));
    expect(isKnown(shop.known, 'rooms')).toBe(false);
    expect(isKnown(shop.known, 'halls')).toBe(false);
    expect(isKnown(shop.known, 'baths')).toBe(false);
    expect(value(shop.x, 'threeRooms')).toBe(0);
  });

  it('treats rooms above 20 and baths or halls above 10 as unknown for a residence', () => {
    const e = encodeFeatures({ area: 90, rooms: 21, halls: 11, baths: 11 }, ctx(true));
    expect(isKnown(e.known, 'rooms')).toBe(false);
    expect(isKnown(e.known, 'halls')).toBe(false);
    expect(isKnown(e.known, 'baths')).toBe(false);
    const ok = encodeFeatures({ area: 90, rooms: 20, halls: 10, baths: 10 }, ctx(true));
    expect(isKnown(ok.known, 'rooms')).toBe(true);
    expect(isKnown(ok.known, 'baths')).toBe(true);
  });

  it('encodes orientation, decoration and building type from the dictionary codes', () => {
    const e = encodeFeatures(
      { area: 90, face: dictCode('face', '南北'), decoration: dictCode('intDeco', '毛坯'), buildingType: dictCode('bldgType', '塔楼') },
      ctx(true),
    );
    expect(value(e.x, 'southFacing')).toBe(1);
    expect(value(e.x, 'northSouth')).toBe(1);
    expect(value(e.x, 'roughFinish')).toBe(1);
    expect(value(e.x, 'tower')).toBe(1);
    const north = encodeFeatures({ area: 90, face: dictCode('face', '北') }, ctx(true));
    expect(value(north.x, 'southFacing')).toBe(0);
    expect(isKnown(north.known, 'face')).toBe(true);
    expect(isKnown(encodeFeatures({ area: 90, face: '99' }, ctx(true)).known, 'face')).toBe(false);
  });

  it('encodes the floor position, and ignores the floor of a house without floors', () => {
    const top = encodeFeatures({ area: 90, floor: 6, totalFloors: 6 }, ctx(true));
    expect(value(top.x, 'topFloorWalkUp')).toBe(1);
    const ground = encodeFeatures({ area: 90, floor: 1, totalFloors: 18 }, ctx(true));
    expect(value(ground.x, 'groundFloor')).toBe(1);
    expect(value(ground.x, 'highRise')).toBe(1);
    const villa = encodeFeatures({ area: 300, floor: 1, totalFloors: 3, buildingType: dictCode('bldgType', '独栋别墅') }, ctx(true));
    expect(isKnown(villa.known, 'floorPosition')).toBe(false);
    expect(value(villa.x, 'villa')).toBe(1);
  });

  it('takes the age from the community build year when the unit has none', () => {
    const e = encodeFeatures({ area: 90 }, { residential: true, valuationYear: 2021, communityBuildYear: 2001 });
    expect(value(e.x, 'age')).toBeCloseTo(2, 10);
    expect(isKnown(encodeFeatures({ area: 90 }, ctx(true)).known, 'age')).toBe(false);
  });
});
