// Component-test helper: the XMLHttpRequest that file uploads (with their progress) go through, answering each upload
// with the stored file entry the test gives, after a progress event. Returns the upload URLs, in order.
import { vi } from 'vitest';

export interface StoredEntry {
  id: number;
  s3Url: string;
  contentType: string;
}

export function fakeUploads(answer: (file: File) => StoredEntry): string[] {
  const uploads: string[] = [];
  class FakeXhr {
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    status = 0;
    responseText = '';
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    send(body: FormData) {
      uploads.push(this.url);
      const file = [...body.values()].find((value): value is File => value instanceof File)!;
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
