// @vitest-environment jsdom
// The dashboard's "to do" block: one call, each queue the server answers for the signed-in role with its count, its
// oldest entry in Korea time and a link to its list filtered to it, oldest first.
import type { AdminToDo } from '@fanmission/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';

import { afterEach, expect, test, vi } from 'vitest';
import { consoleKo } from './i18n/console-ko';
import { i18nProvider } from './i18n/i18n-provider';
import { ToDoBlock } from './to-do';
import { ConsoleTestContext } from '@fanmission/tests/support/console/console-context';

vi.setConfig({ testTimeout: 60_000 });

const queues = consoleKo.console.toDo.queues;
/** A to-do link's accessible name: the queue, then its count (any count when none is given). */
const queueLink = (queue: string, count?: number) =>
  new RegExp(`^${queue.replace(/[()]/g, '\\$&')}\\s*${count ?? '\\d+'}건`);
/** A link's address (the test's router is react-admin's hash router: `#/creators?…`). */
const target = (link: HTMLElement) => new URL(link.getAttribute('href')!.replace(/^#/, ''), 'http://console');

function renderBlock(answer: AdminToDo) {
  const fetch = vi.fn(
    async () => new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  render(
    <ConsoleTestContext i18nProvider={i18nProvider}>
      <ToDoBlock />
    </ConsoleTestContext>,
  );
  return fetch;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test('finance sees its queues with counts, the oldest waiting in KST, and links to each list oldest first', async () => {
  const fetch = renderBlock({
    items: [
      { queue: 'depositsToConfirm', count: 3, oldestAt: '2026-11-26T15:30:00.000Z' },
      { queue: 'refundRequests', count: 0, oldestAt: null },
      { queue: 'statementsToApprove', count: 2, oldestAt: '2026-11-01T00:00:00.000Z' },
      { queue: 'statementsToPay', count: 1, oldestAt: '2026-11-02T00:00:00.000Z' },
      { queue: 'heldStatements', count: 1, oldestAt: '2026-11-01T00:00:00.000Z' },
      { queue: 'approvalsWaitingForMe', count: 4, oldestAt: '2026-11-25T01:00:00.000Z' },
    ],
  });
  const block = await screen.findByRole('region', { name: '오늘 할 일' }, { timeout: 10_000 });
  expect(fetch).toHaveBeenCalledTimes(1);
  expect(String((fetch.mock.calls[0] as unknown[])[0])).toBe('/api/admin/to-do');
  const deposits = await within(block).findByRole(
    'link',
    { name: queueLink(queues.depositsToConfirm, 3) },
    { timeout: 10_000 },
  );
  const href = target(deposits);
  expect(href.pathname).toBe('/bank-transfers');
  expect(JSON.parse(href.searchParams.get('filter')!)).toEqual({ status: 'ready' });
  expect([href.searchParams.get('sort'), href.searchParams.get('order')]).toEqual(['created', 'ASC']);
  // 15:30 UTC is half past midnight the next day in Korea.
  expect(within(deposits).getByText('가장 오래 기다린 건: 2026.11.27 00:30 KST')).toBeTruthy();
  const held = within(block).getByRole('link', { name: queueLink(queues.heldStatements, 1) });
  expect(JSON.parse(target(held).searchParams.get('filter')!)).toEqual({
    held: true,
  });
  expect(within(block).getByRole('link', { name: queueLink(queues.refundRequests, 0) })).toBeTruthy();
  const approvals = target(within(block).getByRole('link', { name: queueLink(queues.approvalsWaitingForMe, 4) }));
  expect([approvals.pathname, approvals.searchParams.get('filter')]).toEqual(['/approvals', '{"view":"waiting"}']);
  expect(within(block).queryByText(queues.creatorsToReview)).toBeNull();
  expect(within(block).getAllByRole('listitem')).toHaveLength(6);
});

test('an operator sees the review queue and objections, linked oldest first', async () => {
  renderBlock({
    items: [
      { queue: 'creatorsToReview', count: 5, oldestAt: '2026-11-20T00:00:00.000Z' },
      { queue: 'blockObjections', count: 1, oldestAt: '2026-11-21T00:00:00.000Z' },
      { queue: 'approvalsWaitingForMe', count: 0, oldestAt: null },
    ],
  });
  const block = await screen.findByRole('region', { name: '오늘 할 일' }, { timeout: 10_000 });
  const creators = await within(block).findByRole(
    'link',
    { name: queueLink(queues.creatorsToReview, 5) },
    { timeout: 10_000 },
  );
  const href = target(creators);
  expect(href.pathname).toBe('/creators');
  expect(JSON.parse(href.searchParams.get('filter')!)).toEqual({ reviewStatus: 'PENDING' });
  expect([href.searchParams.get('sort'), href.searchParams.get('order')]).toEqual(['createdAt', 'ASC']);
  expect(within(block).queryByText(queues.depositsToConfirm)).toBeNull();
});
