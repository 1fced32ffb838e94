import { appModeOf } from '../app-mode';

/**
 * Registers the service worker (src/sw.ts: the app shell offline, push notifications) once the page has loaded, so
 * it never competes with the first paint. Not in the embedded app mode (`?app-api=true`), where the native app
 * around the page handles both, and not in development, where Vite serves no built worker.
 */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator) || appModeOf(window.location.search)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
