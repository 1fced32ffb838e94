import { AGE, COIN_RULES, DEADLINES, SETTLEMENT, SUPPORT_HOURS } from '@fanmission/contracts';
import { describe, expect, test } from 'vitest';
import { LEGAL_CONSTANTS, legalText, type LegalDoc } from './texts';

const DOCS: LegalDoc[] = ['terms', 'privacy', 'operating', 'collect'];
const LANGUAGES = ['ko', 'en', 'ja'] as const;
const fullText = (doc: LegalDoc, language: (typeof LANGUAGES)[number]) =>
  legalText(doc, language)
    .sections.flatMap((section) => [section.heading, ...section.paragraphs])
    .join('\n');

describe('legal texts', () => {
  test('every document has the same sections in ko, en and ja', () => {
    for (const doc of DOCS) {
      const counts = LANGUAGES.map((language) => legalText(doc, language).sections.length);
      expect(new Set(counts).size, doc).toBe(1);
      for (const language of LANGUAGES) {
        for (const section of legalText(doc, language).sections) expect(section.paragraphs.length).toBeGreaterThan(0);
      }
    }
  });

  test.each(LANGUAGES)('the texts carry the spec’s constants (%s)', (language) => {
    const terms = fullText('terms', language);
    for (const value of [
      AGE.minimum,
      COIN_RULES.validityYears,
      COIN_RULES.withdrawalWindowDays,
      DEADLINES.missionPerformDays,
      DEADLINES.customDecisionDays,
      LEGAL_CONSTANTS.termsNoticeDays,
      LEGAL_CONSTANTS.unfavourableTermsNoticeDays,
      LEGAL_CONSTANTS.terminationObjectionDays,
    ]) {
      expect(terms).toContain(String(value));
    }
    expect(terms).toContain(SUPPORT_HOURS.weekdaysFrom);
    const privacy = fullText('privacy', language);
    for (const years of Object.values(LEGAL_CONSTANTS.retention)) expect(privacy).toContain(String(years));
    expect(privacy).toContain(String(LEGAL_CONSTANTS.destructionWithinDays));
    const operating = fullText('operating', language);
    for (const value of [SETTLEMENT.minimumCoins, 60, 70, 80, 15, DEADLINES.objectionAfterBlockDays]) {
      expect(operating).toContain(String(value));
    }
  });
});
