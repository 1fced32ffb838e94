import type { MissionShareLink, MissionSharing } from '@fanmission/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

/** The sharing of one mission as one member (or a visitor) sees it. */
export const missionSharingKey = (missionId: number, userId: number | null) =>
  ['mission-sharing', missionId, userId] as const;

/** `GET /missions/{id}/sharing`: the public share page's path, and the requester's link state of a private mission. */
export async function fetchMissionSharing(missionId: number): Promise<MissionSharing> {
  return (await api<MissionSharing>(`/missions/${missionId}/sharing`)).data;
}

export function useMissionSharing(missionId: number, userId: number | null, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: missionSharingKey(missionId, userId),
      queryFn: () => fetchMissionSharing(missionId),
      retry: false,
      enabled,
    }),
  );
}

/** `POST /missions/{id}/share-links`: a new unlisted link (an earlier one stops); its token is shown this once. */
export async function createShareLink(missionId: number): Promise<MissionShareLink> {
  return (await api<MissionShareLink>(`/missions/${missionId}/share-links`, { method: 'POST' })).data;
}

/** `DELETE /missions/{id}/share-links`: the link stops working. */
export async function revokeShareLink(missionId: number): Promise<void> {
  await api<null>(`/missions/${missionId}/share-links`, { method: 'DELETE' });
}
