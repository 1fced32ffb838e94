import { describe, expect, it } from 'vitest';
import { isAdultAt } from './adult-content';

/** An instant given as Korea-time wall clock (UTC+9). */
const korea = (wallClock: string) => new Date(`${wallClock}+09:00`);

describe('isAdultAt: 19 full years on the Korea-time date', () => {
  it('turns a member adult at the first instant of his 19th birthday in Korea, not a second before', () => {
    expect(isAdultAt('2007-11-27', korea('2026-11-26T23:59:59'))).toBe(false);
    expect(isAdultAt('2007-11-27', korea('2026-11-27T00:00:00'))).toBe(true);
    expect(isAdultAt('2007-11-27', korea('2026-11-28T12:00:00'))).toBe(true);
  });

  it('counts the day in Korea time, whatever the server clock says', () => {
    // 2026-11-26T15:00Z is already the 27th in Korea; 14:59:59Z is still the 26th.
    expect(isAdultAt('2007-11-27', new Date('2026-11-26T15:00:00Z'))).toBe(true);
    expect(isAdultAt('2007-11-27', new Date('2026-11-26T14:59:59Z'))).toBe(false);
  });

  it('keeps an 18-year-old out for the whole year before, and lets an older member in', () => {
    expect(isAdultAt('2008-01-01', korea('2026-12-31T23:59:59'))).toBe(false);
    expect(isAdultAt('2008-01-01', korea('2027-01-01T00:00:00'))).toBe(true);
    expect(isAdultAt('1980-06-15', korea('2026-11-27T10:00:00'))).toBe(true);
  });

  it('lets a member born on 29 February in on 1 March of a year without that day', () => {
    expect(isAdultAt('2008-02-29', korea('2027-02-28T23:59:59'))).toBe(false);
    expect(isAdultAt('2008-02-29', korea('2027-03-01T00:00:00'))).toBe(true);
    expect(isAdultAt('2005-02-28', korea('2024-02-28T00:00:00'))).toBe(true);
  });

  it('never takes an unreadable birth date for an adult', () => {
    expect(isAdultAt('', korea('2026-11-27T10:00:00'))).toBe(false);
    expect(isAdultAt('1990/01/01', korea('2026-11-27T10:00:00'))).toBe(false);
    expect(isAdultAt('1990-01-01', new Date(Number.NaN))).toBe(false);
  });
});
