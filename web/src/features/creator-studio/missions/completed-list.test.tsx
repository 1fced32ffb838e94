// @vitest-environment jsdom
// The completed list's totals cover every mission of the chosen year/month, not the page shown: they
// come from GET /creators/me/missions/totals with the list's filters.
import type { MissionView } from '@fanmission/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { createQueryClient, QueryProvider } from '../../../shared/api/query-provider';
import { json, serve } from '@fanmission/tests/support/web/fake-api';
import { AppProviders, cleanupApp, useLanguage } from '@fanmission/tests/support/web/render';
import { MissionTable } from './mission-table';

const row = (id: number) =>
  ({
    id,
    status: 'COMPLETED',
    user: { id: 2, username: `fan${id}`, image: null },
    missionProduct: { name: `Mission ${id}` },
    coinPrice: 7,
    created: '2026-05-01T00:00:00.000Z',
    completed: '2026-05-10T00:00:00.000Z',
    accepted: null,
  }) as unknown as MissionView;

beforeEach(() => {
  window.localStorage.setItem('UserId', '3');
  window.localStorage.setItem('CreatorId', '7');
});

afterEach(() => {
  cleanupApp();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

test('the totals are the server’s for the whole year/month, not a sum of the page', { timeout: 60_000 }, async () => {
  const texts = await useLanguage('en');
  const l = texts.creatorStudio.missions.list;
  const calls = serve({
    'GET /api/v1/missions/page': () =>
      json({ content: [1, 2, 3].map(row), totalPages: 9, totalElements: 105, number: 0, size: 12, last: false }),
    'GET /api/v1/creators/me/missions/totals': () => json({ count: 105, coins: 769 }),
  });
  const totalsQueries = () =>
    calls.filter((call) => call.path === '/api/v1/creators/me/missions/totals').map((call) => call.query);
  render(
    <AppProviders i18n={i18next}>
      <QueryProvider client={createQueryClient()}>
        <MemoryRouter>
          <MissionTable listType="complete" />
        </MemoryRouter>
      </QueryProvider>
    </AppProviders>,
  );
  const totals = await screen.findByRole('status');
  expect(totals.textContent).toBe(l.totals.replace('{{count}}', '105').replace('{{coins}}', '769'));
  expect(totalsQueries()[0]!.get('status')).toBe('COMPLETED');
  expect(totalsQueries()[0]!.has('createdYear')).toBe(false);

  await userEvent.click(screen.getByRole('combobox', { name: l.year }));
  await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: '2026' }));
  await userEvent.click(screen.getByRole('combobox', { name: l.month }));
  await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: '5' }));
  await waitFor(() => expect(totalsQueries().at(-1)?.get('createdMonth')).toBe('5'));
  expect(totalsQueries().at(-1)!.get('createdYear')).toBe('2026');
  expect(screen.getByRole('link', { name: l.adjustment }).getAttribute('href')).toBe('/adjustment-page');
});
