import { useSyncExternalStore } from 'react';

/*
 * How the connection to the server is, as the page meets it: `offline` when the browser says so, `unstable` once a
 * call failed on the network (no answer, or a gateway's 502/503/504) until the next call answers. The shell shows it
 * with a way to try again (src/app/connection-banner.tsx); the pages' data reloads on that retry.
 */
export type ConnectionState = 'ok' | 'unstable' | 'offline';

/** Sent on `window` when the member asks to try again: loaded pages refetch what they show. */
export const RETRY_EVENT = 'fanmission:retry';

let failing = false;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

function current(): ConnectionState {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return 'offline';
  return failing ? 'unstable' : 'ok';
}

/** A call found no server (a network error, or a gateway without one behind it). */
export function reportConnectionTrouble(): void {
  if (failing) return;
  failing = true;
  notify();
}

/** A call was answered: the connection works again. */
export function reportConnectionWorks(): void {
  if (!failing) return;
  failing = false;
  notify();
}

/** The statuses a gateway answers when the server behind it cannot be reached. */
export const isGatewayTrouble = (status: number) => status === 502 || status === 503 || status === 504;

export function retryConnection(): void {
  window.dispatchEvent(new Event(RETRY_EVENT));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(subscribe, current, () => 'ok');
}
