import { useSyncExternalStore } from 'react';

/*
 * How the connection to the server is, as the page meets it: `offline` when the browser says so, `unstable` once a
 * call failed on the network (no answer, or a gateway's 502/503/504) until the next call answers or the browser is
 * back online. The shell shows it with a way to try again (src/app/connection-banner.tsx); the pages' data reloads on
 * that retry, and by itself when the browser comes back online.
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

/** Back online: the trouble is over until a call fails again, and what the pages show is asked for again. */
function backOnline(): void {
  failing = false;
  notify();
  retryConnection();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    window.addEventListener('online', backOnline);
    window.addEventListener('offline', notify);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    window.removeEventListener('online', backOnline);
    window.removeEventListener('offline', notify);
  };
}

export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(subscribe, current, () => 'ok');
}
