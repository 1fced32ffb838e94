// @vitest-environment jsdom
// A creator page without missions: a visitor is sent to other creators' missions; the creator himself, to register
// his first one (not told to browse other creators).
import { screen } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { json, serve } from '@fanmission/tests/support/web/fake-api';
import { MissionTabs } from './mission-tabs';

describe('a creator page without missions', () => {
  afterEach(() => {
    cleanupApp();
    vi.unstubAllGlobals();
  });

  test('the creator is asked to register his first mission', async () => {
    const t = await useLanguage('ko');
    serve({ 'GET /api/v1/mission-products': () => json([]) });
    renderAt('/c', <Route path="/c" element={<MissionTabs creatorId={5} isOwner />} />);
    expect(await screen.findByText(t.discover.empty.ownMissions)).toBeTruthy();
    const link = screen.getByRole('link', { name: t.discover.actions.registerMission });
    expect(link.getAttribute('href')).toBe('/mission-management/normal');
    expect(screen.queryByText(t.discover.empty.creatorMissions)).toBeNull();
  });

  test('a visitor is sent to other creators’ missions', async () => {
    const t = await useLanguage('en');
    serve({ 'GET /api/v1/mission-products': () => json([]) });
    renderAt('/c', <Route path="/c" element={<MissionTabs creatorId={5} isOwner={false} />} />);
    expect(await screen.findByText(t.discover.empty.creatorMissions)).toBeTruthy();
    expect(screen.getByRole('link', { name: t.discover.actions.browseMissions }).getAttribute('href')).toBe(
      '/browse-missions',
    );
  });
});
