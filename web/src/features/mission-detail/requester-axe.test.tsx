// @vitest-environment jsdom
// The requester's page of a mission in every state, with a new member's data (no pictures, a long Latin name): no
// control's accessible name leaves out the words it shows (axe's label-content-name-mismatch).
import type { MissionView } from '@fanmission/contracts';
import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { Route } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { clearSession, storeLogin } from '../../shared/session/session';
import { MissionDetailPage } from './mission-detail-page';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
const creator = { id: 3, name: 'Maximilian Alexander Montgomery-Fitzwilliam', user: { id: 30, image: null } };
const states: [string, Partial<MissionView>][] = [
  ['requested', { status: 'REQUESTED' }],
  ['accepted', { status: 'ACCEPTED', performDueAt: '2026-12-10T00:00:00Z' }],
  ['completed', { status: 'COMPLETED', responseComment: 'Here you go' }],
  ['refused', { status: 'REJECTED', rejectionReason: 'REFUSED' }],
  ['cancelled', { status: 'REJECTED', rejectionReason: 'CANCELED' }],
  ['expired', { status: 'REJECTED', rejectionReason: 'DECISION_EXPIRED' }],
];

function missionOf(overrides: Partial<MissionView>): MissionView {
  return {
    id: 9,
    status: 'REQUESTED',
    rejectionReason: null,
    private: false,
    user: { id: 2, username: 'Bartholomew Wellington-Smythe', image: null },
    thumbnail: null,
    video: null,
    voice: null,
    picture: null,
    feedback: null,
    responseComment: null,
    to: 'Bartholomew',
    from: null,
    toFriend: false,
    requestComment: 'Please sing happy birthday',
    requestFile: null,
    created: '2026-11-20T03:00:00Z',
    commentsCount: 0,
    likesCount: 0,
    liked: false,
    contentHidden: null,
    missionProduct: { id: 40, type: 'CUSTOM', name: 'Anything you like', descriptionPicture: null, creator },
    ...overrides,
  } as unknown as MissionView;
}

describe('the requester’s mission page', () => {
  afterEach(() => {
    cleanupApp();
    clearSession();
    vi.unstubAllGlobals();
  });

  test.each(states)('names every control with the words it shows (%s)', async (_state, overrides) => {
    await useLanguage('ko');
    storeLogin({ id: 2, roles: ['ROLE_USER'] });
    const mission = missionOf(overrides);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = new URL(url, 'http://x').pathname;
        if (path.endsWith('/missions/9')) return json(mission);
        if (path.endsWith('/comments/page')) {
          return json({ content: [], last: true, totalElements: 0, totalPages: 0, number: 0, size: 5 });
        }
        return new Response('{}', { status: 404, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    const { container } = renderAt(
      '/mission-detail/9',
      <Route path="/mission-detail/:missionId" element={<MissionDetailPage />} />,
    );
    await screen.findByRole('heading', { name: 'Anything you like' });
    const results = await axe.run(container, { runOnly: { type: 'rule', values: ['label-content-name-mismatch'] } });
    expect(results.violations.flatMap((violation) => violation.nodes.map((node) => node.html))).toEqual([]);
  });
});
