import type { CommunityFilterResult, CommunityPosition } from '@valuation/contracts';
import type { GeocodedPlace } from '../../../app/community/geocode';
import { districtNamesOf, resolveInitialCentre, type CentreLookups } from './initial-centre';

const position = (haCode: string, lon: number | null, lat: number | null): CommunityPosition => ({
  haCode,
  haName: haCode,
  cityName: '北京市',
  distName: '朝阳区',
  mainStreet: '',
  lon,
  lat,
});

function lookups(
  results: Record<string, CommunityFilterResult>,
  districts: string[] = [],
  places: Record<string, GeocodedPlace> = {},
): CentreLookups & { asked: string[]; geocoded: string[] } {
  const asked: string[] = [];
  const geocoded: string[] = [];
  return {
    asked,
    geocoded,
    filter: async (name) => {
      asked.push(name);
      return results[name] ?? null;
    },
    districts: async () => districts,
    geocode: async (address) => {
      geocoded.push(address);
      return places[address] ?? null;
    },
  };
}

const ZIZHU: GeocodedPlace = {
  point: { lon: 116.3, lat: 39.95 },
  level: 'street_no',
  label: '紫竹院路（门牌200号附近）',
  address: '海淀区紫竹院路200号',
};

describe('resolveInitialCentre', () => {
  it('prefers the point param with its address name', async () => {
    const l = lookups({});
    const centre = await resolveInitialCentre(
      { pointParam: '116.45,39.93', addressName: '建国路', community: { haCode: 'a', haName: '双井小区' }, cityName: '北京' },
      l,
    );
    expect(centre).toEqual({ point: { lon: 116.45, lat: 39.93 }, source: 'point', label: '建国路' });
    expect(l.asked).toEqual([]);
    expect(l.geocoded).toEqual([]);
  });

  it('keeps what the geocoder matched when the point came from it', async () => {
    const centre = await resolveInitialCentre(
      { pointParam: '116.3,39.95', addressName: '紫竹院路200号', matchedLabel: ZIZHU.label },
      lookups({}),
    );
    expect(centre).toEqual({ point: { lon: 116.3, lat: 39.95 }, source: 'point', label: '紫竹院路200号', matched: ZIZHU.label });
  });

  it('places the addressName param with the geocoder before the chosen community', async () => {
    const l = lookups({}, [], { 紫竹院路200号: ZIZHU });
    const centre = await resolveInitialCentre(
      { addressName: ' 紫竹院路200号 ', community: { haCode: 'a', haName: '双井小区' }, cityName: '北京' },
      l,
    );
    expect(centre).toEqual({ point: ZIZHU.point, source: 'address', label: '紫竹院路200号', matched: ZIZHU.label });
    expect(l.asked).toEqual([]);
  });

  it('goes on to the community when the addressName cannot be placed', async () => {
    const l = lookups({ 双井小区: { position: [position('a', 116.46, 39.95)], location: '116.46,39.95' } });
    const centre = await resolveInitialCentre({ addressName: '火星基地', community: { haCode: 'a', haName: '双井小区' } }, l);
    expect(l.geocoded).toEqual(['火星基地']);
    expect(centre).toMatchObject({ source: 'community', haCode: 'a' });
  });

  it('centres on the chosen community found by name and code', async () => {
    const l = lookups({ 双井小区: { position: [position('other', 1, 2), position('a', 116.46, 39.95)], location: '1,2' } });
    const centre = await resolveInitialCentre({ pointParam: 'bad', community: { haCode: 'a', haName: '双井小区' }, cityName: '北京' }, l);
    expect(centre).toEqual({ point: { lon: 116.46, lat: 39.95 }, source: 'community', label: '双井小区', haCode: 'a' });
  });

  it('uses the session marked point when the community cannot be placed', async () => {
    const l = lookups({ 双井小区: { position: [position('a', null, null)], location: null } });
    const centre = await resolveInitialCentre(
      { community: { haCode: 'a', haName: '双井小区' }, markedCoord: { coord: '116.3,39.8', address: '某地' }, cityName: '北京' },
      l,
    );
    expect(centre).toEqual({ point: { lon: 116.3, lat: 39.8 }, source: 'marked', label: '某地' });
  });

  it('falls back from the city name to its districts', async () => {
    const l = lookups({ 西城区: { position: [position('x', 116.36, 39.91)], location: '116.36,39.91' } }, [
      '东城区',
      '西城区',
      '朝阳区',
      '海淀区',
    ]);
    const centre = await resolveInitialCentre({ cityName: '北京' }, l);
    expect(centre).toEqual({ point: { lon: 116.36, lat: 39.91 }, source: 'city' });
    expect(l.asked).toEqual(['北京', '东城区', '西城区']);
  });

  it('answers null when nothing can be placed, even if lookups fail', async () => {
    const failing: CentreLookups = {
      filter: () => Promise.reject(new Error('network')),
      districts: () => Promise.reject(new Error('network')),
      geocode: () => Promise.reject(new Error('network')),
    };
    expect(await resolveInitialCentre({ cityName: '北京', addressName: '紫竹院路200号' }, failing)).toBeNull();
    expect(await resolveInitialCentre({}, lookups({}))).toBeNull();
  });
});

describe('districtNamesOf', () => {
  it('finds the districts of a city at any depth', () => {
    const tree = [
      {
        regionCode: '110000',
        regionName: '北京市',
        items: [{ regionCode: '110100', regionName: '北京市', items: [{ regionCode: '110101', regionName: '东城区', items: [] }] }],
      },
    ];
    expect(districtNamesOf(tree, '110100')).toEqual(['东城区']);
    expect(districtNamesOf(tree, '310100')).toEqual([]);
  });
});
