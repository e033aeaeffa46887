import { bd09ToTile, formatLonLat, parseLonLat, tileToBd09 } from './coord-convert';

describe('coordinate conversion', () => {
  const tiananmenBd09 = { lon: 116.404, lat: 39.915 };

  it('moves a Beijing bd09ll point to gcj02 by the known offset (about 0.0065, 0.006)', () => {
    const gcj = bd09ToTile(tiananmenBd09, 'gcj02');
    expect(gcj.lon).toBeCloseTo(116.3974, 3);
    expect(gcj.lat).toBeCloseTo(39.9091, 3);
  });

  it('wgs84 differs from gcj02 by a few hundred metres in Beijing', () => {
    const gcj = bd09ToTile(tiananmenBd09, 'gcj02');
    const wgs = bd09ToTile(tiananmenBd09, 'wgs84');
    expect(Math.abs(gcj.lon - wgs.lon)).toBeGreaterThan(0.004);
    expect(Math.abs(gcj.lat - wgs.lat)).toBeGreaterThan(0.0005);
  });

  it.each(['wgs84', 'gcj02'] as const)('round-trips through %s within a metre', (datum) => {
    const back = tileToBd09(bd09ToTile(tiananmenBd09, datum), datum);
    expect(back.lon).toBeCloseTo(tiananmenBd09.lon, 5);
    expect(back.lat).toBeCloseTo(tiananmenBd09.lat, 5);
  });

  it('parses and formats lon,lat', () => {
    expect(parseLonLat('116.404,39.915')).toEqual({ lon: 116.404, lat: 39.915 });
    expect(parseLonLat(' 116.4 , 39.9 ')).toEqual({ lon: 116.4, lat: 39.9 });
    expect(parseLonLat('116.404')).toBeNull();
    expect(parseLonLat('abc,39')).toBeNull();
    expect(parseLonLat(',39')).toBeNull();
    expect(parseLonLat('200,39')).toBeNull();
    expect(parseLonLat(null)).toBeNull();
    expect(formatLonLat({ lon: 116.4, lat: 39.9 })).toBe('116.400000,39.900000');
  });
});
