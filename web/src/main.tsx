import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { prefetchFirstPageData } from './app/first-page-data';
import { initI18n, initialLanguage } from './shared/i18n/i18n';
import { captureInstallPrompt } from './shared/pwa/install-hint';
import { registerServiceWorker } from './shared/pwa/service-worker';
import { dropLegacyToken } from './shared/session/session';

// The session is an HttpOnly cookie now: a token an older version stored is removed.
dropLegacyToken();

prefetchFirstPageData(window.location.pathname, initialLanguage());
registerServiceWorker();
captureInstallPrompt(); // for the page's whole life

// The texts first, then one render of the shell (rendering an empty app while they load costs a render and a task on a
// slow phone before the first paint).
const root = createRoot(document.getElementById('root')!);
void initI18n().then((i18n) =>
  root.render(
    <StrictMode>
      <App i18n={i18n} />
    </StrictMode>,
  ),
);
