import { RELOAD_THRESHOLD_M } from './map-constants';
import { shouldReloadNearby } from './reload-rule';

describe('shouldReloadNearby', () => {
  const start = { lon: 116.4, lat: 39.9 };
  /** 0.001° of latitude is about 111 m. */
  const north = (metres: number) => ({ lon: start.lon, lat: start.lat + metres / 111_195 });

  it('loads when nothing was loaded yet', () => {
    expect(shouldReloadNearby(null, start)).toBe(true);
  });

  it('keeps the list for moves up to 800 m', () => {
    expect(RELOAD_THRESHOLD_M).toBe(800);
    expect(shouldReloadNearby(start, start)).toBe(false);
    expect(shouldReloadNearby(start, north(500))).toBe(false);
    expect(shouldReloadNearby(start, north(795))).toBe(false);
  });

  it('reloads beyond 800 m', () => {
    expect(shouldReloadNearby(start, north(805))).toBe(true);
    expect(shouldReloadNearby(start, { lon: 116.42, lat: 39.9 })).toBe(true);
  });

  it('accepts another threshold', () => {
    expect(shouldReloadNearby(start, north(300), 200)).toBe(true);
  });
});
