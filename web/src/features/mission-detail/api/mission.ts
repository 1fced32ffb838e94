import type { MissionLikeResponse, MissionView } from '@fanmission/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { refetchWhilePending } from '../../../shared/media/pending';

/** `GET /missions/{id}`; unknown, malformed or private (404 / 400) → null. */
export async function fetchMission(id: string): Promise<MissionView | null> {
  try {
    return (await api<MissionView>(`/missions/${id}`)).data;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export const missionQueryOptions = (missionId: string, userId: number | null) =>
  queryOptions({
    queryKey: queryKeys.mission(missionId, userId),
    queryFn: () => fetchMission(missionId),
    retry: false,
    // The answer plays once its rendition is ready, without a reload.
    refetchInterval: refetchWhilePending((mission: MissionView | null) =>
      mission ? [mission.video, mission.voice, mission.picture, mission.requestFile] : [],
    ),
  });

export function useMission(missionId: string, userId: number | null) {
  return useQuery(missionQueryOptions(missionId, userId));
}

/** `POST` (like) or `DELETE` (unlike) `/missions/{id}/likes`. */
export async function setMissionLike(missionId: number, like: boolean): Promise<MissionLikeResponse> {
  return (await api<MissionLikeResponse>(`/missions/${missionId}/likes`, { method: like ? 'POST' : 'DELETE' })).data;
}

/**
 * `POST` (hide) or `DELETE` (show again) `/missions/{id}/blocks`: the block is the member's own, named by his
 * `userId`; answers the mission as the caller now sees it.
 */
export async function setMissionBlock(missionId: number, userId: number, block: boolean): Promise<MissionView> {
  const path = `/missions/${missionId}/blocks`;
  const answer = block
    ? await api<MissionView>(path, { method: 'POST', body: { userId } })
    : await api<MissionView>(path, { method: 'DELETE', query: { userId } });
  return answer.data;
}
