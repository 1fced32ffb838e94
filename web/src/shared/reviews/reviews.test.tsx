// @vitest-environment jsdom
// The rating form of an answered mission (a native radio group the keyboard moves through, 32×32 px stars, axe-clean)
// sends the rating and words; the creator page's reviews section shows the summary, the bars and the reviews, and the
// creator's reply form on his own page.
import type { MissionReviewState, ReviewPage, ReviewSummary } from '@fanmission/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { Route } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { clearSession, storeLogin } from '../session/session';
import { CreatorReviews } from './creator-reviews';
import { MissionReviewPanel } from './mission-review-panel';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const review = {
  id: 5,
  missionId: null,
  rating: 4,
  content: '정말 좋았어요',
  authorName: 'minji',
  created: '2026-11-20T03:00:00Z',
  edited: null,
  reply: null,
  helpfulCount: 2,
  helpful: false,
  reported: false,
  own: false,
};

describe('reviews', () => {
  afterEach(() => {
    cleanupApp();
    clearSession();
    vi.unstubAllGlobals();
  });

  test('the requester rates with the keyboard and sends the rating and words', async () => {
    await useLanguage('ko');
    storeLogin({ id: 2, roles: ['ROLE_USER'] });
    const state: MissionReviewState = {
      review: null,
      canReview: true,
      reviewableUntil: '2026-12-20T03:00:00Z',
      canEdit: false,
      canReply: false,
      canEditReply: false,
    };
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          sent.push(JSON.parse(String(init.body)));
          return json({ ...review, own: true, rating: 5 });
        }
        if (new URL(url, 'http://x').pathname.endsWith('/missions/9/review')) return json(state);
        return json({}, 404);
      }),
    );
    const { container } = renderAt('/m', <Route path="/m" element={<MissionReviewPanel missionId={9} />} />);
    await screen.findByRole('heading', { name: '답변은 어떠셨나요?' });
    const group = screen.getByRole('group', { name: '별점' });
    expect(group).toBeTruthy();
    const stars = screen.getAllByRole('radio');
    expect(stars).toHaveLength(5);
    const results = await axe.run(container);
    expect(results.violations.map((violation) => violation.id)).toEqual([]);

    // user-event walks a radio group by a selector of its name: jsdom has no CSS.escape.
    vi.stubGlobal('CSS', { escape: (value: string) => value.replace(/([^\w-])/g, '\\$1') });
    const user = userEvent.setup();
    // Sending without a rating asks for one.
    await user.click(screen.getByRole('button', { name: '후기 남기기' }));
    expect(await screen.findByText('별점을 골라 주세요.')).toBeTruthy();
    // Tab onto the group, arrows move the choice.
    await user.click(stars[2]!);
    expect((stars[2] as HTMLInputElement).checked).toBe(true);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect((screen.getByRole('radio', { name: '5점' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(screen.getByLabelText('후기 (선택)'), { target: { value: '최고예요' } });
    await user.click(screen.getByRole('button', { name: '후기 남기기' }));
    await waitFor(() => expect(sent).toEqual([{ rating: 5, content: '최고예요' }]));
  });

  test('the creator page shows the summary, the bars and the reviews; the creator replies on his own page', async () => {
    await useLanguage('ko');
    storeLogin({ id: 30, roles: ['ROLE_USER', 'ROLE_CREATOR'] });
    const summary: ReviewSummary = {
      creatorId: 3,
      count: 3,
      average: 4.3,
      distribution: [
        { stars: 5, count: 2 },
        { stars: 4, count: 0 },
        { stars: 3, count: 1 },
        { stars: 2, count: 0 },
        { stars: 1, count: 0 },
      ],
    };
    const page: ReviewPage = { items: [review], nextCursor: null };
    const replies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const path = new URL(url, 'http://x').pathname;
        if (init?.method === 'POST' && path.endsWith('/mission-reviews/5/reply')) {
          replies.push(JSON.parse(String(init.body)));
          return json({ ...review, reply: { content: '고마워요', created: review.created, edited: null } });
        }
        if (path.endsWith('/reviews/summary')) return json(summary);
        if (path.endsWith('/reviews/page')) return json(page);
        return json({}, 404);
      }),
    );
    const { container } = renderAt('/c', <Route path="/c" element={<CreatorReviews creatorId={3} isOwner />} />);
    await screen.findByText('정말 좋았어요');
    expect(screen.getByText('평균 4.3점 · 후기 3개')).toBeTruthy();
    expect(screen.getByRole('listitem', { name: '5점 2개' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '도움순' })).toBeTruthy();
    const results = await axe.run(container);
    expect(results.violations.map((violation) => violation.id)).toEqual([]);

    const user = userEvent.setup();
    fireEvent.change(screen.getByLabelText('답글'), { target: { value: '고마워요' } });
    await user.click(screen.getByRole('button', { name: '답글 남기기' }));
    await waitFor(() => expect(replies).toEqual([{ content: '고마워요' }]));
  });
});
