import { createHash } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import {
  NOTIFICATION_KIND_TOPIC,
  notificationPath,
  termsKindSchema,
  type Language,
  type NotificationKind,
  type PushPayload,
} from '@fanmission/contracts';
import { sql } from 'kysely';
import webpush, { type Urgency } from 'web-push';
import type { ServiceContext } from '../context';
import type { DbExecutor } from '../db';
import { translate } from '../i18n';
import { countPushMessage } from '../metrics';
import { endpointRefusal, publicOnlyLookup } from './endpoint-policy';
import type { PushDeliveryRow } from './table';

/*
 * The push sender: a runner in each API process claims due messages of `push_deliveries` one at a time with
 * `for update skip locked` (processes share the table, each message is taken by one), sends each to its browser's
 * push service, and marks it sent.
 *
 * - A claim counts an attempt and holds the message for LEASE_MS before it is sent: two senders never send the
 *   same message. A sender that dies after the push service took the message and before it marked it sent leaves
 *   it to be sent again after the lease; the push service then keeps only the last message of its `Topic` (a hash of
 *   the notification) if the first is still waiting, and the service worker shows one notification per `tag`.
 * - 429, 5xx, a timeout or a network failure: tried again after a back-off (or the service's Retry-After), at most
 *   MAX_ATTEMPTS times. 404 and 410: the browser unsubscribed, its subscription is deleted. Any other answer
 *   (a redirect included: it is never followed) fails the message for good.
 * - A message not sent within PUSH_TTL_SECONDS of being written is not sent at all: it is old news.
 */

export const PUSH_MAX_ATTEMPTS = 5;
export const PUSH_LEASE_MS = 60_000;
/** How long a push service keeps a message for a browser that is offline, and how long we try to hand it over. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** Wait before the second, third, fourth and fifth attempt. */
export const PUSH_RETRY_DELAYS_MS = [10_000, 60_000, 5 * 60_000, 30 * 60_000];
const MAX_RETRY_AFTER_MS = 60 * 60_000;
const REQUEST_TIMEOUT_MS = 10_000;
const POLL_MS = 2_000;
const CONCURRENCY = 4;

/** A notification's text in a language (services/src/notifications renders the notifications page's alike). */
/** What a notification says in `language`; `count` is how many notices its row stands for (services/src/notifications). */
export type NotificationTextRenderer = (
  language: Language,
  notice: { kind: NotificationKind; params: Record<string, string | number>; count: number },
) => string;

export interface PushSenderOptions {
  ctx: Pick<ServiceContext, 'db' | 'config' | 'log' | 'now'>;
  noticeText: NotificationTextRenderer;
  /** Messages sent at once by this process. */
  concurrency?: number;
}

/** Promotions and notices wait for the device to be awake; the rest is told as it happens. */
const URGENCY: Partial<Record<NotificationKind, Urgency>> = { COINS_EXPIRING: 'low', TERMS_CHANGED: 'low' };

/** RFC 8030 `Topic`: at most 32 base64url characters, the same for every message of one notification. */
export const pushTopicOf = (notificationId: number) =>
  createHash('sha256').update(`notification:${notificationId}`).digest('base64url').slice(0, 22);

/** Claims the next due message (counting the attempt), or undefined when none is due. */
export async function claimDueDelivery(db: DbExecutor, now: Date): Promise<PushDeliveryRow | undefined> {
  const result = await sql<PushDeliveryRow>`
    update push_deliveries set
      attempts = attempts + 1,
      locked_until = ${new Date(now.getTime() + PUSH_LEASE_MS)}
    where id = (
      select id from push_deliveries
      where status = 'PENDING'
        and due_at <= ${now}
        and (locked_until is null or locked_until <= ${now})
      order by due_at, id
      limit 1
      for update skip locked
    )
    returning *`.execute(db);
  return result.rows[0];
}

/** The message as the browser decrypts it: texts in the recipient's language, the page it opens, its tag. */
export function pushPayloadOf(
  options: PushSenderOptions,
  notification: {
    id: number;
    kind: NotificationKind;
    params: Record<string, string | number>;
    missionId: number | null;
    count: number;
  },
  language: Language,
): PushPayload {
  const path = notificationPath({
    kind: notification.kind,
    missionId: notification.missionId,
    termsKind: termsKindSchema.catch('terms').parse(notification.params.termsKind),
  });
  return {
    kind: notification.kind,
    title: translate(language, `push.title.${NOTIFICATION_KIND_TOPIC[notification.kind]}`),
    body: options.noticeText(language, notification),
    url: `${options.ctx.config.PUBLIC_URL}${path ?? '/notifications'}`,
    tag: `notification-${notification.id}`,
  };
}

type Outcome = { sent: true } | { sent: false; retry: boolean; gone?: boolean; retryAfterMs?: number; error: string };

/** Posts the encrypted message to the push service, never following a redirect. */
function post(
  details: webpush.RequestDetails,
  production: boolean,
): Promise<{ status: number; retryAfter: string | undefined }> {
  const url = new URL(details.endpoint);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: details.headers,
        timeout: REQUEST_TIMEOUT_MS,
        ...(production && { lookup: publicOnlyLookup }),
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, retryAfter: response.headers['retry-after'] }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('the push service did not answer in time')));
    request.on('error', reject);
    request.end(details.body ?? undefined);
  });
}

function retryAfterMs(header: string | undefined, now: Date): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now.getTime();
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, MAX_RETRY_AFTER_MS) : undefined;
}

/** The encrypted message and its headers (VAPID, TTL, Urgency, Topic) for one browser. */
function requestDetails(
  options: PushSenderOptions,
  subscription: { endpoint: string; p256dh: string; auth: string },
  payload: PushPayload,
  notificationId: number,
  urgency: Urgency,
): webpush.RequestDetails {
  const { config } = options.ctx;
  return webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(payload),
    {
      TTL: PUSH_TTL_SECONDS,
      urgency,
      topic: pushTopicOf(notificationId),
      contentEncoding: 'aes128gcm',
      vapidDetails: {
        subject: config.WEB_PUSH_SUBJECT,
        publicKey: config.WEB_PUSH_VAPID_PUBLIC_KEY!,
        privateKey: config.WEB_PUSH_VAPID_PRIVATE_KEY!,
      },
    },
  );
}

async function send(
  options: PushSenderOptions,
  subscription: { endpoint: string; p256dh: string; auth: string },
  payload: PushPayload,
  notificationId: number,
  urgency: Urgency,
): Promise<Outcome> {
  let details: webpush.RequestDetails;
  try {
    details = requestDetails(options, subscription, payload, notificationId, urgency);
  } catch (error) {
    // Keys nothing can be encrypted for: no later attempt would do better.
    return { sent: false, retry: false, gone: true, error: error instanceof Error ? error.message : String(error) };
  }
  let answer: { status: number; retryAfter: string | undefined };
  try {
    answer = await post(details, options.ctx.config.isProduction);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // An address refused by the production lookup is no passing failure.
    const refused = (error as { code?: string }).code === 'EPUSHADDRESS';
    return { sent: false, retry: !refused, gone: refused, error: message };
  }
  const { status } = answer;
  if (status >= 200 && status < 300) return { sent: true };
  const error = `the push service answered ${status}`;
  if (status === 404 || status === 410) return { sent: false, retry: false, gone: true, error };
  if (status === 429 || status >= 500) {
    const after = retryAfterMs(answer.retryAfter, options.ctx.now());
    return { sent: false, retry: true, error, ...(after !== undefined && { retryAfterMs: after }) };
  }
  return { sent: false, retry: false, error };
}

/** Sends one claimed message, and records what came of it. */
export async function deliverClaimed(options: PushSenderOptions, delivery: PushDeliveryRow): Promise<void> {
  const { db, log } = options.ctx;
  const now = options.ctx.now();
  // Only a message still pending is written: a run never overwrites what another run did.
  const still = (values: { status?: 'SENT' | 'FAILED'; due_at?: Date; sent_at?: Date; last_error?: string | null }) =>
    db
      .updateTable('push_deliveries')
      .set({ ...values, locked_until: null })
      .where('id', '=', delivery.id)
      .where('status', '=', 'PENDING')
      .execute();
  const target = await db
    .selectFrom('push_subscriptions as s')
    .innerJoin('notifications as n', (join) => join.on('n.id', '=', delivery.notification_id))
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id', 's.user_id', 's.endpoint', 's.p256dh', 's.auth', 's.expires_at', 'u.language'])
    .select(['n.kind', 'n.params', 'n.mission_id', 'n.group_count'])
    .where('s.id', '=', delivery.subscription_id)
    .executeTakeFirst();
  if (!target) {
    // The notification or the browser is gone (a cascade removes the message with them; this one raced it).
    await still({ status: 'FAILED', last_error: 'the notification or the subscription is gone' });
    return;
  }
  const forget = async (reason: string) => {
    await db.deleteFrom('push_subscriptions').where('id', '=', target.id).execute();
    countPushMessage('subscription_removed');
    log.warn({ subscriptionId: target.id, reason }, 'push subscription removed');
  };
  if (endpointRefusal(target.endpoint, options.ctx.config.isProduction)) {
    await forget('its endpoint is not a push service this configuration sends to');
    return;
  }
  if (target.expires_at && target.expires_at <= now) {
    await forget('expired');
    return;
  }
  if (now.getTime() - delivery.created_at.getTime() > PUSH_TTL_SECONDS * 1000) {
    await still({ status: 'FAILED', last_error: 'not sent within the time to live' });
    countPushMessage('dropped');
    return;
  }
  if (delivery.attempts > PUSH_MAX_ATTEMPTS) {
    await still({ status: 'FAILED', last_error: 'sending never finished (the process sending it stopped)' });
    countPushMessage('failed');
    return;
  }
  const topic = NOTIFICATION_KIND_TOPIC[target.kind];
  const switchedOff = await db
    .selectFrom('notification_preferences')
    .select('push')
    .where('user_id', '=', target.user_id)
    .where('topic', '=', topic)
    .where('push', '=', false)
    .executeTakeFirst();
  if (switchedOff) {
    await still({ status: 'FAILED', last_error: 'the member switched this topic off' });
    countPushMessage('dropped');
    return;
  }
  const language = target.language;
  const payload = pushPayloadOf(
    options,
    {
      id: delivery.notification_id,
      kind: target.kind,
      params: target.params,
      missionId: target.mission_id,
      count: target.group_count,
    },
    language,
  );
  const outcome = await send(options, target, payload, delivery.notification_id, URGENCY[target.kind] ?? 'normal');
  if (outcome.sent) {
    await still({ status: 'SENT', sent_at: options.ctx.now(), last_error: null });
    countPushMessage('sent');
    return;
  }
  if (outcome.gone) {
    await forget(outcome.error);
    return;
  }
  const final = !outcome.retry || delivery.attempts >= PUSH_MAX_ATTEMPTS;
  const delay = Math.max(
    PUSH_RETRY_DELAYS_MS[Math.min(delivery.attempts - 1, PUSH_RETRY_DELAYS_MS.length - 1)] ?? 0,
    outcome.retryAfterMs ?? 0,
  );
  await still({
    ...(final ? { status: 'FAILED' as const } : { due_at: new Date(options.ctx.now().getTime() + delay) }),
    last_error: outcome.error.slice(0, 2_000),
  });
  countPushMessage(final ? 'failed' : 'retried');
  log.warn({ deliveryId: delivery.id, final, error: outcome.error }, 'push message not delivered');
}

/** Sends due messages until none is left; answers how many it claimed. The runner calls it; tests call it directly. */
export async function drainPushDeliveries(options: PushSenderOptions & { stopped?: () => boolean }): Promise<number> {
  let runs = 0;
  const lane = async () => {
    while (!options.stopped?.()) {
      const delivery = await claimDueDelivery(options.ctx.db, options.ctx.now());
      if (!delivery) return;
      runs += 1;
      await deliverClaimed(options, delivery);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? CONCURRENCY) }, lane));
  return runs;
}

export interface PushSender {
  /** Sends what is due now instead of at the next poll. */
  wake(): void;
  /** Claims nothing more, and waits for the messages being sent. */
  stop(): Promise<void>;
}

/** The background runner of one process: drains on start and every `pollMs`. */
export function startPushSender(options: PushSenderOptions & { pollMs?: number }): PushSender {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let again = false;
  const wake = () => {
    if (stopped) return;
    again = true;
    running = running.then(async () => {
      if (!again || stopped) return;
      again = false;
      await drainPushDeliveries({ ...options, stopped: () => stopped }).catch((error: unknown) =>
        options.ctx.log.error({ err: error }, 'the push sender failed'),
      );
    });
  };
  const timer = setInterval(wake, options.pollMs ?? POLL_MS);
  timer.unref();
  wake();
  return {
    wake,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
