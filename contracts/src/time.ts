// Durations and Korea-time calendar dates, shared by the ledger, the services and the workflows. Pure arithmetic with
// no imports, so workflow code can use it deterministically (import it as `@fanmission/contracts/time` there).

/** One day in milliseconds. */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** `n` days in milliseconds. */
export const days = (n: number): number => n * DAY_MS;

/*
 * Korea time (Asia/Seoul) is UTC+9 all year round: no daylight saving since 1988, so plain arithmetic is exact and
 * no time-zone database is needed.
 */
export const KOREA_OFFSET_MS = 9 * 60 * 60 * 1000;

/** The instants [from, to) of a month (or, without a month, a whole year) in Korea time. */
export function koreaPeriod(year: number, month?: number): { from: Date; to: Date } {
  const start = month === undefined ? Date.UTC(year, 0, 1) : Date.UTC(year, month - 1, 1);
  const end = month === undefined ? Date.UTC(year + 1, 0, 1) : Date.UTC(year, month, 1);
  return { from: new Date(start - KOREA_OFFSET_MS), to: new Date(end - KOREA_OFFSET_MS) };
}

/** What the Korea-time helpers give for an instant that is no date (`new Date('')`), as Date's own toString does. */
export const INVALID_DATE_TEXT = 'Invalid Date';

/** The instant shifted to Korea time as an ISO string, or null when it is no date or outside ISO's years. */
function koreaIso(instant: Date): string | null {
  const shifted = new Date(instant.getTime() + KOREA_OFFSET_MS);
  return Number.isNaN(shifted.getTime()) ? null : shifted.toISOString();
}

/**
 * The Korea-time calendar date of an instant, YYYY-MM-DD. Safe for any input: an invalid Date gives
 * `INVALID_DATE_TEXT`, which is never a calendar date, so a check comparing it with one fails instead of throwing.
 */
export function koreaDate(instant: Date): string {
  return koreaIso(instant)?.slice(0, 10) ?? INVALID_DATE_TEXT;
}

/**
 * The D-day of a deadline as Korean readers count it: Korea-time calendar days from `now`'s date to `due`'s date (a
 * deadline at 12.09 02:39 seen at 11.29 02:39 is D-10; 0 on its own day); -1 once the deadline has passed.
 */
export function koreaDaysLeft(due: Date, now: Date): number {
  if (due.getTime() < now.getTime()) return -1;
  const day = (instant: Date) => Math.floor((instant.getTime() + KOREA_OFFSET_MS) / DAY_MS);
  return day(due) - day(now);
}

/*
 * How people read dates, everywhere the product writes one (pages, console, mails, notifications): a day as
 * `2026.11.29`, a moment as `2026.11.29 10:00`, both in Korea time; a moment told outside the app (a mail, a message
 * the server words) is labelled `KST`. The web app writes them for readers of English and Japanese in their own order
 * with the zone (web/src/shared/format/date.ts). A lottery event's own days read `11/29` beside its title
 * (web/src/shared/lottery-event/event-status.ts). Dates a machine reads (the API, CSV, file names) stay ISO.
 */

/** A Korea-time calendar day as the API sends it, `YYYY-MM-DD`, as people read it: `2026.11.29`. */
export const formatDay = (day: string): string => day.replaceAll('-', '.');

/** The Korea-time day of an instant as people read it: `2026.11.29` (`INVALID_DATE_TEXT` for no date). */
export function formatKoreaDay(instant: Date): string {
  const local = koreaIso(instant);
  return local === null ? INVALID_DATE_TEXT : formatDay(local.slice(0, 10));
}

/** An instant's Korea-time day and wall clock as people read it: `2026.11.29 10:00` (`INVALID_DATE_TEXT` for no date). */
export function formatKoreaMoment(instant: Date): string {
  const local = koreaIso(instant);
  return local === null ? INVALID_DATE_TEXT : `${formatDay(local.slice(0, 10))} ${local.slice(11, 16)}`;
}

/** An instant as a message outside the app tells it: `2026.11.29 10:00 KST` (`INVALID_DATE_TEXT` for no date). */
export function formatKoreaTime(instant: Date): string {
  const moment = formatKoreaMoment(instant);
  return moment === INVALID_DATE_TEXT ? moment : `${moment} KST`;
}

/**
 * The Korea-time date `days` business days after the day of `instant`. Weekends are skipped; public holidays are
 * not known here and count as business days, so the date errs on the early side, never the late one.
 */
export function addBusinessDays(instant: Date, days: number): string {
  let day = Date.parse(`${koreaDate(instant)}T00:00:00Z`);
  let counted = 0;
  while (counted < days) {
    day += DAY_MS;
    const weekday = new Date(day).getUTCDay();
    if (weekday !== 0 && weekday !== 6) counted += 1;
  }
  return new Date(day).toISOString().slice(0, 10);
}
