// @vitest-environment jsdom
// The landing page's lists: the creator search's recommended creators and the most recently completed missions, with
// the lists' own cards, each opening its page; a creator without a picture shows initials; an empty list is left out.
import type { CreatorListItem, MissionView } from '@fanmission/contracts';
import { screen, within } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { json, serve } from '@fanmission/tests/support/web/fake-api';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import LandingShowcase from './landing-showcase';
import { LANDING_CARDS } from './showcase-data';

const creator = (id: number, name: string, picture: string | null): CreatorListItem => ({
  creator: {
    id,
    url: id === 1 ? 'mina' : null,
    name,
    user: { image: picture ? { s3Url: picture } : null } as CreatorListItem['creator']['user'],
  },
  following: false,
});

const mission = (id: number, name: string) =>
  ({
    id,
    status: 'COMPLETED',
    thumbnail: { s3Url: `/files/${id}/poster.jpg` },
    missionProduct: { name, descriptionPicture: null, creator: { name: 'Mina Park' } },
  }) as unknown as MissionView;

const page = <T,>(content: T[]) =>
  json({ content, last: true, number: 0, totalPages: 1, totalElements: content.length });

describe('landing showcase', () => {
  afterEach(() => {
    cleanupApp();
    vi.unstubAllGlobals();
  });

  for (const language of ['ko', 'en', 'ja'] as const) {
    test(`${language}: featured creators and recent missions as cards linking to their pages`, async () => {
      const t = await useLanguage(language);
      const calls = serve({
        'GET /api/v1/creators/page': () =>
          page([creator(1, 'Mina Park', '/files/mina.jpg'), creator(2, '김민지', null)]),
        'GET /api/v1/missions/page': () => page([mission(10, 'Birthday song'), mission(11, 'Morning call')]),
      });
      renderAt('/', <Route path="/" element={<LandingShowcase />} />);

      const creators = await screen.findByRole('region', { name: t.discover.featuredCreators });
      const mina = within(creators).getByRole('link', { name: /Mina Park/ });
      expect(mina.getAttribute('href')).toBe('/mina');
      expect(mina.querySelector('img')?.getAttribute('src')).toBe('/files/mina.jpg');
      const minji = within(creators).getByRole('link', { name: /김민지/ });
      expect(minji.getAttribute('href')).toBe('/creator/2');
      expect(minji.querySelector('img')).toBeNull();
      expect(minji.textContent).toContain('김');
      expect(within(creators).getByRole('link', { name: t.discover.allCreators }).getAttribute('href')).toBe(
        '/creator-search',
      );

      const missions = screen.getByRole('region', { name: t.discover.recentMissions });
      const song = within(missions).getByRole('link', { name: /Birthday song/ });
      expect(song.getAttribute('href')).toBe('/mission-detail/10');
      expect(song.textContent).toContain(t.missionStatus.COMPLETED);
      expect(within(missions).getAllByRole('link', { name: /Morning call/ })).toHaveLength(1);
      expect(within(missions).getByRole('link', { name: t.discover.allMissions }).getAttribute('href')).toBe(
        '/browse-missions',
      );

      const asked = Object.fromEntries(calls.map((call) => [call.path, Object.fromEntries(call.query)]));
      expect(asked['/api/v1/creators/page']).toMatchObject({
        type: 'recommended',
        page: '0',
        size: `${LANDING_CARDS}`,
      });
      expect(asked['/api/v1/missions/page']).toMatchObject({
        status: 'COMPLETED',
        page: '0',
        size: `${LANDING_CARDS}`,
      });
    });
  }

  test('a list with nothing in it, or that fails, is left out', async () => {
    const t = await useLanguage('en');
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    serve({
      'GET /api/v1/creators/page': () => json({ message: 'down' }, 500),
      'GET /api/v1/missions/page': () => page([mission(12, 'Dance')]),
    });
    renderAt('/', <Route path="/" element={<LandingShowcase />} />);
    await screen.findByRole('region', { name: t.discover.recentMissions });
    expect(screen.queryByRole('region', { name: t.discover.featuredCreators })).toBeNull();
  });
});
