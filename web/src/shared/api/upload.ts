import i18next from 'i18next';
import { apiHeaders, apiUrl } from './client';

/**
 * A multipart upload with progress (fetch cannot report it): `POST path` with the file in `field`. Resolves with the
 * JSON answer; rejects with the server's message (or the HTTP status).
 */
export function uploadWithProgressTo<T>(
  path: string,
  field: string,
  file: Blob,
  onProgress: (percent: number) => void,
  filename?: string,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', apiUrl(path));
    // The session cookie goes along (same origin); the anti-CSRF header is what the API asks of a cookie upload.
    apiHeaders(i18next.language || 'ko').forEach((value, name) => request.setRequestHeader(name, value));
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      if (request.status >= 200 && request.status < 300) {
        onProgress(100);
        resolve(body as T);
      } else {
        const message =
          body && typeof body === 'object' && 'message' in body ? String(body.message) : `HTTP ${request.status}`;
        reject(new Error(message));
      }
    };
    request.onerror = () => reject(new Error('network error'));
    const form = new FormData();
    if (filename) form.append(field, file, filename);
    else form.append(field, file);
    request.send(form);
  });
}
