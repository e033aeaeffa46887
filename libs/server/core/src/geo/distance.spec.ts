import { bearingDegrees, boundingBox, compassDirection, EARTH_RADIUS_M, haversineMetres, haversineSql } from './distance';

const A = { lon: 116.4, lat: 39.9 };
/** Metres per degree of latitude on the mean sphere. */
const M_PER_DEG = (Math.PI * EARTH_RADIUS_M) / 180;

describe('haversine distance', () => {
  it('is zero for one point and symmetric', () => {
    const b = { lon: 116.41, lat: 39.91 };
    expect(haversineMetres(A, A)).toBe(0);
    expect(haversineMetres(A, b)).toBeCloseTo(haversineMetres(b, A), 9);
  });

  it('measures a degree of latitude and a shortened degree of longitude', () => {
    expect(haversineMetres(A, { lon: A.lon, lat: A.lat + 1 })).toBeCloseTo(M_PER_DEG, 3);
    const east = haversineMetres(A, { lon: A.lon + 0.01, lat: A.lat });
    expect(east).toBeCloseTo(0.01 * M_PER_DEG * Math.cos((A.lat * Math.PI) / 180), 0);
  });

  it('matches a known city distance (Beijing to Shanghai, about 1068 km)', () => {
    const d = haversineMetres({ lon: 116.4074, lat: 39.9042 }, { lon: 121.4737, lat: 31.2304 });
    expect(d / 1000).toBeGreaterThan(1060);
    expect(d / 1000).toBeLessThan(1075);
  });

  it('builds the same formula as SQL over the given fragments', () => {
    const sql = haversineSql('c.lat', 'c.lon', '$1::float8', '$2::float8');
    expect(sql).toContain(String(EARTH_RADIUS_M));
    expect(sql).toContain('radians($1::float8 - c.lat)');
    expect(sql).toContain('cos(radians(c.lat)) * cos(radians($1::float8))');
    expect(sql.split('(').length).toBe(sql.split(')').length);
  });
});

describe('bounding box', () => {
  it('contains every point of the circle, including the diagonal ones', () => {
    const box = boundingBox(A, 500);
    for (let bearing = 0; bearing < 360; bearing += 15) {
      const r = (bearing * Math.PI) / 180;
      const p = {
        lat: A.lat + (Math.cos(r) * 499) / M_PER_DEG,
        lon: A.lon + (Math.sin(r) * 499) / (M_PER_DEG * Math.cos((A.lat * Math.PI) / 180)),
      };
      expect(haversineMetres(A, p)).toBeLessThan(500);
      expect(p.lat).toBeGreaterThanOrEqual(box.minLat);
      expect(p.lat).toBeLessThanOrEqual(box.maxLat);
      expect(p.lon).toBeGreaterThanOrEqual(box.minLon);
      expect(p.lon).toBeLessThanOrEqual(box.maxLon);
    }
  });

  it('is tight: its edges lie at the radius north and east', () => {
    const box = boundingBox(A, 1000);
    expect(haversineMetres(A, { lon: A.lon, lat: box.maxLat })).toBeCloseTo(1000, 3);
    expect(haversineMetres(A, { lon: box.maxLon, lat: A.lat })).toBeGreaterThanOrEqual(1000);
    expect(haversineMetres(A, { lon: box.maxLon, lat: A.lat })).toBeLessThan(1001);
  });

  it('stays within valid latitudes near a pole', () => {
    const box = boundingBox({ lon: 0, lat: 89.999 }, 5000);
    expect(box.maxLat).toBe(90);
    expect(box.maxLon - box.minLon).toBe(360);
  });
});

describe('compass direction', () => {
  const at = (dLon: number, dLat: number) => ({ lon: A.lon + dLon, lat: A.lat + dLat });

  it.each([
    [0, 0.01, '北'],
    [0.01, 0.01, '东北'],
    [0.01, 0, '东'],
    [0.01, -0.01, '东南'],
    [0, -0.01, '南'],
    [-0.01, -0.01, '西南'],
    [-0.01, 0, '西'],
    [-0.01, 0.01, '西北'],
  ])('a point offset by (%s, %s) lies %s', (dLon, dLat, name) => {
    expect(compassDirection(A, at(dLon, dLat))).toBe(name);
  });

  it('rounds to the nearest of eight sectors', () => {
    // 20 degrees east of north is still north; 25 degrees is north-east.
    const toward = (degrees: number) => {
      const r = (degrees * Math.PI) / 180;
      return at((Math.sin(r) * 0.01) / Math.cos((A.lat * Math.PI) / 180), Math.cos(r) * 0.01);
    };
    expect(bearingDegrees(A, toward(20))).toBeCloseTo(20, 0);
    expect(compassDirection(A, toward(20))).toBe('北');
    expect(compassDirection(A, toward(25))).toBe('东北');
    expect(compassDirection(A, toward(350))).toBe('北');
  });

  it('has no direction for the same point', () => {
    expect(compassDirection(A, A)).toBe('');
  });
});
