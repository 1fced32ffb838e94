// @vitest-environment jsdom
// The popup form's picture: uploaded at once, resumably (tus at the console's endpoint) with its progress, pause and
// resume, then made a popup picture, shown, and saved as `webImageId`; the API's refusals said in the console's words;
// the colours' note and pickers, and the live preview of the popup as fans will see it.
import { CONSOLE_RESUMABLE_UPLOAD_PATH } from '@fanmission/contracts';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceContextProvider, type DataProvider } from 'react-admin';
import { afterEach, expect, test, vi } from 'vitest';
import { consoleKo } from '../i18n/console-ko';
import { i18nProvider } from '../i18n/i18n-provider';
import { PopupCreate } from './content';
import { staffAuth } from '@fanmission/tests/support/console/staff-auth';
import { ConsoleTestContext } from '@fanmission/tests/support/console/console-context';

vi.setConfig({ testTimeout: 60_000 });

const auth = staffAuth(['ROLE_OPERATOR']);

const words = consoleKo.console.popups;
const SIGNED_URL = 'http://localhost/files/2026/11/picture.png?exp=1&sig=x';
const PICTURE_BYTES = 10_000;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The popup create form, on a data provider that answers reads with nothing and `create` as given. */
function renderPopupCreate(create?: (resource: string, params: { data: Record<string, unknown> }) => unknown) {
  const provider = {
    getList: async () => ({ data: [], total: 0 }),
    getOne: async () => ({ data: { id: 1 } }),
    getMany: async () => ({ data: [] }),
    getManyReference: async () => ({ data: [], total: 0 }),
    create,
  } as unknown as DataProvider;
  render(
    <ConsoleTestContext dataProvider={provider} i18nProvider={i18nProvider} authProvider={auth}>
      <ResourceContextProvider value="popups">
        <PopupCreate />
      </ResourceContextProvider>
    </ConsoleTestContext>,
  );
}

interface TusRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
}

/**
 * The console's tus endpoint in memory, behind the XMLHttpRequest tus-js-client sends with: a creation answers its
 * Location (or `refusal`), HEAD the stored offset, and a PATCH receives half its bytes (a progress event) and waits for
 * `finish()` to take the rest and answer the file; a PATCH aborted by a pause keeps that half.
 */
function fakeTusEndpoint(options: { refusal?: { status: number; code: string; message: string } } = {}) {
  const requests: TusRequest[] = [];
  const uploads = new Map<string, { length: number; offset: number }>();
  const waiting = new Set<() => void>();
  class FakeXhr {
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number }) => void) | null } = {
      onprogress: null,
    };
    status = 0;
    responseText = '';
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private method = '';
    private url = '';
    private aborted = false;
    private readonly headers: Record<string, string> = {};
    private responseHeaders: Record<string, string> = {};
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }
    getResponseHeader(name: string) {
      return this.responseHeaders[name.toLowerCase()] ?? null;
    }
    abort() {
      this.aborted = true;
    }
    private answer(status: number, body: string, headers: Record<string, string> = {}) {
      setTimeout(() => {
        if (this.aborted) return;
        this.status = status;
        this.responseText = body;
        this.responseHeaders = { 'tus-resumable': '1.0.0', ...headers };
        this.onload?.();
      }, 0);
    }
    send(body: Blob | null) {
      const path = new URL(this.url, 'http://localhost').pathname;
      requests.push({ method: this.method, path, headers: { ...this.headers } });
      if (this.method === 'POST' && path === CONSOLE_RESUMABLE_UPLOAD_PATH) {
        if (options.refusal) {
          const { status, code, message } = options.refusal;
          this.answer(status, JSON.stringify({ status, code, message }));
          return;
        }
        const location = `${CONSOLE_RESUMABLE_UPLOAD_PATH}/${String(uploads.size + 1).padStart(32, '0')}`;
        uploads.set(location, { length: Number(this.headers['upload-length']), offset: 0 });
        this.answer(201, '', { location });
        return;
      }
      const upload = uploads.get(path)!;
      if (this.method === 'HEAD') {
        this.answer(200, '', { 'upload-offset': String(upload.offset), 'upload-length': String(upload.length) });
        return;
      }
      const half = Math.floor((body?.size ?? 0) / 2);
      setTimeout(() => {
        upload.offset += half;
        this.upload.onprogress?.({ lengthComputable: true, loaded: half });
        waiting.add(() => {
          upload.offset = upload.length;
          const file = { id: 41, s3Url: SIGNED_URL, contentType: 'image/png', thumbnail: null, kind: 'image' };
          this.answer(200, JSON.stringify(file), { 'upload-offset': String(upload.length) });
        });
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return {
    requests,
    /** The held PATCHes take their last bytes and answer. */
    finish() {
      for (const answer of waiting) answer();
      waiting.clear();
    },
  };
}

/** `fetch` as the console's httpClient calls it: the claim of a finished upload answers the popup picture. */
function fakeClaim() {
  const fetch = vi.fn(
    async () =>
      new Response(JSON.stringify({ id: 41, s3Url: SIGNED_URL, contentType: 'image/png', thumbnail: null }), {
        status: 200,
      }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const picture = () => new File([new Uint8Array(PICTURE_BYTES)], 'summer.png', { type: 'image/png' });

const metadataOf = (header = '') =>
  Object.fromEntries(header.split(',').map((pair) => [pair.split(' ')[0], atob(pair.split(' ')[1] ?? '')]));

test('the chosen picture is uploaded resumably with its progress, paused, resumed, shown and saved', async () => {
  const tus = fakeTusEndpoint();
  const fetch = fakeClaim();
  const create = vi.fn(async (_resource: string, params: { data: Record<string, unknown> }) => ({
    data: { id: 1, ...params.data },
  }));
  renderPopupCreate(create);
  expect(await screen.findByText(words.noImage, {}, { timeout: 10_000 })).toBeTruthy();
  await userEvent.upload(screen.getByLabelText(words.upload), picture());

  // Half of it sent: the percent and what is left (5,000 bytes), inline.
  expect(await screen.findByText('올리는 중 50%')).toBeTruthy();
  expect(screen.getByText('5 KB 남음')).toBeTruthy();
  expect(screen.getByRole('progressbar', { name: '올리는 중 50%' }).getAttribute('aria-valuenow')).toBe('50');
  const [creation] = tus.requests;
  expect(creation).toMatchObject({ method: 'POST', path: '/api/admin/files/tus' });
  expect(creation!.headers).toMatchObject({ 'x-requested-with': 'fanmission', 'upload-length': '10000' });
  expect(metadataOf(creation!.headers['upload-metadata'])).toEqual({
    filename: 'summer.png',
    filetype: 'image/png',
    purpose: 'popup-image',
  });

  await userEvent.click(screen.getByRole('button', { name: words.pause }));
  expect(await screen.findByText(words.paused)).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: words.resume }));
  // Resumed where the server stands.
  await waitFor(() =>
    expect(tus.requests.map((request) => request.method)).toEqual(['POST', 'PATCH', 'HEAD', 'PATCH']),
  );
  expect(tus.requests[3]!.headers['upload-offset']).toBe('5000');
  tus.finish();

  const preview = await screen.findByTestId('popup-image-preview');
  expect(preview.getAttribute('src')).toBe(SIGNED_URL);
  expect(screen.queryByTestId('popup-image-progress')).toBeNull();
  const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
  expect(url).toBe('/api/admin/popups/images/from-upload');
  expect(init.method).toBe('POST');
  expect(JSON.parse(String(init.body))).toEqual({ fileId: 41 });
  // The finished upload leaves nothing to resume.
  expect(Object.keys(localStorage).filter((key) => key.startsWith('tus::'))).toEqual([]);

  await userEvent.click(screen.getByRole('button', { name: words.removeImage }));
  expect(await screen.findByText(words.noImage)).toBeTruthy();
  await userEvent.upload(screen.getByLabelText(words.upload), picture());
  await screen.findByText('올리는 중 50%');
  tus.finish();
  await screen.findByTestId('popup-image-preview');

  await userEvent.type(screen.getByRole('textbox', { name: /제목/ }), '여름 이벤트');
  await userEvent.click(screen.getByRole('button', { name: /저장|Save/ }));
  await waitFor(() => expect(create).toHaveBeenCalled());
  expect(create.mock.calls[0]![1].data).toMatchObject({ title: '여름 이벤트', webImageId: 41 });
});

test('the same file picked again after a reload goes on where the server stands', async () => {
  const tus = fakeTusEndpoint();
  fakeClaim();
  const file = picture();
  renderPopupCreate();
  await userEvent.upload(await screen.findByLabelText(words.upload, {}, { timeout: 10_000 }), file);
  await screen.findByText('올리는 중 50%');
  await userEvent.click(screen.getByRole('button', { name: words.pause }));
  await screen.findByText(words.paused);

  // The page goes away and comes back.
  cleanup();
  renderPopupCreate();
  await userEvent.upload(await screen.findByLabelText(words.upload, {}, { timeout: 10_000 }), file);
  await waitFor(() =>
    expect(tus.requests.map((request) => request.method)).toEqual(['POST', 'PATCH', 'HEAD', 'PATCH']),
  );
  // No new upload: the one the fingerprint names, asked where it stands.
  expect(tus.requests[2]!.path).toBe(tus.requests[1]!.path);
  expect(tus.requests[3]!.headers['upload-offset']).toBe('5000');
  // Half was there already: the rest goes, 75 % once half of it is sent.
  expect(await screen.findByText('올리는 중 75%')).toBeTruthy();
  tus.finish();
  await screen.findByTestId('popup-image-preview');
});

test.each([
  [415, 'UNKNOWN_FILE_FORMAT', words.wrongType],
  [413, 'FILE_TOO_LARGE', words.tooLarge.replace('%{max}', '5 MB')],
  [429, 'TOO_MANY_REQUESTS', words.quota],
  [400, 'VALIDATION_FAILED', words.uploadFailed.replace('%{reason}', 'Something broke.')],
])('a %i %s is said in the console’s words', async (status, code, text) => {
  fakeTusEndpoint({ refusal: { status, code, message: 'Something broke.' } });
  const fetch = fakeClaim();
  renderPopupCreate();
  await userEvent.upload(await screen.findByLabelText(words.upload, {}, { timeout: 10_000 }), picture());
  const error = await screen.findByRole('alert');
  expect(error.textContent).toBe(text);
  expect(screen.queryByTestId('popup-image-progress')).toBeNull();
  expect(screen.getByText(words.noImage)).toBeTruthy();
  expect(fetch).not.toHaveBeenCalled();
});

test('a button text colour that does not read on the button colour is noted with what fans will see', async () => {
  renderPopupCreate();
  const fields = consoleKo.resources.popups.fields;
  const background = await screen.findByLabelText(fields.linkBackgroundColor, {}, { timeout: 10_000 });
  // White on black reads: nothing to say.
  expect(screen.queryByTestId('popup-colour-note')).toBeNull();
  await userEvent.clear(background);
  await userEvent.type(background, '#FFE680');
  const note = await screen.findByTestId('popup-colour-note');
  // White on light yellow is about 1.2:1: fans see the web app's dark text instead.
  expect(note.textContent).toContain('1.2:1');
  expect(note.textContent).toContain('#1D1D1F');
});

test('the preview shows the popup as fans will, live, for a visitor or a member, with the picture just uploaded', async () => {
  const tus = fakeTusEndpoint();
  fakeClaim();
  renderPopupCreate();
  const fields = consoleKo.resources.popups.fields;
  const preview = await screen.findByTestId('popup-preview', {}, { timeout: 10_000 });
  expect(preview.textContent).toContain(words.previewNoTitle);
  expect(preview.textContent).toContain(words.previewNoLink);
  await userEvent.type(screen.getByLabelText(new RegExp(`^${fields.title}`)), 'Spring event');
  await userEvent.type(screen.getByLabelText(fields.linkTextLoggedOff), 'Log in to join');
  await userEvent.type(screen.getByLabelText(fields.linkTextLoggedOn), 'See the FAQ');
  expect(preview.textContent).toContain('Spring event');
  const link = screen.getByTestId('popup-preview-link');
  expect(link.textContent).toBe('Log in to join');
  await userEvent.click(screen.getByRole('button', { name: words.previewLoggedOn }));
  expect(screen.getByTestId('popup-preview-link').textContent).toBe('See the FAQ');
  // The colour picker writes the hex field; white on light yellow shows in the web's dark text, as fans see it.
  const picker = screen.getByLabelText(words.pickColour.replace('%{field}', fields.linkBackgroundColor));
  fireEvent.input(picker, { target: { value: '#ffe680' } });
  await waitFor(() =>
    expect((screen.getByLabelText(fields.linkBackgroundColor) as HTMLInputElement).value).toBe('#FFE680'),
  );
  expect(getComputedStyle(screen.getByTestId('popup-preview-link')).color).toBe('rgb(29, 29, 31)');
  expect(preview.querySelector('img')).toBeNull();
  await userEvent.upload(screen.getByLabelText(words.upload), picture());
  await screen.findByText('올리는 중 50%');
  tus.finish();
  await waitFor(() => expect(preview.querySelector('img')?.getAttribute('src')).toBe(SIGNED_URL));
});
