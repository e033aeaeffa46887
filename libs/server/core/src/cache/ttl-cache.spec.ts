import { TtlCache } from './ttl-cache';

const settle = () => new Promise((r) => setImmediate(r));

function setup() {
  let now = 0;
  let loads = 0;
  const cache = new TtlCache<number>(1000, 100, () => now);
  return { cache, load: async () => ++loads, at: (t: number) => (now = t), loads: () => loads };
}

describe('TtlCache', () => {
  it('serves a fresh value, sharing concurrent loads', async () => {
    const { cache, load, at, loads } = setup();
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual([1, 1]);
    at(999);
    expect(await cache.get('k', load)).toBe(1);
    expect(loads()).toBe(1);
  });

  it('serves a stale value while one background load replaces it', async () => {
    const { cache, load, at, loads } = setup();
    await cache.get('k', load);
    at(1500);
    const stale = [cache.get('k', load), cache.get('k', load)];
    expect(await Promise.all(stale)).toEqual([1, 1]);
    await settle();
    expect(loads()).toBe(2);
    expect(await cache.get('k', load)).toBe(2);
  });

  it('makes room by dropping the entry loaded longest ago, keeping the others', async () => {
    const { cache, load, loads } = setup();
    for (let i = 0; i < 101; i++) await cache.get(`k${i}`, load);
    expect(loads()).toBe(101);
    await cache.get('k50', load);
    await cache.get('k100', load);
    expect(loads()).toBe(101);
    await cache.get('k0', load);
    expect(loads()).toBe(102);
  });

  it('loads again before answering when an entry is too old', async () => {
    const { cache, load, at } = setup();
    await cache.get('k', load);
    at(2000);
    expect(await cache.get('k', load)).toBe(2);
  });

  it('tells whether a key holds a fresh value', async () => {
    const { cache, load, at } = setup();
    expect(cache.isFresh('k')).toBe(false);
    await cache.get('k', load);
    expect(cache.isFresh('k')).toBe(true);
    at(1000);
    expect(cache.isFresh('k')).toBe(false);
  });

  it('shows the value held, fresh or stale, without loading', async () => {
    const { cache, load, at, loads } = setup();
    expect(cache.peek('k')).toBeUndefined();
    await cache.get('k', load);
    at(1500);
    expect(await cache.peek('k')).toBe(1);
    expect(loads()).toBe(1);
  });

  it('forgets a failed load so the next call tries again', async () => {
    const { cache } = setup();
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await settle();
    expect(await cache.get('k', async () => 7)).toBe(7);
  });

  it('does not keep what a background load read before a clear', async () => {
    const { cache, at } = setup();
    await cache.get('k', async () => 1);
    at(1500);
    let finish: (n: number) => void = () => undefined;
    expect(await cache.get('k', () => new Promise<number>((r) => (finish = r)))).toBe(1);
    cache.clear();
    finish(2);
    await settle();
    expect(await cache.get('k', async () => 3)).toBe(3);
  });
});
