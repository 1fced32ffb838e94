import type { Db } from '../db';
import { briefCachesBy, type BriefCache } from '../http';

/*
 * Search results without the caller's `following` flags, kept briefly per query. The sorts read counters the
 * popularity consumer writes asynchronously anyway, so a second of lag changes nothing a user can tell, and the
 * search page (every keystroke, every scroll) stops costing a sort over all creators per request. Writes this
 * process makes to what a result shows (follows, profiles) clear it at once.
 */

export const SEARCH_CACHE_TTL_MS = 1_000;

const searchCaches = briefCachesBy<Db, unknown>();

/** One cache per database (each test database gets its own). */
export function searchCacheFor<Value>(db: Db): BriefCache<Value> {
  return searchCaches.of(db, SEARCH_CACHE_TTL_MS) as BriefCache<Value>;
}

/** Forgets every cached search of the database, after a change a search result shows. */
export function invalidateSearches(db: Db): void {
  searchCaches.clear(db);
}
