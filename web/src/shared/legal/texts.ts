// The collection notice in ko, en and ja (./legal-constants.ts). Loaded only by the legal pages (their own chunk).
import type { Language } from '@fanmission/contracts';
import type { LegalText } from './legal-constants';
import { en } from './texts-en';
import { ja } from './texts-ja';
import { ko } from './texts-ko';

export { LEGAL_CONSTANTS, type LegalDoc, type LegalSection, type LegalText } from './legal-constants';

const texts: Record<Language, LegalText> = { ko, en, ja };

export function collectNotice(language: Language): LegalText {
  return texts[language];
}
