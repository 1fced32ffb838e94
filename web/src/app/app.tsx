import { useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router';
import type { i18n as I18n } from 'i18next';
import { initI18n } from '../shared/i18n/i18n';
import { LandingPage } from '../features/landing/landing-page';
import { NotFoundPage } from '../features/landing/not-found-page';
import { LanguageMenu } from './language-menu';

export function App() {
  const [i18n, setI18n] = useState<I18n>();
  useEffect(() => {
    void initI18n().then(setI18n);
  }, []);
  if (!i18n) return null;
  return (
    <I18nextProvider i18n={i18n}>
      <BrowserRouter>
        <header className="header">
          <a className="logo" href="/">
            Fanmission
          </a>
          <LanguageMenu />
        </header>
        <Routes>
          <Route path="/" element={<LandingPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </BrowserRouter>
    </I18nextProvider>
  );
}
