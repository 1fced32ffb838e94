import { MISSION_THUMBNAIL_PLACEHOLDERS } from '@fanmission/contracts';

/**
 * One of the 5 placeholder images for a mission without a thumbnail, chosen by the mission id so a
 * card keeps its picture across renders and pages.
 */
export function placeholderThumbnail(missionId: number): string {
  const index = (Math.abs(Math.trunc(missionId)) % MISSION_THUMBNAIL_PLACEHOLDERS) + 1;
  return `/images/mission-placeholder-${index}.svg`;
}

/**
 * Background colours of the initials avatars and of the frames that hold a picture while it loads; white text on each
 * reaches WCAG 2.2 AA's 4.5:1 (media.test.ts).
 */
export const PLACEHOLDER_COLOURS = [
  '#b81d4c',
  '#5b3cc4',
  '#1f6783',
  '#2e6b30',
  '#9a4a00',
  '#7a3e9d',
  '#00695c',
  '#a3245f',
] as const;

/** The same colour for the same seed (a creator's id or name) on every render and every page. */
export function placeholderColour(seed: string | number): string {
  let hash = 2166136261;
  for (const char of String(seed)) hash = Math.imul(hash ^ char.codePointAt(0)!, 16777619);
  return PLACEHOLDER_COLOURS[(hash >>> 0) % PLACEHOLDER_COLOURS.length]!;
}

/**
 * Up to two letters for an avatar: the first letters of the first two words of a Latin name ("Mina Park" → "MP"),
 * the first character of a single word ("mina" → "M", "김민지" → "김").
 */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = (word: string) => Array.from(word)[0]!.toLocaleUpperCase();
  const latin = (word: string) => /^[A-Za-z]/.test(word);
  if (words.length >= 2 && latin(words[0]!) && latin(words[1]!)) return first(words[0]!) + first(words[1]!);
  return first(words[0]!);
}

/** A light tint of the seed's colour, behind a picture drawn as a background while it loads. */
export function placeholderTint(seed: string | number): string {
  return `${placeholderColour(seed)}33`;
}
