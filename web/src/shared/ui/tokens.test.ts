// The brand's colours pass WCAG 2.2 AA contrast where the screens use them, and the shell's CSS, the manifest and
// index.html carry the same values as tokens.ts.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { contrastRatio } from '@fanmission/contracts';
import { colours } from './tokens';

const read = (relative: string) => readFileSync(new URL(relative, import.meta.url), 'utf8');

describe('brand colour tokens', () => {
  test('contrast ratios (text 4.5:1; the original pink did not pass)', () => {
    expect(contrastRatio('#ff3d6e', '#ffffff')).toBeLessThan(4.5);
    for (const background of [colours.paper, colours.background, colours.headerTint]) {
      expect(contrastRatio(colours.primary, background)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(colours.primaryDark, background)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(colours.text, background)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(colours.textSecondary, background)).toBeGreaterThanOrEqual(4.5);
      // Non-text contrast of the focus ring (3:1).
      expect(contrastRatio(colours.focusRing, background)).toBeGreaterThanOrEqual(3);
    }
    expect(contrastRatio('#ffffff', colours.primary)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#ffffff', colours.secondary)).toBeGreaterThanOrEqual(4.5);
  });

  test('shell.css, the manifest and index.html use the tokens', () => {
    const css = read('../../app/shell.css');
    const variables: Record<string, string> = {
      '--primary': colours.primary,
      '--primary-dark': colours.primaryDark,
      '--accent': colours.accent,
      '--text': colours.text,
      '--text-secondary': colours.textSecondary,
      '--background': colours.background,
      '--header-tint': colours.headerTint,
      '--focus-ring': colours.focusRing,
    };
    for (const [name, value] of Object.entries(variables)) expect(css).toContain(`${name}: ${value};`);
    const manifest = JSON.parse(read('../../../public/manifest.webmanifest')) as Record<string, unknown>;
    expect(manifest.theme_color).toBe(colours.primary);
    expect(manifest.background_color).toBe(colours.background);
    expect(read('../../../index.html')).toContain(`<meta name="theme-color" content="${colours.primary}" />`);
  });
});
