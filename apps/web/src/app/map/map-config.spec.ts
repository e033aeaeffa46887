import { DEFAULT_TILE_ATTRIBUTION, DEFAULT_TILE_URL, parseTileDatum, tileConfigFrom } from './map-config';

describe('tileConfigFrom', () => {
  it('defaults to OpenStreetMap tiles in wgs84 with their attribution', () => {
    expect(tileConfigFrom({})).toEqual({ url: DEFAULT_TILE_URL, datum: 'wgs84', attribution: DEFAULT_TILE_ATTRIBUTION });
    expect(tileConfigFrom({ VITE_MAP_TILE_URL: '  ' }).url).toBe(DEFAULT_TILE_URL);
  });

  it('takes a configured url, datum and attribution', () => {
    const config = tileConfigFrom({
      VITE_MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png',
      VITE_MAP_TILE_DATUM: 'GCJ02',
      VITE_MAP_TILE_ATTRIBUTION: 'Example',
    });
    expect(config).toEqual({ url: 'https://tiles.example/{z}/{x}/{y}.png', datum: 'gcj02', attribution: 'Example' });
  });

  it('does not credit OpenStreetMap for another tile service without attribution', () => {
    expect(tileConfigFrom({ VITE_MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png' }).attribution).toBe('');
  });

  it('treats unknown datums as wgs84', () => {
    expect(parseTileDatum('bd09')).toBe('wgs84');
    expect(parseTileDatum(undefined)).toBe('wgs84');
    expect(parseTileDatum('gcj02')).toBe('gcj02');
  });
});
