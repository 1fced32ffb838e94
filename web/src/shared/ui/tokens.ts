/**
 * The brand's colours, in one place: the component library's theme (./theme.ts), the shell's CSS custom properties
 * (app/shell.css, checked equal by tokens.test.ts), the web app manifest and `<meta name="theme-color">`.
 *
 * The original pink (#ff3d6e) reaches only 3.4:1 against white, below WCAG 2.2 AA's 4.5:1 for text; `primary` is the
 * same hue darkened until white text on it and it on the light backgrounds pass (tokens.test.ts). The original stays
 * as `accent` for decoration only (gradients, borders, icons next to a text label).
 */
export const colours = {
  primary: '#d6245a',
  primaryDark: '#b81d4c',
  accent: '#ff3d6e',
  secondary: '#5b3cc4',
  text: '#1d1d1f',
  textSecondary: '#5f5f64',
  background: '#fafafa',
  paper: '#ffffff',
  headerTint: '#fff4f7',
  focusRing: '#1a56db',
} as const;

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

/** Black or white, whichever reads better on `background` (operator-chosen colours such as a popup's button). */
export function readableTextOn(background: string): '#ffffff' | '#1d1d1f' {
  return contrastRatio('#ffffff', background) >= contrastRatio(colours.text, background) ? '#ffffff' : colours.text;
}
