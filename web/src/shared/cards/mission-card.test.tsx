// @vitest-environment jsdom
// A mission without a thumbnail (no answer poster, no product picture) shows one of the 5 placeholder
// images, the same one for the same mission on every render; a mission with one shows its own.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MISSION_THUMBNAIL_PLACEHOLDERS, type MissionView } from '@fanmission/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { MissionCard } from './mission-card';

const mission = (id: number, thumbnail: string | null) =>
  ({
    id,
    status: 'COMPLETED',
    thumbnail: thumbnail ? { s3Url: thumbnail } : null,
    missionProduct: { name: `Mission ${id}`, descriptionPicture: null, creator: { id: 4, name: 'Mina', url: 'mina' } },
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
    const [detail, creator, byRequester] = screen.getAllByRole('link');
    expect(detail!.getAttribute('href')).toBe('/mission-detail/9');
    expect(creator!.textContent).toBe('Mina');
    expect(byRequester!.getAttribute('href')).toBe('/mission-detail/10');
    expect(byRequester!.querySelector('.fm-card-subtitle')!.textContent).toBe('fan_jisoo');
    expect(byRequester!.querySelector('.fm-card-title')!.textContent).toBe('Mission 9');
  });

  test("the creator's name is a link of its own to /creator/{id}, next to the detail's, reached by the keyboard", async () => {
    await useLanguage('en');
    renderAt(
      '/',
      <>
        <Route path="/" element={<MissionCard mission={mission(9, null)} />} />
        <Route path="/creator/:id" element={<p>creator page</p>} />
      </>,
    );
    const creator = screen.getByRole('link', { name: 'Mina' });
    expect(creator.getAttribute('href')).toBe('/creator/4');
    const detail = screen.getByRole('link', { name: /Mission 9/ });
    // Neither link holds the other: each is a target of its own.
    expect(detail.contains(creator) || creator.contains(detail)).toBe(false);
    expect(detail.textContent).not.toContain('Mina');
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(detail);
    await user.tab();
    expect(document.activeElement).toBe(creator);
    await user.keyboard('{Enter}');
    expect(await screen.findByText('creator page')).toBeTruthy();
    expect(screen.getByLabelText('current path').textContent).toBe('/creator/4');
  });
});

describe('a card’s status', () => {
  afterEach(() => cleanupApp());

  test('a waiting request is “requested”; a lottery application waiting is “awaiting the draw” (ko)', async () => {
    const t = await useLanguage('ko');
    const waiting = (id: number, type: string) => {
      const base = mission(id, null);
      return { ...base, status: 'REQUESTED', missionProduct: { ...base.missionProduct, type } } as MissionView;
    };
    renderAt(
      '/',
      <Route
        path="/"
        element={
          <>
            <MissionCard mission={waiting(1, 'CUSTOM')} />
            <MissionCard mission={waiting(2, 'EVENT')} />
          </>
        }
      />,
    );
    const status = (id: number) =>
      screen.getByRole('link', { name: new RegExp(`Mission ${id}\\b`) }).querySelector('.fm-card-status')!.textContent;
    expect(status(1)).toBe(t.missionStatus.REQUESTED);
    expect(status(2)).toBe(t.applicationStatus.REQUESTED);
    expect(status(2)).toBe('추첨 대기');
  });
});
