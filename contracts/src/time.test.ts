import { describe, expect, it } from 'vitest';
import {
  koreaDaysLeft,
  INVALID_DATE_TEXT,
  addBusinessDays,
  formatDay,
  formatKoreaDay,
  formatKoreaMoment,
  formatKoreaTime,
  koreaDate,
  koreaPeriod,
} from './time';

describe('Korea time', () => {
  it('bounds a month and a year at midnight in Korea (15:00 UTC the day before)', () => {
    expect(koreaPeriod(2026, 3)).toEqual({
      from: new Date('2026-02-28T15:00:00Z'),
      to: new Date('2026-03-31T15:00:00Z'),
    });
    expect(koreaPeriod(2026, 12).to).toEqual(new Date('2026-12-31T15:00:00Z'));
    expect(koreaPeriod(2024)).toEqual({
      from: new Date('2023-12-31T15:00:00Z'),
      to: new Date('2024-12-31T15:00:00Z'),
    });
  });

  it('names the Korean date and wall-clock time of an instant', () => {
    expect(koreaDate(new Date('2026-02-28T15:00:00Z'))).toBe('2026-03-01');
    expect(koreaDate(new Date('2026-02-28T14:59:59Z'))).toBe('2026-02-28');
  });

  it('writes days and moments one way, as people read them, in Korea time', () => {
    expect(formatKoreaDay(new Date('2026-02-28T15:00:00Z'))).toBe('2026.03.01');
    expect(formatKoreaMoment(new Date('2026-03-08T14:59:00Z'))).toBe('2026.03.08 23:59');
    expect(formatKoreaTime(new Date('2026-03-08T01:00:00Z'))).toBe('2026.03.08 10:00 KST');
    expect(formatDay('2026-12-10')).toBe('2026.12.10');
  });

  it('answers an instant that is no date without throwing, with a text that is never a calendar date', () => {
    for (const instant of [new Date(''), new Date(Number.NaN), new Date(8.64e15 + 1), new Date(8.64e15)]) {
      expect(koreaDate(instant)).toBe(INVALID_DATE_TEXT);
      expect(formatKoreaTime(instant)).toBe(INVALID_DATE_TEXT);
      expect(formatKoreaDay(instant)).toBe(INVALID_DATE_TEXT);
      expect(formatKoreaMoment(instant)).toBe(INVALID_DATE_TEXT);
    }
  });

  it('counts business days in Korea, skipping weekends', () => {
    // Tuesday → Friday; Friday → Wednesday; a Saturday request counts from Monday.
    expect(addBusinessDays(new Date('2026-03-10T03:00:00Z'), 3)).toBe('2026-03-13');
    expect(addBusinessDays(new Date('2026-03-13T03:00:00Z'), 3)).toBe('2026-03-18');
    expect(addBusinessDays(new Date('2026-03-14T03:00:00Z'), 3)).toBe('2026-03-18');
    // Friday 23:30 in Korea is still Friday there, though Friday 14:30 UTC.
    expect(addBusinessDays(new Date('2026-03-13T14:30:00Z'), 3)).toBe('2026-03-18');
    // Saturday 00:30 in Korea (Friday 15:30 UTC).
    expect(addBusinessDays(new Date('2026-03-13T15:30:00Z'), 3)).toBe('2026-03-18');
  });
});

describe('koreaDaysLeft', () => {
  it('counts a deadline’s D-day in Korea-time calendar days, the same n the fan and the creator read', () => {
    // A 10-day deadline taken at 11.29 02:39 KST falls on 12.09 02:39 KST: D-10, not D-9.
    expect(koreaDaysLeft(new Date('2026-12-08T17:39:00Z'), new Date('2026-11-28T17:39:00Z'))).toBe(10);
    // A few minutes later the same day it is still D-10; just past midnight KST it is D-9.
    expect(koreaDaysLeft(new Date('2026-12-08T17:39:00Z'), new Date('2026-11-28T17:45:00Z'))).toBe(10);
    expect(koreaDaysLeft(new Date('2026-12-08T17:39:00Z'), new Date('2026-11-29T15:00:00Z'))).toBe(9);
    // Its own day is D-0 until the moment passes; then it is past (-1).
    expect(koreaDaysLeft(new Date('2026-12-08T17:39:00Z'), new Date('2026-12-08T15:00:00Z'))).toBe(0);
    expect(koreaDaysLeft(new Date('2026-12-08T17:39:00Z'), new Date('2026-12-08T17:40:00Z'))).toBe(-1);
  });
});
