// @vitest-environment jsdom
// The legal pages show the version in force with its effective date and, when one is announced, the next version's
// date and summary (its full text on demand).
import type { TermsPage } from '@fanmission/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { json, serve } from '@fanmission/tests/support/web/fake-api';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { CollectTermsPage, PrivacyPolicyPage, TermsOfServicePage } from './legal-page';

const current = {
  id: 1,
  kind: 'terms',
  version: 1,
  effectiveAt: '2024-12-31T15:00:00.000Z',
  unfavourable: false,
  summary: '최초 버전',
  body: '## 제1조 (목적)\n\n이 약관은 서비스 이용 조건을 정합니다.\n\n## 제3조 (코인)\n\n코인은 카드, 카카오페이로 충전합니다.',
} as const;

afterEach(() => {
  cleanupApp();
  vi.unstubAllGlobals();
});

describe('legal pages', () => {
  test('the terms page shows the version in force, its date and the next version with its summary', async () => {
    const t = await useLanguage('ko');
    const page: TermsPage = {
      current,
      next: {
        ...current,
        id: 4,
        version: 2,
        effectiveAt: '2026-12-14T15:00:00.000Z',
        summary: '환불 기한 안내를 고쳤습니다.',
        body: '## 제1조 (목적)\n\n바뀐 본문입니다.',
      },
    };
    const calls = serve({ 'GET /api/v1/terms/terms': () => json(page) });
    renderAt('/provideterms', <Route path="/provideterms" element={<TermsOfServicePage />} />);
    expect(await screen.findByRole('heading', { level: 2, name: '제3조 (코인)' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: t.legal.titles.terms })).toBeTruthy();
    expect(screen.getByText('버전 1 · 2025.01.01 시행')).toBeTruthy();
    expect(screen.getByText('변경 예정: 2026.12.15부터 버전 2 시행')).toBeTruthy();
    expect(screen.getByText('환불 기한 안내를 고쳤습니다.')).toBeTruthy();
    expect(screen.queryByText('바뀐 본문입니다.')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: t.legal.showNext }));
    expect(screen.getByText('바뀐 본문입니다.')).toBeTruthy();
    expect(calls.map((call) => call.path)).toEqual(['/api/v1/terms/terms']);
  });

  test('without an announced version only the one in force shows, in the page’s language', async () => {
    const t = await useLanguage('en');
    serve({
      'GET /api/v1/terms/privacy': () =>
        json({ current: { ...current, kind: 'privacy', body: '## 1. Data collected\n\nE-mail.' }, next: null }),
    });
    renderAt('/privacyTerms', <Route path="/privacyTerms" element={<PrivacyPolicyPage />} />);
    expect(await screen.findByText('Version 1 · effective Jan 1, 2025')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: t.legal.titles.privacy })).toBeTruthy();
    expect(screen.queryByText(/Upcoming change/)).toBeNull();
  });

  test('a failed load says so', async () => {
    const t = await useLanguage('ja');
    serve({ 'GET /api/v1/terms/terms': () => json({ message: 'down', status: 503 }, 503) });
    renderAt('/provideterms', <Route path="/provideterms" element={<TermsOfServicePage />} />);
    expect(await screen.findByText(t.legal.failed)).toBeTruthy();
  });

  test('the collection notice stays a text of the app', async () => {
    const t = await useLanguage('ko');
    const calls = serve({});
    renderAt('/collectterms', <Route path="/collectterms" element={<CollectTermsPage />} />);
    expect(screen.getByRole('heading', { level: 1, name: t.legal.titles.collect })).toBeTruthy();
    expect(screen.getByText(/탈퇴 후 1년까지 보관/)).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
