// @vitest-environment jsdom
// The creator review page shows the application as the creator filled it in, the products and lottery events he
// registered, his earlier refusals and a link to his public page; approving asks first and then names the creator in
// its notice; the grade change is a labelled group of its own, apart from the decisions.
import type { AdminCreatorDetail, LotteryEvent, MissionProduct, StaffRole } from '@fanmission/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notification, type DataProvider } from 'react-admin';
import { afterEach, expect, test, vi } from 'vitest';
import { consoleKo } from '../i18n/console-ko';
import { i18nProvider } from '../i18n/i18n-provider';
import { CreatorShow } from './creator-review';
import { staffAuth } from '@fanmission/tests/support/console/staff-auth';
import { ConsoleTestContext } from '@fanmission/tests/support/console/console-context';

vi.setConfig({ testTimeout: 60_000 });

const words = consoleKo.console.creatorReview;

const creator: AdminCreatorDetail = {
  id: 8,
  userId: 31,
  name: '소라',
  url: 'sora',
  email: 'sora@example.com',
  username: '소라팬',
  verified: false,
  reviewStatus: 'PENDING',
  reviewReason: '소개 영상이 없습니다.',
  queued: true,
  grade: 'SILVER',
  containAdultContent: false,
  adultFlaggedBy: null,
  adultClearRequestedAt: null,
  adultFlagDecision: null,
  // 16:30 UTC is 01:30 the next day in Korea.
  createdAt: '2026-11-26T16:30:00.000Z',
  reviewedAt: '2026-11-20T03:00:00.000Z',
  profile: {
    id: 8,
    name: '소라',
    url: 'sora',
    description: '노래하는 소라입니다.\n매주 방송해요.',
    verified: false,
    grade: 'SILVER',
    intro: { id: 5, s3Url: '/files/5', contentType: 'video/mp4', thumbnail: { s3Url: '/files/5/thumbnail' } },
    snsLinks: [{ type: 'YOUTUBE', link: 'https://youtube.com/@sora' }],
    tags: [
      { id: 1, name: '노래' },
      { id: 2, name: '게임' },
    ],
    containAdultContent: false,
    businessType: 'PRIVATE',
    businessName: '소라뮤직',
    businessRegistrationNumber: '1234567890',
    businessCashReceiptNumber: null,
    donating: false,
    avatar: { id: 4, s3Url: '/files/4', contentType: 'image/png', thumbnail: null },
    user: { id: 31, username: '소라팬', image: null },
    customMission: { active: false, minimumCost: null },
    created: '2026-11-26T16:30:00.000Z',
  },
  products: [],
  refusals: [
    { reason: '소개 영상이 없습니다.', refusedBy: 'op2@example.com', refusedAt: '2026-11-20T03:00:00.000Z' },
    { reason: '사진이 흐립니다.', refusedBy: null, refusedAt: '2026-11-10T15:10:00.000Z' },
  ],
};

/** A product of the creator as the API answers it; `overrides` make it one of a type. */
function product(
  overrides: Partial<Omit<MissionProduct, 'rating'>> & Pick<MissionProduct, 'id' | 'name' | 'type'>,
): MissionProduct {
  return {
    coinPrice: null,
    minimumCost: null,
    winProbability: null,
    alwaysPrivate: false,
    allowAttachments: false,
    description: null,
    descriptionPicture: null,
    creator: { id: 8, name: '소라', url: 'sora', verified: false, user: { id: 31, username: '소라팬', image: null } },
    created: '2026-11-26T16:40:00.000Z',
    active: true,
    sortOrder: 1,
    currentRequested: 0,
    accumulated: 0,
    descriptionVideo: null,
    missionCount: null,
    eventApplied: null,
    event: null,
    rating: null,
    ...overrides,
  };
}

const lottery: LotteryEvent = {
  name: '폴라로이드 추첨',
  title: '사인 폴라로이드 추첨',
  description: '사인 폴라로이드 세 장',
  applyStart: '2026-11-27',
  applyEnd: '2026-11-30',
  eventEnd: '2026-12-31',
  drawNumber: 3,
  applyNumber: 0,
  pickedNumber: 0,
  status: 'APPLYING',
  drawable: false,
  applied: false,
  commitment: 'a'.repeat(64),
  applyStartAt: '2026-11-26T15:00:00.000Z',
  applyEndAt: '2026-11-30T15:00:00.000Z',
  drawDeadlineAt: '2026-12-14T15:00:00.000Z',
  drawnAt: null,
  prizeDueAt: null,
  drawnAutomatically: false,
};

/** The applicant with a product of each type (the roulette switched off) and a lottery event. */
const withProducts: AdminCreatorDetail = {
  ...creator,
  products: [
    product({ id: 1, name: '생일 축하 노래', type: 'BASIC', coinPrice: 100 }),
    product({ id: 2, name: '럭키 댄스', type: 'LUCKY', coinPrice: 5, winProbability: 2.5, active: false }),
    product({ id: 3, name: '무엇이든 요청', type: 'CUSTOM', minimumCost: 1000 }),
    product({ id: 4, name: '폴라로이드 추첨', type: 'EVENT', event: lottery }),
  ],
};

const auth = staffAuth;

function renderShow(
  roles: StaffRole[],
  record: AdminCreatorDetail = creator,
  answer: (data: Record<string, unknown>) => Record<string, unknown> = (data) => ({ ...record, ...data }),
) {
  const update = vi.fn(async (_resource: string, params: { data: Record<string, unknown> }) => ({
    data: answer(params.data),
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
      <Notification />
    </ConsoleTestContext>,
  );
  return update;
}

afterEach(() => cleanup());

test('shows the application: photo, intro, tags, SNS, description, business, adult flag, e-mail, address and date', async () => {
  renderShow(['ROLE_OPERATOR']);
  const photo = await screen.findByRole('img', { name: '소라의 프로필 사진' }, { timeout: 10_000 });
  expect(photo.getAttribute('src')).toBe('/files/4');
  const video = screen.getByLabelText(words.intro);
  expect(video.tagName).toBe('VIDEO');
  expect(video.getAttribute('src')).toBe('/files/5');
  expect(screen.getByText('노래')).toBeTruthy();
  expect(screen.getByText('게임')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'https://youtube.com/@sora' }).getAttribute('href')).toBe(
    'https://youtube.com/@sora',
  );
  expect(screen.getByText(/유튜브/)).toBeTruthy();
  expect(screen.getByText(/노래하는 소라입니다\./)).toBeTruthy();
  expect(screen.getByText('개인사업자')).toBeTruthy();
  expect(screen.getByText('소라뮤직')).toBeTruthy();
  expect(screen.getByText('sora@example.com')).toBeTruthy();
  expect(screen.getByRole('link', { name: `${window.location.origin}/sora` }).getAttribute('href')).toBe('/sora');
  // The application date in Korea time, labelled, whatever the browser's zone.
  expect(screen.getByText('2026.11.27 01:30 KST')).toBeTruthy();
  const publicPage = screen.getByRole('link', { name: words.publicPageAfterApproval });
  expect(publicPage.getAttribute('href')).toBe('/creator/8');
  expect(publicPage.getAttribute('target')).toBe('_blank');
});

test('lists every earlier refusal with its reason, date and who refused, newest first', async () => {
  renderShow(['ROLE_OPERATOR']);
  const history = await screen.findByRole('list', { name: words.refusals }, { timeout: 10_000 });
  const items = within(history).getAllByRole('listitem');
  expect(items.map((item) => item.textContent)).toEqual([
    '2026.11.20 12:00 KST · op2@example.com소개 영상이 없습니다.',
    '2026.11.11 00:10 KST사진이 흐립니다.',
  ]);
});

test('a creator never refused says so; an audio intro plays as audio', async () => {
  renderShow(['ROLE_OPERATOR'], {
    ...creator,
    refusals: [],
    profile: { ...creator.profile, intro: { id: 6, s3Url: '/files/6', contentType: 'audio/mpeg', thumbnail: null } },
  });
  expect(await screen.findByText(words.noRefusals, {}, { timeout: 10_000 })).toBeTruthy();
  expect(screen.getByLabelText(words.introAudio).tagName).toBe('AUDIO');
});

test('approving asks first, naming the creator; once done a notice names him', async () => {
  const update = renderShow(['ROLE_OPERATOR']);
  await userEvent.click(
    await screen.findByRole('button', { name: consoleKo.console.actions.approve }, { timeout: 10_000 }),
  );
  const dialog = await screen.findByRole('dialog', { name: consoleKo.console.actions.approve });
  expect(within(dialog).getByText(/"소라" 크리에이터를 승인합니다\./)).toBeTruthy();
  expect(update).not.toHaveBeenCalled();
  await userEvent.click(within(dialog).getByRole('button', { name: /확인|Confirm/ }));
  await waitFor(() =>
    expect(update).toHaveBeenCalledWith(
      'creators',
      expect.objectContaining({ id: 8, data: expect.objectContaining({ reviewStatus: 'APPROVED' }) }),
    ),
  );
  expect(await screen.findByText('"소라" 크리에이터를 승인했습니다.', {}, { timeout: 10_000 })).toBeTruthy();
});

test('finance reads the application and is offered no decision', async () => {
  renderShow(['ROLE_FINANCE']);
  expect(await screen.findByText('sora@example.com', {}, { timeout: 10_000 })).toBeTruthy();
  expect(screen.queryByRole('button', { name: consoleKo.console.actions.approve })).toBeNull();
  expect(screen.queryByRole('button', { name: consoleKo.console.actions.reject })).toBeNull();
});

test('shows the products he registered with type, price and state, and his lottery event with its days and status', async () => {
  renderShow(['ROLE_OPERATOR'], withProducts);
  const products = await screen.findByRole('table', { name: words.products }, { timeout: 10_000 });
  const rows = within(products)
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent),
    );
  expect(rows.filter((cells) => cells.length > 0)).toEqual([
    ['생일 축하 노래', '기본', '100코인', '활성'],
    ['럭키 댄스', '럭키', '1회 5코인', '비활성'],
    ['무엇이든 요청', '커스텀', '최소 1,000코인', '활성'],
  ]);
  const events = screen.getByRole('table', { name: words.events });
  expect(within(events).getByRole('cell', { name: '사인 폴라로이드 추첨' })).toBeTruthy();
  expect(within(events).getByText('응모 2026.11.27 ~ 2026.11.30 KST')).toBeTruthy();
  expect(within(events).getByText('이벤트 종료 2026.12.31 KST')).toBeTruthy();
  expect(within(events).getByRole('cell', { name: '응모 중' })).toBeTruthy();
  expect(screen.queryByText(words.noProducts)).toBeNull();
  expect(screen.queryByText(words.noEvents)).toBeNull();
});

test('an applicant without products or events is told so, in each section', async () => {
  renderShow(['ROLE_OPERATOR']);
  expect(await screen.findByText(words.noProducts, {}, { timeout: 10_000 })).toBeTruthy();
  expect(screen.getByText(words.noEvents)).toBeTruthy();
  expect(screen.queryByRole('table', { name: words.products })).toBeNull();
  expect(screen.queryByRole('table', { name: words.events })).toBeNull();
});

test('the grade change is a labelled group apart from the decisions, with the current grade and what each button asks', async () => {
  renderShow(['ROLE_OPERATOR']);
  const group = await screen.findByRole('group', { name: words.gradeChange }, { timeout: 10_000 });
  const section = screen.getByRole('region', { name: words.gradeChange });
  expect(within(section).getByText('현재 등급: 실버 (코인당 60원)')).toBeTruthy();
  expect(
    within(group)
      .getAllByRole('button')
      .map((button) => button.textContent),
  ).toEqual(['골드로 변경 요청 (코인당 70원)', '다이아몬드로 변경 요청 (코인당 80원)']);
  // The decisions stay in the toolbar, without any grade among them.
  const approve = screen.getByRole('button', { name: consoleKo.console.actions.approve });
  expect(section.contains(approve)).toBe(false);
  expect(screen.queryByRole('button', { name: '골드' })).toBeNull();
  expect(screen.queryByRole('button', { name: '다이아몬드' })).toBeNull();
});

test('a grade change asks first, sends the grade alone and says a finance member approves it', async () => {
  const update = renderShow(['ROLE_OPERATOR'], creator, () => ({ ...creator, pendingApproval: { id: 5 } }));
  const group = await screen.findByRole('group', { name: words.gradeChange }, { timeout: 10_000 });
  await userEvent.click(within(group).getByRole('button', { name: '골드로 변경 요청 (코인당 70원)' }));
  const dialog = await screen.findByRole('dialog', { name: '골드로 변경 요청 (코인당 70원)' });
  expect(
    within(dialog).getByText(
      '"소라" 크리에이터의 등급 변경을 요청합니다: 실버 → 골드. 재무 담당자가 승인하면 적용됩니다.',
    ),
  ).toBeTruthy();
  expect(update).not.toHaveBeenCalled();
  await userEvent.click(within(dialog).getByRole('button', { name: /확인|Confirm/ }));
  await waitFor(() =>
    expect(update).toHaveBeenCalledWith('creators', expect.objectContaining({ data: { grade: 'GOLD' } })),
  );
  expect(await screen.findByText(consoleKo.console.approvals.requested, {}, { timeout: 10_000 })).toBeTruthy();
});

test('finance, who may not change a grade, sees the grade among the facts and no grade change', async () => {
  renderShow(['ROLE_FINANCE'], withProducts);
  expect(await screen.findByRole('table', { name: words.products }, { timeout: 10_000 })).toBeTruthy();
  expect(screen.queryByRole('group', { name: words.gradeChange })).toBeNull();
  expect(screen.getByText('실버')).toBeTruthy();
});
