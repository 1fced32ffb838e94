import type { MissionProduct, MissionView } from '@fanmission/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { useSession } from '../session/session';
import { LotteryEventCard } from './event-card';

/**
 * Mission detail's event card: an EVENT mission (an application, a winner's prize) links its lottery event
 * at /lottery-event/{eventMissionProductId}, with the event's status and period; other missions show nothing.
 */
export function MissionEventCard({ mission }: { mission: Pick<MissionView, 'missionProduct'> }) {
  const session = useSession();
  const product = mission.missionProduct;
  const isEvent = product.type === 'EVENT';
  const loaded = useQuery({
    queryKey: queryKeys.lotteryEvent(String(product.id), session.userId),
    enabled: isEvent,
    retry: false,
    queryFn: async () => (await api<MissionProduct>(`/mission-products/${product.id}`, { globalErrors: 'none' })).data,
  });
  if (!isEvent) return null;
  return <LotteryEventCard product={loaded.data ?? product} compact />;
}
