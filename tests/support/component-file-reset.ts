// Setup file of the `components` project, run before each test file. The project's files share one worker's module
// graph and jsdom (vitest.config.ts, `isolate: false`): what one file left in the page, its storage, cookies, address,
// timers, stubbed or replaced globals or open alerts must not reach the next one, which starts as a fresh page would.
//
// Resetting is not enough on its own: work a file left running (a timer, a request in flight, a listener, a component
// still mounted) acts later, inside another file's test (a navigation that lands in the next file's router). So after
// each file a check names what the file left behind, and fails the file; the reset follows either way.
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { closeAllAlerts } from '../../web/src/shared/alert/alert';
import { installLeftoverTracking, leftoversOf } from './component-leftovers';
import { clearQueryClients, mountedQueryClients } from './query-clients';

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

const tracking = typeof window === 'undefined' ? undefined : installLeftoverTracking();

// Tracked from the start: the query caches a file's renders mount, cleared at its end.
mountedQueryClients();

beforeAll(() => {
  closeAllAlerts(); // the web app's alert queue is module state: one a file left open would show over the next's
  freshPage();
  tracking?.startFile();
});

// What a test rendered is unmounted after it, as Testing Library does on its own where the runner has global hooks.
afterEach(() => cleanup());

afterAll(() => {
  cleanup();
  clearQueryClients();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  tracking?.undoLibraryLeftovers();
  try {
    if (tracking) {
      const leftovers = leftoversOf(tracking);
      if (leftovers.length > 0) {
        throw new Error(
          `this file left behind what would act in the next file: ${leftovers.join('; ')}. ` +
            'Unmount what it rendered (cleanup after each test), clear its timers, await or abort its requests, ' +
            'close its dialogs, clear the storage and address it set and put back the globals it replaced.',
        );
      }
    }
  } finally {
    closeAllAlerts();
    freshPage();
    tracking?.restoreGlobals();
    tracking?.forgetAll();
  }
});
