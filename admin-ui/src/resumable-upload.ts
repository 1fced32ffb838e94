import { CONSOLE_RESUMABLE_UPLOAD_PATH, type UploadedFile, type UploadPurpose } from '@fanmission/contracts';
import type { DetailedError, Upload } from 'tus-js-client';
import { consoleHeaders } from './auth';
import { httpClient } from './data-provider';

/** Waits before each new attempt after a network failure: at once, then up to 30 s apart (tus-js-client retries). */
const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000, 30_000, 30_000];

export interface ResumableUpload {
  /** The file the upload became (the same answer as a multipart upload); rejects with an UploadRefusal. */
  done: Promise<UploadedFile>;
  /** Stops sending; what arrived is kept on the server until `resume` (or its 24 h expiry). */
  pause(): void;
  resume(): void;
}

/** Why an upload ended: the API's error code (`FILE_TOO_LARGE`, …) when it answered one, and its message. */
export class UploadRefusal extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

function refusalOf(error: Error): UploadRefusal {
  const response = (error as DetailedError).originalResponse;
  if (!response) return new UploadRefusal(error.message, undefined);
  try {
    const body = JSON.parse(response.getBody()) as { message?: unknown; code?: unknown };
    if (typeof body.message === 'string') {
      return new UploadRefusal(body.message, typeof body.code === 'string' ? body.code : undefined);
    }
  } catch {
    // Not one of the API's JSON errors (a proxy, the protocol's own texts).
  }
  return new UploadRefusal(`HTTP ${response.getStatus()}`, undefined);
}

/**
 * A resumable upload on tus 1.0 at the console's endpoint (`/api/admin/files/tus`, docs/rules/files.md): sent in one
 * stream, resumed where the server stands after the network drops (automatic retries) or after a reload when the same
 * file is picked again (tus-js-client's fingerprint of the file, kept in localStorage until the upload ends). The
 * console's session cookie goes along with its language and anti-CSRF header. `onProgress` gets the bytes sent and
 * the file's size.
 */
export function resumableUpload(
  file: File,
  purpose: UploadPurpose,
  onProgress: (sent: number, total: number) => void,
): ResumableUpload {
  let upload: Upload | undefined;
  // The protocol's client loads with the first upload: the console's other pages do not download it.
  const done = import('tus-js-client').then(
    (tus) =>
      new Promise<UploadedFile>((resolve, reject) => {
        upload = new tus.Upload(file, {
          endpoint: CONSOLE_RESUMABLE_UPLOAD_PATH,
          retryDelays: RETRY_DELAYS_MS,
          headers: Object.fromEntries(consoleHeaders().entries()),
          metadata: { filename: file.name, filetype: file.type, purpose },
          storeFingerprintForResuming: true,
          removeFingerprintOnSuccess: true,
          onProgress,
          onError: (error) => reject(refusalOf(error)),
          onSuccess: ({ lastResponse }) => {
            // The last PATCH answers the file; a resumed upload that was already complete asks for it.
            const body = lastResponse.getBody();
            if (body) {
              resolve(JSON.parse(body) as UploadedFile);
              return;
            }
            httpClient(`${upload?.url ?? ''}/file`).then(({ json }) => resolve(json as UploadedFile), reject);
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
