import type { Db } from '../db';

/**
 * Search results without the caller's `following` flags, kept briefly per query. The sorts read counters the
 * popularity consumer writes asynchronously anyway, so a second of lag changes nothing a user can tell, and the
 * search page (every keystroke, every scroll) stops costing a sort over all creators per request. Writes this
 * process makes to what a result shows (follows, profiles) clear it at once.
 */
export class SearchCache<Value> {
  private readonly entries = new Map<string, { value: Promise<Value>; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1_000,
  ) {}

  /** The cached value of the key, or a new one from `load` (concurrent misses share one load). */
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

export const SEARCH_CACHE_TTL_MS = 1_000;

const caches = new WeakMap<Db, SearchCache<unknown>>();

/** One cache per database (each test database gets its own). */
export function searchCacheFor<Value>(db: Db): SearchCache<Value> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new SearchCache<unknown>(SEARCH_CACHE_TTL_MS);
    caches.set(db, cache);
  }
  return cache as SearchCache<Value>;
}

/** Forgets every cached search of the database, after a change a search result shows. */
export function invalidateSearches(db: Db): void {
  caches.get(db)?.clear();
}
