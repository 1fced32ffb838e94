import { PAGE_SIZES, type MissionProduct, type Page } from '@fanmission/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { fetchPageOrEmpty, nextPageParam } from '../api/pages';
import { queryKeys } from '../api/query-keys';

/** `GET /mission-products/page` for the events tab (EVENT, CREATED, DESC, size 12, cancelled left out). */
export function eventsPageRequest(page: number) {
  return {
    path: '/mission-products/page',
    query: {
      productType: 'EVENT',
      order: 'CREATED',
      direction: 'DESC',
      size: PAGE_SIZES.events,
      emptyCanceledEventFilter: true,
      page,
    },
  };
}

/** One page of events; a failed call warns and reads as an empty last page. */
export function fetchEventsPage(page: number): Promise<Page<MissionProduct>> {
  const request = eventsPageRequest(page);
  return fetchPageOrEmpty<MissionProduct>(request.path, request.query, 'lottery events');
}

export function useEventsPages(userId: number | null) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: queryKeys.lotteryEvents(userId),
      initialPageParam: 0,
      queryFn: ({ pageParam }) => fetchEventsPage(pageParam),
      getNextPageParam: nextPageParam,
    }),
  );
}
