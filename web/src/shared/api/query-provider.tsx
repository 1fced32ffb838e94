import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { RETRY_EVENT } from '../network/connection';

export function createQueryClient(): QueryClient {
  // List errors are warned about and shown as empty lists; retrying a 4xx helps nobody. Offline, a query runs and
  // fails at once, so that the page says it is offline (shared/ui/list-states.tsx `OfflineState`), instead of pausing
  // behind an endless spinner; back online, the open pages ask again (shared/network/connection.ts).
  return new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, networkMode: 'always' } },
  });
}

/** One cache for every page of the tab. */
const sharedClient = createQueryClient();
// "Try again" after a connection trouble: what the open pages show is asked for again.
window.addEventListener(RETRY_EVENT, () => void sharedClient.refetchQueries({ type: 'active' }));

/**
 * TanStack Query for the pages that load server state. Each lazily loaded page brings it along, so the landing page
 * (which only asks for the popup) does not download it.
 */
export function QueryProvider({ children, client = sharedClient }: { children: ReactNode; client?: QueryClient }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
