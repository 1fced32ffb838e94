import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { AlertAction } from './alert-action';

export type { AlertAction };

interface PendingAlert {
  id: number;
  message: string;
  action: AlertAction | undefined;
  resolve: () => void;
}

let queue: PendingAlert[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/**
 * Shows a message the user confirms with OK (the original client's alerts), in a dialog that survives navigation:
 * callers may navigate right after calling it. Resolves when the user closes it.
 */
export function showAlert(message: string, action?: AlertAction): Promise<void> {
  return new Promise((resolve) => {
    queue = [...queue, { id: nextId++, message, action, resolve }];
    emit();
  });
}

function closeCurrent() {
  const [current, ...rest] = queue;
  queue = rest;
  emit();
  current?.resolve();
}

/** Closes every pending alert (between component tests, where the queue outlives a rendered tree). */
export function closeAllAlerts(): void {
  const pending = queue;
  queue = [];
  emit();
  for (const alert of pending) alert.resolve();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// The dialog's code loads with the first alert: the landing page does not pay for it.
const AlertDialog = lazy(() => import('./alert-dialog'));

/** Renders the oldest pending alert; mounted once at the root of the app. */
export function AlertHost() {
  const current = useSyncExternalStore(
    subscribe,
    () => queue[0],
    () => queue[0],
  );
  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <AlertDialog key={current.id} message={current.message} action={current.action} onClose={closeCurrent} />
    </Suspense>
  );
}
