import type { CreatorCapacity, CreatorCapacityUpdate } from '@fanmission/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

/** Under the creator's own key: a save refreshes his public availability (`['creators', id, 'availability']`) too. */
export const capacityQueryKey = (creatorId: number) => ['creators', creatorId, 'capacity'] as const;

/** `GET /creators/{id}/capacity`: the creator's own pause, return day, message and caps, with open requests. */
export function useCapacity(creatorId: number | null) {
  return useQuery({
    queryKey: capacityQueryKey(creatorId ?? 0),
    enabled: creatorId !== null,
    queryFn: async () => (await api<CreatorCapacity>(`/creators/${creatorId}/capacity`)).data,
  });
}

/** `PUT /creators/{id}/capacity`: the whole setting. */
export async function saveCapacity(creatorId: number, body: CreatorCapacityUpdate): Promise<CreatorCapacity> {
  return (await api<CreatorCapacity>(`/creators/${creatorId}/capacity`, { method: 'PUT', body })).data;
}
