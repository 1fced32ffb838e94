import { describe, expect, it } from 'vitest';
import { languageFromAcceptLanguage, normalizeLanguage } from './languages';
import { BANKS, BANK_NAMES } from './banks';

describe('normalizeLanguage', () => {
  it('maps jp to ja and unknown values to Korean', () => {
    expect(normalizeLanguage('jp')).toBe('ja');
    expect(normalizeLanguage('ja-JP')).toBe('ja');
    expect(normalizeLanguage('EN')).toBe('en');
    expect(normalizeLanguage('fr')).toBe('ko');
    expect(normalizeLanguage(undefined)).toBe('ko');
  });
});

describe('languageFromAcceptLanguage', () => {
  it('picks the supported language with the highest quality', () => {
    expect(languageFromAcceptLanguage('fr-FR,fr;q=0.9,en;q=0.8,ja;q=0.7')).toBe('en');
    expect(languageFromAcceptLanguage('ja;q=0.5, en;q=0.9')).toBe('en');
    expect(languageFromAcceptLanguage('jp')).toBe('ja');
  });
  it('falls back to Korean when nothing supported is asked for', () => {
    expect(languageFromAcceptLanguage('de,fr;q=0.5')).toBe('ko');
    expect(languageFromAcceptLanguage('')).toBe('ko');
    expect(languageFromAcceptLanguage('en;q=0')).toBe('ko');
  });
});

describe('bank list', () => {
  it('has the 49 banks, securities firms and the post office, each once', () => {
    expect(BANKS).toHaveLength(49);
    expect(new Set(BANK_NAMES).size).toBe(49);
    expect(new Set(BANKS.map((bank) => bank.code)).size).toBe(49);
    expect(BANK_NAMES).toContain('우체국');
  });
});
