// @vitest-environment jsdom
// A request the fan cancelled himself reads as his own cancel on his page's card and on the mission's page, never as
// the creator's refusal; a refusal still reads as one.
import type { MissionView } from '@fanmission/contracts';
import { screen } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { MissionCard } from '../../shared/cards/mission-card';
import { MissionContentPanel } from './components/mission-content-panel';

const base = {
  id: 9,
  status: 'REJECTED',
  rejectionReason: 'CANCELED',
  private: false,
  user: { id: 2 },
  thumbnail: null,
  video: null,
  voice: null,
  picture: null,
  feedback: null,
  to: '지수',
  requestComment: '노래 불러 주세요',
  created: '2026-11-20T03:00:00Z',
  missionProduct: {
    type: 'CUSTOM',
    name: '무엇이든 맞춤 미션',
    descriptionPicture: null,
    creator: { id: 3, name: '하루노래' },
  },
} as unknown as MissionView;

describe('a request the fan cancelled himself', () => {
  afterEach(() => cleanupApp());

  test('is “취소됨 (내가 취소한 요청)” on the card and the mission page, not a refusal', async () => {
    const t = await useLanguage('ko');
    renderAt('/', <Route path="/" element={<MissionCard mission={base} />} />);
    expect(screen.getByText(t.missionDetail.ownCancel)).toBeTruthy();
    expect(screen.queryByText(t.missionStatus.REJECTED)).toBeNull();
    cleanupApp();

    renderAt('/', <Route path="/" element={<MissionContentPanel mission={base} />} />);
    expect(screen.getByRole('heading', { name: '취소됨 (내가 취소한 요청)' })).toBeTruthy();
    expect(screen.queryByText(t.missionDetail.rejected)).toBeNull();
  });

  test('a refusal and a cancelled lottery entry still read as ended by the other side', async () => {
    const t = await useLanguage('ko');
    const refused = { ...base, rejectionReason: 'REFUSED' } as MissionView;
    renderAt('/', <Route path="/" element={<MissionCard mission={refused} />} />);
    expect(screen.getByText(t.missionStatus.REJECTED)).toBeTruthy();
    cleanupApp();
    const entry = { ...base, missionProduct: { ...base.missionProduct, type: 'EVENT' } } as MissionView;
    renderAt('/', <Route path="/" element={<MissionContentPanel mission={entry} />} />);
    expect(screen.getByRole('heading', { name: t.missionDetail.rejected })).toBeTruthy();
  });
});
