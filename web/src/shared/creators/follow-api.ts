import type { FollowState } from '@fanmission/contracts';
import { api } from '../api/client';

/** `POST` / `DELETE /creators/{id}/follower` as the member himself. */
export async function setFollowing(creatorId: number, userId: number, follow: boolean): Promise<FollowState> {
  const { data } = follow
    ? await api<FollowState>(`/creators/${creatorId}/follower`, { method: 'POST', body: { userId } })
    : await api<FollowState>(`/creators/${creatorId}/follower`, { method: 'DELETE', query: { userId } });
  return data;
}
