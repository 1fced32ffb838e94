import {
  toPage,
  type CreatorListItem,
  type CreatorSearchSort,
  type FileEntry,
  type Language,
  type Page,
} from '@fanmission/contracts';
import type { Caller } from '../auth';
import type { ServiceContext } from '../context';
import { storageUrl } from '../files';
import { creatorRatings } from '../ratings';
import * as repository from './repository';
import { searchCacheFor } from './search-cache';

export interface CreatorSearch {
  name?: string | undefined;
  tags?: number[] | undefined;
  type: CreatorSearchSort;
  page: number;
  size: number;
}

type PublicPage = Page<Omit<CreatorListItem, 'following' | 'rating'>>;

function imageEntry(ctx: ServiceContext, row: repository.SearchRow): FileEntry | null {
  if (row.image_file_id === null || row.image_storage_key === null) return null;
  return {
    id: row.image_file_id,
    s3Url: storageUrl(ctx.config, row.image_storage_key),
    contentType: row.image_content_type ?? 'application/octet-stream',
    thumbnail: row.image_thumbnail_key ? { s3Url: storageUrl(ctx.config, row.image_thumbnail_key) } : null,
  };
}

async function loadPublicPage(ctx: ServiceContext, search: CreatorSearch, total: number): Promise<PublicPage> {
  const rows = await repository.searchCreators(ctx.db, {
    name: search.name,
    tagIds: search.tags,
    sort: search.type,
    offset: search.page * search.size,
    limit: search.size,
  });
  return toPage(
    rows.map((row) => ({
      creator: {
        id: row.id,
        url: row.url,
        name: row.name,
        user: { id: row.user_id, username: row.username, image: imageEntry(ctx, row) },
      },
    })),
    total,
    search,
  );
}

/**
 * `GET /creators/page`: searchable creators (verified, never adult-flagged) by name (anywhere in it, any case, any
 * script), tags and sort; `following` says whether the caller follows each one, `rating` its reviews' average and
 * count.
 */
export async function searchCreators(
  ctx: ServiceContext,
  caller: Caller | null,
  search: CreatorSearch,
): Promise<Page<CreatorListItem>> {
  const filter = JSON.stringify([search.name?.toLowerCase() ?? '', [...(search.tags ?? [])].sort((a, b) => a - b)]);
  const cache = searchCacheFor<number | PublicPage>(ctx.db);
  // The total depends on the filter only: every sort and page of one search shares it.
  const total = (await cache.get(`count:${filter}`, () =>
    repository.countSearchable(ctx.db, { name: search.name, tagIds: search.tags }),
  )) as number;
  const page = (await cache.get(`page:${filter}:${search.type}:${search.page}:${search.size}`, () =>
    loadPublicPage(ctx, search, total),
  )) as PublicPage;
  const ids = page.content.map((item) => item.creator.id);
  // Read past the cache: a review hidden or written shows on the next search.
  const [followed, ratings] = await Promise.all([
    caller ? repository.followedAmong(ctx.db, caller.id, ids) : new Set<number>(),
    creatorRatings(ctx.db, ids),
  ]);
  return {
    ...page,
    content: page.content.map((item) => ({
      ...item,
      following: followed.has(item.creator.id),
      rating: ratings.get(item.creator.id) ?? null,
    })),
  };
}

/** `GET /tags/creator`. */
export async function creatorTagCounts(ctx: ServiceContext, language: Language) {
  const tags = await repository.tagCounts(ctx.db, language);
  return tags.map((tag) => ({ tag: { id: tag.id, name: tag.name }, tagCount: tag.count }));
}
