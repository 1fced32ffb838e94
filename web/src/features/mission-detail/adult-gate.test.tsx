// @vitest-environment jsdom
// An adult-flagged creator's mission page shows the age gate instead of its content, as his page does
// (web/src/features/creator-page/adult-gate.test.tsx tests the gate itself).
import { screen } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, expect, test } from 'vitest';
import { json, serve } from '@fanmission/tests/support/web/fake-api';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { MissionDetailPage } from './mission-detail-page';

afterEach(cleanupApp);

test('the adult creator’s mission page shows a visitor the age gate', async () => {
  const t = await useLanguage('ko');
  serve({ 'GET /api/v1/missions/12': () => json({ status: 401, code: 'ADULT_LOGIN_REQUIRED', message: '19+' }, 401) });
  renderAt('/mission-detail/12', <Route path="/mission-detail/:missionId" element={<MissionDetailPage />} />);
  expect(await screen.findByRole('heading', { level: 1, name: t.adultGate.title })).toBeTruthy();
  expect(screen.getByRole('button', { name: t.adultGate.login })).toBeTruthy();
  expect(screen.getByLabelText('current path').textContent).toBe('/mission-detail/12');
});
