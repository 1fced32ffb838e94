// @vitest-environment jsdom
import type { MissionProduct } from '@fanmission/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { formatDotDate } from '../../shared/format/date';
import { MissionRequestDialog } from './mission-request-dialog';

const custom = {
  id: 2,
  name: 'Dance',
  type: 'CUSTOM',
  coinPrice: null,
  minimumCost: 300,
  allowAttachments: false,
} as unknown as MissionProduct;

/** A required field's label ends with an asterisk. */
const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

describe('mission request modal (react-hook-form over the request schema)', () => {
  afterEach(() => {
    cleanupApp();
    vi.unstubAllGlobals();
  });

  /** No coins held: the balance call answers 0, the coin items none. */
  function open() {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const body = String(url).includes('/coin-deposit') ? { point: 0 } : [];
        return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
      }),
    );
    const onClose = vi.fn();
    renderAt(
      '/creator/1',
      <Route path="/creator/1" element={<MissionRequestDialog product={custom} onClose={onClose} />} />,
    );
    return { dialog: screen.getByRole('dialog'), onClose };
  }

  test('a sent request is confirmed with its deadline, the coins left and a way to the mission', async () => {
    const t = await useLanguage('en');
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const body = String(url).includes('/coin-deposit')
          ? { point: 1000 }
          : String(url).endsWith('/missions') && init?.method === 'POST'
            ? { id: 77, status: 'REQUESTED' }
            : [];
        return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
      }),
    );
    renderAt(
      '/creator/1',
      <Route path="/creator/1" element={<MissionRequestDialog product={custom} onClose={vi.fn()} />} />,
    );
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText(startsWith(t.missionRequest.to)), 'Mina');
    await user.type(within(dialog).getByLabelText(startsWith(t.missionRequest.detail)), 'A dance for my birthday');
    await user.type(within(dialog).getByLabelText(startsWith(t.missionRequest.amount)), '300');
    await user.click(within(dialog).getByLabelText(t.missionRequest.terms));
    await waitFor(() =>
      expect(within(dialog).getByText(t.missionRequest.cost.replace('{{count}}', '300'))).toBeTruthy(),
    );
    await user.click(within(dialog).getByRole('button', { name: t.missionRequest.submit }));

    const confirmation = await screen.findByRole('alertdialog');
    // The app's one date format (Korea time), 30 days on.
    const date = formatDotDate(new Date(Date.now() + 30 * 24 * 60 * 60 * 1000));
    expect(within(confirmation).getByText(new RegExp(t.missionRequest.done.replace('.', '\\.'))).textContent).toContain(
      t.missionRequest.decideBy.replace('{{date}}', date),
    );
    expect(confirmation.textContent).toContain(t.missionRequest.coinsLeft.replace('{{count}}', '700'));
    expect(within(confirmation).getByRole('button', { name: t.missionRequest.view })).toBeTruthy();
  });

  test('a CUSTOM request is told both deadlines: 30 days to accept, then 10 to perform', async () => {
    const t = await useLanguage('ko');
    const { dialog } = open();
    const notice = t.missionRequest.customNotice.replace('{{decisionDays}}', '30').replace('{{performDays}}', '10');
    expect(within(dialog).getByText(notice)).toBeTruthy();
    expect(notice).toContain('30일');
  });

  test('messages on submit, each removed by editing its field', { timeout: 60_000 }, async () => {
    const t = await useLanguage('en');
    const user = userEvent.setup();
    const { dialog } = open();
    await user.click(within(dialog).getByRole('button', { name: t.missionRequest.submit }));
    // The form validates on submit and on each change asynchronously (its schema's resolver): wait for the messages.
    expect(await within(dialog).findAllByText(t.validation.required)).toHaveLength(2); // recipient, details
    expect(within(dialog).getByText(t.missionRequest.termsRequired)).toBeTruthy();

    await user.type(within(dialog).getByLabelText(startsWith(t.missionRequest.to)), 'M');
    await waitFor(() => expect(within(dialog).getAllByText(t.validation.required)).toHaveLength(1));
    await user.click(within(dialog).getByLabelText(t.missionRequest.toFriend));
    await user.type(within(dialog).getByLabelText(startsWith(t.missionRequest.detail)), 'D');
    await user.type(within(dialog).getByLabelText(startsWith(t.missionRequest.amount)), '2x9');
    expect((within(dialog).getByLabelText(startsWith(t.missionRequest.amount)) as HTMLInputElement).value).toBe('29');
    await user.click(within(dialog).getByLabelText(t.missionRequest.terms));
    await waitFor(() => expect(within(dialog).queryByText(t.missionRequest.termsRequired)).toBeNull());
    await user.click(within(dialog).getByRole('button', { name: t.missionRequest.submit }));
    // The friend's name is required; the offer is below the minimum (its helper text turns into the error).
    expect(await within(dialog).findByText(t.validation.required)).toBeTruthy();
    const minimum = t.missionRequest.belowMinimum.replace('{{min}}', '300');
    await waitFor(() => expect(within(dialog).getByText(minimum).classList.contains('Mui-error')).toBe(true));
    await user.type(within(dialog).getByLabelText(startsWith(t.missionRequest.amount)), '9');
    await waitFor(() => expect(within(dialog).getByText(minimum).classList.contains('Mui-error')).toBe(false));
  });

  test('too few coins: the alert, then the charge modal in its place', { timeout: 60_000 }, async () => {
    const t = await useLanguage('en');
    const user = userEvent.setup();
    const { dialog, onClose } = open();
    await user.type(within(dialog).getByLabelText(startsWith(t.missionRequest.to)), 'M');
    await user.type(within(dialog).getByLabelText(startsWith(t.missionRequest.detail)), 'D');
    await user.type(within(dialog).getByLabelText(startsWith(t.missionRequest.amount)), '300');
    expect(within(dialog).getByText(t.missionRequest.cost.replace('{{count}}', '300'))).toBeTruthy();
    await user.click(within(dialog).getByLabelText(t.missionRequest.terms));
    await user.click(within(dialog).getByRole('button', { name: t.missionRequest.submit }));
    expect(await screen.findByText(t.missionRequest.notEnoughCoins)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: t.common.ok }));
    expect(await screen.findByText(t.coinCharge.title)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
