// The query caches (TanStack Query) that component tests mounted, for waiting until they are idle and for clearing
// them at the end of a file (tests/support/component-file-reset.ts).
import { QueryClient } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';

const MOUNTED = Symbol.for('fanmission.mountedQueryClients');

/** Every query client mounted since the last `forgetQueryClients`: the app's own, a test's, react-admin's. */
export function mountedQueryClients(): Set<QueryClient> {
  const prototype = QueryClient.prototype as QueryClient & { [MOUNTED]?: Set<QueryClient> };
  let mounted = prototype[MOUNTED];
  if (!mounted) {
    const clients = new Set<QueryClient>();
    mounted = clients;
    prototype[MOUNTED] = clients;
    const realMount = prototype.mount;
    prototype.mount = function (this: QueryClient) {
      clients.add(this);
      realMount.call(this);
    };
  }
  return mounted;
}

/**
 * Waits until no mounted query client fetches or mutates, and React has drawn what they answered: the state after
 * which what a screen did not show, it will not show (a block a role hides, a notice an answer does not call for).
 */
export async function untilQueriesSettled(): Promise<void> {
  const clients = mountedQueryClients();
  await waitFor(() => {
    const busy = [...clients].reduce((count, client) => count + client.isFetching() + client.isMutating(), 0);
    if (busy > 0) throw new Error(`${busy} queries or mutations still running`);
  });
  await act(async () => undefined);
}

/** Clears every mounted client's cache (each query keeps a five-minute expiry timer after its last observer) and forgets them. */
export function clearQueryClients(): void {
  const clients = mountedQueryClients();
  for (const client of clients) client.clear();
  clients.clear();
}
