import { createInstance } from 'i18next';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { LANGUAGE_MENU, type Language } from '@fanmission/contracts';
import { LandingHero } from '../features/landing/landing-page';
import { INTERPOLATION } from '../shared/i18n/interpolation';
import { resources } from '../shared/i18n/resources';
import { Footer } from './footer';

/**
 * The first view the build writes into index.html's `#root` (web/vite.config.ts `staticFirstView`: a phone's
 * Largest Contentful Paint). On a phone under Slow 4G and a 4× slower CPU the shell paints only once React, the router
 * and the texts have arrived and run (about 2.3 s); these pages paint with the HTML and the stylesheet instead:
 * - `landing-{language}`: the header bar, the landing page's content and the footer (`/`);
 * - `page-{language}`: the header bar, the loading placeholder and the footer (`/creator-search`, whose largest paint
 *   until its creators arrive is the footer's address).
 * Every variant is in the page, hidden unless index.html's first script named it on `<html data-first-view>` (the
 * path, web/vite.config.ts `STATIC_FIRST_VIEWS`, and the language kept in the browser); React replaces `#root`'s
 * content in its first commit, with the same
 * components at the same places (the same classes of shell.css), so nothing moves. Rendered from the app's own
 * components and texts (escaped by React), nothing from a request.
 */
/** The variant's top-level elements, each rendered on its own and marked `data-first-view="{kind}-{language}"`. */
function variantMarkup(language: Language, kind: 'landing' | 'page'): string {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    resources: { [language]: { translation: resources[language].translation } },
    lng: language,
    fallbackLng: false,
    interpolation: INTERPOLATION,
    showSupportNotice: false,
    initAsync: false,
  });
  const name = `${kind}-${language}`;
  const render = (element: ReactElement) =>
    renderToStaticMarkup(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>{element}</MemoryRouter>
      </I18nextProvider>,
    ).replace(/^<([a-z]+)/, `<$1 data-first-view="${name}"`);
  return [
    // The header's bar and logo only (the rest of the header depends on the session and arrives with the app).
    render(
      <header className="app-header">
        <div className="app-header-inner">
          <a className="logo" href="/">
            Fanmission
          </a>
        </div>
      </header>,
    ),
    render(
      kind === 'landing' ? (
        <main className="landing-page">
          <LandingHero />
        </main>
      ) : (
        <div className="page-loading" />
      ),
    ),
    render(<Footer />),
  ].join('');
}

/** Every variant, with the style that hides all but the one index.html's first script named. */
export function staticFirstViewHtml(): string {
  const variants: string[] = [];
  const rules: string[] = [];
  for (const { language } of LANGUAGE_MENU) {
    for (const kind of ['landing', 'page'] as const) {
      const name = `${kind}-${language}`;
      rules.push(`html:not([data-first-view="${name}"]) #root>[data-first-view="${name}"]{display:none}`);
      variants.push(variantMarkup(language, kind));
    }
  }
  return `<style>${rules.join('')}</style>${variants.join('')}`;
}
