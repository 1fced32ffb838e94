import { describe, expect, it } from 'vitest';
import { formatMessageParameter, formatNumber } from './numbers';

describe('numbers as people read them', () => {
  it('groups thousands whatever the runtime locale', () => {
    expect(formatNumber(1870)).toBe('1,870');
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(-500)).toBe('-500');
    expect(formatNumber(12.5)).toBe('12.5');
  });

  it('groups quantities put into messages and leaves identifiers and texts alone', () => {
    expect(formatMessageParameter('coins', 1000)).toBe('1,000');
    expect(formatMessageParameter(undefined, 1000)).toBe('1,000');
    expect(formatMessageParameter('year', 2026)).toBe(2026);
    expect(formatMessageParameter('id', 1339)).toBe(1339);
    expect(formatMessageParameter('creatorId', 1339)).toBe(1339);
    expect(formatMessageParameter('nonce', 12345)).toBe(12345);
    expect(formatMessageParameter('coins', '1000')).toBe('1000');
  });
});
