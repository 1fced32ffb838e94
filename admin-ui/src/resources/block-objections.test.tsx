// @vitest-environment jsdom
// Accepting a member's objection to his login block lifts the block at once: the console asks first, naming him, and
// takes the operator's words for the member if he gives some (the member's notice and mail quote them).
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceContextProvider, type DataProvider } from 'react-admin';
import { afterEach, expect, test, vi } from 'vitest';
import { consoleKo } from '../i18n/console-ko';
import { i18nProvider } from '../i18n/i18n-provider';
import { raKorean } from '../i18n/ra-ko';
import { BlockObjectionList } from './block-objections';
import { staffAuth } from '@fanmission/tests/support/console/staff-auth';
import { ConsoleTestContext } from '@fanmission/tests/support/console/console-context';

vi.setConfig({ testTimeout: 60_000 });

afterEach(() => cleanup());

const objection = {
  id: 1,
  username: '칠번팬',
  email: 'rv7fan@example.com',
  blockedAt: '2026-11-20T01:00:00.000Z',
  blockReason: '욕설',
  reason: '오해입니다',
  created: '2026-11-21T01:00:00.000Z',
  status: 'PENDING',
  decisionNote: null,
};

function renderObjections() {
  const update = vi.fn(async (_resource: string, params: { data: Record<string, unknown> }) => ({
    data: { ...objection, ...params.data },
  }));
  const provider = {
    getList: async () => ({ data: [objection], total: 1 }),
    getOne: async () => ({ data: objection }),
    getMany: async () => ({ data: [] }),
    getManyReference: async () => ({ data: [], total: 0 }),
    update,
  } as unknown as DataProvider;
  render(
    <ConsoleTestContext dataProvider={provider} i18nProvider={i18nProvider} authProvider={staffAuth(['ROLE_OPERATOR'])}>
      <ResourceContextProvider value="block-objections">
        <BlockObjectionList />
      </ResourceContextProvider>
    </ConsoleTestContext>,
  );
  return update;
}

async function openAcceptDialog() {
  const row = (await screen.findByText('오해입니다', {}, { timeout: 10_000 })).closest('tr')!;
  await userEvent.click(await within(row).findByRole('button', { name: consoleKo.console.actions.approve }));
  return screen.findByRole('dialog');
}

test('accepting an objection asks first, naming the member, and only then lifts the block', async () => {
  const update = renderObjections();
  const dialog = await openAcceptDialog();
  expect(
    within(dialog).getByText(consoleKo.console.blockObjections.acceptConfirm.replace('%{who}', '칠번팬')),
  ).toBeTruthy();
  expect(update).not.toHaveBeenCalled();
  await userEvent.click(within(dialog).getByRole('button', { name: raKorean.ra.action.confirm }));
  await waitFor(() =>
    expect(update).toHaveBeenCalledWith(
      'block-objections',
      expect.objectContaining({ data: expect.objectContaining({ status: 'ACCEPTED' }) }),
    ),
  );
  expect(update.mock.calls[0]![1].data).not.toHaveProperty('decisionNote', expect.any(String));
});

test('an operator accepting an objection may write the member a note, which the decision carries', async () => {
  const update = renderObjections();
  const dialog = await openAcceptDialog();
  await userEvent.type(
    within(dialog).getByLabelText(consoleKo.resources['block-objections'].fields.decisionNote),
    '확인 결과 오해였습니다',
  );
  await userEvent.click(within(dialog).getByRole('button', { name: raKorean.ra.action.confirm }));
  await waitFor(() =>
    expect(update).toHaveBeenCalledWith(
      'block-objections',
      expect.objectContaining({
        data: expect.objectContaining({ status: 'ACCEPTED', decisionNote: '확인 결과 오해였습니다' }),
      }),
    ),
  );
});
