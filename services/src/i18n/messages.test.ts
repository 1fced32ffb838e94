import { describe, expect, it } from 'vitest';
import { CATALOG_SOURCES, isMessageKey, translate } from './messages';

describe('translate', () => {
  it('fills placeholders in every language', () => {
    expect(translate('en', 'error.apiPathNotFound', { method: 'GET', path: '/api/x' })).toBe(
      'No API route matches GET /api/x.',
    );
    expect(translate('ko', 'error.apiPathNotFound', { method: 'GET', path: '/api/x' })).toContain('/api/x');
    expect(translate('ja', 'error.validation')).toBe('入力値が正しくありません。');
  });
  it('groups the quantities put into a message, whatever the server’s locale', () => {
    expect(translate('en', 'approvals.bonusDailyCapExceeded', { cap: 10000, granted: 9500, coins: 1500 })).toBe(
      "Today's free-coin cap of 10,000 coins would be exceeded: 9,500 are granted and this grant is 1,500. Nothing was granted.",
    );
  });
  it('keeps the literal 403 text the client matches', () => {
    expect(translate('ko', 'error.accessDenied')).toBe('access denied');
  });
  it('knows its keys', () => {
    expect(isMessageKey('error.notFound')).toBe(true);
    expect(isMessageKey('toString')).toBe(false);
  });
});

describe('catalogue', () => {
  it('has no key defined by two modules (a later spread would silently win)', () => {
    const owners = new Map<string, string>();
    const clashes: string[] = [];
    for (const [module, messages] of Object.entries(CATALOG_SOURCES)) {
      for (const key of Object.keys(messages)) {
        const owner = owners.get(key);
        if (owner) clashes.push(`${key}: ${owner} and ${module}`);
        owners.set(key, module);
      }
    }
    expect(clashes).toEqual([]);
  });
  it('has a non-empty text in every language for every key', () => {
    const missing = Object.values(CATALOG_SOURCES).flatMap((messages) =>
      Object.entries(messages).flatMap(([key, texts]) =>
        (['ko', 'en', 'ja'] as const).filter((language) => !texts[language]?.trim()).map((l) => `${key}.${l}`),
      ),
    );
    expect(missing).toEqual([]);
  });
});
