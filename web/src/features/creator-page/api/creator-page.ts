import {
  creatorPagePath,
  PAGE_SIZES,
  type CreatorPage,
  type CreatorRanking,
  type MissionProduct,
  type MissionView,
  type Page,
} from '@fanmission/contracts';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { EMPTY_PAGE, nextPageParam } from '../../../shared/api/pages';
import { queryKeys } from '../../../shared/api/query-keys';

/** The creator by id or custom url; every failure is the caller's. */
export async function fetchCreatorPage(idOrUrl: string): Promise<CreatorPage> {
  return (await api<CreatorPage>(creatorPagePath(idOrUrl), { globalErrors: 'none' })).data;
}

export const creatorPageQueryOptions = (idOrUrl: string) =>
  queryOptions({ queryKey: queryKeys.creatorPage(idOrUrl), queryFn: () => fetchCreatorPage(idOrUrl) });

export function useCreatorPage(idOrUrl: string) {
  return useQuery(creatorPageQueryOptions(idOrUrl));
}

/** The creator's active mission products; a failure warns and shows none. */
export async function fetchProducts(creatorId: number): Promise<MissionProduct[]> {
  try {
    const { data } = await api<MissionProduct[]>('/mission-products', { query: { creatorId, active: true } });
    return Array.isArray(data) ? data : [];
  } catch (error) {
    console.warn('mission products could not be loaded', error);
    return [];
  }
}

export function useCreatorProducts(creatorId: number) {
  return useQuery({ queryKey: queryKeys.creatorProducts(creatorId), queryFn: () => fetchProducts(creatorId) });
}

/** One page of the creator's completed missions, newest completion first; a failure warns and ends the list. */
export async function fetchCompleted(creatorId: number, page: number): Promise<Page<MissionView>> {
  try {
    const { data } = await api<Page<MissionView>>('/missions/page', {
      query: { creatorId, status: 'COMPLETED', order: 'COMPLETED', page, size: PAGE_SIZES.missions },
    });
    return data;
  } catch (error) {
    console.warn('completed missions could not be loaded', error);
    return EMPTY_PAGE;
  }
}

export const completedMissionsQueryOptions = (creatorId: number) =>
  infiniteQueryOptions({
    queryKey: queryKeys.creatorCompleted(creatorId),
    initialPageParam: 0,
    queryFn: ({ pageParam }) => fetchCompleted(creatorId, pageParam),
    getNextPageParam: nextPageParam,
  });

export function useCompletedMissions(creatorId: number) {
  return useInfiniteQuery(completedMissionsQueryOptions(creatorId));
}

/** `GET /creators/{id}/ranking`: the Top-3 supporters and the creator's rank; a failure warns and shows no block. */
export async function fetchCreatorRanking(creatorId: number): Promise<CreatorRanking | null> {
  try {
    return (await api<CreatorRanking>(`/creators/${creatorId}/ranking`, { globalErrors: 'none' })).data;
  } catch (error) {
    console.warn('creator ranking could not be loaded', error);
    return null;
  }
}

export function useCreatorRanking(creatorId: number) {
  return useQuery({ queryKey: queryKeys.creatorRanking(creatorId), queryFn: () => fetchCreatorRanking(creatorId) });
}
