import type { MissionEscrow } from '@fanmission/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../shared/api/client';

/** `GET /missions/{id}/escrow`; 404 (not a party of the mission) → null. */
export async function fetchMissionEscrow(missionId: number): Promise<MissionEscrow | null> {
  try {
    return (await api<MissionEscrow>(`/missions/${missionId}/escrow`, { globalErrors: 'none' })).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useMissionEscrow(missionId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['mission-escrow', missionId] as const,
    queryFn: () => fetchMissionEscrow(missionId),
    enabled,
    retry: false,
  });
}
