import type { CreatorListItem, CreatorSearchSort, FileEntry, Page } from '@fanmission/contracts';
import type { Caller } from '../auth';
import type { ServiceContext } from '../context';
import { storageUrl } from '../files';
import * as repository from './repository';
import { searchCacheFor } from './search-cache';

export interface CreatorSearch {
  name?: string | undefined;
  tags?: number[] | undefined;
  type: CreatorSearchSort;
  page: number;
  size: number;
}

type PublicPage = Page<Omit<CreatorListItem, 'following'>>;

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
  const totalPages = Math.ceil(total / search.size);
  return {
    content: rows.map((row) => ({
      creator: {
        id: row.id,
        url: row.url,
        name: row.name,
        user: { id: row.user_id, username: row.username, image: imageEntry(ctx, row) },
      },
    })),
    totalElements: total,
    totalPages,
    number: search.page,
    size: search.size,
    last: search.page >= totalPages - 1,
  };
}

/**
 * `GET /creators/page`: searchable creators (verified, never adult-flagged) by name (anywhere in it, any case, any
 * script), tags and sort; `following` says whether the caller follows each one.
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
  const followed = caller
    ? await repository.followedAmong(
        ctx.db,
        caller.id,
        page.content.map((item) => item.creator.id),
      )
    : new Set<number>();
  return {
    ...page,
    content: page.content.map((item) => ({ ...item, following: followed.has(item.creator.id) })),
  };
}

/** `GET /tags/creator`. */
export async function creatorTagCounts(ctx: ServiceContext) {
  const tags = await repository.tagCounts(ctx.db);
  return tags.map((tag) => ({ tag: { id: tag.id, name: tag.name }, tagCount: tag.count }));
}
