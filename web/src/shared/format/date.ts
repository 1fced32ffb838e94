import {
  formatDay,
  formatKoreaDay,
  formatKoreaMoment,
  INVALID_DATE_TEXT,
  normalizeLanguage,
} from '@fanmission/contracts';
import i18next from 'i18next';

// The app's dates, always in Korea time (the service's calendar), whatever zone the phone's clock is set to, and
// written as the reader's language writes them: Korean as the product writes them everywhere
// (contracts/src/time.ts: `2026.11.29`, `2026.11.29 10:30`), English `Nov 29, 2026` and `Nov 29, 2026, 10:30 AM
// KST`, Japanese `2026/11/29` and `2026/11/29 10:30（韓国時間）`. A Korean reader reads an unlabelled time as Korea
// time; a reader of another language is told the zone.

const KOREA_ZONE = 'Asia/Seoul';

const instantOf = (instant: string | Date): Date => (instant instanceof Date ? instant : new Date(instant));

/** The page's language (i18next's, one per page load), Korean before the texts are loaded. */
const pageLanguage = (): string => normalizeLanguage(i18next.language);

const DAY_OPTIONS: Record<'en' | 'ja', Intl.DateTimeFormatOptions> = {
  en: { year: 'numeric', month: 'short', day: 'numeric' },
  ja: { year: 'numeric', month: '2-digit', day: '2-digit' },
};
const MONTH_DAY_OPTIONS: Record<'en' | 'ja', Intl.DateTimeFormatOptions> = {
  en: { month: 'short', day: 'numeric' },
  ja: { month: '2-digit', day: '2-digit' },
};
const TIME_OPTIONS: Record<'en' | 'ja', Intl.DateTimeFormatOptions> = {
  en: { hour: 'numeric', minute: '2-digit' },
  ja: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
};
const LOCALES = { en: 'en-US', ja: 'ja-JP' } as const;
/** How a moment's zone is written after it. */
const ZONE_LABELS = { en: ' KST', ja: '（韓国時間）' } as const;

/** Intl's text with its narrow and no-break spaces as plain spaces (ICU puts U+202F before "AM"). */
function intlText(format: Intl.DateTimeFormat, date: Date): string {
  return format.format(date).replace(/[\u202f\u00a0]/g, ' ');
}

function foreignText(
  language: 'en' | 'ja',
  date: Date,
  withTime: boolean,
  timeZone: string,
  day: Record<'en' | 'ja', Intl.DateTimeFormatOptions> = DAY_OPTIONS,
): string {
  if (Number.isNaN(date.getTime())) return INVALID_DATE_TEXT;
  const options = withTime ? { ...day[language], ...TIME_OPTIONS[language] } : day[language];
  const text = intlText(new Intl.DateTimeFormat(LOCALES[language], { ...options, timeZone }), date);
  return withTime ? `${text}${ZONE_LABELS[language]}` : text;
}

/** The Korea-time day of an instant: `2026.11.22`, `Nov 22, 2026`, `2026/11/22`. */
export function formatDotDate(instant: string | Date, language: string = pageLanguage()): string {
  const reader = normalizeLanguage(language);
  const date = instantOf(instant);
  return reader === 'ko' ? formatKoreaDay(date) : foreignText(reader, date, false, KOREA_ZONE);
}

/** A Korea-time calendar day as the API sends it, `YYYY-MM-DD`: `2026.12.04`, `Dec 4, 2026`, `2026/12/04`. */
export function formatDotDay(day: string, language: string = pageLanguage()): string {
  const reader = normalizeLanguage(language);
  if (reader === 'ko') return formatDay(day);
  // The day itself, whatever the zone: read as UTC midnight and written in UTC.
  return foreignText(reader, new Date(`${day}T00:00:00Z`), false, 'UTC');
}

/** The Korea-time moment of an instant: `2026.11.30 10:30`, `Nov 30, 2026, 10:30 AM KST`, `2026/11/30 10:30（韓国時間）`. */
export function formatDotDateTime(instant: string | Date, language: string = pageLanguage()): string {
  const reader = normalizeLanguage(language);
  const date = instantOf(instant);
  return reader === 'ko' ? formatKoreaMoment(date) : foreignText(reader, date, true, KOREA_ZONE);
}

/** The month and day of a Korea-time day (`YYYY-MM-DD`) where the year goes without saying: `09.09`, `Sep 9`, `09/09`. */
export function formatMonthDay(day: string, language: string = pageLanguage()): string {
  const reader = normalizeLanguage(language);
  if (reader === 'ko') return formatDay(day).slice(5);
  return foreignText(reader, new Date(`${day}T00:00:00Z`), false, 'UTC', MONTH_DAY_OPTIONS);
}

/** The month and day of an instant in Korea time: `11.30`, `Nov 30`, `11/30`. */
export function formatMonthDayOf(instant: string | Date, language: string = pageLanguage()): string {
  const date = instantOf(instant);
  if (Number.isNaN(date.getTime())) return INVALID_DATE_TEXT;
  return formatMonthDay(formatKoreaDay(date).replaceAll('.', '-'), language);
}
