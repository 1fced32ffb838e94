import { normalizeLanguage, type Language } from '@fanmission/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { INTERPOLATION } from './interpolation';
import type { Messages } from './locales/ko';

/** The stored language (`lang` in local storage, `jp` meaning ja) or the `lang` query parameter; Korean by default. */
export function initialLanguage(): Language {
  const fromQuery = new URLSearchParams(window.location.search).get('lang');
  return normalizeLanguage(fromQuery ?? window.localStorage.getItem('lang'));
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
