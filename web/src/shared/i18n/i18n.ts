import { normalizeLanguage, type Language } from '@fanmission/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { resources } from './resources';

/** The stored language (`lang` in local storage, `jp` meaning ja) or the `lang` query parameter; Korean by default. */
export function initialLanguage(): Language {
  const fromQuery = new URLSearchParams(window.location.search).get('lang');
  return normalizeLanguage(fromQuery ?? window.localStorage.getItem('lang'));
}

export async function initI18n(): Promise<typeof i18next> {
  const language = initialLanguage();
  document.documentElement.lang = language;
  await i18next.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'ko',
    interpolation: { escapeValue: false },
  });
  return i18next;
}

/** Changing the language stores it and reloads the page, as the original client does. */
export function changeLanguage(language: Language): void {
  window.localStorage.setItem('lang', language);
  window.location.reload();
}
