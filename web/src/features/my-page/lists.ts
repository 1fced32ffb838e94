import { INFINITE_SCROLL_THRESHOLD_PX } from '@fanmission/contracts';
import { useWindowScrollLoading } from '../../shared/ui/scroll-loading';

/** Follow list rows and mission list rows, as the API answers them (01 §3, 02 §3). */
export type { FollowItem, MissionView as MissionListItem } from '@fanmission/contracts';
export type { MyPageTab } from './api/tab-lists';

/** Loads the next page when the window is scrolled within 100 px of the bottom (02 §9, my page). */
export function useScrollLoading(hasNextPage: boolean, isFetching: boolean, fetchNextPage: () => unknown) {
  useWindowScrollLoading(INFINITE_SCROLL_THRESHOLD_PX.myPage, hasNextPage, isFetching, fetchNextPage);
}
