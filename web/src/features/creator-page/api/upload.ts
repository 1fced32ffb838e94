import type { FileEntry } from '@fanmission/contracts';
import { api } from '../../../shared/api/client';
import { uploadWithProgressTo } from '../../../shared/api/upload';

/**
 * `POST /files/s3` (form field `data`) with upload progress, which fetch cannot report. Resolves with the stored
 * file; rejects with the server's message (or the HTTP status) on failure.
 */
export async function uploadWithProgress(file: File, onProgress: (percent: number) => void): Promise<FileEntry> {
  const body = await uploadWithProgressTo<unknown>('/files/s3', 'data', file, onProgress);
  if (body && typeof body === 'object' && 'id' in body) return body as FileEntry;
  throw new Error('the upload answered no file');
}

/** `DELETE /files/s3/{id}`; a failure is only logged (the request is being abandoned anyway). */
export async function deleteUpload(id: number): Promise<void> {
  try {
    await api(`/files/s3/${id}`, { method: 'DELETE' });
  } catch (error) {
    console.warn('uploaded file could not be deleted', error);
  }
}
