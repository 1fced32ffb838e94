/** `YYYY.MM.DD` of an instant in Korea time (the service's calendar), e.g. `2026.11.22`. */
export function formatDotDate(instant: string | Date): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Seoul',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}.${part('month')}.${part('day')}`;
}

/** `YYYY.MM.DD HH:mm` of an instant in Korea time, e.g. `2026.11.30 10:30` (a deadline's moment). */
export function formatDotDateTime(instant: string | Date): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Seoul',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
  return `${formatDotDate(date)} ${time}`;
}
