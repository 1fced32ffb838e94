// @vitest-environment jsdom
// A completed mission's answer picture has its place before it loads: a frame of a fixed aspect ratio on the
// mission's colour (never an empty grey block), so the response and the comments below never move.
import type { MissionView } from '@fanmission/contracts';
import { screen } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
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
