import type { UploadPurpose } from '@fanmission/contracts';
import i18next from 'i18next';
import type { DetailedError, Upload } from 'tus-js-client';
import { api, apiHeaders, apiUrl } from './client';

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

/** Waits before each new attempt after a network failure: at once, then up to 30 s apart (tus-js-client retries). */
const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000, 30_000, 30_000];

export interface ResumableUpload<T> {
  /** The file the upload became (the same answer as `POST /files/s3`); rejects with the server's message. */
  done: Promise<T>;
  /** Stops sending; what arrived is kept on the server until `resume` (or its 24 h expiry). */
  pause(): void;
  resume(): void;
}

function messageOf(error: Error): string {
  const response = (error as DetailedError).originalResponse;
  if (!response) return error.message;
  try {
    const body = JSON.parse(response.getBody()) as { message?: unknown };
    if (typeof body.message === 'string') return body.message;
  } catch {
    // Not one of our JSON errors (a proxy, the protocol's own texts).
  }
  return `HTTP ${response.getStatus()}`;
}

/**
 * A resumable upload on tus 1.0 (`/api/v1/files/tus`, docs/rules/files.md): sent in one stream, resumed where the
 * server stands after the network drops (automatic retries) or after a reload when the same file is picked again
 * (tus-js-client's fingerprint of the file, kept in localStorage until the upload ends). `onProgress` gets the bytes
 * sent and the file's size.
 */
export function resumableUpload<T>(
  file: File,
  purpose: UploadPurpose,
  onProgress: (sent: number, total: number) => void,
): ResumableUpload<T> {
  let upload: Upload | undefined;
  // The protocol's client loads with the first upload: the pages that only might upload (a creator's page, a
  // mission's) do not download it.
  const done = import('tus-js-client').then(
    (tus) =>
      new Promise<T>((resolve, reject) => {
        upload = new tus.Upload(file, {
          endpoint: apiUrl('/files/tus'),
          retryDelays: RETRY_DELAYS_MS,
          // The session cookie goes along (same origin); the anti-CSRF header is what the API asks of a cookie upload.
          headers: Object.fromEntries(apiHeaders(i18next.language || 'ko').entries()),
          metadata: { filename: file.name, filetype: file.type, purpose },
          storeFingerprintForResuming: true,
          removeFingerprintOnSuccess: true,
          onProgress,
          onError: (error) => reject(new Error(messageOf(error))),
          onSuccess: ({ lastResponse }) => {
            // The last PATCH answers the file; a resumed upload that was already complete asks for it.
            const body = lastResponse.getBody();
            if (body) {
              resolve(JSON.parse(body) as T);
              return;
            }
            const uploadId = upload?.url?.split('/').pop() ?? '';
            api<T>(`/files/tus/${uploadId}/file`).then((response) => resolve(response.data), reject);
          },
        });
        const started = upload;
        void started
          .findPreviousUploads()
          .then((previous) => {
            const latest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
            if (latest) started.resumeFromPreviousUpload(latest);
          })
          .catch(() => undefined)
          .finally(() => started.start());
      }),
  );
  return {
    done,
    pause: () => void upload?.abort(),
    resume: () => upload?.start(),
  };
}
