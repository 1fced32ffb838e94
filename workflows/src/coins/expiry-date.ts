// Korea-time calendar dates for the daily coin expiry. Pure arithmetic (Korea has kept UTC+9 without daylight saving
// since 1988), so the workflow can use it deterministically and the activity agrees with it.

import { KOREA_OFFSET_MS, koreaDate } from '@fanmission/contracts/time';

export const COIN_EXPIRY_TIME_ZONE = 'Asia/Seoul';
const CALENDAR_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export function isCalendarDate(value: string): boolean {
  return CALENDAR_DATE.test(value) && koreaDate(expiryAsOf(value)) === value;
}

/**
 * The instant a day's expiry run expires lots as of: the start of that day in Korea. A fixed instant per date keeps
 * the run idempotent (the ledger refuses one key with two different instants); a lot whose 5 years end later that
 * day expires in the next day's run.
 */
export function expiryAsOf(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - KOREA_OFFSET_MS);
}
