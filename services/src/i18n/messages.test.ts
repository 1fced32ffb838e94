import { describe, expect, it } from 'vitest';
import { isMessageKey, translate } from './messages';

describe('translate', () => {
  it('fills placeholders in every language', () => {
    expect(translate('en', 'error.apiPathNotFound', { method: 'GET', path: '/api/x' })).toBe(
      'No API route matches GET /api/x.',
    );
    expect(translate('ko', 'error.apiPathNotFound', { method: 'GET', path: '/api/x' })).toContain('/api/x');
    expect(translate('ja', 'error.validation')).toBe('入力値が正しくありません。');
  });
  it('keeps the literal 403 text the client matches', () => {
    expect(translate('ko', 'error.accessDenied')).toBe('access denied');
  });
  it('knows its keys', () => {
    expect(isMessageKey('error.notFound')).toBe(true);
    expect(isMessageKey('toString')).toBe(false);
  });
});
