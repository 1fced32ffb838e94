import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { prefetchFirstPageData } from './app/first-page-data';
import { initialLanguage } from './shared/i18n/i18n';
import { dropLegacyToken } from './shared/session/session';

// The session is an HttpOnly cookie now (review L6): a token an older version stored is removed.
dropLegacyToken();

prefetchFirstPageData(window.location.pathname, initialLanguage());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
