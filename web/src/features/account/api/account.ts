import { api } from '../../../shared/api/client';
import { storeToken } from '../../../shared/session/session';
import type { ProfileValues } from '../edit-profile-page';

/** `PUT /users/{id}` with the profile fields. */
export async function updateProfile(userId: number, values: ProfileValues): Promise<void> {
  await api(`/users/${userId}`, { method: 'PUT', body: values });
}

/** `PUT /users/{id}` with the new and the current password. */
export async function changePassword(userId: number | null, password: string, currentPassword: string): Promise<void> {
  const response = await api(`/users/${userId}`, { method: 'PUT', body: { password, currentPassword } });
  // The change ended every session (security review M3): keep this one on the fresh token.
  const token = response.headers.get('authorization');
  if (token) storeToken(token);
}
