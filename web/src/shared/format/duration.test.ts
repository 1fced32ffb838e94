import { describe, expect, test } from 'vitest';
import { unitAmount } from './duration';

describe('an amount of days or hours as the reader writes it', () => {
  test('Korean and Japanese with the unit right after the number, English with a space and a plural', () => {
    expect(unitAmount('ko', 5.7, 'day', 1)).toBe('5.7일');
    expect(unitAmount('ja', 5.7, 'day', 1)).toBe('5.7日');
    expect(unitAmount('ja', 5, 'hour')).toBe('5時間');
    expect(unitAmount('en', 5.7, 'day', 1)).toBe('5.7 days');
    expect(unitAmount('en', 1, 'hour')).toBe('1 hour');
  });
});
