// @vitest-environment jsdom
// A creator edits his lottery event until its applications open: from the newbie dashboard's "Edit" and from the
// event list's details. Once applications are open the list offers no edit, and an edit the server refuses (409, the
// event opened meanwhile) shows the server's message.
import type { LotteryEvent, MissionCounts, MyCreator } from '@fanmission/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { json, serve } from '@fanmission/tests/support/web/fake-api';
import { NewbieCreatorPage } from '../newbie-creator-page';
import { EventDialog } from './event-dialog';
import { LotteryEventListPage } from './event-list-page';

vi.setConfig({ testTimeout: 90_000 });

const lottery = (overrides: Partial<LotteryEvent> = {}): LotteryEvent => ({
  name: 'Birthday lottery',
  title: 'Birthday lottery',
  description: 'Signed polaroids',
  applyStart: '2099-01-10',
  applyEnd: '2099-01-20',
  eventEnd: '2099-02-20',
  drawNumber: 2,
  applyNumber: 0,
  pickedNumber: 0,
  status: 'CREATED',
  drawable: false,
  applied: false,
  commitment: 'ab'.repeat(32),
  applyStartAt: '2099-01-09T15:00:00.000Z',
  applyEndAt: '2099-01-20T15:00:00.000Z',
  drawDeadlineAt: '2099-02-03T15:00:00.000Z',
  drawnAt: null,
  prizeDueAt: null,
  drawnAutomatically: false,
  ...overrides,
});

const product = (event: LotteryEvent, id = 42) => ({
  id,
  name: event.title,
  type: 'EVENT',
  coinPrice: null,
  minimumCost: null,
  winProbability: null,
  alwaysPrivate: false,
  allowAttachments: false,
  description: event.description,
  descriptionPicture: { id: 501, s3Url: '/files/cover.png', thumbnail: null },
  creator: { id: 7, name: 'Mina', url: null, verified: false, user: { id: 3, username: 'mina' } },
  active: true,
  event,
});

const creator = {
  id: 7,
  name: 'Mina',
  verified: false,
  newbie: { basicInfoDone: true, eventDone: true, missionDone: false },
  review: { status: 'PENDING', reason: null, queued: true, reviewedAt: null },
} as unknown as MyCreator;

const counts: MissionCounts = { basic: 0, lucky: 0, customRequested: 0, customAccepted: 0, completed: 0, rejected: 0 };

function api(products: unknown[], put: () => Response = () => json(products[0])) {
  return serve({
    'GET /api/v1/creators/me': () => json(creator),
    'GET /api/v1/creators/me/missions/count': () => json(counts),
    'GET /api/v1/mission-products': () => json(products),
    'PUT /api/v1/mission-products/42': put,
  });
}

const routes = (
  <>
    <Route path="/newbie-creator-mypage" element={<NewbieCreatorPage />} />
    <Route path="/mission-management/lottery-event" element={<LotteryEventListPage />} />
  </>
);

async function closeAlert(message: string) {
  const alert = await screen.findByRole('alertdialog');
  expect(within(alert).getByText(message)).toBeTruthy();
  await userEvent.click(within(alert).getByRole('button'));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
}

beforeEach(() => {
  window.localStorage.clear();
  window.localStorage.setItem('UserId', '3');
  window.localStorage.setItem('CreatorId', '7');
  window.localStorage.setItem('IsVerified', 'true');
});

afterEach(() => {
  cleanupApp();
  vi.unstubAllGlobals();
});

describe('editing a lottery event before its applications open', () => {
  test("the newbie dashboard's Edit opens the event's form, filled in; saving PUTs the changes", async () => {
    const t = await useLanguage('en');
    const calls = api([product(lottery())]);
    const user = userEvent.setup();
    renderAt('/newbie-creator-mypage', routes);
    const edit = await screen.findByRole('link', { name: t.creatorStudio.newbie.eventEdit });
    await user.click(edit);

    const dialog = await screen.findByRole('dialog', { name: t.eventManagement.editDialog.title });
    const title = within(dialog).getByLabelText(t.eventManagement.dialog.title, { exact: false }) as HTMLInputElement;
    expect(title.value).toBe('Birthday lottery');
    expect((within(dialog).getByTestId('event-applyStart') as HTMLInputElement).value).toBe('2099-01-10');
    await user.clear(title);
    await user.type(title, 'Winter lottery');
    await user.click(within(dialog).getByRole('button', { name: t.eventManagement.editDialog.save }));
    await closeAlert(t.eventManagement.editDialog.updated);

    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/api/v1/mission-products/42');
    expect(put?.body).toMatchObject({
      type: 'EVENT',
      title: 'Winter lottery',
      drawNumber: 2,
      applyStart: '2099-01-10',
      applyEnd: '2099-01-20',
      eventEnd: '2099-02-20',
      descriptionPictureId: 501,
      descriptionVideoId: null,
    });
    expect(screen.queryByRole('dialog', { name: t.eventManagement.editDialog.title })).toBeNull();
  });

  test('an event’s description video is kept by an edit unless the creator removes it', async () => {
    const t = await useLanguage('ko');
    const withVideo = {
      ...product(lottery()),
      descriptionVideo: { id: 777, s3Url: '/files/teaser.mp4', contentType: 'video/mp4', thumbnail: null },
    };
    const calls = api([withVideo]);
    const user = userEvent.setup();
    const first = renderAt('/newbie-creator-mypage', routes);
    await user.click(await screen.findByRole('link', { name: t.creatorStudio.newbie.eventEdit }));
    let dialog = await screen.findByRole('dialog', { name: t.eventManagement.editDialog.title });
    expect(within(dialog).getByRole('status').textContent).toContain(t.eventManagement.dialog.videoCurrent);
    await user.click(within(dialog).getByRole('button', { name: t.eventManagement.editDialog.save }));
    await closeAlert(t.eventManagement.editDialog.updated);
    expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toMatchObject({ descriptionVideoId: 777 });
    first.unmount();

    renderAt('/newbie-creator-mypage', routes);
    await user.click(await screen.findByRole('link', { name: t.creatorStudio.newbie.eventEdit }));
    dialog = await screen.findByRole('dialog', { name: t.eventManagement.editDialog.title });
    await user.click(within(dialog).getByRole('button', { name: t.eventManagement.dialog.videoRemove }));
    expect(within(dialog).queryByRole('status')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: t.eventManagement.editDialog.save }));
    await closeAlert(t.eventManagement.editDialog.updated);
    expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toMatchObject({ descriptionVideoId: null });
  });

  test('the list offers Edit before applications open, not after; a refused edit shows the server message', async () => {
    const t = await useLanguage('ko');
    api([product(lottery({ status: 'APPLYING' }))]);
    const user = userEvent.setup();
    const first = renderAt('/mission-management/lottery-event', routes);
    await user.click(await screen.findByRole('button', { name: 'Birthday lottery' }));
    const opened = await screen.findByRole('dialog', { name: 'Birthday lottery' });
    expect(within(opened).queryByRole('button', { name: t.eventManagement.editDialog.edit })).toBeNull();
    // Event dates read as the app's other dates do (02.20 in Korean), the end as the period beside it.
    expect(within(opened).getByText(t.eventManagement.detail.eventEnd.replace('{{date}}', '02.20'))).toBeTruthy();
    expect(opened.textContent).not.toContain('2099-02-20');
    first.unmount();

    const refusal = '응모가 시작된 이벤트는 수정할 수 없습니다.';
    api([product(lottery())], () => json({ message: refusal, status: 409, code: 'NOT_EDITABLE' }, 409));
    renderAt('/mission-management/lottery-event', routes);
    await user.click(await screen.findByRole('button', { name: 'Birthday lottery' }));
    const details = await screen.findByRole('dialog', { name: 'Birthday lottery' });
    await user.click(within(details).getByRole('button', { name: t.eventManagement.editDialog.edit }));
    const form = await screen.findByRole('dialog', { name: t.eventManagement.editDialog.title });
    await user.click(within(form).getByRole('button', { name: t.eventManagement.editDialog.save }));
    await closeAlert(t.eventManagement.editDialog.failed.replace('{{reason}}', refusal));
  });
});

describe('the event list’s empty tabs', () => {
  test('say what the tab lacks: no ended event while one is ongoing, no ongoing one once all ended', async () => {
    const t = await useLanguage('ko');
    const user = userEvent.setup();
    api([product(lottery({ status: 'APPLYING' }))]);
    const ongoing = renderAt('/mission-management/lottery-event', routes);
    await screen.findByRole('button', { name: 'Birthday lottery' });
    await user.click(screen.getByRole('button', { name: t.eventManagement.list.ended }));
    expect(await screen.findByText(t.eventManagement.list.noEnded)).toBeTruthy();
    expect(screen.queryByText(t.discover.empty.managementEvents)).toBeNull();
    ongoing.unmount();

    api([product(lottery({ status: 'CLOSED' }))]);
    renderAt('/mission-management/lottery-event', routes);
    expect(await screen.findByText(t.eventManagement.list.noOngoing)).toBeTruthy();
    expect(screen.getByRole('button', { name: t.discover.actions.registerEvent })).toBeTruthy();
  });
});

describe('registering a lottery event', () => {
  test.each(['ko', 'en', 'ja'] as const)(
    'marks the cover required and names what is missing beside "every field is required" (%s)',
    async (language) => {
      const t = await useLanguage(language);
      const dialog = t.eventManagement.dialog;
      const calls = api([]);
      renderAt(
        '/register',
        <Route path="/register" element={<EventDialog creatorId={7} onClose={() => {}} onSaved={() => {}} />} />,
      );
      const form = await screen.findByRole('dialog');
      expect(within(form).getByText(`${dialog.cover} *`)).toBeTruthy();
      await userEvent.type(within(form).getByRole('textbox', { name: new RegExp(dialog.title) }), 'Birthday lottery');
      await userEvent.click(within(form).getByRole('button', { name: dialog.save }));
      const alert = await within(form).findByRole('alert');
      expect(alert.textContent).toContain(dialog.allRequired);
      expect(alert.textContent).toContain(
        dialog.missing.replace(
          '{{fields}}',
          [
            dialog.cover,
            dialog.description,
            dialog.drawNumber,
            dialog.applyStart,
            dialog.applyEnd,
            dialog.eventEnd,
          ].join(', '),
        ),
      );
      expect(calls.some((call) => call.method === 'POST')).toBe(false);
    },
  );
});
