import { AGE, COIN_RULES, DEADLINES, PROVIDER_PAY_METHODS, SETTLEMENT, SUPPORT_HOURS } from '@fanmission/contracts';
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

  test.each(LANGUAGES)('the terms name every way to charge coins the app offers (%s)', (language) => {
    const names = {
      ko: ['카드', '카카오페이', '휴대폰 결제', 'PayPal', '무통장 입금'],
      en: ['card', 'KakaoPay', 'mobile phone billing', 'PayPal', 'bank deposit'],
      ja: ['カード', 'KakaoPay', '携帯電話決済', 'PayPal', '銀行振込'],
    }[language];
    // One name for each provider method (kakaopay, card, phone, paypal) and the bank deposit.
    expect(names).toHaveLength(PROVIDER_PAY_METHODS.length + 1);
    const terms = fullText('terms', language);
    for (const name of names) expect(terms).toContain(name);
  });
});
