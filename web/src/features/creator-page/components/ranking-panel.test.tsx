// @vitest-environment jsdom
// The creator page's ranking and Top-3 blocks show what GET /creators/{id}/ranking answers: the creator's place (or
// "not in the top N"), the three supporters in order, or the empty message; nothing when the read fails.
import type { CreatorRanking } from '@fanmission/contracts';
import { screen, within } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { json, serve } from '@fanmission/tests/support/web/fake-api';
import { RankingPanel } from './ranking-panel';
import { untilQueriesSettled } from '@fanmission/tests/support/query-clients';

const user = (id: number, username: string) => ({ id, username, image: null });

function show(answer: () => Response) {
  const calls = serve({ 'GET /api/v1/creators/5/ranking': answer });
  renderAt('/c', <Route path="/c" element={<RankingPanel creatorId={5} />} />);
  return calls;
}

describe('creator ranking blocks', () => {
  afterEach(() => {
    cleanupApp();
    vi.unstubAllGlobals();
  });

  test('the rank and the Top-3 supporters in order (ko)', { timeout: 60_000 }, async () => {
    const t = await useLanguage('ko');
    const ranking: CreatorRanking = {
      topSupporters: [
        { rank: 1, user: user(11, 'mina_fan') },
        { rank: 2, user: user(12, 'jisoo') },
        { rank: 3, user: user(13, 'haru') },
      ],
      popularityRank: 4,
      rankLimit: 100,
      listed: true,
    };
    const calls = show(() => json(ranking));
    const block = await screen.findByRole('region', { name: t.creatorPage.ranking.title });
    expect(within(block).getByText(t.creatorPage.ranking.rank.replace('{{rank}}', '4'))).toBeTruthy();
    // Each item: the place, the avatar's initial (no picture) and the name.
    const items = within(within(block).getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['1Mmina_fan', '2Jjisoo', '3Hharu']);
    expect(calls.map((call) => call.path)).toEqual(['/api/v1/creators/5/ranking']);
  });

  test('unranked and without supporters (en, ja)', { timeout: 60_000 }, async () => {
    for (const language of ['en', 'ja'] as const) {
      const t = await useLanguage(language);
      show(() => json({ topSupporters: [], popularityRank: null, rankLimit: 100, listed: true }));
      const block = await screen.findByRole('region', { name: t.creatorPage.ranking.title });
      expect(within(block).getByText(t.creatorPage.ranking.unranked.replace('{{limit}}', '100'))).toBeTruthy();
      expect(within(block).getByText(t.creatorPage.ranking.noSupporters)).toBeTruthy();
      expect(within(block).queryByRole('list')).toBeNull();
      cleanupApp();
    }
  });

  test('a creator left out of the listing (adult-flagged) is told no rank at all, not "outside the top 100"', async () => {
    const t = await useLanguage('ko');
    show(() => json({ topSupporters: [], popularityRank: null, rankLimit: 100, listed: false }));
    const block = await screen.findByRole('region', { name: t.creatorPage.ranking.title });
    expect(within(block).queryByText(t.creatorPage.ranking.unranked.replace('{{limit}}', '100'))).toBeNull();
    expect(within(block).getByText(t.creatorPage.ranking.noSupporters)).toBeTruthy();
  });

  test('a failed read shows no block', { timeout: 60_000 }, async () => {
    const t = await useLanguage('en');
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const calls = show(() => json({ message: 'down', status: 503 }, 503));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await untilQueriesSettled();
    expect(screen.queryByRole('region', { name: t.creatorPage.ranking.title })).toBeNull();
  });
});
