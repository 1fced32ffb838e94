/// <reference lib="webworker" />
// The web app's service worker (built by vite-plugin-pwa from this file, web/vite.config.ts):
// - the app shell (index.html, the entry and what it imports at once, the texts, the icons) is precached, so a flaky
//   or absent network still shows the app, and its own "connection is unstable" state instead of the browser's error;
// - pages are asked of the network first (a creator page comes painted by the server) and fall back to the cached
//   shell after a few seconds or offline; every other built asset is cached the first time it loads (hashed names,
//   never changed);
// - the API is never cached: what the member sees of his coins and missions is always the server's;
// - a push message shows its notification (texts in the member's language, from the server) and a click opens its page.
import { cleanupOutdatedCaches, getCacheKeyForURL, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

/** How long a page may take before the cached shell is shown instead. */
const PAGE_NETWORK_TIMEOUT_SECONDS = 4;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const isApi = (url: URL) => url.pathname.startsWith('/api/') || url.pathname.startsWith('/dev/');
const isConsole = (url: URL) => url.pathname === '/admin' || url.pathname.startsWith('/admin/');

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && !isApi(url) && !isConsole(url),
  async (options) => {
    try {
      return await new NetworkFirst({
        cacheName: 'pages',
        networkTimeoutSeconds: PAGE_NETWORK_TIMEOUT_SECONDS,
        plugins: [new ExpirationPlugin({ maxEntries: 20 })],
      }).handle(options);
    } catch {
      // Offline and never visited: the app shell, which shows the page's offline state.
      const shell = await caches.match(getCacheKeyForURL('/index.html') ?? '/index.html');
      return shell ?? Response.error();
    }
  },
);

registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: 'assets', plugins: [new ExpirationPlugin({ maxEntries: 200 })] }),
);

// A new version takes over at once: its shell is what the next page load shows.
self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** What the server sends in a push message (services/src/push). */
interface PushPayload {
  title: string;
  body: string;
  /** The page the notification opens, on this origin. */
  url: string;
  /** One notification per event: a repeated message replaces the shown one. */
  tag: string;
  /** The member's unread count, for the installed app's badge. */
  unread?: number;
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event.data);
  if (!payload) return;
  const badge = self.navigator as Navigator & { setAppBadge?: (count?: number) => Promise<void> };
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(payload.title, {
        body: payload.body,
        tag: payload.tag,
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        data: { url: payload.url },
      }),
      payload.unread !== undefined ? badge.setAppBadge?.(payload.unread).catch(() => undefined) : undefined,
    ]),
  );
});

function readPayload(data: PushMessageData | null): PushPayload | undefined {
  try {
    const parsed = data?.json() as Partial<PushPayload> | undefined;
    if (!parsed || typeof parsed.title !== 'string' || typeof parsed.body !== 'string') return undefined;
    return {
      title: parsed.title,
      body: parsed.body,
      url: typeof parsed.url === 'string' ? parsed.url : '/notifications',
      tag: typeof parsed.tag === 'string' ? parsed.tag : parsed.title,
      ...(typeof parsed.unread === 'number' && { unread: parsed.unread }),
    };
  } catch {
    return undefined;
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(
    String((event.notification.data as { url?: unknown } | null)?.url ?? '/'),
    self.location.origin,
  );
  // Only pages of this app: a message can never send the member elsewhere.
  const url = target.origin === self.location.origin ? target.href : self.location.origin;
  event.waitUntil(
    (async () => {
      const open = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const here = open.find((client) => new URL(client.url).origin === self.location.origin);
      if (here) {
        await here.focus();
        await here.navigate(url);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
