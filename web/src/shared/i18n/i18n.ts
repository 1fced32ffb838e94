import { languageFromAcceptLanguage, normalizeLanguage, type Language } from '@fanmission/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { INTERPOLATION } from './interpolation';
import type { Messages } from './locales/ko';

/**
 * The page's language: the `lang` query parameter, else the stored language (`lang` in local storage, `jp` meaning
 * ja), else on a first visit the browser's: the first of its languages the app speaks (ko, en, ja), Korean when it
 * speaks none. web/vite.config.ts's first-view script picks it the same way before any module loads.
 */
export function initialLanguage(): Language {
  const chosen = new URLSearchParams(window.location.search).get('lang') ?? window.localStorage.getItem('lang');
  return chosen === null ? browserLanguage() : normalizeLanguage(chosen);
}

/** The first of the browser's languages (navigator.languages, most wanted first) the app speaks; else Korean. */
export function browserLanguage(
  languages: readonly string[] = navigator.languages.length > 0 ? navigator.languages : [navigator.language],
): Language {
  return languageFromAcceptLanguage(languages.join(','));
}

/** Only the current language's texts are downloaded (a language change reloads the page). */
async function loadMessages(language: Language): Promise<Messages> {
  switch (language) {
    case 'en':
      return (await import('./locales/en')).en;
    case 'ja':
      return (await import('./locales/ja')).ja;
    default:
      return (await import('./locales/ko')).ko;
  }
}

export async function initI18n(language: Language = initialLanguage()): Promise<typeof i18next> {
  document.documentElement.lang = language;
  await i18next.use(initReactI18next).init({
    resources: { [language]: { translation: await loadMessages(language) } },
    lng: language,
    fallbackLng: false,
    interpolation: INTERPOLATION,
    showSupportNotice: false,
  });
  return i18next;
}

/** Changing the language stores it and reloads the page, as the original client does. */
export function changeLanguage(language: Language): void {
  window.localStorage.setItem('lang', language);
  window.location.reload();
}
