import {
  PAGE_SIZES,
  type ErrorCode,
  type EventApplicant,
  type EventStatus,
  type LotteryEvent,
  type MissionProduct,
  type Page,
} from '@fanmission/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session';

/** A creator's EVENT product: its lottery event is never null. */
export type EventProduct = MissionProduct & { event: LotteryEvent };

/** Ongoing: not ended yet (prizes may still be due once DRAWN); ended: CLOSED or CANCELED. */
export const ENDED_STATUSES: readonly EventStatus[] = ['CLOSED', 'CANCELED'];
export const isEnded = (status: EventStatus) => ENDED_STATUSES.includes(status);

export const myEventsQueryKey = (creatorId: number | null) => ['mission-products', creatorId, 'EVENT'] as const;

/** The creator's lottery events (one ongoing at most, so a small list), newest first. */
export function useMyEvents() {
  const { creatorId } = useSession();
  return useQuery({
    queryKey: myEventsQueryKey(creatorId),
    enabled: creatorId !== null,
    queryFn: async () => {
      const { data } = await api<MissionProduct[]>('/mission-products', {
        query: { creatorId, productType: 'EVENT' },
      });
      return data.filter((product): product is EventProduct => product.event !== null).sort((a, b) => b.id - a.id);
    },
  });
}

export const eventQueryKey = (id: number) => ['mission-products', 'event', id] as const;

/** `GET /mission-products/{id}`: the event with its live counts. */
export function useEventProduct(id: number) {
  return useQuery({
    queryKey: eventQueryKey(id),
    queryFn: async () => (await api<MissionProduct>(`/mission-products/${id}`)).data as EventProduct,
  });
}

/** The applicants page of each view: every applicant, or the winners once DRAWN / CLOSED. */
export function applicantStatusFor(status: EventStatus): string | undefined {
  if (status === 'DRAWN') return 'ACCEPTED,COMPLETED,TRANSCODING';
  if (status === 'CLOSED') return 'COMPLETED';
  return undefined;
}

/** `GET /mission-products/{id}/missions/page`, 5 a page. */
export function useApplicants(id: number, status: EventStatus, page: number) {
  const filter = applicantStatusFor(status);
  return useQuery({
    queryKey: ['mission-products', 'event', id, 'applicants', filter ?? 'all', page],
    queryFn: async () =>
      (
        await api<Page<EventApplicant>>(`/mission-products/${id}/missions/page`, {
          query: { page, size: PAGE_SIZES.eventApplicants, status: filter },
        })
      ).data,
  });
}

/** The server's message of a refused call (its code tells the draw messages apart). */
export function refusalOf(error: unknown): { code: ErrorCode | undefined; message: string } {
  const body = (error as { body?: { code?: string; message?: string } }).body;
  return { code: body?.code as ErrorCode | undefined, message: body?.message ?? (error as Error).message };
}
