import { haversineMetres } from './distance';
import { houseNumberOf, locateHouseNumber, type NumberedPoint } from './house-number';

const at = (houseNo: number, lat: number, lon: number): NumberedPoint => ({ houseNo, lat, lon });

describe('locateHouseNumber', () => {
  const road = [at(100, 39.94, 116.28), at(200, 39.95, 116.28), at(360, 39.96, 116.28)];

  it('takes the place with the same number', () => {
    expect(locateHouseNumber(200, road)).toEqual({ lat: 39.95, lon: 116.28, exact: true });
  });

  it('places a number between the nearest lower and higher numbers in proportion', () => {
    const p = locateHouseNumber(150, road)!;
    expect(p.exact).toBe(false);
    expect(p.lat).toBeCloseTo(39.945, 9);
    expect(locateHouseNumber(320, road)!.lat).toBeCloseTo(39.9575, 9);
  });

  it('takes the nearest number beyond either end of the road', () => {
    expect(locateHouseNumber(20, road)).toEqual({ lat: 39.94, lon: 116.28, exact: false });
    expect(locateHouseNumber(999, road)).toEqual({ lat: 39.96, lon: 116.28, exact: false });
  });

  it('does not interpolate across places too far apart; the nearer number wins', () => {
    const far = [at(10, 39.9, 116.3), at(20, 40.0, 116.3)];
    expect(haversineMetres(far[0], far[1])).toBeGreaterThan(2000);
    expect(locateHouseNumber(13, far)).toEqual({ lat: 39.9, lon: 116.3, exact: false });
    expect(locateHouseNumber(18, far)).toEqual({ lat: 40.0, lon: 116.3, exact: false });
  });

  it('gives null for a road without numbered places', () => {
    expect(locateHouseNumber(5, [])).toBeNull();
  });
});

describe('houseNumberOf', () => {
  it('reads the leading number of a stored house number', () => {
    expect(houseNumberOf('191')).toBe(191);
    expect(houseNumberOf('191号')).toBe(191);
    expect(houseNumberOf('甲１９１号')).toBe(191);
    expect(houseNumberOf('12-3')).toBe(12);
    expect(houseNumberOf('无')).toBeNull();
    expect(houseNumberOf(null)).toBeNull();
  });
});
