import { INFINITE_SCROLL_THRESHOLD_PX } from '@fanmission/contracts';
import { useWindowScrollLoading } from '../../shared/ui/scroll-loading';

/** Follow list rows and mission list rows, as the API answers them. */
export type { FollowItem, MissionView as MissionListItem } from '@fanmission/contracts';
export type { MyPageTab } from './api/tab-lists';

/** Loads the next page when the window is scrolled within 100 px of the bottom (my page). */
export function useScrollLoading(hasNextPage: boolean, isFetching: boolean, fetchNextPage: () => unknown) {
  useWindowScrollLoading(INFINITE_SCROLL_THRESHOLD_PX.myPage, hasNextPage, isFetching, fetchNextPage);
}
