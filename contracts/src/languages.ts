import { z } from 'zod';

export const SUPPORTED_LANGUAGES = ['ko', 'en', 'ja'] as const;
export const languageSchema = z.enum(SUPPORTED_LANGUAGES);
export type Language = z.infer<typeof languageSchema>;
export const DEFAULT_LANGUAGE: Language = 'ko';

/** Labels of the language menu, in the order the spec lists them. */
export const LANGUAGE_MENU: ReadonlyArray<{ language: Language; label: string }> = [
  { language: 'ko', label: 'KOREAN' },
  { language: 'en', label: 'ENGLISH' },
  { language: 'ja', label: 'JAPANESE' },
];

/** Maps a stored or query value to a supported language: `jp` is Japanese, anything unknown is Korean. */
export function normalizeLanguage(value: string | null | undefined): Language {
  const primary = (value ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (primary === 'jp') return 'ja';
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(primary) ? (primary as Language) : DEFAULT_LANGUAGE;
}

/**
 * Picks the caller's language from an Accept-Language header ("en-US,en;q=0.9,ko;q=0.8"): the supported language
 * with the highest quality wins; no supported language means Korean.
 */
export function languageFromAcceptLanguage(header: string | null | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const quality = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), quality: quality ? Number(quality.slice(2)) : 1, index };
    })
    .filter((entry) => entry.tag.length > 0 && Number.isFinite(entry.quality) && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { tag } of ranked) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (primary === 'jp' || (SUPPORTED_LANGUAGES as readonly string[]).includes(primary ?? '')) {
      return normalizeLanguage(primary);
    }
  }
  return DEFAULT_LANGUAGE;
}
