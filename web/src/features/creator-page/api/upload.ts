import type { FileEntry } from '@fanmission/contracts';
import { api } from '../../../shared/api/client';
import { resumableUpload } from '../../../shared/api/upload';

/**
 * A request attachment as a resumable upload (`/files/tus`, purpose `request-attachment`) with its progress in
 * percent. Resolves with the stored file; rejects with the server's message (or the HTTP status) on failure.
 */
export async function uploadWithProgress(file: File, onProgress: (percent: number) => void): Promise<FileEntry> {
  const body = await resumableUpload<unknown>(file, 'request-attachment', (sent, total) =>
    onProgress(total > 0 ? Math.floor((sent / total) * 100) : 0),
  ).done;
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
