// Component-test helpers: the app's providers around a component, in a memory router, in the language asked for.
import type { Language } from '@fanmission/contracts';
import { cleanup, render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AppProviders } from '../app/app';
import { closeAllAlerts } from '../shared/alert/alert';
import { createQueryClient, QueryProvider } from '../shared/api/query-provider';
import { resources } from '../shared/i18n/resources';
import { NavigationBridge } from '../shared/navigation/navigation';

export async function useLanguage(language: Language) {
  if (!i18next.isInitialized) {
    await i18next
      .use(initReactI18next)
      .init({ resources, lng: language, interpolation: { escapeValue: false }, showSupportNotice: false });
  }
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
  return resources[language].translation;
}

/** Shows the current path, so tests can see where a guard or a form sent the user. */
export function CurrentPath() {
  const location = useLocation();
  return <output aria-label="current path">{location.pathname + location.search}</output>;
}

export function renderAt(path: string, routes: ReactNode, options: { state?: unknown } = {}) {
  return render(
    <AppProviders i18n={i18next}>
      <QueryProvider client={createQueryClient()}>
        <MemoryRouter
          initialEntries={[
            {
              pathname: path.split('?')[0]!,
              search: path.includes('?') ? `?${path.split('?')[1]}` : '',
              state: options.state,
            },
          ]}
        >
          <NavigationBridge />
          <CurrentPath />
          <Routes>
            {routes}
            <Route path="*" element={<p>elsewhere</p>} />
          </Routes>
        </MemoryRouter>
      </QueryProvider>
    </AppProviders>,
  );
}

/** Unmounts what a test rendered and closes alerts it left open. */
export function cleanupApp(): void {
  cleanup();
  closeAllAlerts();
}
