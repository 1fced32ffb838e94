import { PAGE_SIZES, type CreatorListItem, type CreatorSearchSort, type Page } from '@fanmission/contracts';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { fetchPageOrEmpty, nextPageParam } from '../../../shared/api/pages';
import { queryKeys } from '../../../shared/api/query-keys';

export interface TagCount {
  tag: { id: number; name: string };
  tagCount: number;
}

export interface SearchFilters {
  name: string;
  tagId: number | null;
  sort: CreatorSearchSort;
}

/** One page of `GET /creators/page`; a failed call warns and reads as an empty last page, one without an answer fails. */
export function fetchCreators(filters: SearchFilters, page: number): Promise<Page<CreatorListItem>> {
  return fetchPageOrEmpty<CreatorListItem>(
    '/creators/page',
    { name: filters.name, tags: filters.tagId, type: filters.sort, page, size: PAGE_SIZES.creators },
    'creator search',
    { offline: 'throw' },
  );
}

/** `GET /tags/creator`; a failed call warns and offers no tags. */
export async function fetchTags(): Promise<TagCount[]> {
  try {
    const { data } = await api<TagCount[]>('/tags/creator');
    return Array.isArray(data) ? data : [];
  } catch (error) {
    console.warn('creator tags could not be loaded', error);
    return [];
  }
}

export const creatorTagsQueryOptions = () => queryOptions({ queryKey: queryKeys.creatorTags, queryFn: fetchTags });

export function useCreatorTags() {
  return useQuery(creatorTagsQueryOptions());
}

/** Every filter is part of the key: any change starts again at page 0. */
export const creatorSearchQueryOptions = (filters: SearchFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.creatorSearch(filters),
    initialPageParam: 0,
    queryFn: ({ pageParam }) => fetchCreators(filters, pageParam),
    getNextPageParam: nextPageParam,
  });

export function useCreatorSearch(filters: SearchFilters) {
  return useInfiniteQuery(creatorSearchQueryOptions(filters));
}
