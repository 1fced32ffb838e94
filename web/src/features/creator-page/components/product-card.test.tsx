// @vitest-environment jsdom
// A product card's cover keeps its aspect ratio (16:9, shown whole on the product's colour) instead of a fixed
// 200 px strip that cut it at 1280 px and left it a sliver at 360 px; a product without a cover gets its placeholder.
import type { MissionProduct } from '@fanmission/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { Route } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { ProductCard } from './product-card';

const product = (id: number, cover: string | null) =>
  ({
    id,
    type: 'BASIC',
    name: `Product ${id}`,
    coinPrice: 100,
    minimumCost: null,
    winProbability: null,
    description: 'A long description that wraps over several lines on a phone',
    descriptionPicture: cover ? { s3Url: cover, thumbnail: null } : null,
  }) as unknown as MissionProduct;

function cover(id: number): HTMLElement {
  const card = screen.getByRole('region', { name: `Product ${id}` });
  return card.querySelector('img')!;
}

describe('product cards', () => {
  afterEach(() => cleanupApp());

  test('the cover in a 16:9 frame on a gradient, shown whole; the placeholder without one', async () => {
    await useLanguage('ko');
    renderAt(
      '/',
      <Route
        path="/"
        element={
          <>
            <ProductCard
              product={product(1, '/files/cover.png')}
              selected={false}
              onSelect={() => {}}
              showRequest
              onRequest={() => {}}
            />
            <ProductCard
              product={product(2, null)}
              selected={false}
              onSelect={() => {}}
              showRequest
              onRequest={() => {}}
            />
          </>
        }
      />,
    );
    const withCover = cover(1);
    expect(withCover.getAttribute('src')).toBe('/files/cover.png');
    expect(withCover.style.objectFit).toBe('contain');
    expect(withCover.parentElement!.style.aspectRatio).toBe('16 / 9');
    expect(withCover.parentElement!.style.background).toMatch(/linear-gradient/);
    expect(cover(2).getAttribute('src')).toMatch(/^\/images\/mission-placeholder-[1-5]\.svg$/);
  });
});

describe('a product card’s rating', () => {
  afterEach(() => cleanupApp());

  const rated = (rating: MissionProduct['rating']) => ({ ...product(3, null), rating }) as MissionProduct;
  const card = (rating: MissionProduct['rating']) =>
    renderAt(
      '/',
      <Route
        path="/"
        element={
          <ProductCard product={rated(rating)} selected={false} onSelect={() => {}} showRequest onRequest={() => {}} />
        }
      />,
    );

  test('nothing without reviews', async () => {
    await useLanguage('ko');
    card(null);
    const region = screen.getByRole('region', { name: 'Product 3' });
    expect(region.textContent).not.toContain('★');
    expect(within(region).queryByRole('img', { name: /평점/ })).toBeNull();
  });

  test.each([
    ['ko', '평점 4.5점, 후기 2개'],
    ['en', 'Rated 4.5 out of 5, 2 reviews'],
    ['ja', '評価 4.5、レビュー 2件'],
  ] as const)('the star, the average and the count under the name, named in %s', async (language, name) => {
    await useLanguage(language);
    card({ average: 4.5, count: 2 });
    const region = screen.getByRole('region', { name: 'Product 3' });
    expect(within(region).getByRole('img', { name }).textContent).toBe('★ 4.5 (2)');
  });
});

/** Two cards as the creator page holds them: one chosen at a time, the first to start with. */
function TwoCards({ onRequest }: { onRequest: (id: number) => void }) {
  const [chosen, setChosen] = useState(1);
  return (
    <>
      {[1, 2].map((id) => (
        <ProductCard
          key={id}
          product={product(id, null)}
          selected={chosen === id}
          onSelect={() => setChosen(id)}
          showRequest
          onRequest={() => onRequest(id)}
        />
      ))}
    </>
  );
}

describe('choosing a card', () => {
  afterEach(() => cleanupApp());

  test('only the chosen card has the request button; the others offer to choose them, never a disabled button', async () => {
    const t = await useLanguage('ko');
    const requested: number[] = [];
    renderAt('/', <Route path="/" element={<TwoCards onRequest={(id) => requested.push(id)} />} />);
    const first = screen.getByRole('region', { name: 'Product 1' });
    const second = screen.getByRole('region', { name: 'Product 2' });
    expect(within(first).getByText(t.creatorPage.chosen)).toBeTruthy();
    // The mark sits outside the card's button: its name still starts with the product's.
    expect(within(first).getByRole('button', { name: /^Product 1/ })).toBeTruthy();
    expect(within(second).queryByRole('button', { name: t.creatorPage.request })).toBeNull();
    expect(screen.getAllByRole('button').every((button) => !button.hasAttribute('disabled'))).toBe(true);

    fireEvent.click(within(second).getByRole('button', { name: t.creatorPage.choose }));
    expect(within(second).getByText(t.creatorPage.chosen)).toBeTruthy();
    expect(within(first).queryByRole('button', { name: t.creatorPage.request })).toBeNull();
    fireEvent.click(within(second).getByRole('button', { name: t.creatorPage.request }));
    expect(requested).toEqual([2]);
  });
});
