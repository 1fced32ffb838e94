import type { Language, Notification, UnreadNotifications } from '@fanmission/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../context';
import type { LiveNotifications } from './live';
import { unreadNotifications } from './reads';
import { notificationsAfter } from './service';

/** A comment line this often keeps proxies and phones from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;
/** How long a browser waits before it connects again after losing the stream. */
const RECONNECT_AFTER_MS = 3_000;
/** The most notifications one catch-up sends; a page that missed more reloads its list from the count. */
const CATCH_UP_LIMIT = 50;

/**
 * The member's notifications as server-sent events, live while the page is open:
 * - `notification`: a new notification (the page's row, in the stream's language), its id as the event id;
 * - `unread`: the header's count, after every change (a new notification, a page marked seen or read elsewhere).
 * A browser that reconnects sends the last event id it got (`Last-Event-ID`) and is sent the notifications after it,
 * then the count: nothing missed, nothing twice. A first connection starts at the newest notification.
 * A request that does not ask for `text/event-stream` (as an EventSource does) gets those first events and the end
 * of the answer instead of an open stream: a client that only reads gets the state, never a request left hanging.
 */
export async function streamNotifications(
  ctx: ServiceContext,
  live: LiveNotifications,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  language: Language,
): Promise<void> {
  const resumeFrom = lastEventIdOf(request.headers['last-event-id']);
  if (!acceptsEventStream(request.headers.accept)) {
    let text = `retry: ${RECONNECT_AFTER_MS}\n\n`;
    await catchUpOnce(ctx, userId, language, resumeFrom, (chunk) => (text += chunk));
    return reply.header('cache-control', 'no-store').type('text/event-stream; charset=utf-8').send(text);
  }
  reply.hijack();
  const response = reply.raw;
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // Proxies such as nginx deliver each event at once instead of buffering the stream.
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
    'x-request-id': request.id,
  });
  response.write(`retry: ${RECONNECT_AFTER_MS}\n\n`);

  let lastSentId = resumeFrom;
  let closed = false;
  let running: Promise<void> | undefined;
  let again = false;
  const write = (chunk: string) => {
    if (!closed) response.write(chunk);
  };
  /** Sends what the page has not been sent yet, then the count; one run at a time, a change during it runs again. */
  const catchUp = async (): Promise<void> => {
    lastSentId = await catchUpOnce(ctx, userId, language, lastSentId, write);
  };
  const onChange = () => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await catchUp();
        } catch (error) {
          ctx.log.warn({ err: error }, 'live notifications: catching a page up failed');
        }
      } while (again && !closed);
      running = undefined;
    })();
  };

  const heartbeat = setInterval(() => write(': ping\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  const unsubscribe = await live.subscribe(userId, onChange);
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    unsubscribe();
    response.end();
  };
  // A closing app ends the stream instead of waiting for the browser to leave.
  const untrack = live.track(close);
  request.raw.on('close', close);
  response.on('close', close);
  response.on('close', untrack);
  if (response.destroyed) close();
  else onChange();
}

/**
 * Writes the notifications past `lastSentId` (none on a first connection, which starts at the newest), then the
 * count; returns the id the page has now been sent up to.
 */
async function catchUpOnce(
  ctx: ServiceContext,
  userId: number,
  language: Language,
  lastSentId: number | undefined,
  write: (chunk: string) => void,
): Promise<number> {
  const sendEvent = (event: 'notification' | 'unread', data: Notification | UnreadNotifications, id: number) =>
    write(`event: ${event}\nid: ${id}\ndata: ${JSON.stringify(data)}\n\n`);
  const unread = await unreadNotifications(ctx.db, userId);
  let sentUpTo = lastSentId ?? unread.newestId;
  if (unread.newestId > sentUpTo) {
    const fresh = await notificationsAfter(ctx, userId, sentUpTo, CATCH_UP_LIMIT, language);
    for (const notification of fresh) sendEvent('notification', notification, notification.id);
    // More than one catch-up sends: the page starts from the newest and reloads its list.
    sentUpTo = fresh.length === CATCH_UP_LIMIT ? unread.newestId : (fresh.at(-1)?.id ?? sentUpTo);
  }
  sendEvent('unread', unread, sentUpTo);
  return sentUpTo;
}

const acceptsEventStream = (accept: string | undefined) => accept?.toLowerCase().includes('text/event-stream') ?? false;

function lastEventIdOf(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !/^\d{1,15}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}
