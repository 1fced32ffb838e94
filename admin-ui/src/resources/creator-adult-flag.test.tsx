// @vitest-environment jsdom
// An operator sets and clears a creator's adult-content flag from the creator's page, and decides the creator's own
// request to clear it (finance reads it only).
import type { StaffRole } from '@fanmission/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type DataProvider } from 'react-admin';
import { afterEach, expect, test, vi } from 'vitest';
import { consoleKo } from '../i18n/console-ko';
import { raKorean } from '../i18n/ra-ko';
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

const review = consoleKo.console.creatorReview;

/** Opens the action's dialog, checks it names the consequences and refuses an empty reason, then confirms. */
async function decideWithReason(button: string, consequence: string, reason: string) {
  await userEvent.click(await screen.findByRole('button', { name: button }, { timeout: 10_000 }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText(consequence.replace('%{name}', '소라'))).toBeTruthy();
  const confirm = within(dialog).getByRole('button', { name: raKorean.ra.action.confirm });
  expect(confirm).toHaveProperty('disabled', true);
  await userEvent.type(within(dialog).getByRole('textbox', { name: review.adultReason }), reason);
  expect(confirm).toHaveProperty('disabled', false);
  await userEvent.click(confirm);
}

test('an operator flags a creator’s adult content only after a confirmation naming the gate and a reason', async () => {
  const update = renderShow(['ROLE_OPERATOR']);
  await decideWithReason(words.flagAdult, review.flagAdultConfirm, '노출 사진');
  await waitFor(() =>
    expect(update).toHaveBeenCalledWith(
      'creators',
      expect.objectContaining({ id: 8, data: { containAdultContent: true, adultReason: '노출 사진' } }),
    ),
  );
  expect(screen.queryByRole('button', { name: words.clearAdult })).toBeNull();
});

test('a flagged creator offers the clear with a reason; finance is offered neither', async () => {
  const update = renderShow(['ROLE_OPERATOR'], { ...creator, containAdultContent: true });
  await decideWithReason(words.clearAdult, review.clearAdultConfirm, '사진을 내렸습니다');
  await waitFor(() =>
    expect(update).toHaveBeenCalledWith(
      'creators',
      expect.objectContaining({ data: { containAdultContent: false, adultReason: '사진을 내렸습니다' } }),
    ),
  );
  cleanup();
  renderShow(['ROLE_FINANCE']);
  expect(await screen.findByText('소라', {}, { timeout: 10_000 })).toBeTruthy();
  expect(screen.queryByRole('button', { name: words.flagAdult })).toBeNull();
});

test('a creator’s clearance request sits in its own labelled group, apart from the application, decided with a reason', async () => {
  const asking = {
    ...creator,
    containAdultContent: true,
    adultFlaggedBy: 'OPERATOR',
    adultClearRequestedAt: '2026-11-20T01:00:00.000Z',
    adultFlagDecision: {
      reason: '소개 영상 노출',
      decidedBy: 'operator1@example.com',
      decidedAt: '2026-11-19T01:00:00.000Z',
    },
  };
  const update = renderShow(['ROLE_OPERATOR'], asking);
  const group = await screen.findByRole('region', { name: review.adultGroup }, { timeout: 10_000 });
  expect(within(group).getByText(review.adultFlaggedByOperator)).toBeTruthy();
  expect(within(group).getByText(/소개 영상 노출/)).toBeTruthy();
  expect(within(group).getByText(/operator1@example.com/)).toBeTruthy();
  expect(within(group).queryByRole('button', { name: words.approve })).toBeNull();
  expect(within(group).queryByRole('button', { name: words.clearAdult })).toBeNull();
  expect(within(group).getByRole('button', { name: words.declineAdultClear })).toBeTruthy();
  await decideWithReason(words.acceptAdultClear, review.acceptAdultClearConfirm, '영상을 내렸습니다');
  await waitFor(() =>
    expect(update).toHaveBeenCalledWith(
      'creators',
      expect.objectContaining({ data: { adultClearRequest: 'ACCEPT', adultReason: '영상을 내렸습니다' } }),
    ),
  );
});
