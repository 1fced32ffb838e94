import { api } from '../../../shared/api/client';

/** `POST /missions/{id}/cancel`: withdraws a CUSTOM request not decided yet; its coins are back when this returns. */
export async function cancelRequest(missionId: number): Promise<void> {
  await api(`/missions/${missionId}/cancel`, { method: 'POST', body: {} });
}
