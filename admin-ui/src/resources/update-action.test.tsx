// @vitest-environment jsdom
// A decision's notice still comes when its button is gone before the answer (a phone turned sideways swaps a list's
// cards for its table while the request is on its way).
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Notification, RecordContextProvider, ResourceContextProvider, type DataProvider } from 'react-admin';
import { afterEach, expect, test, vi } from 'vitest';
import { consoleKo } from '../i18n/console-ko';
import { i18nProvider } from '../i18n/i18n-provider';
import { UpdateAction } from './update-action';
import { staffAuth } from '@fanmission/tests/support/console/staff-auth';
import { ConsoleTestContext } from '@fanmission/tests/support/console/console-context';

vi.setConfig({ testTimeout: 60_000 });

afterEach(() => cleanup());

const deposit = { id: 4, status: 'ready', depositorName: '김팬' };

/** The action while the "layout" shows it; a second button swaps the layout, as a rotation does. */
function Layout() {
  const [cards, setCards] = useState(true);
  return (
    <ResourceContextProvider value="bank-transfers">
      <button type="button" onClick={() => setCards(false)}>
        rotate
      </button>
      {cards && (
        <RecordContextProvider value={deposit}>
          <UpdateAction label="console.actions.confirmDeposit" patch={() => ({ status: 'paid' })} patchOnly />
        </RecordContextProvider>
      )}
      <Notification />
    </ResourceContextProvider>
  );
}

test('the notice of a decision comes after its button unmounted before the answer', async () => {
  let answer: (value: { data: object }) => void = () => undefined;
  const update = vi.fn(
    () =>
      new Promise<{ data: object }>((resolve) => {
        answer = resolve;
      }),
  );
  const provider = {
    getList: async () => ({ data: [], total: 0 }),
    getOne: async () => ({ data: deposit }),
    getMany: async () => ({ data: [] }),
    getManyReference: async () => ({ data: [], total: 0 }),
    update,
  } as unknown as DataProvider;
  render(
    <ConsoleTestContext dataProvider={provider} i18nProvider={i18nProvider} authProvider={staffAuth(['ROLE_FINANCE'])}>
      <Layout />
    </ConsoleTestContext>,
  );
  await userEvent.click(
    await screen.findByRole('button', { name: consoleKo.console.actions.confirmDeposit }, { timeout: 10_000 }),
  );
  expect(update).toHaveBeenCalledTimes(1);
  await userEvent.click(screen.getByRole('button', { name: 'rotate' }));
  expect(screen.queryByRole('button', { name: consoleKo.console.actions.confirmDeposit })).toBeNull();
  answer({ data: { ...deposit, status: 'paid' } });
  const notice = i18nProvider.translate('ra.notification.updated', { smart_count: 1 });
  expect(await screen.findByText(notice, {}, { timeout: 10_000 })).toBeTruthy();
});
