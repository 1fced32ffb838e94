import { api } from '../../../shared/api/client';

/** The profile fields a member edits (`/edit-user-profile`); the mobile number is confirmed apart (../phone-confirmation.tsx). */
export interface ProfileValues {
  username: string;
  address: string;
  addressDetail: string;
  /** Left out of the creator pages' public Top-3 supporters. */
  rankingOptOut: boolean;
}

/** `PUT /users/{id}` with the profile fields. */
export async function updateProfile(userId: number, values: ProfileValues): Promise<void> {
  await api(`/users/${userId}`, { method: 'PUT', body: values });
}

/** `PUT /users/{id}` with the new and the current password. */
export async function changePassword(userId: number | null, password: string, currentPassword: string): Promise<void> {
  // The change ended every session; the answer sets this browser's cookie to a fresh token.
  await api(`/users/${userId}`, { method: 'PUT', body: { password, currentPassword } });
}
