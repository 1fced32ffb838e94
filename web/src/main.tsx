import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { prefetchFirstPageData } from './app/first-page-data';
import { initialLanguage } from './shared/i18n/i18n';

prefetchFirstPageData(window.location.pathname, initialLanguage());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
