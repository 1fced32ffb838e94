import { UNREAD_NOTIFICATIONS_SHOWN, type Notification, type UnreadNotifications } from '@fanmission/contracts';
import { useSyncExternalStore } from 'react';
import { apiUrl } from '../api/client';

/*
 * The member's unread notifications, live: one server-sent event stream per tab while he is logged in
 * (`GET /users/me/notifications/stream`, on the session cookie). The server sends the count after every change, made
 * in this tab, another tab, on a phone or by the platform, and each new notification; the browser reconnects by
 * itself after a network loss and is sent what it missed. The installed app's icon shows the count where the
 * platform has a badge.
 */

const NOTHING: UnreadNotifications = { count: 0, more: false, newestId: 0 };

let unread: UnreadNotifications = NOTHING;
let source: EventSource | undefined;
let sourceLanguage = '';
let holders = 0;
const countListeners = new Set<() => void>();
const notificationListeners = new Set<(notification: Notification) => void>();

function publish(next: UnreadNotifications): void {
  unread = next;
  for (const listener of countListeners) listener();
  showOnAppBadge(next.count);
}

function showOnAppBadge(count: number): void {
  const badge = navigator as Navigator & {
    setAppBadge?: (count?: number) => Promise<void>;
    clearAppBadge?: () => Promise<void>;
  };
  const done = count > 0 ? badge.setAppBadge?.(count) : badge.clearAppBadge?.();
  // Refused outside an installed app on some platforms: the header still shows the count.
  done?.catch(() => undefined);
}

function open(language: string): void {
  source?.close();
  // A browser without server-sent events shows the count the notifications page sets.
  if (typeof EventSource === 'undefined') return;
  sourceLanguage = language;
  const stream = new EventSource(apiUrl('/users/me/notifications/stream', { language }), { withCredentials: true });
  source = stream;
  stream.addEventListener('unread', (event) => {
    publish(JSON.parse((event as MessageEvent<string>).data) as UnreadNotifications);
  });
  stream.addEventListener('notification', (event) => {
    const notification = JSON.parse((event as MessageEvent<string>).data) as Notification;
    for (const listener of notificationListeners) listener(notification);
  });
  // The server ends the stream with its session (logout, password change, block, expiry): closed at once, never
  // opened again by the browser's reconnection.
  stream.addEventListener('end', () => {
    stream.close();
    if (source === stream) source = undefined;
  });
  stream.addEventListener('error', () => {
    // A refused stream (the session ended) is closed for good; a lost one the browser opens again by itself.
    if (stream.readyState === EventSource.CLOSED && source === stream) source = undefined;
  });
}

/**
 * Keeps the stream open in `language` until the returned release (the header holds it while a member is logged in);
 * a change of language opens it again in the new one.
 */
export function holdUnreadNotifications(language: string): () => void {
  holders += 1;
  if (!source || sourceLanguage !== language) open(language);
  return () => {
    holders -= 1;
    if (holders > 0) return;
    source?.close();
    source = undefined;
    publish(NOTHING);
  };
}

/** The count as the server last told it (at once after a page marked its notifications seen). */
export function setUnreadNotifications(next: UnreadNotifications): void {
  publish(next);
}

/** Calls `listener` with each notification that arrives while the page is open; returns the unsubscribe. */
export function onNewNotification(listener: (notification: Notification) => void): () => void {
  notificationListeners.add(listener);
  return () => notificationListeners.delete(listener);
}

export function useUnreadNotifications(): UnreadNotifications {
  return useSyncExternalStore(
    (listener) => {
      countListeners.add(listener);
      return () => countListeners.delete(listener);
    },
    () => unread,
  );
}

/** The badge's text: the count, or "99+" past what a badge tells. */
export const unreadBadgeText = (value: UnreadNotifications): string =>
  value.more ? `${UNREAD_NOTIFICATIONS_SHOWN}+` : String(value.count);
