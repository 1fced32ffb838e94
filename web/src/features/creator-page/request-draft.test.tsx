// @vitest-environment jsdom
// A request with too few coins sends the fan to charge; the checkout leaves the app. What he typed is kept, the
// charge's return takes him back to the creator's page (features/coins/charge-return.test.tsx), and the request opens
// again with his text.
import type { MissionProduct } from '@fanmission/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { BANK_DEPOSIT_INSTRUCTIONS as instructions } from '@fanmission/tests/support/web/bank-deposit';
import { json, serve } from '@fanmission/tests/support/web/fake-api';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { keepRequestDraft, readRequestDraft } from '../../shared/missions/request-draft';
import { MissionTabs } from './components/mission-tabs';
import { MissionRequestDialog } from './mission-request-dialog';

const product = (id: number, type: 'BASIC' | 'CUSTOM') =>
  ({
    id,
    name: `${type} ${id}`,
    type,
    coinPrice: type === 'BASIC' ? 100 : null,
    minimumCost: type === 'CUSTOM' ? 300 : null,
    winProbability: null,
    allowAttachments: false,
    description: null,
    descriptionPicture: null,
  }) as unknown as MissionProduct;
const basic = product(1, 'BASIC');
const custom = product(2, 'CUSTOM');

const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

beforeEach(() => {
  window.localStorage.setItem('UserId', '3');
  window.localStorage.setItem('IsVerified', 'true');
});

afterEach(() => {
  cleanupApp();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

/** The CUSTOM request typed on the creator's page and sent with too few coins, up to the charge it leads to. */
async function requestWithTooFewCoins(
  t: Awaited<ReturnType<typeof useLanguage>>,
  user: ReturnType<typeof userEvent.setup>,
) {
  renderAt(
    '/starlight',
    <Route path="/starlight" element={<MissionRequestDialog product={custom} onClose={() => {}} />} />,
  );
  const dialog = screen.getByRole('dialog');
  await user.type(within(dialog).getByLabelText(startsWith(t.missionRequest.to)), '민지');
  await user.type(within(dialog).getByLabelText(startsWith(t.missionRequest.detail)), '고양이랑 춤춰 주세요');
  await user.type(within(dialog).getByLabelText(startsWith(t.missionRequest.amount)), '300');
  await user.click(within(dialog).getByLabelText(t.missionRequest.terms));
  await user.click(within(dialog).getByRole('button', { name: t.missionRequest.submit }));
  await user.click(await screen.findByRole('button', { name: t.common.ok }));
}

describe('a request left to charge coins', () => {
  test('too few coins: what was typed is kept for the charge’s return; closing the charge gives it up', async () => {
    const t = await useLanguage('ko');
    const user = userEvent.setup();
    serve({ 'GET /api/v1/coin-deposit': () => json({ point: 0 }), 'GET /api/v1/coin-items': () => json([]) });
    await requestWithTooFewCoins(t, user);
    const charge = await screen.findByRole('dialog', { name: t.coinCharge.title });
    expect(readRequestDraft()).toEqual({
      path: '/starlight',
      productId: 2,
      fields: expect.objectContaining({
        to: '민지',
        requestComment: '고양이랑 춤춰 주세요',
        amount: '300',
        terms: true,
      }),
    });
    await user.click(within(charge).getByRole('button', { name: t.common.cancel }));
    expect(readRequestDraft()).toBeNull();
  });

  test('too few coins, paid by bank deposit: the draft outlasts the tab until the deposit’s deadline', async () => {
    const t = await useLanguage('ko');
    const user = userEvent.setup();
    serve({
      'GET /api/v1/coin-deposit': () => json({ point: 0 }),
      'GET /api/v1/coin-items': () =>
        json([{ id: 7, name: '1000 코인', point: 1000, price: 100_000, usdPrice: 80, itemType: 'CASH' }]),
      'POST /api/v1/payment/bank-transfer': () => json({ id: 41, instructions }),
    });
    await requestWithTooFewCoins(t, user);
    const charge = await screen.findByRole('dialog', { name: t.coinCharge.title });
    await user.click(await within(charge).findByRole('button', { name: startsWith('1,000') }));
    await user.click(within(charge).getByRole('radio', { name: t.coinCharge.withoutbankbook }));
    await user.type(within(charge).getByRole('textbox', { name: t.coinCharge.depositorName }), '홍길동');
    await user.type(within(charge).getByRole('textbox', { name: t.coinCharge.depositorPhone }), '01012345678');
    await user.click(within(charge).getByRole('checkbox', { name: t.coinCharge.terms }));
    await user.click(within(charge).getByRole('button', { name: t.coinCharge.apply }));
    const requested = await screen.findByRole('dialog', { name: t.bankDeposit.requestedTitle });
    await user.click(within(requested).getByRole('button', { name: t.common.ok }));
    // The fan is told his request waits for the coins.
    expect(await screen.findByText(t.missionRequest.draftKeptForDeposit)).toBeTruthy();

    // Another tab (this tab's storage gone), before the deadline: the draft is there; after it, given up.
    window.sessionStorage.clear();
    expect(readRequestDraft(new Date(Date.parse(instructions.dueAt) - 60_000))).toMatchObject({
      path: '/starlight',
      productId: 2,
      fields: expect.objectContaining({ requestComment: '고양이랑 춤춰 주세요' }),
    });
    expect(readRequestDraft(new Date(Date.parse(instructions.dueAt) + 60_000))).toBeNull();
  });

  test('back on the creator’s page, the request opens again on its tab with what was typed, once', async () => {
    const t = await useLanguage('ko');
    serve({
      'GET /api/v1/mission-products': () => json([basic, custom]),
      'GET /api/v1/coin-deposit': () => json({ point: 300 }),
    });
    keepRequestDraft({
      path: '/starlight',
      productId: 2,
      fields: { to: '민지', requestComment: '고양이랑 춤춰 주세요', amount: '300', terms: true, toFriend: 'no' },
    });
    renderAt('/starlight', <Route path="/starlight" element={<MissionTabs creatorId={5} isOwner={false} />} />);
    const dialog = await screen.findByRole('dialog', { name: t.missionRequest.title.replace('{{name}}', 'CUSTOM 2') });
    expect((within(dialog).getByLabelText(startsWith(t.missionRequest.detail)) as HTMLTextAreaElement).value).toBe(
      '고양이랑 춤춰 주세요',
    );
    expect((within(dialog).getByLabelText(startsWith(t.missionRequest.to)) as HTMLInputElement).value).toBe('민지');
    expect((within(dialog).getByLabelText(startsWith(t.missionRequest.amount)) as HTMLInputElement).value).toBe('300');
    // A field of the wrong type is left empty, not trusted.
    expect((within(dialog).getByLabelText(t.missionRequest.toFriend) as HTMLInputElement).checked).toBe(false);
    expect(
      screen.getByRole('tab', { name: t.creatorPage.tabs.CUSTOM, hidden: true }).getAttribute('aria-selected'),
    ).toBe('true');
    expect(readRequestDraft()).toBeNull();
  });

  test('a draft of another page is left alone', async () => {
    await useLanguage('ko');
    serve({ 'GET /api/v1/mission-products': () => json([basic, custom]) });
    keepRequestDraft({ path: '/moonlight', productId: 2, fields: {} });
    renderAt('/starlight', <Route path="/starlight" element={<MissionTabs creatorId={5} isOwner={false} />} />);
    await screen.findByRole('region', { name: 'BASIC 1' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(readRequestDraft()?.path).toBe('/moonlight');
  });
});
