import type { FileEntry } from '@fanmission/contracts';
import i18next from 'i18next';
import { api, apiHeaders, apiUrl } from '../../../shared/api/client';

/**
 * `POST /files/s3` (form field `data`) with upload progress, which fetch cannot report. Resolves with the stored
 * file; rejects with the server's message (or the HTTP status) on failure.
 */
export function uploadWithProgress(file: File, onProgress: (percent: number) => void): Promise<FileEntry> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', apiUrl('/files/s3'));
    // The session cookie goes along (same origin); the anti-CSRF header is what the API asks of a cookie upload.
    apiHeaders(i18next.language || 'ko').forEach((value, name) => request.setRequestHeader(name, value));
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      const body = parseJson(request.responseText);
      if (request.status >= 200 && request.status < 300 && body && typeof body === 'object' && 'id' in body) {
        onProgress(100);
        resolve(body as FileEntry);
      } else {
        const message =
          body && typeof body === 'object' && 'message' in body ? String(body.message) : `HTTP ${request.status}`;
        reject(new Error(message));
      }
    };
    request.onerror = () => reject(new Error('network error'));
    const form = new FormData();
    form.append('data', file);
    request.send(form);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** `DELETE /files/s3/{id}`; a failure is only logged (the request is being abandoned anyway). */
export async function deleteUpload(id: number): Promise<void> {
  try {
    await api(`/files/s3/${id}`, { method: 'DELETE' });
  } catch (error) {
    console.warn('uploaded file could not be deleted', error);
  }
}
