import type { i18n as I18n } from 'i18next';
import { lazy, Suspense, useEffect, useLayoutEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, useLocation, useNavigationType } from 'react-router';
import { AlertHost } from '../shared/alert/alert';
import { useAppMode } from '../shared/app-mode';
import { NavigationBridge } from '../shared/navigation/navigation';
import { useSession } from '../shared/session/session';
import { ConnectionBanner, PageErrorBoundary } from './connection-banner';
import { Footer } from './footer';
import { InstallHintCard } from './install-hint';
import { Header } from './header';
import { AppRoutes } from './routes';
import './shell.css';

/** Providers of the shell; lazily loaded pages bring the theme and TanStack Query (shared/ui/page-providers). */
export function AppProviders({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      {children}
      <AlertHost />
    </I18nextProvider>
  );
}

/** The question of new terms for a signed-in member, loaded once he is (a visitor never downloads it). */
const TermsConsentGate = lazy(async () => {
  const [{ TermsConsentGate: Gate }, { PageProviders }] = await Promise.all([
    import('../features/terms-consent/terms-consent-gate'),
    import('../shared/ui/page-providers'),
  ]);
  return {
    default: () => (
      <PageProviders>
        <Gate />
      </PageProviders>
    ),
  };
});

/** The live notices of a signed-in member (toast, the open mission or coins refreshed), loaded once he is. */
const LiveNotices = lazy(async () => {
  const [{ LiveNotices: Notices }, { PageProviders }] = await Promise.all([
    import('./live-notices'),
    import('../shared/ui/page-providers'),
  ]);
  return {
    default: () => (
      <PageProviders>
        <Notices />
      </PageProviders>
    ),
  };
});

/** Header and footer, hidden in embedded app mode (`?app-api=true`); the terms question over every page. */
export function Layout({ children }: { children: ReactNode }) {
  const appMode = useAppMode();
  const session = useSession();
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  // A new page opens at its top (a phone kept the last page's scroll: the login page opened at its bottom); Back and
  // Forward keep the browser's own restoration.
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return (
    <>
      {appMode ? null : <Header />}
      <ConnectionBanner />
      {appMode ? null : <InstallHintCard />}
      <PageErrorBoundary key={pathname}>{children}</PageErrorBoundary>
      {appMode ? null : <Footer />}
      {session.loggedIn ? (
        <Suspense fallback={null}>
          <TermsConsentGate />
          {appMode ? null : <LiveNotices />}
        </Suspense>
      ) : null}
    </>
  );
}

/** The app once the language's texts are loaded (main.tsx loads them before the first render: one render less). */
export function App({ i18n }: { i18n: I18n }) {
  // The server's first view of a creator page (services/src/plugins/first-view.ts) gives way in the commit that
  // paints the shell, which shows the same picture in the same place (./first-view.tsx): no frame without it.
  useLayoutEffect(() => {
    document.getElementById('first-view')?.remove();
  }, []);
  return (
    <AppProviders i18n={i18n}>
      <BrowserRouter>
        <NavigationBridge />
        <Layout>
          <AppRoutes />
        </Layout>
      </BrowserRouter>
    </AppProviders>
  );
}
