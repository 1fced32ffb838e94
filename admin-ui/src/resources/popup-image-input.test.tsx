// @vitest-environment jsdom
// The popup form's picture: uploaded at once through the console's own upload, shown, and saved as `webImageId`.
import type { StaffRole } from '@fanmission/contracts';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, ResourceContextProvider, type AuthProvider, type DataProvider } from 'react-admin';
import { afterEach, expect, test, vi } from 'vitest';
import { consoleKo } from '../i18n/console-ko';
import { i18nProvider } from '../i18n/i18n-provider';
import { PopupCreate } from './content';

vi.setConfig({ testTimeout: 60_000 });

const auth: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => ['ROLE_OPERATOR'] as StaffRole[],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
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
    <AdminContext dataProvider={provider} i18nProvider={i18nProvider} authProvider={auth}>
      <ResourceContextProvider value="popups">
        <PopupCreate />
      </ResourceContextProvider>
    </AdminContext>,
  );
}

test('the chosen picture is uploaded, shown, can be removed, and is saved with the popup', async () => {
  const signedUrl = 'http://localhost/files/2026/11/picture.png?exp=1&sig=x';
  const fetch = vi.fn(
    async () =>
      new Response(JSON.stringify({ id: 41, s3Url: signedUrl, contentType: 'image/png', thumbnail: null }), {
        status: 200,
      }),
  );
  vi.stubGlobal('fetch', fetch);
  const create = vi.fn(async (_resource: string, params: { data: Record<string, unknown> }) => ({
    data: { id: 1, ...params.data },
  }));
  renderPopupCreate(create);
  const words = consoleKo.console.popups;
  expect(await screen.findByText(words.noImage, {}, { timeout: 10_000 })).toBeTruthy();
  const picture = new File([new Uint8Array([137, 80, 78, 71])], 'summer.png', { type: 'image/png' });
  await userEvent.upload(screen.getByLabelText(words.upload), picture);
  const preview = await screen.findByTestId('popup-image-preview');
  expect(preview.getAttribute('src')).toBe(signedUrl);
  const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
  expect(url).toBe('/api/admin/popups/images');
  expect((init.body as FormData).get('image')).toBeInstanceOf(File);
  await userEvent.click(screen.getByRole('button', { name: words.removeImage }));
  expect(await screen.findByText(words.noImage)).toBeTruthy();
  await userEvent.upload(screen.getByLabelText(words.upload), picture);
  await screen.findByTestId('popup-image-preview');

  await userEvent.type(screen.getByRole('textbox', { name: /제목/ }), '여름 이벤트');
  await userEvent.click(screen.getByRole('button', { name: /저장|Save/ }));
  await waitFor(() => expect(create).toHaveBeenCalled());
  expect(create.mock.calls[0]![1].data).toMatchObject({ title: '여름 이벤트', webImageId: 41 });
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
