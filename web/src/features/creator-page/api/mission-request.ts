import type { MissionRequest, MissionRequestResponse } from '@fanmission/contracts';
import { api } from '../../../shared/api/client';

/** `POST /missions`: a BASIC or CUSTOM request, held against the coins; retried safely with the same key. */
export async function requestMission(body: MissionRequest, idempotencyKey: string): Promise<MissionRequestResponse> {
  return (
    await api<MissionRequestResponse>('/missions', {
      method: 'POST',
      body,
      headers: { 'Idempotency-Key': idempotencyKey },
    })
  ).data;
}
