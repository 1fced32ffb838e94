// @vitest-environment jsdom
// A mission without a thumbnail (no answer poster, no product picture) shows one of the 5 placeholder
// images, the same one for the same mission on every render; a mission with one shows its own.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MISSION_THUMBNAIL_PLACEHOLDERS, type MissionView } from '@fanmission/contracts';
import { screen } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { MissionCard } from './mission-card';

const mission = (id: number, thumbnail: string | null) =>
  ({
    id,
    status: 'COMPLETED',
    thumbnail: thumbnail ? { s3Url: thumbnail } : null,
    missionProduct: { name: `Mission ${id}`, descriptionPicture: null, creator: { name: 'Mina' } },
  }) as unknown as MissionView;

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../public');

/** The picture of each mission's card, and the frame it sits in while it loads. */
function pictures(missions: MissionView[]): string[] {
  renderAt(
    '/',
    <Route
      path="/"
      element={
        <>
          {missions.map((one) => (
            <MissionCard key={one.id} mission={one} />
          ))}
        </>
      }
    />,
  );
  return missions.map((one) => {
    const link = screen.getByRole('link', { name: new RegExp(`Mission ${one.id}\\b`) });
    const frame = link.firstElementChild as HTMLElement;
    // The frame keeps the card's shape and shows a colour, never an empty grey block, until the picture arrives.
    expect(frame.style.aspectRatio).toBe('9 / 16');
    expect(frame.style.background).toMatch(/linear-gradient/);
    return frame.querySelector('img')!.getAttribute('src')!;
  });
}

describe('mission thumbnails', () => {
  afterEach(() => cleanupApp());

  test('missing thumbnails show one of the 5 placeholders, stable per mission; a real one is shown as is', async () => {
    await useLanguage('en');
    const urls = pictures([1, 2, 3, 4, 5, 6, 7].map((id) => mission(id, null)));
    expect(new Set(urls.slice(0, 5)).size).toBe(MISSION_THUMBNAIL_PLACEHOLDERS);
    for (const url of urls) {
      expect(url).toMatch(/^\/images\/mission-placeholder-[1-5]\.svg$/);
      expect(existsSync(path.join(publicDir, url!))).toBe(true);
    }
    expect(urls[5]).toBe(urls[0]);
    cleanupApp();
    expect(pictures([mission(1, null)])[0]).toBe(urls[0]);
    cleanupApp();
    expect(pictures([mission(8, '/files/8/poster.jpg')])[0]).toBe('/files/8/poster.jpg');
  });

  test("under the product, the creator's name, or what the list says instead (the requester on a creator's page)", async () => {
    await useLanguage('ko');
    const one = mission(9, null);
    renderAt(
      '/',
      <Route
        path="/"
        element={
          <>
            <MissionCard mission={one} />
            <MissionCard mission={{ ...one, id: 10 }} subtitle="fan_jisoo" />
          </>
        }
      />,
    );
    const [byCreator, byRequester] = screen.getAllByRole('link');
    expect(byCreator!.querySelector('.fm-card-subtitle')!.textContent).toBe('Mina');
    expect(byCreator!.getAttribute('href')).toBe('/mission-detail/9');
    expect(byRequester!.querySelector('.fm-card-subtitle')!.textContent).toBe('fan_jisoo');
    expect(byRequester!.querySelector('.fm-card-title')!.textContent).toBe('Mission 9');
  });
});
