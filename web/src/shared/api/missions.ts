import type { EventApplication, MissionRequest, MissionRequestResponse } from '@fanmission/contracts';
import { installMomentReached } from '../pwa/install-hint';
import { api } from './client';

/**
 * `POST /missions`: a BASIC or CUSTOM request, or an application to a lottery event, held against the coins; retried
 * safely with the same idempotency key.
 */
export async function postMission(
  body: MissionRequest | EventApplication,
  idempotencyKey: string,
): Promise<MissionRequestResponse> {
  const { data } = await api<MissionRequestResponse>('/missions', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  // His first request: from now on he waits for news of it, which the installed app brings.
  installMomentReached();
  return data;
}
