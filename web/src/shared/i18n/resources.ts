// Every language's texts at once, for tests; the app loads only the current language (./i18n.ts).
import { en } from './locales/en';
import { ja } from './locales/ja';
import { ko } from './locales/ko';

export type { Messages } from './locales/ko';
export const resources = { ko: { translation: ko }, en: { translation: en }, ja: { translation: ja } };
