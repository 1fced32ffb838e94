// @vitest-environment jsdom
// A served video: the 720p rendition on small screens and slow connections, the main one elsewhere; inline with its
// poster; while the rendition is being made (or could not be), no player but its place, a spinner and the note.
import type { FileEntry } from '@fanmission/contracts';
import { screen } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { VideoPlayer } from './video-player';

const answer: FileEntry = {
  id: 7,
  s3Url: '/files/answer.mp4',
  contentType: 'video/mp4',
  thumbnail: { s3Url: '/files/answer.poster.jpg' },
  smallScreenVideo: { s3Url: '/files/answer.720p.mp4', width: 720, height: 1280 },
};

/** The device: its screen matches `(max-width: 900px)` or not, and what the browser says of its connection. */
function device(options: { small: boolean; connection?: { saveData?: boolean; effectiveType?: string } }) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: options.small && query.includes('max-width'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  Object.defineProperty(navigator, 'connection', { value: options.connection, configurable: true });
}

function sourceOn(file: FileEntry): string | null {
  renderAt('/', <Route path="/" element={<VideoPlayer file={file} label="answer" />} />);
  const video = document.querySelector('video');
  const source = video?.getAttribute('src') ?? null;
  cleanupApp();
  return source;
}

describe('video player', () => {
  afterEach(() => {
    cleanupApp();
    vi.unstubAllGlobals();
    Object.defineProperty(navigator, 'connection', { value: undefined, configurable: true });
  });

  test('plays the 720p rendition on a phone or a slow or data-saving connection, the main one on a desktop', async () => {
    await useLanguage('ko');
    device({ small: true });
    expect(sourceOn(answer)).toBe('/files/answer.720p.mp4');
    device({ small: false, connection: { effectiveType: '3g' } });
    expect(sourceOn(answer)).toBe('/files/answer.720p.mp4');
    device({ small: false, connection: { saveData: true, effectiveType: '4g' } });
    expect(sourceOn(answer)).toBe('/files/answer.720p.mp4');
    device({ small: false, connection: { effectiveType: '4g' } });
    expect(sourceOn(answer)).toBe('/files/answer.mp4');
    // A video of 720p or less has no second rendition: the phone plays the one there is.
    device({ small: true });
    expect(sourceOn({ ...answer, smallScreenVideo: undefined })).toBe('/files/answer.mp4');
  });

  test('plays inline with its poster frame, named for screen readers', async () => {
    await useLanguage('ko');
    device({ small: false });
    renderAt('/', <Route path="/" element={<VideoPlayer file={answer} label="답변 영상" />} />);
    const video = document.querySelector('video')!;
    expect(video.hasAttribute('playsinline')).toBe(true);
    expect(video.getAttribute('poster')).toBe('/files/answer.poster.jpg');
    expect(video.getAttribute('aria-label')).toBe('답변 영상');
    expect(video.getAttribute('preload')).toBe('metadata');
  });

  test('while the rendition is made: no player (its URL answers 409), the place with a spinner and the note', async () => {
    const t = await useLanguage('ko');
    device({ small: true });
    const pending: FileEntry = { ...answer, thumbnail: null, smallScreenVideo: undefined, processing: 'PENDING' };
    renderAt('/', <Route path="/" element={<VideoPlayer file={pending} poster="/files/mission-thumb.jpg" />} />);
    expect(document.querySelector('video')).toBeNull();
    const place = screen.getByTestId('video-processing');
    expect((place.firstElementChild as HTMLElement).style.backgroundImage).toContain('/files/mission-thumb.jpg');
    expect(place.querySelector('[role="progressbar"]')).not.toBeNull();
    expect(screen.getByTestId('media-processing-note').textContent).toBe(t.mediaProcessing.pending);
    cleanupApp();

    const en = await useLanguage('en');
    renderAt('/', <Route path="/" element={<VideoPlayer file={{ ...pending, processing: 'FAILED' }} />} />);
    expect(document.querySelector('video')).toBeNull();
    expect(screen.getByTestId('video-processing').querySelector('[role="progressbar"]')).toBeNull();
    expect(screen.getByTestId('media-processing-note').textContent).toBe(en.mediaProcessing.failed);
  });
});
