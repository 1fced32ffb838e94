import { MISSION_LIST_STATUSES, PAGE_SIZES, type Page } from '@fanmission/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { fetchPageOrEmpty, nextPageParam } from '../../../shared/api/pages';
import { queryKeys } from '../../../shared/api/query-keys';

export type MyPageTab = 'follow' | 'completed' | 'pending' | 'reserved' | 'liked' | 'rejected';

/** Which call and filter each tab uses, all with the my-page size of 6. */
export function tabRequest(tab: MyPageTab, userId: number): { path: string; query: Record<string, string> } {
  switch (tab) {
    case 'follow':
      return { path: `/users/${userId}/follows/page`, query: {} };
    case 'liked':
      return { path: '/users/me/missions/liked', query: {} };
    case 'completed':
      return { path: '/users/me/missions/page', query: { status: MISSION_LIST_STATUSES.completed.join(',') } };
    case 'pending':
      return { path: '/users/me/missions/page', query: { status: MISSION_LIST_STATUSES.pending.join(',') } };
    case 'reserved':
      return { path: '/users/me/missions/page', query: { status: MISSION_LIST_STATUSES.reserved.join(',') } };
    case 'rejected':
      return { path: '/users/me/missions/page', query: { status: MISSION_LIST_STATUSES.rejected.join(',') } };
    default: {
      const exhaustive: never = tab;
      return exhaustive;
    }
  }
}

/** One page of a tab; a failed call warns and reads as an empty last page (scroll loading stops). */
export function fetchTabPage<Item>(tab: MyPageTab, userId: number, page: number): Promise<Page<Item>> {
  const request = tabRequest(tab, userId);
  return fetchPageOrEmpty<Item>(
    request.path,
    { ...request.query, page, size: PAGE_SIZES.myPage },
    `my page list ${tab}`,
  );
}

export const tabListQueryOptions = <Item>(tab: MyPageTab, userId: number | null, enabled = true) =>
  infiniteQueryOptions({
    queryKey: queryKeys.myPage.tab(tab, userId),
    enabled: enabled && userId !== null,
    initialPageParam: 0,
    queryFn: ({ pageParam }) => fetchTabPage<Item>(tab, userId!, pageParam),
    getNextPageParam: nextPageParam,
  });

export function useTabList<Item>(tab: MyPageTab, userId: number | null, enabled = true) {
  return useInfiniteQuery(tabListQueryOptions<Item>(tab, userId, enabled));
}
