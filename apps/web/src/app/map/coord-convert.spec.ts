import { bd09ToTile, formatLonLat, parseLonLat, tileToBd09, tileToWgs84, wgs84ToTile } from './coord-convert';

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

  it('leaves a bd09ll point as it is on bd09 tiles, both ways', () => {
    expect(bd09ToTile(tiananmenBd09, 'bd09')).toEqual(tiananmenBd09);
    expect(tileToBd09(tiananmenBd09, 'bd09')).toEqual(tiananmenBd09);
  });

  it('draws a WGS84 point on each datum and reads it back (Tiananmen: gcj02 about +0.0061, +0.0014; bd09 about +0.0126, +0.0077)', () => {
    const wgs = { lon: 116.3913, lat: 39.9075 };
    expect(wgs84ToTile(wgs, 'wgs84')).toEqual(wgs);
    const gcj = wgs84ToTile(wgs, 'gcj02');
    expect(gcj.lon - wgs.lon).toBeCloseTo(0.0061, 3);
    expect(gcj.lat - wgs.lat).toBeCloseTo(0.0014, 3);
    const bd = wgs84ToTile(wgs, 'bd09');
    expect(bd.lon - wgs.lon).toBeCloseTo(0.0126, 3);
    expect(bd.lat - wgs.lat).toBeCloseTo(0.0077, 3);
    for (const datum of ['wgs84', 'gcj02', 'bd09'] as const) {
      const back = tileToWgs84(wgs84ToTile(wgs, datum), datum);
      expect(back.lon).toBeCloseTo(wgs.lon, 5);
      expect(back.lat).toBeCloseTo(wgs.lat, 5);
    }
  });

  it('reads a click on bd09 tiles back as the bd09ll point a wgs84 map shows at the same place', () => {
    const wgs = { lon: 121.4737, lat: 31.2304 };
    const clickedOnBaidu = tileToBd09(wgs84ToTile(wgs, 'bd09'), 'bd09');
    const clickedOnOsm = tileToBd09(wgs, 'wgs84');
    expect(clickedOnBaidu.lon).toBeCloseTo(clickedOnOsm.lon, 5);
    expect(clickedOnBaidu.lat).toBeCloseTo(clickedOnOsm.lat, 5);
  });

  it.each(['wgs84', 'gcj02', 'bd09'] as const)('round-trips through %s within a metre', (datum) => {
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
