import { useSyncExternalStore } from 'react';

/*
 * When to suggest installing the app on the home screen: after the member's first mission request or first performed
 * mission, when notifications start to matter to him; never on a first visit. Once dismissed or installed it never
 * comes back. Chromium-based browsers offer their install prompt (`beforeinstallprompt`, kept here until then);
 * Safari on iPhone has none, and the hint says how to add the app from the share menu instead.
 */

const KEY = 'install-hint';
type HintState = 'due' | 'dismissed';

interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferredPrompt: InstallPromptEvent | undefined;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/** Keeps the browser's install prompt for the right moment (called once at start); returns what stops it. */
export function captureInstallPrompt(): () => void {
  const keepPrompt = (event: Event) => {
    event.preventDefault();
    deferredPrompt = event as InstallPromptEvent;
    notify();
  };
  const installed = () => {
    deferredPrompt = undefined;
    writeState('dismissed');
  };
  window.addEventListener('beforeinstallprompt', keepPrompt);
  window.addEventListener('appinstalled', installed);
  return () => {
    window.removeEventListener('beforeinstallprompt', keepPrompt);
    window.removeEventListener('appinstalled', installed);
  };
}

function readState(): HintState | null {
  try {
    const value = window.localStorage.getItem(KEY);
    return value === 'due' || value === 'dismissed' ? value : null;
  } catch {
    return null;
  }
}

function writeState(state: HintState): void {
  try {
    window.localStorage.setItem(KEY, state);
  } catch {
    // Private mode without storage: the hint shows for this page only.
  }
  notify();
}

/** A first request or a first performed mission happened: the hint becomes due, unless dismissed before. */
export function installMomentReached(): void {
  if (readState() === null) writeState('due');
}

export function dismissInstallHint(): void {
  writeState('dismissed');
}

const isStandalone = () =>
  window.matchMedia?.('(display-mode: standalone)').matches === true ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

const isIos = () => /iPhone|iPad|iPod/.test(navigator.userAgent);

export interface InstallHint {
  /** The hint is due and the app is not installed. */
  show: boolean;
  /** How to install: the browser's prompt, or Safari's share menu, or neither (the browser cannot install). */
  how: 'prompt' | 'ios' | 'none';
}

const NO_HINT: InstallHint = { show: false, how: 'none' };
let snapshot: InstallHint = NO_HINT;

function currentHint(): InstallHint {
  const show = readState() === 'due' && !isStandalone();
  const how: InstallHint['how'] = deferredPrompt ? 'prompt' : isIos() ? 'ios' : 'none';
  const next = show && how !== 'none' ? { show, how } : NO_HINT;
  if (next.show !== snapshot.show || next.how !== snapshot.how) snapshot = next;
  return snapshot;
}

export function useInstallHint(): InstallHint {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, currentHint);
}

/**
 * How this browser adds the app, whatever the hint's state (the landing page's own entry): its prompt, Safari's share
 * menu, its menu otherwise, or 'installed' when the page already runs as the installed app. 'menu' before scripts run.
 */
export function useInstallWay(): 'prompt' | 'ios' | 'menu' | 'installed' {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => (isStandalone() ? 'installed' : deferredPrompt ? 'prompt' : isIos() ? 'ios' : 'menu'),
    () => 'menu',
  );
}

/** Opens the browser's install prompt; the hint goes whatever the member answers. */
export async function promptInstall(): Promise<void> {
  const event = deferredPrompt;
  deferredPrompt = undefined;
  if (!event) return;
  await event.prompt();
  await event.userChoice.catch(() => undefined);
  writeState('dismissed');
}
