import { MISSION_LIST_STATUSES, PAGE_SIZES, type MissionView, type Page } from '@fanmission/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { fetchPageOrEmpty, nextPageParam } from '../../../shared/api/pages';
import { queryKeys } from '../../../shared/api/query-keys';

export type BrowseTab = 'completed' | 'reserved' | 'events';
export type MissionTab = Exclude<BrowseTab, 'events'>;

/** `GET /missions/page` for a tab: completed (COMPLETED) or reserved (ACCEPTED), 12 a page. */
export function browseRequest(tab: MissionTab, page: number) {
  return {
    path: '/missions/page',
    query: { status: MISSION_LIST_STATUSES[tab].join(','), page, size: PAGE_SIZES.missions },
  };
}

/** One page; a failed call warns and reads as an empty last page (scroll loading stops). */
export function fetchBrowsePage(tab: MissionTab, page: number): Promise<Page<MissionView>> {
  const request = browseRequest(tab, page);
  return fetchPageOrEmpty<MissionView>(request.path, request.query, `browse missions ${tab}`);
}

export const browseMissionsQueryOptions = (tab: MissionTab, userId: number | null) =>
  infiniteQueryOptions({
    queryKey: queryKeys.browseMissions(tab, userId),
    initialPageParam: 0,
    queryFn: ({ pageParam }) => fetchBrowsePage(tab, pageParam),
    getNextPageParam: nextPageParam,
  });

export function useBrowseMissions(tab: MissionTab, userId: number | null) {
  return useInfiniteQuery(browseMissionsQueryOptions(tab, userId));
}
