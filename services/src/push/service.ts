import { ECDH } from 'node:crypto';
import type { PushSubscriptionRequest } from '@fanmission/contracts';
import type { ServiceContext } from '../context';
import { AppError, invalidFields } from '../http';
import { endpointRefusal } from './endpoint-policy';
import { removeSubscription, saveSubscription } from './subscriptions';

/** The application server key browsers subscribe with; 404 when this server sends no push (no VAPID keys). */
export function vapidPublicKey(ctx: Pick<ServiceContext, 'config'>): { publicKey: string } {
  const publicKey = ctx.config.WEB_PUSH_VAPID_PUBLIC_KEY;
  if (!publicKey || !ctx.config.WEB_PUSH_VAPID_PRIVATE_KEY) {
    throw new AppError(404, 'push.notConfigured', { code: 'NOT_FOUND' });
  }
  return { publicKey };
}

/** Registers (or refreshes) the caller's browser, once its endpoint is a push service this server sends to. */
export async function registerSubscription(
  ctx: ServiceContext,
  userId: number,
  subscription: PushSubscriptionRequest,
): Promise<void> {
  vapidPublicKey(ctx);
  const refusal = endpointRefusal(subscription.endpoint, ctx.config.isProduction);
  if (refusal) throw invalidFields([{ field: 'endpoint', key: refusal, rejectedValue: subscription.endpoint }]);
  if (!isP256PublicKey(subscription.keys.p256dh)) {
    throw invalidFields([{ field: 'keys.p256dh', key: 'push.keyFormat', rejectedValue: subscription.keys.p256dh }]);
  }
  const now = ctx.now();
  if (subscription.expirationTime != null && subscription.expirationTime <= now.getTime()) {
    throw invalidFields([
      { field: 'expirationTime', key: 'push.subscriptionExpired', rejectedValue: subscription.expirationTime },
    ]);
  }
  await saveSubscription(ctx.db, userId, subscription, now);
}

/** Whether the browser's key is a point of P-256, which every message to it is encrypted for (RFC 8291). */
function isP256PublicKey(base64url: string): boolean {
  try {
    ECDH.convertKey(Buffer.from(base64url, 'base64url'), 'prime256v1', undefined, undefined, 'uncompressed');
    return true;
  } catch {
    return false;
  }
}

/** Forgets the caller's browser (the web app calls it when he logs out on it); unknown endpoints change nothing. */
export async function unregisterSubscription(ctx: ServiceContext, userId: number, endpoint: string): Promise<void> {
  await removeSubscription(ctx.db, userId, endpoint);
}
