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
  rating: null,
});

const mission = (id: number, name: string) =>
  ({
    id,
    status: 'COMPLETED',
    thumbnail: { s3Url: `/files/${id}/poster.jpg` },
    missionProduct: { id: 100 + id, name, descriptionPicture: null, creator: { name: 'Mina Park' } },
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
        'GET /api/v1/missions/page': () =>
          page([
            mission(10, 'Birthday song'),
            mission(11, 'Morning call'),
            // A second winner's mission of the same lottery product: one card is enough.
            { ...mission(12, 'Morning call'), missionProduct: mission(11, 'Morning call').missionProduct },
          ]),
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
        size: `${2 * LANDING_CARDS}`,
      });
    });
  }

  test('a public mission shows its answer (the picture, the video’s poster), not the product’s picture', async () => {
    const t = await useLanguage('ko');
    const product = (id: number, name: string) => ({
      id,
      name,
      descriptionPicture: { s3Url: '/files/type-icon.png', thumbnail: { s3Url: '/files/type-icon.thumb.webp' } },
      creator: { name: 'Mina Park' },
    });
    const answered = (id: number, name: string, answer: Partial<MissionView>) =>
      ({
        id,
        status: 'COMPLETED',
        private: false,
        thumbnail: null,
        picture: null,
        video: null,
        missionProduct: product(id, name),
        ...answer,
      }) as unknown as MissionView;
    serve({
      'GET /api/v1/creators/page': () => page([]),
      'GET /api/v1/missions/page': () =>
        page([
          answered(20, 'Selfie', {
            picture: { id: 1, s3Url: '/files/selfie.png', thumbnail: { s3Url: '/files/selfie.thumb.webp' } },
          } as Partial<MissionView>),
          // A video whose poster the mission has not recorded yet: the upload's own poster frame.
          answered(21, 'Dance', {
            video: { id: 2, s3Url: '/files/dance.mp4', thumbnail: { s3Url: '/files/dance.thumb.jpg' } },
          } as Partial<MissionView>),
          answered(22, 'Song', { voice: { id: 3, s3Url: '/files/song.mp3', thumbnail: null } } as Partial<MissionView>),
          answered(23, 'Secret', {
            private: true,
            picture: { id: 4, s3Url: '/files/secret.png?exp=1&sig=x', thumbnail: null },
          } as Partial<MissionView>),
        ]),
    });
    renderAt('/', <Route path="/" element={<LandingShowcase />} />);
    const missions = await screen.findByRole('region', { name: t.discover.recentMissions });
    const pictureOf = (name: string) =>
      within(missions)
        .getByRole('link', { name: new RegExp(name) })
        .querySelector('img')
        ?.getAttribute('src');
    expect(pictureOf('Selfie')).toBe('/files/selfie.thumb.webp');
    expect(pictureOf('Dance')).toBe('/files/dance.thumb.jpg');
    // Nothing to show of a voice, and nothing of a private answer: the product's picture.
    expect(pictureOf('Song')).toBe('/files/type-icon.thumb.webp');
    expect(pictureOf('Secret')).toBe('/files/type-icon.thumb.webp');
  });

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
