// @vitest-environment jsdom
// The search's filters live in the address, which the router updates in a transition: a change made before that
// transition renders (a busy phone, a quick hand) must build on the last change asked for, not on the address the
// page last showed.
import { screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanupApp, renderAt, useLanguage } from '@fanmission/tests/support/web/render';
import { json, serve } from '@fanmission/tests/support/web/fake-api';
import { CreatorSearchPage } from './creator-search-page';

const creator = (id: number, name: string) => ({
  creator: { id, url: null, name, user: { id: id * 10, username: `c${id}`, image: null } },
  following: false,
});
const page = (content: unknown[]) =>
  json({ content, last: true, totalElements: content.length, totalPages: 1, number: 0, size: 12 });

/** React's own scheduling (no `act`): discrete updates render in a microtask, a transition in a later task. */
function withoutAct<T>(run: () => Promise<T>): Promise<T> {
  const global = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const before = global.IS_REACT_ACT_ENVIRONMENT;
  global.IS_REACT_ACT_ENVIRONMENT = false;
  return run().finally(() => {
    global.IS_REACT_ACT_ENVIRONMENT = before;
  });
}

/** Types into a React-controlled input as a browser does: the native value setter, then an `input` event. */
function type(input: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('creator search', () => {
  afterEach(() => {
    cleanupApp();
    vi.unstubAllGlobals();
  });

  test('a tag cleared and a name searched before the address renders search the name alone', async () => {
    const t = await useLanguage('en');
    const calls = serve({
      'GET /api/v1/tags/creator': () => json([{ tag: { id: 5, name: 'Dance' }, tagCount: 1 }]),
      'GET /api/v1/creators/page': ({ query }) => {
        const name = query.get('name') ?? '';
        const tagged = query.get('tags') === '5';
        const creators = [creator(1, 'Aria'), creator(2, 'Bora')].filter(
          ({ creator: { name: creatorName } }) =>
            (!tagged || creatorName === 'Aria') && creatorName.toLowerCase().includes(name.toLowerCase()),
        );
        return page(creators);
      },
    });
    renderAt('/creator-search?tag=5', <Route path="/creator-search" element={<CreatorSearchPage />} />);
    const tag = await screen.findByRole('button', { name: '#Dance (1)', pressed: true });
    await screen.findByText('Aria');
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: t.creatorSearch.searchLabel });

    await withoutAct(async () => {
      tag.click();
      type(input, 'bora');
      // The typing renders (a microtask); the cleared tag's transition has not yet.
      await new Promise<void>((resolve) => queueMicrotask(resolve));
      await new Promise<void>((resolve) => queueMicrotask(resolve));
      expect(input.value).toBe('bora');
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      await waitFor(() => expect(screen.getByLabelText('current path').textContent).toBe('/creator-search?q=bora'));
    });
    expect(await screen.findByText('Bora')).toBeTruthy();
    expect(screen.queryByText('Aria')).toBeNull();
    const last = calls.filter((call) => call.path === '/api/v1/creators/page').at(-1)!;
    expect(last.query.get('name')).toBe('bora');
    expect(last.query.get('tags')).toBeNull();
    expect(screen.getByRole('button', { name: '#Dance (1)', pressed: false })).toBeTruthy();
  });
});
