// @vitest-environment jsdom
// An operator sets and clears a creator's adult-content flag from the creator's page, and decides the creator's own
// request to clear it (finance reads it only).
import type { StaffRole } from '@fanmission/contracts';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type DataProvider } from 'react-admin';
import { afterEach, expect, test, vi } from 'vitest';
import { consoleKo } from '../i18n/console-ko';
import { i18nProvider } from '../i18n/i18n-provider';
import { CreatorShow } from './creator-review';
import { staffAuth } from '@fanmission/tests/support/console/staff-auth';
import { ConsoleTestContext } from '@fanmission/tests/support/console/console-context';

vi.setConfig({ testTimeout: 60_000 });

const creator = {
  id: 8,
  name: '소라',
  reviewStatus: 'APPROVED',
  grade: 'SILVER',
  containAdultContent: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  profile: { tags: [], snsLinks: [], intro: null, avatar: null, description: null, businessType: 'NONE' },
  products: [],
  refusals: [],
};
const words = consoleKo.console.actions;

const auth = staffAuth;

function renderShow(roles: StaffRole[], record = creator) {
  const update = vi.fn(async (_resource: string, params: { data: Record<string, unknown> }) => ({
    data: { ...record, ...params.data },
  }));
  const provider = {
    getList: async () => ({ data: [], total: 0 }),
    getOne: async () => ({ data: record }),
    getMany: async () => ({ data: [] }),
    getManyReference: async () => ({ data: [], total: 0 }),
    update,
  } as unknown as DataProvider;
  render(
    <ConsoleTestContext dataProvider={provider} i18nProvider={i18nProvider} authProvider={auth(roles)}>
      <CreatorShow resource="creators" id={8} />
    </ConsoleTestContext>,
  );
  return update;
}

afterEach(() => cleanup());

test('an operator flags a creator’s adult content with the flag alone', async () => {
  const update = renderShow(['ROLE_OPERATOR']);
  await userEvent.click(await screen.findByRole('button', { name: words.flagAdult }, { timeout: 10_000 }));
  await waitFor(() =>
    expect(update).toHaveBeenCalledWith(
      'creators',
      expect.objectContaining({ id: 8, data: { containAdultContent: true } }),
    ),
  );
  expect(screen.queryByRole('button', { name: words.clearAdult })).toBeNull();
});

test('a flagged creator offers the clear; finance is offered neither', async () => {
  const update = renderShow(['ROLE_OPERATOR'], { ...creator, containAdultContent: true });
  await userEvent.click(await screen.findByRole('button', { name: words.clearAdult }, { timeout: 10_000 }));
  await waitFor(() =>
    expect(update).toHaveBeenCalledWith('creators', expect.objectContaining({ data: { containAdultContent: false } })),
  );
  cleanup();
  renderShow(['ROLE_FINANCE']);
  expect(await screen.findByText('소라', {}, { timeout: 10_000 })).toBeTruthy();
  expect(screen.queryByRole('button', { name: words.flagAdult })).toBeNull();
});

test('a creator’s request to clear his flag shows who set it and is accepted or declined, never cleared past it', async () => {
  const asking = {
    ...creator,
    containAdultContent: true,
    adultFlaggedBy: 'OPERATOR',
    adultClearRequestedAt: '2026-11-20T01:00:00.000Z',
  };
  const update = renderShow(['ROLE_OPERATOR'], asking);
  expect(
    await screen.findByText(consoleKo.console.creatorReview.adultFlaggedByOperator, {}, { timeout: 10_000 }),
  ).toBeTruthy();
  expect(screen.queryByRole('button', { name: words.clearAdult })).toBeNull();
  expect(screen.getByRole('button', { name: words.declineAdultClear })).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: words.acceptAdultClear }));
  await waitFor(() =>
    expect(update).toHaveBeenCalledWith('creators', expect.objectContaining({ data: { adultClearRequest: 'ACCEPT' } })),
  );
});
