import { useEffect } from 'react';

/** Loads the next page when the window is scrolled within `thresholdPx` of the bottom. */
export function useWindowScrollLoading(
  thresholdPx: number,
  hasNextPage: boolean,
  isFetching: boolean,
  fetchNextPage: () => unknown,
) {
  useEffect(() => {
    const onScroll = () => {
      const remaining = document.documentElement.scrollHeight - (window.innerHeight + window.scrollY);
      if (remaining <= thresholdPx && hasNextPage && !isFetching) void fetchNextPage();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [thresholdPx, hasNextPage, isFetching, fetchNextPage]);
}

/** An infinite query as the scroll loading needs it: its loaded pages and how to load the next. */
interface PagedList<T> {
  data?: { pages: { content: T[] }[] };
  hasNextPage: boolean;
  isFetching: boolean;
  fetchNextPage: () => unknown;
}

/** Every item an infinite query has loaded so far; the next page loads as the window nears the bottom. */
export function useScrolledItems<T>(list: PagedList<T>, thresholdPx: number): T[] {
  useWindowScrollLoading(thresholdPx, list.hasNextPage, list.isFetching, list.fetchNextPage);
  return list.data?.pages.flatMap((page) => page.content) ?? [];
}
