// @vitest-environment jsdom
import type { MissionProduct } from '@fanmission/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '../../test/render';
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

  test('messages on submit, removed by editing; too few coins alert and open the charge modal', async () => {
    // No coins held: the balance call answers 0.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const body = String(url).includes('/coin-deposit') ? { point: 0 } : [];
        return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
      }),
    );
    const t = await useLanguage('en');
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderAt(
      '/creator/1',
      <Route path="/creator/1" element={<MissionRequestDialog product={custom} onClose={onClose} />} />,
    );
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: t.missionRequest.submit }));
    expect(within(dialog).getAllByText(t.validation.required)).toHaveLength(2); // recipient, details
    expect(within(dialog).getByText(t.missionRequest.termsRequired)).toBeTruthy();

    await user.type(within(dialog).getByLabelText(startsWith(t.missionRequest.to)), 'Minji');
    expect(within(dialog).getAllByText(t.validation.required)).toHaveLength(1);
    await user.click(within(dialog).getByLabelText(t.missionRequest.toFriend));
    await user.type(within(dialog).getByLabelText(startsWith(t.missionRequest.detail)), 'Dance please');
    await user.type(within(dialog).getByLabelText(startsWith(t.missionRequest.amount)), '2x99');
    expect((within(dialog).getByLabelText(startsWith(t.missionRequest.amount)) as HTMLInputElement).value).toBe('299');
    await user.click(within(dialog).getByLabelText(t.missionRequest.terms));
    await user.click(within(dialog).getByRole('button', { name: t.missionRequest.submit }));
    // The friend's name is required; the offer is below the minimum (its helper text turns into the error).
    expect(within(dialog).getByText(t.validation.required)).toBeTruthy();
    expect(
      within(dialog).getByText(t.missionRequest.belowMinimum.replace('{{min}}', '300')).classList.contains('Mui-error'),
    ).toBe(true);

    await user.type(within(dialog).getByLabelText(startsWith(t.missionRequest.from)), 'Jae');
    await user.type(within(dialog).getByLabelText(startsWith(t.missionRequest.amount)), '0');
    expect(within(dialog).getByText(t.missionRequest.cost.replace('{{count}}', '2990'))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: t.missionRequest.submit }));
    expect(await screen.findByText(t.missionRequest.notEnoughCoins)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: t.common.ok }));
    expect(await screen.findByText(t.coinCharge.title)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
