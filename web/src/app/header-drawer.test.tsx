// @vitest-environment jsdom
// The phone menu a visitor opens from the header, and the footer's contact button.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { serve } from '@fanmission/tests/support/web/fake-api';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { webConfig } from '../shared/config';
import { Footer } from './footer';
import { Header } from './header';

describe.each(['ko', 'en', 'ja'] as const)('a visitor’s way around (%s)', (language) => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    cleanupApp();
    vi.unstubAllGlobals();
  });

  test('the menu lists the main page, search, browsing missions and the FAQ', { timeout: 60_000 }, async () => {
    const t = await useLanguage(language);
    serve({});
    renderAt('/', <Route path="/" element={<Header />} />);
    await userEvent.click(screen.getByRole('button', { name: t.a11y.openMenu }));
    const menu = within(await screen.findByRole('dialog', { name: t.a11y.menu }));
    const links = menu.getAllByRole('link').map((link) => [link.textContent?.trim(), link.getAttribute('href')]);
    expect(links).toEqual([
      [t.header.main, '/'],
      [t.header.search, '/creator-search'],
      [t.browseMissions.title, '/browse-missions'],
      [t.footer.faq, '/faq'],
    ]);
  });

  test('contact us: still in preparation, with a way to reach the team meanwhile', { timeout: 60_000 }, async () => {
    const t = await useLanguage(language);
    serve({});
    renderAt('/', <Route path="/" element={<Footer />} />);
    await userEvent.click(screen.getByRole('button', { name: t.footer.contact }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert.textContent).toContain(t.footer.contactAlert);
    expect(alert.textContent).toContain(t.footer.contactChannel.replace('{{email}}', webConfig.company.email));
    // The address it names is a mail link in the footer (behind the open alert), with the subject filled in.
    const mail = screen.getByRole('link', { name: webConfig.company.email, hidden: true });
    expect(mail.getAttribute('href')).toBe(
      `mailto:${webConfig.company.email}?subject=${encodeURIComponent(`[Fanmission] ${t.footer.contact}`)}`,
    );
  });
});
