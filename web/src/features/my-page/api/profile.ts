import type { FileEntry } from '@fanmission/contracts';
import { api } from '../../../shared/api/client';

/** `POST /users/{id}/image` (form field `image`). */
export async function uploadProfileImage(userId: number | null, file: File): Promise<void> {
  const form = new FormData();
  form.append('image', file);
  await api<FileEntry>(`/users/${userId}/image`, { method: 'POST', body: form });
}

/** `DELETE /users/{id}/image` */
export async function removeProfileImage(userId: number | null): Promise<void> {
  await api(`/users/${userId}/image`, { method: 'DELETE' });
}

/** `POST /users/{id}/creator`: the irreversible switch to a creator account. */
export async function changeToCreator(userId: number | null): Promise<void> {
  await api(`/users/${userId}/creator`, { method: 'POST', body: {} });
}
