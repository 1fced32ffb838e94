import {
  MISSION_LIST_STATUSES,
  PAGE_SIZES,
  type EventApplicant,
  type EventFairness,
  type FileEntry,
  type MissionProduct,
  type Page,
  type RouletteRoll,
} from '@fanmission/contracts';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { EMPTY_PAGE, fetchPageOrEmpty, nextPageParam } from '../../shared/api/pages';
import { queryKeys } from '../../shared/api/query-keys';
import { refetchWhilePending } from '../../shared/media/pending';

/** `GET /mission-products/{id}`: the EVENT product with its event; every failure is the page's. */
export async function fetchEventProduct(id: string): Promise<MissionProduct> {
  return (await api<MissionProduct>(`/mission-products/${encodeURIComponent(id)}`, { globalErrors: 'none' })).data;
}

export const eventProductQuery = (id: string, userId: number | null) =>
  queryOptions({
    queryKey: queryKeys.lotteryEvent(id, userId),
    queryFn: () => fetchEventProduct(id),
    retry: false,
    // The description video plays once its rendition is ready, without a reload.
    refetchInterval: refetchWhilePending((product: MissionProduct) => [
      product.descriptionVideo,
      product.descriptionPicture,
    ]),
  });

export function useEventProduct(id: string, userId: number | null) {
  return useQuery(eventProductQuery(id, userId));
}

/** The winner list: DRAWN ACCEPTED,COMPLETED,TRANSCODING; CLOSED COMPLETED; 5 a page. */
export function winnerStatuses(status: string): readonly string[] {
  return status === 'CLOSED' ? MISSION_LIST_STATUSES.eventWinnersClosed : MISSION_LIST_STATUSES.eventWinnersDrawn;
}

export function useWinners(id: string, status: string, enabled: boolean) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...queryKeys.lotteryWinners(id), status],
      enabled,
      initialPageParam: 0,
      queryFn: ({ pageParam }) =>
        fetchPageOrEmpty<EventApplicant>(
          `/mission-products/${encodeURIComponent(id)}/missions/page`,
          { status: winnerStatuses(status).join(','), page: pageParam, size: PAGE_SIZES.eventApplicants },
          'event winners',
        ),
      getNextPageParam: nextPageParam,
    }),
  );
}

/** `GET /mission-products/{id}/fairness`. */
export async function fetchFairness(id: string): Promise<EventFairness> {
  return (await api<EventFairness>(`/mission-products/${encodeURIComponent(id)}/fairness`, { globalErrors: 'none' }))
    .data;
}

/** `POST /files/s3` (form field `data`). */
export async function uploadImage(file: File): Promise<FileEntry> {
  const form = new FormData();
  form.append('data', file);
  return (await api<FileEntry>('/files/s3', { method: 'POST', body: form })).data;
}

/** `DELETE /files/s3/{id}`; false when it failed. */
export async function deleteImage(id: number): Promise<boolean> {
  try {
    await api(`/files/s3/${id}`, { method: 'DELETE' });
    return true;
  } catch (error) {
    console.warn('attachment could not be deleted', error);
    return false;
  }
}

/** One page of the caller's roulette rolls, newest first; a failure warns and ends the list. */
export async function fetchRolls(page: number): Promise<Page<RouletteRoll>> {
  try {
    return (await api<Page<RouletteRoll>>('/users/me/rolls/page', { query: { page, size: PAGE_SIZES.default } })).data;
  } catch (error) {
    console.warn('roulette rolls could not be loaded', error);
    return EMPTY_PAGE;
  }
}
