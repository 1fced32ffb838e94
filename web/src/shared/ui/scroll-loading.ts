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
