import { convertPoint, formatLonLat, fromWgs84, parseCoordType, toWgs84, type CoordType } from './datum';
import { haversineMetres } from './distance';

const TIANANMEN = { lon: 116.397428, lat: 39.90923 };

describe('datum conversion', () => {
  it('moves a Beijing point by the known offsets of GCJ-02 and BD-09', () => {
    const gcj = fromWgs84(TIANANMEN, 'gcj02');
    const bd = fromWgs84(TIANANMEN, 'bd09ll');
    // GCJ-02 shifts Beijing by roughly 600 m (east and north); BD-09 adds another ~700 m on top.
    expect(haversineMetres(TIANANMEN, gcj)).toBeGreaterThan(300);
    expect(haversineMetres(TIANANMEN, gcj)).toBeLessThan(900);
    expect(gcj.lon).toBeGreaterThan(TIANANMEN.lon);
    expect(gcj.lat).toBeGreaterThan(TIANANMEN.lat);
    expect(haversineMetres(gcj, bd)).toBeGreaterThan(500);
    expect(haversineMetres(gcj, bd)).toBeLessThan(1200);
  });

  it.each<CoordType>(['bd09ll', 'gcj02', 'wgs84'])('round-trips %s within a metre', (type) => {
    for (const p of [TIANANMEN, { lon: 121.4737, lat: 31.2304 }, { lon: 113.2644, lat: 23.1291 }]) {
      expect(haversineMetres(toWgs84(fromWgs84(p, type), type), p)).toBeLessThan(1);
    }
  });

  it('converts between two non-WGS84 datums directly', () => {
    const bd = fromWgs84(TIANANMEN, 'bd09ll');
    const gcj = convertPoint(bd, 'bd09ll', 'gcj02');
    expect(haversineMetres(gcj, fromWgs84(TIANANMEN, 'gcj02'))).toBeLessThan(1);
  });

  it('returns a copy, not the same object, when the datums are equal', () => {
    const same = convertPoint(TIANANMEN, 'wgs84', 'wgs84');
    expect(same).toEqual(TIANANMEN);
    expect(same).not.toBe(TIANANMEN);
  });

  it('reads coordinate type names in any case, with aliases, and refuses others', () => {
    expect(parseCoordType('BD09LL')).toBe('bd09ll');
    expect(parseCoordType('bd09')).toBe('bd09ll');
    expect(parseCoordType(' gcj02 ')).toBe('gcj02');
    expect(parseCoordType('WGS84')).toBe('wgs84');
    expect(parseCoordType('gps')).toBe('wgs84');
    expect(parseCoordType('bd09mc')).toBeNull();
    expect(parseCoordType('')).toBeNull();
  });

  it('formats lon,lat with six decimals', () => {
    expect(formatLonLat({ lon: 116.4, lat: 39.9 })).toBe('116.400000,39.900000');
  });
});
