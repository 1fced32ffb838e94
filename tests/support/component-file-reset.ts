// Setup file of the `components` project, run before each test file. The project's files share one worker's module
// graph and jsdom (vitest.config.ts, `isolate: false`): what one file left in the page, its storage, cookies, address,
// timers, stubbed globals or open alerts must not reach the next one, which starts as a fresh page would.
import { afterAll, beforeAll, vi } from 'vitest';
import { closeAllAlerts } from '../../web/src/shared/alert/alert';

function freshPage(): void {
  if (typeof window === 'undefined') return; // a file of the project in the Node environment
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  document.head.querySelectorAll('title, meta[name], link[rel="manifest"]').forEach((node) => node.remove());
  document.body.replaceChildren();
  document.documentElement.removeAttribute('lang');
  document.title = '';
  window.history.replaceState(null, '', '/');
}

beforeAll(() => {
  closeAllAlerts(); // the web app's alert queue is module state: one a file left open would show over the next's
  freshPage();
});

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  closeAllAlerts();
  freshPage();
});
