import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';
import { consoleEn } from './console-en';
import { consoleKo } from './console-ko';
import { raKorean } from './ra-ko';

type Messages = Record<string, unknown>;

/** Deep merge: Korean over English, so a react-admin key without a Korean text still reads in English. */
function merge(base: Messages, over: Messages): Messages {
  const result: Messages = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = result[key];
    result[key] =
      value && typeof value === 'object' && current && typeof current === 'object'
        ? merge(current as Messages, value as Messages)
        : value;
  }
  return result;
}

export const LOCALES = [
  { locale: 'ko', name: '한국어' },
  { locale: 'en', name: 'English' },
] as const;
export type ConsoleLocale = (typeof LOCALES)[number]['locale'];

const messages: Record<ConsoleLocale, TranslationMessages> = {
  ko: merge(merge(englishMessages as unknown as Messages, raKorean), consoleKo) as unknown as TranslationMessages,
  en: merge(englishMessages as unknown as Messages, consoleEn) as unknown as TranslationMessages,
};

/** ko (default) and en, through react-admin's i18n provider; the choice is remembered by react-admin's store. */
export const i18nProvider = polyglotI18nProvider(
  (locale) => messages[(locale as ConsoleLocale) in messages ? (locale as ConsoleLocale) : 'ko'],
  'ko',
  [...LOCALES],
  { allowMissing: true },
);
