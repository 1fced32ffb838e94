// @vitest-environment jsdom
import type { EventFairness, LotteryEvent } from '@fanmission/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { checkApplyForm, checkImage, EMPTY_APPLY_FORM } from './apply-form';
import { PENDING_MEDIA_REFETCH_MS } from '../../shared/media/pending';
import { LotteryEventPage } from './lottery-event-page';

const event = (overrides: Partial<LotteryEvent> = {}): LotteryEvent => ({
  name: 'Birthday lottery',
  title: 'Birthday lottery',
  description: 'Signed polaroids for three fans',
  applyStart: '2026-11-20',
  applyEnd: '2026-11-30',
  eventEnd: '2026-12-31',
  drawNumber: 2,
  applyNumber: 3,
  pickedNumber: 0,
  status: 'APPLYING',
  drawable: false,
  applied: false,
  commitment: '4773d12e2371bb935b9a0f5439b4a1c3ad3f2414b86980f8418d1cfabdfadfef',
  applyStartAt: '2026-11-19T15:00:00.000Z',
  applyEndAt: '2026-11-30T15:00:00.000Z',
  drawDeadlineAt: '2026-12-14T15:00:00.000Z',
  drawnAt: null,
  prizeDueAt: null,
  drawnAutomatically: false,
  ...overrides,
});

let descriptionVideo: {
  id: number;
  s3Url: string;
  contentType: string;
  thumbnail: null;
  processing?: 'PENDING';
} | null = null;

const product = (lottery: LotteryEvent) => ({
  id: 42,
  name: lottery.name,
  type: 'EVENT',
  descriptionPicture: null,
  descriptionVideo,
  creator: { id: 9, name: 'Mina', url: null, verified: true, user: { id: 90, username: 'mina' } },
  event: lottery,
});

// docs/provably-fair.md's worked example (pinned in services/src/events/fairness.test.ts).
const fairness: EventFairness = {
  productId: 42,
  algorithm: 'HMAC-SHA256/v1',
  status: 'DRAWN',
  commitment: '4773d12e2371bb935b9a0f5439b4a1c3ad3f2414b86980f8418d1cfabdfadfef',
  entriesHash: '1c1aa9fc2fc1e3789c3a94030981b923813fd271876d76acd849c2aee0ddce17',
  serverSeed: '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff',
  entries: [3, 5, 11],
  draws: [
    { n: 0, missionId: 5, manual: false, action: 'PICK' },
    { n: 1, missionId: 3, manual: false, action: 'PICK' },
  ],
  winners: [5, 3],
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The API as the page calls it; `calls` records every request. */
function serve(
  lottery: LotteryEvent,
  record: EventFairness = { ...fairness, serverSeed: null, entries: null, draws: [], winners: [] },
) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(String(url), 'http://localhost').pathname.replace('/api/v1', '');
      const method = init?.method ?? 'GET';
      calls.push({ method, path, body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body });
      if (path === '/mission-products/42') return json(product(lottery));
      if (path === '/mission-products/42/fairness') return json(record);
      if (path === '/mission-products/42/missions/page') {
        const winners = [
          { id: 5, status: 'COMPLETED', requestComment: 'Since day one', user: { id: 1, username: 'luna' } },
          { id: 3, status: 'ACCEPTED', requestComment: 'Big fan', user: { id: 2, username: 'sol' } },
        ];
        return json({ content: winners, totalPages: 1, totalElements: 2, number: 0, size: 5, last: true });
      }
      if (path === '/users/me') {
        return json({
          id: 7,
          username: 'fan7',
          roles: ['ROLE_USER'],
          creator: null,
          phone: '01099998888',
          address: 'Seoul',
          addressDetail: '101',
        });
      }
      if (path === '/missions' && method === 'POST') return json({ status: 'REQUESTED', id: 77 });
      return json({ message: 'not found', status: 404 }, 404);
    }),
  );
  return calls;
}

function logIn() {
  window.localStorage.setItem('UserId', '7');
  window.localStorage.setItem('IsVerified', 'true');
}

const open = () =>
  renderAt('/lottery-event/42', <Route path="/lottery-event/:lotteryId" element={<LotteryEventPage />} />);

describe('lottery event page and apply modal', () => {
  afterEach(() => {
    cleanupApp();
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  // Event dates read as the app's other dates do in each language (web/src/shared/format/date.ts), month and day.
  for (const [language, start, finish, end] of [
    ['ko', '11.20', '11.30', '12.31'],
    ['en', 'Nov 20', 'Nov 30', 'Dec 31'],
    ['ja', '11/20', '11/30', '12/31'],
  ] as const) {
    test(`the application period and the event's end in the language's date style (${language})`, async () => {
      const t = await useLanguage(language);
      serve(event());
      open();
      const periodText = t.lotteryEvent.period.replace('{{start}}', start).replace('{{end}}', finish);
      expect(await screen.findByText(periodText)).toBeTruthy();
      expect(screen.getByText(t.lotteryEvent.eventEnd.replace('{{date}}', end))).toBeTruthy();
    });
  }

  test('form rules: name, digits-only phone, both terms; images only, at most 5 MB', () => {
    expect(checkApplyForm(EMPTY_APPLY_FORM)).toEqual({
      name: 'nameRequired',
      phone: 'phoneRequired',
      terms: 'termsRequired',
    });
    expect(
      checkApplyForm({ ...EMPTY_APPLY_FORM, name: 'Kim', phone: '010-1234', agreePrivacy: true, agreeService: true }),
    ).toEqual({ phone: 'phoneDigits' });
    expect(checkApplyForm({ ...EMPTY_APPLY_FORM, name: 'Kim', phone: '01012345678', agreePrivacy: true })).toEqual({
      terms: 'termsRequired',
    });
    expect(checkImage({ name: 'a.png', type: 'image/png', size: 5 * 1024 * 1024 })).toBeNull();
    expect(checkImage({ name: 'a.png', type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe('imageTooLarge');
    expect(checkImage({ name: 'a.mp4', type: 'video/mp4', size: 10 })).toBe('imageOnly');
  });

  test(
    'apply modal (en): messages, digits only, story cut at 200, agree all, Korea switch, prefill, POST /missions',
    { timeout: 60_000 },
    async () => {
      const t = (await useLanguage('en')).lotteryEvent;
      logIn();
      const calls = serve(event());
      const user = userEvent.setup({ applyAccept: false });
      open();
      expect(await screen.findByRole('heading', { name: 'Birthday lottery', level: 1 })).toBeTruthy();
      expect(screen.getByText(t.status.APPLYING)).toBeTruthy();
      expect(screen.getByText(t.period.replace('{{start}}', 'Nov 20').replace('{{end}}', 'Nov 30'))).toBeTruthy();
      await user.click(screen.getByRole('button', { name: t.apply }));
      const dialog = await screen.findByRole('dialog');
      // Prefilled from the profile.
      await waitFor(() =>
        expect(
          (within(dialog).getByLabelText(new RegExp(t.applyDialog.phone.replace(/[()]/g, '.'))) as HTMLInputElement)
            .value,
        ).toBe('01099998888'),
      );
      expect((within(dialog).getByLabelText(t.applyDialog.address) as HTMLInputElement).value).toBe('Seoul');
      expect(within(dialog).getByText(t.applyDialog.warning)).toBeTruthy();
      // Not Korean: the address search hides behind "Do you live in Korea?".
      expect(within(dialog).queryByRole('button', { name: /address/i })).toBeNull();
      await user.click(within(dialog).getByLabelText(t.applyDialog.liveInKorea));
      expect(within(dialog).getAllByRole('button').length).toBeGreaterThan(3);

      const phone = within(dialog).getByLabelText(
        new RegExp(t.applyDialog.phone.replace(/[()]/g, '.')),
      ) as HTMLInputElement;
      await user.clear(phone);
      await user.click(within(dialog).getByRole('button', { name: t.applyDialog.submit }));
      expect(within(dialog).getByText(t.applyDialog.nameRequired)).toBeTruthy();
      expect(within(dialog).getByText(t.applyDialog.phoneRequired)).toBeTruthy();
      expect(within(dialog).getByText(t.applyDialog.termsRequired)).toBeTruthy();
      expect(calls.some((call) => call.path === '/missions')).toBe(false);

      await user.type(within(dialog).getByLabelText(new RegExp(t.applyDialog.realName)), 'Kim Fan');
      await user.type(phone, '010-1234 5678');
      expect(phone.value).toBe('01012345678');
      const story = within(dialog).getByLabelText(t.applyDialog.story) as HTMLTextAreaElement;
      await user.click(story);
      await user.paste('x'.repeat(230));
      expect(story.value).toHaveLength(200);
      expect(within(dialog).getByText('200/200')).toBeTruthy();
      await user.click(within(dialog).getByLabelText(t.applyDialog.agreeAll));
      expect((within(dialog).getByLabelText(t.applyDialog.agreePrivacy) as HTMLInputElement).checked).toBe(true);
      expect((within(dialog).getByLabelText(t.applyDialog.agreeService) as HTMLInputElement).checked).toBe(true);
      expect(within(dialog).queryByText(t.applyDialog.termsRequired)).toBeNull();

      // A video, or an image over 5 MB, is refused before any upload.
      const file = within(dialog).getByLabelText(t.applyDialog.image) as HTMLInputElement;
      await user.upload(file, new File(['x'], 'clip.mp4', { type: 'video/mp4' }));
      expect(await screen.findByText(t.applyDialog.imageOnly)).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'OK' }));
      const big = new File(['x'], 'big.png', { type: 'image/png' });
      Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
      await user.upload(file, big);
      expect(await screen.findByText(t.applyDialog.imageTooLarge)).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'OK' }));
      expect(calls.some((call) => call.path === '/files/s3')).toBe(false);

      await user.click(within(dialog).getByRole('button', { name: t.applyDialog.submit }));
      expect(await screen.findByText(t.applyDialog.done)).toBeTruthy();
      const posted = calls.find((call) => call.path === '/missions' && call.method === 'POST');
      expect(posted?.body).toEqual({
        missionProductId: 42,
        name: 'Kim Fan',
        phone: '01012345678',
        requestComment: 'x'.repeat(200),
        address: 'Seoul',
        addressDetail: '101',
      });
    },
  );

  test('while the event loads, the page is already its main landmark (a screen reader lands in it)', async () => {
    await useLanguage('ko');
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    open();
    const loading = await screen.findByRole('progressbar');
    expect(loading.closest('main')).not.toBeNull();
    answer(json({ message: 'not found', status: 404 }, 404));
    await screen.findByText('elsewhere');
  });

  test('the event’s description video plays under its description; without one there is no player', async () => {
    const t = await useLanguage('ko');
    descriptionVideo = { id: 5, s3Url: '/files/teaser.mp4', contentType: 'video/mp4', thumbnail: null };
    serve(event());
    const first = open();
    const label = t.lotteryEvent.descriptionVideo.replace('{{title}}', event().title);
    const player = await screen.findByLabelText(label);
    expect(player.tagName).toBe('VIDEO');
    first.unmount();
    descriptionVideo = null;
    serve(event());
    open();
    await screen.findByText(event().description);
    expect(screen.queryByLabelText(label)).toBeNull();
  });

  test('a description video still being made plays once its rendition is ready, without a reload', async () => {
    const t = await useLanguage('ko');
    descriptionVideo = {
      id: 5,
      s3Url: '/files/teaser.mp4',
      contentType: 'video/mp4',
      thumbnail: null,
      processing: 'PENDING',
    };
    const calls = serve(event());
    vi.useFakeTimers({
      toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
      shouldAdvanceTime: true,
    });
    try {
      open();
      await screen.findByTestId('video-processing');
      const label = t.lotteryEvent.descriptionVideo.replace('{{title}}', event().title);
      expect(screen.queryByLabelText(label)).toBeNull();
      descriptionVideo = { id: 5, s3Url: '/files/teaser.mp4', contentType: 'video/mp4', thumbnail: null };
      await vi.advanceTimersByTimeAsync(PENDING_MEDIA_REFETCH_MS);
      expect((await screen.findByLabelText(label)).tagName).toBe('VIDEO');
      const productReads = calls.filter((call) => call.path === '/mission-products/42').length;
      // Ready: the page stops asking.
      await vi.advanceTimersByTimeAsync(PENDING_MEDIA_REFETCH_MS * 2);
      expect(calls.filter((call) => call.path === '/mission-products/42')).toHaveLength(productReads);
    } finally {
      vi.useRealTimers();
      descriptionVideo = null;
    }
  });

  test('ko: the address search is offered at once, no Korea switch', { timeout: 30_000 }, async () => {
    const t = await useLanguage('ko');
    logIn();
    serve(event());
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: t.lotteryEvent.apply }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: t.signUp.addressSearch })).toBeTruthy();
    expect(within(dialog).queryByLabelText(t.lotteryEvent.applyDialog.liveInKorea)).toBeNull();
  });

  test('logged out: "you must log in to apply", then /login', { timeout: 30_000 }, async () => {
    const t = await useLanguage('en');
    serve(event());
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: t.lotteryEvent.apply }));
    expect(await screen.findByText(t.lotteryEvent.loginToApply)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: t.common.ok }));
    await waitFor(() => expect(screen.getByLabelText('current path').textContent).toBe('/login'));
  });

  test(
    'badges: Coming Soon (disabled) before applications open, APPLIED once applied',
    { timeout: 30_000 },
    async () => {
      const t = (await useLanguage('en')).lotteryEvent;
      serve(event({ status: 'CREATED' }));
      open();
      const soon = await screen.findByRole('button', { name: t.comingSoon });
      expect((soon as HTMLButtonElement).disabled).toBe(true);
      cleanupApp();
      logIn();
      serve(event({ applied: true }));
      open();
      expect(await screen.findByTestId('event-status')).toHaveProperty('textContent', t.status.APPLIED);
      expect((screen.getByRole('button', { name: t.applied }) as HTMLButtonElement).disabled).toBe(true);
    },
  );

  for (const language of ['ko', 'en', 'ja'] as const) {
    test(`${language}: a completed event says so and points to its completed list`, { timeout: 30_000 }, async () => {
      const t = (await useLanguage(language)).lotteryEvent;
      logIn();
      const calls = serve(event({ status: 'CLOSED', pickedNumber: 2 }), fairness);
      const user = userEvent.setup();
      open();
      await user.click(await screen.findByRole('button', { name: t.completed }));
      const alert = await screen.findByRole('alertdialog');
      expect(within(alert).getByText(t.alreadyCompleted)).toBeTruthy();
      await user.click(within(alert).getByRole('button'));
      // The completed list (the winners) gets the focus; no apply form opened, nothing was sent.
      await waitFor(() => expect(document.activeElement?.id).toBe('winners-title'));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
    });
  }

  test(
    'DRAWN: winners, and the verify panel recomputes every pick; a tampered record shows a mismatch',
    { timeout: 30_000 },
    async () => {
      const t = (await useLanguage('en')).lotteryEvent;
      serve(event({ status: 'DRAWN', pickedNumber: 2 }), fairness);
      open();
      const winners = await screen.findByRole('list', { name: t.winners.title });
      expect(await within(winners).findByText('luna')).toBeTruthy();
      expect(within(winners).getByText(t.winners.delivered)).toBeTruthy();
      expect(within(winners).getByText(t.winners.pending)).toBeTruthy();
      expect(await screen.findByText(t.verify.allMatch)).toBeTruthy();
      const picks = screen.getByRole('list', { name: t.verify.picksTitle });
      expect(within(picks).getAllByText(t.verify.match)).toHaveLength(2);
      expect(within(picks).getByText('Random #0 → entry 5')).toBeTruthy();
      cleanupApp();

      serve(event({ status: 'DRAWN', pickedNumber: 2 }), { ...fairness, entries: [3, 5, 12] });
      open();
      expect(await screen.findByText(t.verify.someMismatch)).toBeTruthy();
      expect(screen.getAllByText(t.verify.mismatch).length).toBeGreaterThan(0);
    },
  );
});
