// Component-test helpers for the web app (kept out of web/src, written without JSX so the tests package maps it): the app's providers around a component, in a memory router, in the language asked for.
import type { Language } from '@fanmission/contracts';
import { cleanup, configure, render } from '@testing-library/react';
import i18next from 'i18next';
import { createElement as h, type ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AppProviders } from '../../../web/src/app/app';
import { closeAllAlerts } from '../../../web/src/shared/alert/alert';
import { createQueryClient, QueryProvider } from '../../../web/src/shared/api/query-provider';
import { INTERPOLATION } from '../../../web/src/shared/i18n/interpolation';
import { resources } from '../../../web/src/shared/i18n/resources';
import { NavigationBridge } from '../../../web/src/shared/navigation/navigation';

// Waits for an element (findBy…, waitFor) give up after 10 s instead of Testing Library's 1 s: the component tests run
// beside the browser journeys and the server suites on a 2-core machine (npm test's lanes), where a render that takes
// 20 ms alone can take more than a second. A wait ends as soon as the element is there, so a passing test is not slower.
configure({ asyncUtilTimeout: 10_000 });

/** The app's providers (theme, i18n, alerts), for a component test to wrap what it renders in, as the app does. */
export { AppProviders };

export async function useLanguage(language: Language) {
  if (!i18next.isInitialized) {
    await i18next
      .use(initReactI18next)
      .init({ resources, lng: language, interpolation: INTERPOLATION, showSupportNotice: false });
  }
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
  return resources[language].translation;
}

/** Shows the current path, so tests can see where a guard or a form sent the user. */
export function CurrentPath() {
  const location = useLocation();
  return h('output', { 'aria-label': 'current path' }, location.pathname + location.search);
}

export function renderAt(path: string, routes: ReactNode, options: { state?: unknown } = {}) {
  const entry = {
    pathname: path.split('?')[0]!,
    search: path.includes('?') ? `?${path.split('?')[1]}` : '',
    state: options.state,
  };
  const router = h(
    MemoryRouter,
    { initialEntries: [entry] },
    h(NavigationBridge),
    h(CurrentPath),
    h(Routes, null, routes, h(Route, { path: '*', element: h('p', null, 'elsewhere') })),
  );
  const queries = h(QueryProvider, { client: createQueryClient(), children: router });
  return render(h(AppProviders, { i18n: i18next, children: queries }));
}

/** Unmounts what a test rendered, closes alerts it left open and clears the storage it wrote (a session, a draft). */
export function cleanupApp(): void {
  cleanup();
  closeAllAlerts();
  window.localStorage.clear();
  window.sessionStorage.clear();
}
