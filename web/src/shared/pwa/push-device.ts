// Types only: logout (in the app shell) imports this module, and the shell loads no schema (web/vite.config.ts).
import type { PushSubscriptionRequest, VapidPublicKey } from '@fanmission/contracts';
import { api, ApiError } from '../api/client';
import { appModeOf } from '../app-mode';

/**
 * This browser's web push subscription (the service worker src/sw.ts shows the messages). The permission is asked
 * only when the member clicks to turn push on; the subscription is registered with the API
 * (`PUT /users/me/push-subscriptions`) and removed from both the API and the browser when he turns it off or logs out.
 */

/**
 * What this device can do:
 * - `unsupported`: no service worker, Push API or Notification API (or the embedded app mode, where the native app
 *   around the page notifies);
 * - `needsInstall`: an iPhone or iPad browser outside an installed web app (Safari offers push only to a web app added
 *   to the home screen, iOS 16.4 and later);
 * - `blocked`: the member refused notifications to this site; only the browser's site settings undo it;
 * - `refused`: the browser's push service refuses this window a subscription for good (NotAllowedError or
 *   NotSupportedError, as private windows do);
 * - `unavailable`: this server sends no push notifications (no VAPID key);
 * - `on`, `off`: subscribed or not.
 */
export type PushDeviceState = 'unsupported' | 'needsInstall' | 'blocked' | 'refused' | 'unavailable' | 'on' | 'off';

/** The subscription errors that will not change by trying again in this window (any other may pass). */
const REFUSED_FOR_GOOD = new Set(['NotAllowedError', 'NotSupportedError']);

const isAppleMobile = () =>
  /iPhone|iPad|iPod/.test(navigator.userAgent) ||
  // iPadOS presents itself as a Mac with a touch screen.
  (navigator.userAgent.includes('Macintosh') && navigator.maxTouchPoints > 1);

const isInstalledApp = () =>
  window.matchMedia?.('(display-mode: standalone)').matches === true ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

/** Whether this browser offers web push to this page at all, and why not. */
export function pushSupport(): 'supported' | 'unsupported' | 'needsInstall' {
  if (appModeOf(window.location.search)) return 'unsupported';
  const capable = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  if (capable) return 'supported';
  return isAppleMobile() && !isInstalledApp() ? 'needsInstall' : 'unsupported';
}

/** A VAPID public key (base64url, RFC 8292) as the bytes `applicationServerKey` takes. */
export function urlBase64ToUint8Array(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

const register = (subscription: PushSubscription) =>
  api('/users/me/push-subscriptions', {
    method: 'PUT',
    body: subscription.toJSON() as PushSubscriptionRequest,
    globalErrors: 'none',
  });

/**
 * The device's state. A subscription the browser still holds is registered again: the server forgets every browser
 * of a member when he logs out elsewhere, and registering refreshes it.
 */
export async function pushDeviceState(): Promise<PushDeviceState> {
  const support = pushSupport();
  if (support !== 'supported') return support;
  if (Notification.permission === 'denied') return 'blocked';
  const subscription = Notification.permission === 'granted' ? await currentSubscription() : null;
  if (!subscription) return 'off';
  await register(subscription).catch(() => undefined);
  return 'on';
}

/**
 * Turns push on for this device, asking the browser's permission (call it from the member's click only: browsers
 * ignore or penalise a request without one). Answers the state reached.
 */
export async function subscribeThisDevice(): Promise<PushDeviceState> {
  const support = pushSupport();
  if (support !== 'supported') return support;
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  let publicKey: string;
  try {
    publicKey = (await api<VapidPublicKey>('/push/vapid-public-key', { globalErrors: 'none' })).data.publicKey;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return 'unavailable';
    throw error;
  }
  const registration = await navigator.serviceWorker.ready;
  let subscription: PushSubscription;
  try {
    subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: urlBase64ToUint8Array(publicKey),
      }));
  } catch (error) {
    if (error instanceof DOMException && REFUSED_FOR_GOOD.has(error.name)) return 'refused';
    throw error;
  }
  await register(subscription);
  return 'on';
}

/** Turns push off for this device: the API forgets it, then the browser drops the subscription. */
export async function unsubscribeThisDevice(): Promise<PushDeviceState> {
  const support = pushSupport();
  if (support !== 'supported') return support;
  const subscription = await currentSubscription();
  if (subscription) {
    await api('/users/me/push-subscriptions', {
      method: 'DELETE',
      body: { endpoint: subscription.endpoint },
      globalErrors: 'none',
    }).catch(() => undefined);
    await subscription.unsubscribe();
  }
  return Notification.permission === 'denied' ? 'blocked' : 'off';
}

/**
 * On logout, before the session ends: this device's subscription goes from the API and from the browser, so that
 * the next member on this browser gets nothing meant for this one. Never fails the logout.
 */
export async function forgetThisDeviceOnLogout(): Promise<void> {
  try {
    if (pushSupport() === 'supported') await unsubscribeThisDevice();
  } catch {
    // The server forgets every browser of the member on logout anyway.
  }
}
