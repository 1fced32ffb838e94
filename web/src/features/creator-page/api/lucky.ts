import type { LuckyRollResponse, MissionView } from '@fanmission/contracts';
import { api } from '../../../shared/api/client';

/** `POST /missions/lucky`: opens the roulette as a CREATED lucky mission; answers its id. */
export async function openLuckyMission(missionProductId: number): Promise<number> {
  return (await api<{ id: number }>('/missions/lucky', { method: 'POST', body: { missionProductId } })).data.id;
}

/** `POST /missions/{id}/rolls`: one play for the product price (each play its own idempotency key). */
export async function rollLuckyMission(missionId: number): Promise<LuckyRollResponse> {
  return (
    await api<LuckyRollResponse>(`/missions/${missionId}/rolls`, {
      method: 'POST',
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    })
  ).data;
}

/** The won mission's perform deadline (`GET /missions/{id}`), for the win's "my mission (until …)" link. */
export async function fetchPerformDueAt(missionId: number): Promise<string | null> {
  return (await api<MissionView>(`/missions/${missionId}`)).data.performDueAt;
}
