// @vitest-environment jsdom
// A creator who paused or whose cap is full: the fan sees the disabled request button with the reason before he
// asks, and the creator's page says when he returns; his typical response times read as a sentence. In ko, en, ja.
import type { CreatorAvailability, Language, MissionProduct } from '@fanmission/contracts';
import { screen } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { untilQueriesSettled } from '@fanmission/tests/support/query-clients';
import { json, serve } from '@fanmission/tests/support/web/fake-api';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { CreatorAvailabilityNotice } from './creator-availability';
import { MissionTabs } from './mission-tabs';

const basic = {
  id: 2,
  name: 'Birthday song',
  type: 'BASIC',
  coinPrice: 300,
  minimumCost: null,
  winProbability: null,
  description: null,
  descriptionPicture: null,
  allowAttachments: false,
} as unknown as MissionProduct;

const open: CreatorAvailability = {
  paused: false,
  returnOn: null,
  pauseMessage: null,
  maxOpenRequests: null,
  openRequests: null,
  products: [],
  responseTimes: { acceptHours: null, completeHours: null },
};

afterEach(() => {
  cleanupApp();
  vi.unstubAllGlobals();
});

function showPage(availability: CreatorAvailability) {
  serve({
    'GET /api/v1/mission-products': () => json([basic]),
    'GET /api/v1/creators/5/availability': () => json(availability),
  });
  renderAt(
    '/c',
    <Route
      path="/c"
      element={
        <>
          <CreatorAvailabilityNotice creatorId={5} />
          <MissionTabs creatorId={5} isOwner={false} />
        </>
      }
    />,
  );
}

describe.each<Language>(['ko', 'en', 'ja'])(
  'the request button of a creator who takes no requests (%s)',
  (language) => {
    test('is disabled and says he is paused; his page shows his message and return day', async () => {
      const t = await useLanguage(language);
      showPage({ ...open, paused: true, returnOn: '2026-12-05', pauseMessage: 'Resting my voice' });

      const button = await screen.findByRole('button', { name: t.capacity.button.paused });
      expect((button as HTMLButtonElement).disabled).toBe(true);
      expect(screen.queryByRole('button', { name: t.creatorPage.request })).toBeNull();
      const notice = await screen.findByText(/^Resting my voice · /);
      expect(notice.textContent).toContain(t.capacity.notice.returnsOn.split('{{date}}').join('').trim().split(' ')[0]);
    });

    test('is disabled with the count of a full cap', async () => {
      const t = await useLanguage(language);
      showPage({ ...open, products: [{ productId: basic.id, maxOpenRequests: 10, openRequests: 10 }] });

      const name = t.capacity.button.full.replace('{{open}}', '10').replace('{{max}}', '10');
      const button = await screen.findByRole('button', { name });
      expect((button as HTMLButtonElement).disabled).toBe(true);
    });

    test('stays the request button while there is room', async () => {
      const t = await useLanguage(language);
      showPage({ ...open, maxOpenRequests: 10, openRequests: 9 });

      const button = await screen.findByRole('button', { name: t.creatorPage.request });
      expect((button as HTMLButtonElement).disabled).toBe(false);
    });
  },
);

describe('response times on the creator page', () => {
  test('read "보통 2일 안에 수락 · 5일 안에 완료" once enough missions measure them', async () => {
    await useLanguage('ko');
    showPage({ ...open, responseTimes: { acceptHours: 30.5, completeHours: 100 } });
    expect(await screen.findByText('보통 2일 안에 수락 · 5일 안에 완료')).toBeTruthy();
  });

  test('show hours under a day, and only the time that has enough missions', async () => {
    await useLanguage('en');
    showPage({ ...open, responseTimes: { acceptHours: 5.2, completeHours: null } });
    expect(await screen.findByText('Usually accepts within 6 hours')).toBeTruthy();
  });

  test('show nothing below the threshold, not even an empty box (the product cards below would move down)', async () => {
    const t = await useLanguage('ko');
    showPage(open);
    await screen.findByRole('button', { name: t.creatorPage.request });
    await untilQueriesSettled();
    expect(screen.queryByTestId('creator-availability')).toBeNull();
  });
});
