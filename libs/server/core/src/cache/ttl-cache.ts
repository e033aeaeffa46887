/**
 * A small in-process cache for settings read on every valuation (tenant methods, field settings,
 * risk coefficients). Entries live `ttlMs`; a change is seen by every process within that time.
 * Concurrent misses of one key share a single load.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { at: number; value: Promise<V> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: string, load: () => Promise<V>, now = Date.now()): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const value = load();
    this.entries.set(key, { at: now, value });
    value.catch(() => this.entries.delete(key));
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}

/** How long settings read on the valuation path may be served from memory. */
export const SETTINGS_TTL_MS = 10_000;
