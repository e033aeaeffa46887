import { distanceMeters, formatDistance } from './geo-distance';

describe('distanceMeters', () => {
  it('is zero for the same point', () => {
    expect(distanceMeters({ lon: 116.4, lat: 39.9 }, { lon: 116.4, lat: 39.9 })).toBe(0);
  });

  it('measures 0.01° of latitude as about 1112 m', () => {
    expect(distanceMeters({ lon: 116.4, lat: 39.9 }, { lon: 116.4, lat: 39.91 })).toBeCloseTo(1111.95, 0);
  });

  it('shrinks a degree of longitude with the cosine of the latitude', () => {
    const d = distanceMeters({ lon: 116.4, lat: 39.9 }, { lon: 116.41, lat: 39.9 });
    expect(d).toBeGreaterThan(850);
    expect(d).toBeLessThan(856);
  });

  it('is symmetric and matches a known city distance (Beijing to Shanghai about 1067 km)', () => {
    const beijing = { lon: 116.4074, lat: 39.9042 };
    const shanghai = { lon: 121.4737, lat: 31.2304 };
    expect(distanceMeters(beijing, shanghai)).toBeCloseTo(distanceMeters(shanghai, beijing), 6);
    expect(distanceMeters(beijing, shanghai) / 1000).toBeGreaterThan(1060);
    expect(distanceMeters(beijing, shanghai) / 1000).toBeLessThan(1075);
  });
});

describe('formatDistance', () => {
  it('shows metres below a kilometre and kilometres above', () => {
    expect(formatDistance(349.6)).toBe('350m');
    expect(formatDistance(1234)).toBe('1.2km');
    expect(formatDistance(Number.NaN)).toBe('');
  });
});
