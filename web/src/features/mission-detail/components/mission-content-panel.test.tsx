// @vitest-environment jsdom
// A completed mission's answer picture has its place before it loads: a frame of a fixed aspect ratio on the
// mission's colour (never an empty grey block), so the response and the comments below never move.
import type { MissionView } from '@fanmission/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { RequestAttachment } from '../../../shared/media/request-attachment';
import { storeLogin } from '../../../shared/session/session';
import { ContentHiddenNotice } from './content-hidden-notice';
import { MissionContentPanel } from './mission-content-panel';

const mission = {
  id: 7,
  status: 'COMPLETED',
  user: { id: 2 },
  thumbnail: null,
  video: null,
  voice: null,
  picture: { s3Url: '/files/answer.png', filename: 'answer.png' },
  responseComment: 'A picture for you',
  missionProduct: { name: 'Birthday', descriptionPicture: null, creator: { id: 3, name: 'Mina' } },
} as unknown as MissionView;

describe('the answer picture', () => {
  afterEach(() => cleanupApp());

  test('sits in a 16:9 frame with a gradient, shown whole and asked for first', async () => {
    await useLanguage('ko');
    renderAt('/', <Route path="/" element={<MissionContentPanel mission={mission} />} />);
    const picture = screen.getByRole('img', { name: 'A picture for you' });
    const frame = picture.parentElement!;
    expect(frame.style.aspectRatio).toBe('16 / 9');
    expect(frame.style.background).toMatch(/linear-gradient/);
    expect(picture.style.objectFit).toBe('contain');
    expect(picture.getAttribute('fetchpriority')).toBe('high');
    expect(screen.getByText('A picture for you')).toBeTruthy();
  });
});

describe('the creator’s words with his decision', () => {
  afterEach(() => cleanupApp());

  test('show a refusal’s reason under the refusal', async () => {
    await useLanguage('ko');
    const refused = {
      ...mission,
      status: 'REJECTED',
      picture: null,
      responseComment: null,
      rejectionReason: 'REFUSED',
      feedback: '죄송해요, 이번 주는 일정이 꽉 찼어요.',
    } as unknown as MissionView;
    renderAt('/', <Route path="/" element={<MissionContentPanel mission={refused} />} />);
    const region = screen.getByRole('region', { name: '크리에이터가 남긴 거절 사유' });
    expect(region.textContent).toContain('죄송해요, 이번 주는 일정이 꽉 찼어요.');
  });

  test('show the message sent with an acceptance while the mission is prepared', async () => {
    await useLanguage('en');
    const accepted = {
      ...mission,
      status: 'ACCEPTED',
      picture: null,
      responseComment: null,
      performDueAt: '2026-12-01T00:00:00Z',
      feedback: 'Great idea, filming soon!',
    } as unknown as MissionView;
    renderAt('/', <Route path="/" element={<MissionContentPanel mission={accepted} />} />);
    const region = screen.getByRole('region', { name: 'The creator’s message with the acceptance' });
    expect(region.textContent).toContain('Great idea, filming soon!');
  });

  test('show nothing when the creator wrote nothing (or the reader is not a party: the API sends null)', async () => {
    await useLanguage('en');
    renderAt('/', <Route path="/" element={<MissionContentPanel mission={{ ...mission, feedback: null }} />} />);
    expect(screen.queryByRole('region', { name: /The creator’s/ })).toBeNull();
  });
});

describe('a mission the operators hid', () => {
  afterEach(() => cleanupApp());

  test('tells its requester and creator since when and why; nothing when it is not hidden', async () => {
    const t = await useLanguage('ko');
    const hidden = { contentHidden: { at: '2026-11-27T03:00:00Z', reason: '저작권 침해' } };
    renderAt('/', <Route path="/" element={<ContentHiddenNotice mission={hidden} />} />);
    const notice = screen.getByRole('alert');
    expect(notice.textContent).toBe(
      t.missionDetail.contentHidden.replace('{{date}}', '2026.11.27').replace('{{reason}}', '저작권 침해'),
    );
    cleanupApp();
    renderAt('/', <Route path="/" element={<ContentHiddenNotice mission={{ contentHidden: null }} />} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('what the fan sent with his request', () => {
  afterEach(() => cleanupApp());

  test('reaches the creator as the picture itself, its name and a link; a video as an inline player', async () => {
    await useLanguage('ko');
    const picture = {
      contentType: 'image/jpeg',
      s3Url: '/files/look.jpg',
      thumbnail: { s3Url: '/files/look.thumb.webp' },
      filename: 'look.jpg',
    };
    renderAt('/', <Route path="/" element={<RequestAttachment file={picture} />} />);
    expect(screen.getByRole('img', { name: 'look.jpg' }).getAttribute('src')).toBe('/files/look.thumb.webp');
    expect(screen.getByRole('link', { name: 'look.jpg' }).getAttribute('href')).toBe('/files/look.jpg');
    cleanupApp();

    const video = { contentType: 'video/mp4', s3Url: '/files/dance.mp4', thumbnail: null, filename: 'dance.mov' };
    renderAt('/', <Route path="/" element={<RequestAttachment file={video} />} />);
    const player = screen.getByLabelText('dance.mov');
    expect(player.tagName).toBe('VIDEO');
    expect(player.hasAttribute('playsinline')).toBe(true);
    cleanupApp();

    // While its rendition is made: the note, no broken player or link.
    renderAt('/', <Route path="/" element={<RequestAttachment file={{ ...video, processing: 'PENDING' }} />} />);
    expect(screen.getByTestId('media-processing-note')).toBeTruthy();
    expect(screen.queryByLabelText('dance.mov')).toBeNull();
  });
});

describe('the request on a completed mission', () => {
  afterEach(() => {
    cleanupApp();
    window.localStorage.clear();
  });

  test('stays for its requester under the answer, collapsed, with what he wrote and sent', async () => {
    await useLanguage('ko');
    storeLogin({ id: 2, roles: ['ROLE_USER'] });
    const done = {
      ...mission,
      to: '지수',
      requestComment: '생일 축하 노래 불러 주세요',
      requestFile: { contentType: 'image/jpeg', s3Url: '/files/me.jpg', thumbnail: null, filename: 'me.jpg' },
      created: '2026-11-20T03:00:00Z',
    } as unknown as MissionView;
    renderAt('/', <Route path="/" element={<MissionContentPanel mission={done} />} />);
    const toggle = screen.getByRole('button', { name: '요청 내용' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const region = await screen.findByRole('region', { name: '요청 내용' });
    expect(region.textContent).toContain('생일 축하 노래 불러 주세요');
    expect(region.textContent).toContain('지수');
    expect(screen.getByRole('link', { name: 'me.jpg' }).getAttribute('href')).toBe('/files/me.jpg');
  });

  test('is not shown to a visitor who is not a party', async () => {
    await useLanguage('ko');
    renderAt('/', <Route path="/" element={<MissionContentPanel mission={{ ...mission, requestComment: 'x' }} />} />);
    expect(screen.queryByRole('button', { name: '요청 내용' })).toBeNull();
  });
});
