/**
 * Answers kept briefly per key: what many callers ask at once and may see a few seconds old (search results without
 * a caller's flags, the pages visitors browse). Concurrent misses of a key share one load; a failed load is not kept.
 */
export class BriefCache<Value> {
  private readonly entries = new Map<string, { value: Promise<Value>; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1_000,
  ) {}

  /** The cached value of the key, or a new one from `load`. */
  get(key: string, load: () => Promise<Value>): Promise<Value> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    if (this.entries.size >= this.maxEntries) this.evictExpired(now);
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const value = load();
    this.entries.set(key, { value, expires: now + this.ttlMs });
    value.catch(() => this.entries.delete(key));
    return value;
  }

  clear(): void {
    this.entries.clear();
  }

  private evictExpired(now: number): void {
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.entries.delete(key);
  }
}

/** One cache per owner (a database: each test database gets its own), made on first use with the TTL given then. */
export function briefCachesBy<Owner extends object, Value>() {
  const caches = new WeakMap<Owner, BriefCache<Value>>();
  return {
    of(owner: Owner, ttlMs: number): BriefCache<Value> {
      let cache = caches.get(owner);
      if (!cache) {
        cache = new BriefCache<Value>(ttlMs);
        caches.set(owner, cache);
      }
      return cache;
    },
    clear(owner: Owner): void {
      caches.get(owner)?.clear();
    },
  };
}
