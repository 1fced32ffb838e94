// @vitest-environment jsdom
// A tag is named in Korean and, for readers of English and Japanese, in their languages: the form sends all three,
// and a translation left empty is sent empty (its readers then see the Korean name).
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceContextProvider, type DataProvider } from 'react-admin';
import { afterEach, expect, test, vi } from 'vitest';
import { consoleKo } from '../i18n/console-ko';
import { i18nProvider } from '../i18n/i18n-provider';
import { TagCreate } from './content';
import { staffAuth } from '@fanmission/tests/support/console/staff-auth';
import { ConsoleTestContext } from '@fanmission/tests/support/console/console-context';
import { untilQueriesSettled } from '@fanmission/tests/support/query-clients';

vi.setConfig({ testTimeout: 60_000 });

const fields = consoleKo.resources.tags.fields;
const named = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

afterEach(() => cleanup());

test('a new tag is sent with its English and Japanese names', async () => {
  const create = vi.fn(async (_resource: string, params: { data: Record<string, unknown> }) => ({
    data: { id: 9, creators: 0, createdAt: '2026-11-29T00:00:00.000Z', ...params.data },
  }));
  const provider = {
    getList: async () => ({ data: [], total: 0 }),
    getOne: async () => ({ data: null }),
    getMany: async () => ({ data: [] }),
    getManyReference: async () => ({ data: [], total: 0 }),
    create,
  } as unknown as DataProvider;
  render(
    <ConsoleTestContext dataProvider={provider} i18nProvider={i18nProvider} authProvider={staffAuth(['ROLE_OPERATOR'])}>
      <ResourceContextProvider value="tags">
        <TagCreate />
      </ResourceContextProvider>
    </ConsoleTestContext>,
  );
  const user = userEvent.setup();
  await user.type(await screen.findByRole('textbox', { name: named(fields.name) }), '노래');
  await user.type(screen.getByRole('textbox', { name: named(fields.nameEn) }), 'Singing');
  await user.type(screen.getByRole('textbox', { name: named(fields.nameJa) }), '歌');
  await user.click(screen.getByRole('button', { name: '저장' }));
  await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
  expect(create.mock.calls[0]![1].data).toMatchObject({ name: '노래', nameEn: 'Singing', nameJa: '歌' });
  await untilQueriesSettled();
});
