import type { FileEntry, MemberUploadPurpose } from '@fanmission/contracts';
import i18next from 'i18next';
import type { DetailedError, Upload } from 'tus-js-client';
import { api, apiHeaders, apiUrl } from './client';

/** Waits before each new attempt after a network failure: at once, then up to 30 s apart (tus-js-client retries). */
const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000, 30_000, 30_000];

/**
 * The progress of an upload: bytes sent and the file's size; `interrupted`, when given, hears that the connection
 * dropped and the upload waits to go on (the next progress means it goes on).
 */
export interface ProgressListener {
  (sent: number, total: number): void;
  interrupted?: () => void;
}

/**
 * Whether a failed request of an upload is tried again: when no answer came (the network dropped: also while the
 * phone says it is offline, so a tunnel does not end the upload), or the server failed or asked to come back (409,
 * 423); never for the other answers of the 400s (the file is refused).
 */
export function retriesAfter(status: number): boolean {
  return status === 0 || status >= 500 || status === 409 || status === 423;
}

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
  purpose: MemberUploadPurpose,
  onProgress: ProgressListener,
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
          onShouldRetry: (error) => {
            const retries = retriesAfter(error.originalResponse?.getStatus() ?? 0);
            if (retries) onProgress.interrupted?.();
            return retries;
          },
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

/**
 * A resumable upload that `PUT path` then makes what it is for (`{ fileId }`: one's profile picture, a creator's
 * intro); `done` is the file as that answer gives it.
 */
export function resumableUploadTo(
  path: string,
  file: File,
  purpose: MemberUploadPurpose,
  onProgress: ProgressListener,
): ResumableUpload<FileEntry> {
  const upload = resumableUpload<FileEntry>(file, purpose, onProgress);
  const done = upload.done.then(
    async (uploaded) => (await api<FileEntry>(path, { method: 'PUT', body: { fileId: uploaded.id } })).data,
  );
  return { ...upload, done };
}
