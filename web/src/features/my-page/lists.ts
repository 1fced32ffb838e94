import { INFINITE_SCROLL_THRESHOLD_PX, MISSION_LIST_STATUSES, PAGE_SIZES, type Page } from '@fanmission/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../shared/api/client';

/** Follow list rows and mission list rows, as the API answers them (01 §3, 02 §3). */
export type { FollowItem, MissionView as MissionListItem } from '@fanmission/contracts';

export type MyPageTab = 'follow' | 'completed' | 'reserved' | 'liked' | 'rejected';

/** Which call and filter each tab uses (01 §7, 02 §4), all with the my-page size of 6. */
export function tabRequest(tab: MyPageTab, userId: number): { path: string; query: Record<string, string> } {
  switch (tab) {
    case 'follow':
      return { path: `/users/${userId}/follows/page`, query: {} };
    case 'liked':
      return { path: '/users/me/missions/liked', query: {} };
    case 'completed':
      return { path: '/users/me/missions/page', query: { status: MISSION_LIST_STATUSES.completed.join(',') } };
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

const EMPTY_PAGE: Page<never> = { content: [], totalPages: 0, totalElements: 0, number: 0, size: 0, last: true };

/** One page of a tab; a failed call warns and reads as an empty last page (01 §8: scroll loading stops). */
async function fetchTabPage<Item>(tab: MyPageTab, userId: number, page: number): Promise<Page<Item>> {
  const request = tabRequest(tab, userId);
  try {
    const { data } = await api<Page<Item>>(request.path, {
      query: { ...request.query, page, size: PAGE_SIZES.myPage },
    });
    return data && Array.isArray(data.content) ? data : EMPTY_PAGE;
  } catch (error) {
    console.warn(`my page list ${tab} could not be loaded`, error);
    return EMPTY_PAGE;
  }
}

export function useTabList<Item>(tab: MyPageTab, userId: number | null, enabled = true) {
  return useInfiniteQuery({
    queryKey: ['my-page', tab, userId],
    enabled: enabled && userId !== null,
    initialPageParam: 0,
    queryFn: ({ pageParam }) => fetchTabPage<Item>(tab, userId!, pageParam),
    getNextPageParam: (last, pages) => (last.last || last.content.length === 0 ? undefined : pages.length),
  });
}

/** Loads the next page when the window is scrolled within 100 px of the bottom (02 §9, my page). */
export function useScrollLoading(hasNextPage: boolean, isFetching: boolean, fetchNextPage: () => unknown) {
  useEffect(() => {
    const onScroll = () => {
      const remaining = document.documentElement.scrollHeight - (window.innerHeight + window.scrollY);
      if (remaining <= INFINITE_SCROLL_THRESHOLD_PX.myPage && hasNextPage && !isFetching) void fetchNextPage();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [hasNextPage, isFetching, fetchNextPage]);
}
