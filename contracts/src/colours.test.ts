import { describe, expect, it } from 'vitest';
import { contrastRatio, DARK_TEXT_COLOUR, hexColour, readableTextColour } from './colours';

describe('hexColour', () => {
  it('reads 3 and 6 digits, with or without the #, as #rrggbb', () => {
    expect(hexColour('c00', '#ffffff')).toBe('#cc0000');
    expect(hexColour('#Fa0', '#ffffff')).toBe('#FFaa00');
    expect(hexColour('1d1d1f', '#ffffff')).toBe('#1d1d1f');
    expect(hexColour('#000000', '#ffffff')).toBe('#000000');
    expect(hexColour(null, '#ffffff')).toBe('#ffffff');
  });
});

describe('the popup button rule with 3-digit colours', () => {
  it('keeps a 3-digit text colour that reads, and shows white on a 3-digit black or dark red button', () => {
    expect(contrastRatio(hexColour('#000', ''), hexColour('#fff', ''))).toBeCloseTo(21);
    expect(readableTextColour(hexColour('fff', ''), hexColour('000', ''), DARK_TEXT_COLOUR)).toBe('#ffffff');
    // Dark text on dark red does not read: white does.
    expect(readableTextColour(hexColour('111', ''), hexColour('c00', ''), DARK_TEXT_COLOUR)).toBe('#ffffff');
  });
});
