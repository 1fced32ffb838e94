// @vitest-environment jsdom
// A creator card shows its reviews' average and count compactly ("★ 4.8 (12)"), named in words in ko, en and ja, and
// nothing without a review.
import type { CreatorListItem } from '@fanmission/contracts';
import { screen } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { CreatorCard } from './creator-card';

const creator: CreatorListItem['creator'] = {
  id: 7,
  url: 'mina',
  name: 'Mina',
  user: { id: 70, username: 'mina', image: null },
};

function show(rating: CreatorListItem['rating']) {
  renderAt('/', <Route path="/" element={<CreatorCard creator={creator} rating={rating} />} />);
  return screen.getByRole('link', { name: /Mina/ });
}

describe('a creator card’s rating', () => {
  afterEach(() => cleanupApp());

  test('nothing without reviews', async () => {
    await useLanguage('ko');
    const card = show(null);
    expect(card.textContent).not.toContain('★');
    expect(screen.queryByRole('img', { name: /평점/ })).toBeNull();
  });

  test.each([
    ['ko', '평점 4.8점, 후기 12개'],
    ['en', 'Rated 4.8 out of 5, 12 reviews'],
    ['ja', '評価 4.8、レビュー 12件'],
  ] as const)('the star, the average and the count, named in %s', async (language, name) => {
    await useLanguage(language);
    const card = show({ average: 4.8, count: 12 });
    const rating = screen.getByRole('img', { name });
    expect(rating.textContent).toBe('★ 4.8 (12)');
    expect(card.contains(rating)).toBe(true);
  });

  test('a whole average keeps its decimal; one review is singular in en', async () => {
    await useLanguage('en');
    show({ average: 5, count: 1 });
    expect(screen.getByRole('img', { name: 'Rated 5.0 out of 5, 1 review' }).textContent).toBe('★ 5.0 (1)');
  });
});
