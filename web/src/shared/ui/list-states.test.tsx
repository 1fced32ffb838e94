// @vitest-environment jsdom
// An empty list says what to do next and offers it: a link to a page, or a button that acts on this one.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { EmptyState } from './list-states';

describe('empty states', () => {
  afterEach(() => cleanupApp());

  for (const language of ['ko', 'en', 'ja'] as const) {
    test(`${language}: the message and a link to the next step`, async () => {
      const t = await useLanguage(language);
      const user = userEvent.setup();
      renderAt(
        '/browse-missions',
        <Route
          path="/browse-missions"
          element={
            <EmptyState
              message={t.discover.empty.browseCompleted}
              action={{ label: t.discover.actions.findCreators, to: '/creator-search' }}
            />
          }
        />,
      );
      expect(screen.getByText(t.discover.empty.browseCompleted)).toBeTruthy();
      await user.click(screen.getByRole('link', { name: t.discover.actions.findCreators }));
      expect(screen.getByRole('status', { name: 'current path' }).textContent).toBe('/creator-search');
    });
  }

  test('a button action runs on this page', async () => {
    const t = await useLanguage('en');
    const user = userEvent.setup();
    const write = vi.fn();
    renderAt(
      '/',
      <Route
        path="/"
        element={
          <EmptyState
            message={t.discover.empty.comments}
            action={{ label: t.discover.actions.writeComment, onClick: write }}
          />
        }
      />,
    );
    await user.click(screen.getByRole('button', { name: t.discover.actions.writeComment }));
    expect(write).toHaveBeenCalledOnce();
  });
});
