import { formatDay, formatKoreaDay, formatKoreaMoment } from '@fanmission/contracts';

// The app's dates, written as the product writes them everywhere (contracts/src/time.ts): in Korea time, whatever
// the browser's zone.

const instantOf = (instant: string | Date): Date => (instant instanceof Date ? instant : new Date(instant));

/** `YYYY.MM.DD` of an instant in Korea time (the service's calendar), e.g. `2026.11.22`. */
export const formatDotDate = (instant: string | Date): string => formatKoreaDay(instantOf(instant));

/** A Korea-time calendar day as the API sends it, `YYYY-MM-DD`, as the app writes days: `YYYY.MM.DD`. */
export const formatDotDay = formatDay;

/** `YYYY.MM.DD HH:mm` of an instant in Korea time, e.g. `2026.11.30 10:30` (a deadline's moment). */
export const formatDotDateTime = (instant: string | Date): string => formatKoreaMoment(instantOf(instant));
