import { DARK_TEXT_COLOUR } from '@fanmission/contracts';

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
  text: DARK_TEXT_COLOUR,
  textSecondary: '#5f5f64',
  background: '#fafafa',
  paper: '#ffffff',
  headerTint: '#fff4f7',
  focusRing: '#1a56db',
} as const;
