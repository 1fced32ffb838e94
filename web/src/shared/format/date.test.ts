// Dates and deadlines read in Korea time, whatever the browser's zone, written as the reader's language writes them.
import { describe, expect, test } from 'vitest';
import { formatDotDate, formatDotDateTime, formatDotDay, formatMonthDay, formatMonthDayOf } from './date';

describe('Korea-time dates', () => {
  test('the day and the moment of an instant, midnight as 00', () => {
    expect(formatDotDate('2026-11-29T15:30:00Z', 'ko')).toBe('2026.11.30');
    expect(formatDotDateTime('2026-11-30T01:30:00.000Z', 'ko')).toBe('2026.11.30 10:30');
    expect(formatDotDateTime(new Date('2026-11-29T15:00:00Z'), 'ko')).toBe('2026.11.30 00:00');
  });

  test('a calendar day the API sends as YYYY-MM-DD reads as the app writes days', () => {
    expect(formatDotDay('2026-12-04', 'ko')).toBe('2026.12.04');
  });

  test('English and Japanese readers get their own order and the zone of a moment', () => {
    // 15:30 UTC on the 29th is 00:30 on the 30th in Korea: the Korean day, whatever zone this machine is in.
    expect(formatDotDate('2026-11-29T15:30:00Z', 'en')).toBe('Nov 30, 2026');
    expect(formatDotDate('2026-11-29T15:30:00Z', 'ja')).toBe('2026/11/30');
    expect(formatDotDateTime('2026-11-30T01:30:00.000Z', 'en')).toBe('Nov 30, 2026, 10:30 AM KST');
    expect(formatDotDateTime('2026-11-30T05:05:00.000Z', 'ja')).toBe('2026/11/30 14:05（韓国時間）');
    expect(formatDotDay('2026-12-04', 'en')).toBe('Dec 4, 2026');
    expect(formatDotDay('2026-12-04', 'ja')).toBe('2026/12/04');
  });

  test('no date stays "Invalid Date" in every language', () => {
    for (const language of ['ko', 'en', 'ja']) expect(formatDotDate('nothing', language)).toBe('Invalid Date');
  });

  test('a month and day where the year goes without saying', () => {
    expect(formatMonthDay('2026-09-09', 'ko')).toBe('09.09');
    expect(formatMonthDay('2026-09-09', 'en')).toBe('Sep 9');
    expect(formatMonthDay('2026-09-09', 'ja')).toBe('09/09');
    expect(formatMonthDayOf('2026-11-29T15:30:00Z', 'ko')).toBe('11.30');
    expect(formatMonthDayOf('2026-11-29T15:30:00Z', 'en')).toBe('Nov 30');
  });
});
