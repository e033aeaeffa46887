import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  it('serves a value until it expires, sharing concurrent loads', async () => {
    const cache = new TtlCache<number>(1000);
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.get('k', load, 0), cache.get('k', load, 10)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    expect(await cache.get('k', load, 999)).toBe(1);
    expect(await cache.get('k', load, 1000)).toBe(2);
  });

  it('forgets a failed load so the next call tries again', async () => {
    const cache = new TtlCache<number>(1000);
    await expect(cache.get('k', () => Promise.reject(new Error('down')), 0)).rejects.toThrow('down');
    await Promise.resolve();
    expect(await cache.get('k', async () => 7, 1)).toBe(7);
  });
});
