import type { FileEntry } from '@fanmission/contracts';
import { api } from '../../../shared/api/client';
import { type ProgressListener, type ResumableUpload, resumableUpload } from '../../../shared/api/upload';

/**
 * A request attachment as a resumable upload (`/files/tus`, purpose `request-attachment`): resolves with the stored
 * file; rejects with the server's message (or the HTTP status) on failure.
 */
export function uploadAttachment(file: File, onProgress: ProgressListener): ResumableUpload<FileEntry> {
  return resumableUpload<FileEntry>(file, 'request-attachment', onProgress);
}

/** `DELETE /files/s3/{id}`; a failure is only logged (the request is being abandoned anyway). */
export async function deleteUpload(id: number): Promise<void> {
  try {
    await api(`/files/s3/${id}`, { method: 'DELETE' });
  } catch (error) {
    console.warn('uploaded file could not be deleted', error);
  }
}
