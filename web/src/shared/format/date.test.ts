// Dates and deadlines read in Korea time, whatever the browser's zone.
import { describe, expect, test } from 'vitest';
import { formatDotDate, formatDotDateTime, formatDotDay } from './date';

describe('Korea-time dates', () => {
  test('the day and the moment of an instant, midnight as 00', () => {
    expect(formatDotDate('2026-11-29T15:30:00Z')).toBe('2026.11.30');
    expect(formatDotDateTime('2026-11-30T01:30:00.000Z')).toBe('2026.11.30 10:30');
    expect(formatDotDateTime(new Date('2026-11-29T15:00:00Z'))).toBe('2026.11.30 00:00');
  });

  test('a calendar day the API sends as YYYY-MM-DD reads as the app writes days', () => {
    expect(formatDotDay('2026-12-04')).toBe('2026.12.04');
  });
});
