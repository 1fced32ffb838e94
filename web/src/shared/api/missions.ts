import type { EventApplication, MissionRequest, MissionRequestResponse } from '@fanmission/contracts';
import { api } from './client';

/**
 * `POST /missions`: a BASIC or CUSTOM request, or an application to a lottery event, held against the coins; retried
 * safely with the same idempotency key.
 */
export async function postMission(
  body: MissionRequest | EventApplication,
  idempotencyKey: string,
): Promise<MissionRequestResponse> {
  return (
    await api<MissionRequestResponse>('/missions', {
      method: 'POST',
      body,
      headers: { 'Idempotency-Key': idempotencyKey },
    })
  ).data;
}
