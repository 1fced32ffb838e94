import type {
  CreatorMissionTotals,
  MissionCounts,
  MissionProduct,
  MissionView,
  Page,
  ProductType,
} from '@fanmission/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { refetchWhilePending } from '../../../shared/media/pending';
import { useSession } from '../../../shared/session/session';

export const MISSION_LIST_TYPES = ['normal', 'lucky', 'custom', 'complete', 'reject'] as const;
export type MissionListType = (typeof MISSION_LIST_TYPES)[number];

export const countsQueryKey = ['creators', 'me', 'missions', 'count'] as const;

/** `GET /creators/me/missions/count`: the side menu's badges. */
export function useMissionCounts() {
  return useQuery({
    queryKey: countsQueryKey,
    queryFn: async () => (await api<MissionCounts>('/creators/me/missions/count')).data,
  });
}

export const productsQueryKey = (creatorId: number | null, type: ProductType) => ['mission-products', creatorId, type];

/** The creator's own products of one type, in his order (inactive ones too). */
export function useMyProducts(type: 'BASIC' | 'LUCKY') {
  const { creatorId } = useSession();
  return useQuery({
    queryKey: productsQueryKey(creatorId, type),
    enabled: creatorId !== null,
    queryFn: async () =>
      (await api<MissionProduct[]>('/mission-products', { query: { creatorId, productType: type } })).data,
  });
}

export type MissionSort = 'date' | 'priceDesc' | 'priceAsc';

export interface MissionListFilter {
  productType?: ProductType;
  status: string;
  page: number;
  sort: MissionSort;
  year?: number | undefined;
  month?: number | undefined;
  size?: number;
}

/** `GET /missions/page` of the caller's creator: one page of a management list. */
export function useCreatorMissions(filter: MissionListFilter) {
  const { creatorId } = useSession();
  const completed = filter.status === 'COMPLETED';
  const order = filter.sort === 'date' ? (completed ? 'COMPLETED' : 'CREATED') : 'COIN_PRICE';
  const direction = filter.sort === 'priceAsc' ? 'ASC' : 'DESC';
  return useQuery({
    queryKey: ['missions', 'management', creatorId, filter],
    enabled: creatorId !== null,
    // A fan's attachment plays once its rendition is ready, without a reload.
    refetchInterval: refetchWhilePending((page: Page<MissionView>) =>
      page.content.map((mission) => mission.requestFile),
    ),
    queryFn: async () =>
      (
        await api<Page<MissionView>>('/missions/page', {
          query: {
            creatorId,
            productType: filter.productType,
            status: filter.status,
            order,
            direction,
            page: filter.page,
            size: filter.size ?? 12,
            createdYear: filter.year,
            createdMonth: filter.year === undefined ? undefined : filter.month,
          },
        })
      ).data,
  });
}

/**
 * `GET /creators/me/missions/totals`: the count and coins of every mission the list holds for the filter (all its
 * pages, computed by the server), for the completed list's year/month totals.
 */
export function useCreatorMissionTotals(
  filter: Pick<MissionListFilter, 'productType' | 'status' | 'year' | 'month'>,
  enabled = true,
) {
  const { creatorId } = useSession();
  return useQuery({
    queryKey: ['missions', 'management', creatorId, 'totals', filter],
    enabled: enabled && creatorId !== null,
    queryFn: async () =>
      (
        await api<CreatorMissionTotals>('/creators/me/missions/totals', {
          query: {
            productType: filter.productType,
            status: filter.status,
            createdYear: filter.year,
            createdMonth: filter.year === undefined ? undefined : filter.month,
          },
        })
      ).data,
  });
}
