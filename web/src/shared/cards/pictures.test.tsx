// @vitest-environment jsdom
// Pictures never show as grey boxes: a person without a picture (or with the default one, or one that fails to load)
// gets their initials on a colour chosen from their id, the same on every render, with white text readable on it;
// a card's picture sits in a coloured frame of its aspect ratio while it loads.
import { contrastRatio, DEFAULT_PROFILE_IMAGE } from '@fanmission/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import { cleanupApp } from '@fanmission/tests/support/web/render';
import { initialsOf, placeholderColour, PLACEHOLDER_COLOURS } from './media';
import { AvatarLink, CardImage, InitialsAvatar } from './pictures';

const toHex = (rgb: string) =>
  '#' +
  (rgb.match(/\d+/g) ?? [])
    .slice(0, 3)
    .map((part) => Number(part).toString(16).padStart(2, '0'))
    .join('');

describe('initials avatars', () => {
  afterEach(() => cleanupApp());

  test('initials: two Latin words give two letters, one word or a Korean or Japanese name its first character', () => {
    expect(initialsOf('Mina Park')).toBe('MP');
    expect(initialsOf('  mina ')).toBe('M');
    expect(initialsOf('김민지')).toBe('김');
    expect(initialsOf('さくら 桜')).toBe('さ');
    expect(initialsOf('')).toBe('?');
  });

  test('the colour depends only on the seed, spreads over the palette, and white text on each reads at 4.5:1', () => {
    expect(placeholderColour(42)).toBe(placeholderColour(42));
    expect(placeholderColour('Mina')).toBe(placeholderColour('Mina'));
    const used = new Set(Array.from({ length: 64 }, (_, id) => placeholderColour(id)));
    expect(used.size).toBeGreaterThanOrEqual(6);
    for (const colour of PLACEHOLDER_COLOURS) expect(contrastRatio('#ffffff', colour)).toBeGreaterThanOrEqual(4.5);
  });

  test('no picture or the default one: the initials on the seed colour, named for assistive technology', () => {
    render(
      <>
        <InitialsAvatar name="Mina Park" seed={7} alt="Mina Park" />
        <InitialsAvatar name="김민지" seed={8} src={DEFAULT_PROFILE_IMAGE} alt="김민지" />
      </>,
    );
    const mina = screen.getByRole('img', { name: 'Mina Park' });
    expect(mina.textContent).toBe('MP');
    expect(mina.querySelector('img')).toBeNull();
    expect(toHex(mina.style.background)).toBe(placeholderColour(7));
    const minji = screen.getByRole('img', { name: '김민지' });
    expect(minji.textContent).toBe('김');
    expect(minji.querySelector('img')).toBeNull();
  });

  test('a picture covers the initials; one that fails to load leaves the initials', () => {
    const { container } = render(<InitialsAvatar name="Mina" seed={3} src="/files/mina.jpg" size={96} />);
    const frame = container.firstElementChild as HTMLElement;
    expect(frame.style.width).toBe('96px');
    const picture = frame.querySelector('img')!;
    expect(picture.getAttribute('src')).toBe('/files/mina.jpg');
    expect(picture.getAttribute('loading')).toBe('lazy');
    fireEvent.error(picture);
    expect(frame.querySelector('img')).toBeNull();
    expect(frame.textContent).toBe('M');
  });
});

describe('an avatar that is a link', () => {
  afterEach(() => cleanupApp());

  test('named by the full name through the avatar, never by a label of its own that the initials do not show', () => {
    render(
      <MemoryRouter>
        <AvatarLink to="/creator/7" name="Mina Park" seed={7} />
        <AvatarLink to="/creator/8" name="김민지" seed={8} src="/files/minji.jpg" />
      </MemoryRouter>,
    );
    const mina = screen.getByRole('link', { name: 'Mina Park' });
    expect(mina.getAttribute('href')).toBe('/creator/7');
    // What the link shows (the initials) sits in an image named by the full name: the link has no label to mismatch.
    expect(mina.hasAttribute('aria-label')).toBe(false);
    expect(mina.hasAttribute('aria-labelledby')).toBe(false);
    expect(mina.textContent).toBe('MP');
    expect(screen.getByRole('img', { name: 'Mina Park' }).textContent).toBe('MP');
    const minji = screen.getByRole('link', { name: '김민지' });
    expect(minji.hasAttribute('aria-label')).toBe(false);
    expect(minji.querySelector('img')!.getAttribute('alt')).toBe('김민지');
  });
});

describe('card pictures', () => {
  afterEach(() => cleanupApp());

  test('a frame of the aspect ratio with a colour behind the picture; eager and high priority only when asked', () => {
    const { container } = render(
      <>
        <CardImage src="/files/a.jpg" seed={1} ratio="4 / 3" alt="A" />
        <CardImage src="/files/b.jpg" seed={2} ratio="9 / 16" alt="B" eager />
        <CardImage src={null} seed={3} ratio="1 / 1" />
      </>,
    );
    const [a, b, empty] = [...container.children] as HTMLElement[];
    expect(a!.style.aspectRatio).toBe('4 / 3');
    expect(a!.style.background).toMatch(/linear-gradient/);
    expect(screen.getByRole('img', { name: 'A' }).getAttribute('loading')).toBe('lazy');
    const eager = screen.getByRole('img', { name: 'B' });
    expect(eager.getAttribute('loading')).toBe('eager');
    expect(eager.getAttribute('fetchpriority')).toBe('high');
    expect(b!.style.aspectRatio).toBe('9 / 16');
    expect(empty!.querySelector('img')).toBeNull();
    expect(empty!.style.background).toMatch(/linear-gradient/);
  });
});
