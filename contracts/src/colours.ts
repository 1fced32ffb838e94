/*
 * Colour contrast (WCAG 2.2): the web app's brand colours are checked with it, and a popup's button shows the
 * operator's text colour only where it reads on his button colour; the console warns the operator of the same rule.
 */

/** The web app's text colour: what it shows on a light button in place of an unreadable chosen colour. */
export const DARK_TEXT_COLOUR = '#1d1d1f';

/** The contrast text needs against its background (WCAG 2.2 AA, normal text). */
export const MIN_TEXT_CONTRAST = 4.5;

/** Relative luminance of a #rrggbb colour (WCAG 2.2). */
export function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((index) => parseInt(hex.slice(index, index + 2), 16) / 255)
    .map((value) => (value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * A colour stored with or without its leading '#', in 3 or 6 hex digits (HEX_COLOUR_PATTERN), as #rrggbb (`#c00` is
 * `#cc0000`); `fallback` when none is stored.
 */
export function hexColour(value: string | null | undefined, fallback: string): string {
  if (!value) return fallback;
  const digits = value.startsWith('#') ? value.slice(1) : value;
  return `#${digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits}`;
}

/**
 * The text colour shown on an operator-chosen background (a popup's button): the operator's own when it reads there
 * (MIN_TEXT_CONTRAST), else white or `dark`, whichever reads better.
 */
export function readableTextColour(chosen: string, background: string, dark: string): string {
  if (contrastRatio(chosen, background) >= MIN_TEXT_CONTRAST) return chosen;
  return contrastRatio('#ffffff', background) >= contrastRatio(dark, background) ? '#ffffff' : dark;
}
