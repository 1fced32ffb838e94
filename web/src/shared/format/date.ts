/** The parts of an instant's Korea-time wall clock (the service's calendar), by type. */
function koreaParts(instant: string | Date): (type: Intl.DateTimeFormatPartTypes) => string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Seoul',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  return (type) => parts.find((entry) => entry.type === type)?.value ?? '';
}

/** `YYYY.MM.DD` of an instant in Korea time (the service's calendar), e.g. `2026.11.22`. */
export function formatDotDate(instant: string | Date): string {
  const part = koreaParts(instant);
  return `${part('year')}.${part('month')}.${part('day')}`;
}

/** A Korea-time calendar day as the API sends it, `YYYY-MM-DD`, as the app writes days: `YYYY.MM.DD`. */
export function formatDotDay(day: string): string {
  return day.replaceAll('-', '.');
}

/** `YYYY.MM.DD HH:mm` of an instant in Korea time, e.g. `2026.11.30 10:30` (a deadline's moment). */
export function formatDotDateTime(instant: string | Date): string {
  const part = koreaParts(instant);
  return `${part('year')}.${part('month')}.${part('day')} ${part('hour')}:${part('minute')}`;
}
