import type { FileEntry } from '@fanmission/contracts';
import { api } from '../../../shared/api/client';
import { resumableUploadTo } from '../../../shared/api/upload';

/** A resumable upload of the picture, then `PUT /users/{id}/image`; `onPercent` follows the bytes sent. */
export async function uploadProfileImage(
  userId: number | null,
  file: File,
  onPercent: (percent: number) => void,
): Promise<FileEntry> {
  return resumableUploadTo(`/users/${userId}/image`, file, 'profile-picture', (sent, total) =>
    onPercent(total > 0 ? Math.floor((sent / total) * 100) : 0),
  ).done;
}

/** `DELETE /users/{id}/image` */
export async function removeProfileImage(userId: number | null): Promise<void> {
  await api(`/users/${userId}/image`, { method: 'DELETE' });
}

/** `POST /users/{id}/creator`: the irreversible switch to a creator account. */
export async function changeToCreator(userId: number | null): Promise<void> {
  await api(`/users/${userId}/creator`, { method: 'POST', body: {} });
}
