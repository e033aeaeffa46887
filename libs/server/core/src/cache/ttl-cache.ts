/**
 * A small in-process cache for data read on every valuation (tenant methods, field settings, risk
 * coefficients, a community's market). An entry is fresh for `ttlMs`; for a second `ttlMs` it is
 * still served while one background load replaces it, so expiry never stalls a request. Older
 * entries are loaded again before answering. Concurrent misses of one key share a single load.
 * When full, the entry loaded longest ago makes room.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { at: number; value: Promise<V>; refreshing: boolean }>();
  /** Counts clears: a background load begun before a clear must not store what it read. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly clock: () => number = Date.now,
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = this.clock();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    if (hit && now - hit.at < 2 * this.ttlMs) {
      if (!hit.refreshing) {
        hit.refreshing = true;
        const generation = this.generation;
        load().then(
          (value) => {
            if (generation === this.generation)
              this.entries.set(key, { at: this.clock(), value: Promise.resolve(value), refreshing: false });
          },
          () => (hit.refreshing = false),
        );
      }
      return hit.value;
    }
    if (hit) this.entries.delete(key);
    else if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    const value = load();
    this.entries.set(key, { at: now, value, refreshing: false });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  /** The value held for `key`, fresh or not, without loading anything. */
  peek(key: string): Promise<V> | undefined {
    return this.entries.get(key)?.value;
  }

  /** Whether `key` holds a value still fresh (served without any load). */
  isFresh(key: string): boolean {
    const hit = this.entries.get(key);
    return hit !== undefined && this.clock() - hit.at < this.ttlMs;
  }

  /** Forgets every entry; loads under way when it is called store nothing. */
  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}

/** How long settings read on the valuation path may be served from memory. */
export const SETTINGS_TTL_MS = 10_000;

/** How long a process keeps the region table (it changes only with a migration). */
export const REGIONS_TTL_MS = 10 * 60_000;
