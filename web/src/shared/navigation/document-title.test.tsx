// @vitest-environment jsdom
// Every page has its own tab title in the reader's language (`<page> · Fanmission`), not "Fanmission" everywhere.
import { waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { resources } from '../i18n/resources';
import { DocumentTitle, documentTitle, PAGE_TITLES, pageTitleKey, useDocumentTitle } from './document-title';

function CreatorStandIn() {
  useDocumentTitle('Starlight');
  return null;
}

describe('page titles', () => {
  test('each route has its title, a creator’s own address reads as a creator page, the landing the site alone', () => {
    expect(pageTitleKey('/')).toBeNull();
    expect(pageTitleKey('/creator-search')).toBe('creatorSearch');
    expect(pageTitleKey('/mission-detail/12')).toBe('missionDetail');
    expect(pageTitleKey('/mission-management/lottery-event/3')).toBe('lotteryEvents');
    expect(pageTitleKey('/mission-management/list/custom')).toBe('missionManagement');
    expect(pageTitleKey('/email-sent/suggest')).toBe('emailSent');
    expect(pageTitleKey('/starlight')).toBe('creator');
    expect(pageTitleKey('/a/b/c')).toBe('notFound');
    expect(documentTitle(null)).toBe('Fanmission');
    expect(documentTitle('마이페이지')).toBe('마이페이지 · Fanmission');
  });

  test('every title is written in ko, en and ja, and no two pages share one', () => {
    for (const language of ['ko', 'en', 'ja'] as const) {
      const titles = resources[language].translation.pageTitles;
      const keys = new Set(PAGE_TITLES.map(([, key]) => key));
      for (const key of keys) expect(titles[key], `${language} ${key}`).toMatch(/\S/);
      expect(new Set(Object.values(titles)).size).toBe(Object.keys(titles).length);
    }
  });
});

describe('the tab’s title', () => {
  afterEach(() => cleanupApp());

  test('follows the route in the reader’s language, and a page’s own better title once it knows it', async () => {
    await useLanguage('ko');
    renderAt('/faq', <Route path="/faq" element={<DocumentTitle />} />);
    await waitFor(() => expect(document.title).toBe('자주 묻는 질문 · Fanmission'));
    cleanupApp();
    await useLanguage('ja');
    renderAt(
      '/starlight',
      <Route
        path="/:creatorId"
        element={
          <>
            <DocumentTitle />
            <CreatorStandIn />
          </>
        }
      />,
    );
    await waitFor(() => expect(document.title).toBe('Starlight · Fanmission'));
  });
});
