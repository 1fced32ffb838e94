// @vitest-environment jsdom
// Labels in the member's language, never a raw code or English in a Korean or Japanese screen: the page numbers'
// names (the component library would say "Go to page 2"), the FAQ's categories, the 404 page's button and the
// login error.
import { render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, test } from 'vitest';
import { AppProviders, cleanupApp, useLanguage } from '@fanmission/tests/support/web/render';
import { PageNumbers } from './list-states';
import { PageProviders } from './page-providers';

describe('localised labels', () => {
  afterEach(() => cleanupApp());

  test.each([
    ['ko', '페이지 이동', '1 페이지', '2 페이지', '다음 페이지로 이동'],
    ['ja', 'ページ移動', '1 ページ', '2 ページ', '次のページへ移動'],
    ['en', 'Pages', 'Page 1', 'Page 2', 'Go to the next page'],
  ] as const)('page numbers in %s', async (language, nav, current, other, next) => {
    await useLanguage(language);
    render(
      <AppProviders i18n={i18next}>
        <PageProviders>
          <PageNumbers total={3} page={0} onChange={() => undefined} />
        </PageProviders>
      </AppProviders>,
    );
    const pages = within(screen.getByRole('navigation', { name: nav }));
    expect(pages.getByRole('button', { name: current }).getAttribute('aria-current')).toBe('page');
    pages.getByRole('button', { name: other });
    pages.getByRole('button', { name: next });
  });

  test.each(['ko', 'ja'] as const)(
    'no raw code or English in %s: FAQ categories, 404 button, login error',
    async (language) => {
      const t = await useLanguage(language);
      const labels = [
        t.faq.categories.PAYMENT,
        t.faq.categories.MISSION,
        t.notFound.home,
        t.common.home,
        t.login.failed,
      ];
      for (const label of labels) expect(label).not.toMatch(/[A-Za-z]/);
    },
  );
});
