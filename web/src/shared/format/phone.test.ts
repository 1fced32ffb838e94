import { describe, expect, test } from 'vitest';
import { formatPhoneNumber } from './phone';

describe('phone numbers as people write them', () => {
  test('mobile, Seoul and other areas, with or without hyphens', () => {
    expect(formatPhoneNumber('01055557777')).toBe('010-5555-7777');
    expect(formatPhoneNumber('010-5555-7777')).toBe('010-5555-7777');
    expect(formatPhoneNumber('0115557777')).toBe('011-555-7777');
    expect(formatPhoneNumber('0255557777')).toBe('02-5555-7777');
    expect(formatPhoneNumber('0315557777')).toBe('031-555-7777');
  });

  test('anything else as it was given', () => {
    expect(formatPhoneNumber('+82 10 5555 7777')).toBe('+82 10 5555 7777');
    expect(formatPhoneNumber('0105')).toBe('0105');
    expect(formatPhoneNumber('')).toBe('');
  });
});
