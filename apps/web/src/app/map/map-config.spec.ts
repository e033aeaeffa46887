import { DEFAULT_TILE_ATTRIBUTION, DEFAULT_TILE_URL, OFFLINE_TILE_URL, parseTileDatum, tileConfigFrom } from './map-config';

describe('tileConfigFrom', () => {
  it('defaults to OpenStreetMap tiles in wgs84 with their attribution', () => {
    expect(tileConfigFrom({})).toEqual({ url: DEFAULT_TILE_URL, offline: false, datum: 'wgs84', attribution: DEFAULT_TILE_ATTRIBUTION });
    expect(tileConfigFrom({ VITE_MAP_TILE_URL: '  ' }).url).toBe(DEFAULT_TILE_URL);
  });

  it('takes a configured url, datum and attribution', () => {
    const config = tileConfigFrom({
      VITE_MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png',
      VITE_MAP_TILE_DATUM: 'GCJ02',
      VITE_MAP_TILE_ATTRIBUTION: 'Example',
    });
    expect(config).toEqual({ url: 'https://tiles.example/{z}/{x}/{y}.png', offline: false, datum: 'gcj02', attribution: 'Example' });
  });

  it('takes an intranet server in bd09', () => {
    const config = tileConfigFrom({ VITE_MAP_TILE_URL: 'http://10.1.2.3/tiles/{z}/{x}/{y}.png', VITE_MAP_TILE_DATUM: 'bd09' });
    expect(config).toMatchObject({ url: 'http://10.1.2.3/tiles/{z}/{x}/{y}.png', offline: false, datum: 'bd09', attribution: '' });
  });

  it('does not credit OpenStreetMap for another tile service without attribution', () => {
    expect(tileConfigFrom({ VITE_MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png' }).attribution).toBe('');
  });

  it('turns the tiles off with offline (in any case), drawing the WGS84 offline map as it is', () => {
    expect(tileConfigFrom({ VITE_MAP_TILE_URL: ' Offline ', VITE_MAP_TILE_DATUM: 'gcj02', VITE_MAP_TILE_ATTRIBUTION: 'x' })).toEqual({
      url: OFFLINE_TILE_URL,
      offline: true,
      datum: 'wgs84',
      attribution: '',
    });
  });
});

describe('parseTileDatum', () => {
  it.each([
    ['wgs84', 'wgs84'],
    ['gcj02', 'gcj02'],
    [' GCJ02 ', 'gcj02'],
    ['bd09', 'bd09'],
    ['BD09LL', 'bd09'],
  ] as const)('reads %s as %s', (value, datum) => {
    expect(parseTileDatum(value)).toBe(datum);
  });

  it('treats unknown and missing datums as wgs84', () => {
    expect(parseTileDatum('mercator')).toBe('wgs84');
    expect(parseTileDatum('')).toBe('wgs84');
    expect(parseTileDatum(undefined)).toBe('wgs84');
  });
});
