import type { CreatorAvailability } from '@fanmission/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

/** The cache key of a creator's availability; his settings screen refreshes it after a save. */
export const availabilityQueryKey = (creatorId: number) => ['creators', creatorId, 'availability'] as const;

/** `GET /creators/{id}/availability`: his pause, caps and typical response times; null when it cannot be read. */
export async function fetchAvailability(creatorId: number): Promise<CreatorAvailability | null> {
  try {
    return (await api<CreatorAvailability>(`/creators/${creatorId}/availability`, { globalErrors: 'none' })).data;
  } catch (error) {
    // The request itself is refused by the server all the same: the page only loses its advance notice.
    console.warn('creator availability could not be loaded', error);
    return null;
  }
}

export const availabilityQueryOptions = (creatorId: number) =>
  queryOptions({ queryKey: availabilityQueryKey(creatorId), queryFn: () => fetchAvailability(creatorId) });

export function useCreatorAvailability(creatorId: number) {
  return useQuery(availabilityQueryOptions(creatorId));
}
