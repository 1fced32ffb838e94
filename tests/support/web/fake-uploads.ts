// Component-test helper: the XMLHttpRequest that file uploads (with their progress) go through, answering each upload
// with the stored file entry the test gives, after a progress event: multipart uploads (`POST /files/s3` and the
// others) in one request, resumable ones (tus 1.0 at `/api/v1/files/tus`) by their creation and one PATCH. Returns the
// upload URLs (a resumable upload's creation URL), in order. `refuse` answers a resumable upload's creation with an
// error (status and message) instead.
import { vi } from 'vitest';

export interface StoredEntry {
  id: number;
  s3Url: string;
  contentType: string;
}

export interface Refusal {
  status: number;
  message: string;
}

const TUS_PATH = '/api/v1/files/tus';

function metadataOf(header: string | undefined): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key)
      metadata[key] = value ? new TextDecoder().decode(Uint8Array.from(atob(value), (c) => c.charCodeAt(0))) : '';
  }
  return metadata;
}

export function fakeUploads(
  answer: (file: File) => StoredEntry,
  options: { refuse?: (file: File) => Refusal | undefined } = {},
): string[] {
  const uploads: string[] = [];
  const resumable = new Map<string, { file: File; length: number }>();
  class FakeXhr {
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    status = 0;
    responseText = '';
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private method = '';
    private url = '';
    private readonly requestHeaders: Record<string, string> = {};
    private responseHeaders: Record<string, string> = {};
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.requestHeaders[name.toLowerCase()] = value;
    }
    getResponseHeader(name: string) {
      return this.responseHeaders[name.toLowerCase()] ?? null;
    }
    abort() {}
    private answerLater(status: number, body: string, headers: Record<string, string> = {}, progress = 0) {
      setTimeout(() => {
        if (progress) this.upload.onprogress?.({ lengthComputable: true, loaded: progress / 2, total: progress });
        this.status = status;
        this.responseText = body;
        this.responseHeaders = { 'tus-resumable': '1.0.0', ...headers };
        this.onload?.();
      }, 0);
    }
    send(body: unknown) {
      const path = new URL(this.url, 'http://localhost').pathname;
      if (path === TUS_PATH && this.method === 'POST') {
        uploads.push(path);
        const metadata = metadataOf(this.requestHeaders['upload-metadata']);
        const file = new File([], metadata.filename ?? 'upload', { type: metadata.filetype ?? '' });
        const refusal = options.refuse?.(file);
        if (refusal) {
          this.answerLater(refusal.status, JSON.stringify({ message: refusal.message }));
          return;
        }
        const location = `${TUS_PATH}/${String(resumable.size + 1).padStart(32, '0')}`;
        resumable.set(location, { file, length: Number(this.requestHeaders['upload-length']) });
        this.answerLater(201, '', { location });
        return;
      }
      if (path.startsWith(`${TUS_PATH}/`)) {
        const upload = resumable.get(path)!;
        if (this.method === 'HEAD') {
          this.answerLater(200, '', { 'upload-offset': '0', 'upload-length': String(upload.length) });
        } else {
          const entry = JSON.stringify({ thumbnail: null, ...answer(upload.file) });
          this.answerLater(200, entry, { 'upload-offset': String(upload.length) }, upload.length || 2);
        }
        return;
      }
      uploads.push(this.url);
      const file = [...(body as FormData).values()].find((value): value is File => value instanceof File)!;
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
        this.status = 200;
        this.responseText = JSON.stringify({ thumbnail: null, ...answer(file) });
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return uploads;
}
