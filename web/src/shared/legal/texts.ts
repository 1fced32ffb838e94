// The legal texts in ko, en and ja, written from the product's business constants (./legal-constants.ts). Loaded only
// by the legal pages and the terms modals (its own chunk).
import type { Language } from '@fanmission/contracts';
import { type LegalDoc, type LegalText } from './legal-constants';
import { en } from './texts-en';
import { ja } from './texts-ja';
import { ko } from './texts-ko';

export { LEGAL_CONSTANTS, type LegalDoc, type LegalSection, type LegalText } from './legal-constants';

const texts: Record<Language, Record<LegalDoc, LegalText>> = { ko, en, ja };

export function legalText(doc: LegalDoc, language: Language): LegalText {
  return texts[language][doc];
}
