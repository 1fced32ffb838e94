import type { CreatorSharing } from '@fanmission/contracts';
import { api } from '../../../shared/api/client';

export const creatorSharingKey = (creatorId: number | null) => ['creator-sharing', creatorId] as const;

/** `GET /creators/me/sharing`. */
export async function fetchCreatorSharing(): Promise<CreatorSharing> {
  return (await api<CreatorSharing>('/creators/me/sharing')).data;
}

/** `PUT /creators/me/sharing`: off, his missions have no share page and their links stop (docs/rules/sharing.md). */
export async function saveCreatorSharing(request: CreatorSharing): Promise<CreatorSharing> {
  return (await api<CreatorSharing>('/creators/me/sharing', { method: 'PUT', body: request })).data;
}
