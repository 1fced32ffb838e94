// @vitest-environment jsdom
// Every console list (ConsoleList) on a phone: under 600 px each row is a card of "label: value" lines, so that a
// reported comment reads as a sentence rather than a two-character column, and no header breaks one syllable a line.
import { cleanup, render, screen, within } from '@testing-library/react';
import { ResourceContextProvider, type DataProvider } from 'react-admin';
import { afterAll, afterEach, describe, expect, test, vi } from 'vitest';
import { i18nProvider } from '../i18n/i18n-provider';
import { CommentList } from './moderation';
import { staffAuth } from '@fanmission/tests/support/console/staff-auth';
import { ConsoleTestContext } from '@fanmission/tests/support/console/console-context';

vi.setConfig({ testTimeout: 60_000 });

const COMMENT = '팔로워 구매하실 분은 프로필 링크로 연락 주세요. 하루 만에 만 명 늘려 드립니다.';

const reported = {
  id: 41,
  missionId: 7,
  content: COMMENT,
  username: '광고왕',
  // Signed as on the mission's page: here the mission's creator, under his creator name.
  authorName: '광고왕 공식채널',
  reportsCount: 3,
  openReportsCount: 3,
  hidden: false,
  moderationReason: null,
};

const provider = {
  getList: async () => ({ data: [reported], total: 1 }),
  getOne: async () => ({ data: reported }),
  getMany: async () => ({ data: [] }),
  getManyReference: async () => ({ data: [], total: 0 }),
} as unknown as DataProvider;

/** `matchMedia` answering as a screen `width` px wide does (the min-/max-width queries MUI's breakpoints write). */
function screenOf(width: number): typeof window.matchMedia {
  return (query: string) => {
    const clauses = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
    const matches =
      clauses.length > 0 &&
      clauses.every(([, bound, px]) => (bound === 'min' ? width >= Number(px) : width <= Number(px)));
    return {
      matches,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    } as MediaQueryList;
  };
}

const originalMatchMedia = window.matchMedia;
afterAll(() => {
  window.matchMedia = originalMatchMedia;
});
afterEach(() => cleanup());

function renderComments() {
  return render(
    <ConsoleTestContext dataProvider={provider} i18nProvider={i18nProvider} authProvider={staffAuth(['ROLE_OPERATOR'])}>
      <ResourceContextProvider value="mission-comments">
        <CommentList />
      </ResourceContextProvider>
    </ConsoleTestContext>,
  );
}

describe('the reported-comments list', () => {
  test('at 360 px each row is a card: every value under its label, no header row', async () => {
    window.matchMedia = screenOf(360);
    const { container } = renderComments();
    const comment = await screen.findByText(COMMENT, {}, { timeout: 10_000 });
    const card = comment.closest('tr')!;
    expect(container.querySelector('.ConsoleList-cards'), 'the card layout').not.toBeNull();
    expect(container.querySelector('thead'), 'no header row').toBeNull();
    // The label beside each value, in the value's own card line.
    expect(within(comment.closest('td')!).getByText('댓글')).toBeTruthy();
    expect(within(card).getByText('처리 대기 신고')).toBeTruthy();
    expect(within(card).getByText('작성자')).toBeTruthy();
    expect(within(card).getByText('광고왕 공식채널')).toBeTruthy();
    expect(within(card).queryByText('광고왕')).toBeNull();
    expect(await within(card).findByRole('button', { name: '숨기기' })).toBeTruthy();
  });

  test('at 1280 px it stays a table with its headers', async () => {
    window.matchMedia = screenOf(1280);
    const { container } = renderComments();
    await screen.findByText(COMMENT, {}, { timeout: 10_000 });
    expect(container.querySelector('.ConsoleList-cards')).toBeNull();
    expect(screen.getByRole('columnheader', { name: /처리 대기 신고/ })).toBeTruthy();
  });
});
