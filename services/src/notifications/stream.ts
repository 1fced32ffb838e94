import type { Language, Notification, UnreadNotifications } from '@fanmission/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../context';
import type { Db } from '../db';
import { AppError } from '../http';
import type { LiveNotifications } from './live';
import { allReadUpTo, unreadNotifications } from './reads';
import { findNotificationsAfter, type NotificationView } from './repository';
import { notificationsAfter, toNotification } from './service';

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
 * The stream ends with an `end` event when its session does (see MemberFeeds); past the caps it is refused (429).
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
  const session = { version: request.sessionVersion ?? 0, expiresAt: request.sessionExpiresAt?.getTime() ?? null };
  const feeds = feedsOf(ctx, live);
  const address = request.ip;
  if (!feeds.reserve(userId, address)) {
    throw new AppError(429, 'notification.tooManyStreams', { code: 'TOO_MANY_STREAMS' });
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

  let closed = false;
  const heartbeat = setInterval(() => sink.write(': ping\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  // The token's end ends the stream (a timer cannot wait longer than about 24 days: the periodic check covers that).
  const untilExpiry = session.expiresAt === null ? undefined : Math.max(0, session.expiresAt - Date.now());
  const expiry =
    untilExpiry !== undefined && untilExpiry <= MAX_TIMER_MS ? setTimeout(() => sink.end(), untilExpiry) : undefined;
  expiry?.unref();
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    clearTimeout(expiry);
    feeds.remove(userId, address, sink);
    response.end();
  };
  const sink: Sink = {
    language,
    cursor: resumeFrom,
    session,
    write: (chunk) => {
      if (!closed) response.write(chunk);
    },
    end: () => {
      sink.write(`event: end\ndata: ${JSON.stringify({ reason: 'SESSION_ENDED' })}\n\n`);
      close();
    },
  };
  // A closing app ends the stream instead of waiting for the browser to leave.
  const untrack = live.track(close);
  request.raw.on('close', close);
  response.on('close', close);
  response.on('close', untrack);
  if (response.destroyed) {
    close();
    return;
  }
  await feeds.add(userId, sink);
}

/** A timer waits at most this long (setTimeout's limit). */
const MAX_TIMER_MS = 2_147_483_647;
/** How often the session of a member's open streams is read again, besides each change announced. */
const SESSION_CHECK_MS = 60_000;

/** One open stream: where its page is, and the session it was opened on. */
interface Sink {
  language: Language;
  /** The id the page has been sent up to; undefined until its first catch-up (a first connection: the newest). */
  cursor: number | undefined;
  session: { version: number; expiresAt: number | null };
  write(chunk: string): void;
  /** Tells the page its session ended, and closes the stream. */
  end(): void;
}

interface MemberFeed {
  sinks: Set<Sink>;
  running: boolean;
  again: boolean;
  unsubscribe: () => void;
  tick: NodeJS.Timeout;
}

const feedsByLive = new WeakMap<LiveNotifications, MemberFeeds>();
const feedsOf = (ctx: ServiceContext, live: LiveNotifications): MemberFeeds => {
  let feeds = feedsByLive.get(live);
  if (!feeds) feedsByLive.set(live, (feeds = new MemberFeeds(ctx, live)));
  return feeds;
};

/**
 * The open streams of this process, by member: a change of a member's notifications, marks or session is read once
 * (one snapshot of the database) and fanned out to each of his streams; a stream whose session ended (logout, password
 * change or reset, login block, deleted account: migration 0610 announces them on the same channel) or whose token
 * expired is ended before anything more is written to it. A member holds at most NOTIFICATION_STREAMS_PER_MEMBER
 * streams and an address NOTIFICATION_STREAMS_PER_ADDRESS, per process.
 */
class MemberFeeds {
  private readonly feeds = new Map<number, MemberFeed>();
  private readonly perMember = new Map<number, number>();
  private readonly perAddress = new Map<string, number>();

  constructor(
    private readonly ctx: ServiceContext,
    private readonly live: LiveNotifications,
  ) {}

  /** Takes a slot for a stream of the member from the address; false past either cap. */
  reserve(userId: number, address: string): boolean {
    const member = this.perMember.get(userId) ?? 0;
    const fromAddress = this.perAddress.get(address) ?? 0;
    if (member >= this.ctx.config.NOTIFICATION_STREAMS_PER_MEMBER) return false;
    if (fromAddress >= this.ctx.config.NOTIFICATION_STREAMS_PER_ADDRESS) return false;
    this.perMember.set(userId, member + 1);
    this.perAddress.set(address, fromAddress + 1);
    return true;
  }

  async add(userId: number, sink: Sink): Promise<void> {
    let feed = this.feeds.get(userId);
    if (!feed) {
      const created: MemberFeed = {
        sinks: new Set(),
        running: false,
        again: false,
        unsubscribe: () => undefined,
        tick: setInterval(() => this.refresh(userId, created), SESSION_CHECK_MS),
      };
      created.tick.unref();
      this.feeds.set(userId, (feed = created));
      feed.unsubscribe = await this.live.subscribe(userId, () => this.refresh(userId, created));
    }
    feed.sinks.add(sink);
    this.refresh(userId, feed);
  }

  /** Frees the stream's slot (once), and the member's feed with his last stream. */
  remove(userId: number, address: string, sink: Sink): void {
    const release = (map: Map<number | string, number>, key: number | string) => {
      const left = (map.get(key) ?? 1) - 1;
      if (left > 0) map.set(key, left);
      else map.delete(key);
    };
    release(this.perMember, userId);
    release(this.perAddress, address);
    const feed = this.feeds.get(userId);
    if (!feed) return;
    feed.sinks.delete(sink);
    if (feed.sinks.size > 0) return;
    clearInterval(feed.tick);
    feed.unsubscribe();
    this.feeds.delete(userId);
  }

  /** One run at a time per member; a change during it runs again. */
  private refresh(userId: number, feed: MemberFeed): void {
    if (feed.running) {
      feed.again = true;
      return;
    }
    feed.running = true;
    void (async () => {
      do {
        feed.again = false;
        if (feed.sinks.size === 0) break;
        try {
          await this.fanOut(userId, feed);
        } catch (error) {
          this.ctx.log.warn({ err: error }, 'live notifications: catching a page up failed');
        }
      } while (feed.again);
      feed.running = false;
    })();
  }

  private async fanOut(userId: number, feed: MemberFeed): Promise<void> {
    const sinks = [...feed.sinks];
    const snapshot = await readSnapshot(this.ctx.db, userId, sinks);
    const now = Date.now();
    for (const sink of sinks) {
      const expired = sink.session.expiresAt !== null && now >= sink.session.expiresAt;
      if (!snapshot || snapshot.sessionVersion !== sink.session.version || expired) {
        sink.end();
        continue;
      }
      sink.cursor = sendCatchUp(this.ctx, sink, snapshot);
    }
  }
}

interface Snapshot {
  sessionVersion: number;
  unread: UnreadNotifications;
  readUpTo: number;
  /** The notifications past each cursor a stream is at, oldest first, at most CATCH_UP_LIMIT. */
  after: Map<number, NotificationView[]>;
}

/**
 * The member's session and notifications as of one moment (one repeatable-read transaction): a notification written
 * after his session ended is read only with that end. Undefined when he may no longer be signed in (account deleted,
 * login blocked), as services/src/users/repository.ts findCaller decides for a request.
 */
async function readSnapshot(db: Db, userId: number, sinks: readonly Sink[]): Promise<Snapshot | undefined> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const account = await trx
        .selectFrom('users')
        .select(['session_version', 'login_blocked_at'])
        .where('id', '=', userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!account || account.login_blocked_at !== null) return undefined;
      const unread = await unreadNotifications(trx, userId);
      const cursors = new Set(
        sinks.flatMap((sink) => (sink.cursor !== undefined && sink.cursor < unread.newestId ? [sink.cursor] : [])),
      );
      const after = new Map<number, NotificationView[]>();
      let readUpTo = 0;
      if (cursors.size > 0) {
        readUpTo = await allReadUpTo(trx, userId);
        for (const cursor of cursors)
          after.set(cursor, await findNotificationsAfter(trx, userId, cursor, CATCH_UP_LIMIT));
      }
      return { sessionVersion: account.session_version, unread, readUpTo, after };
    });
}

/** Writes a stream's notifications past its cursor, then the count; answers the id it has been sent up to now. */
function sendCatchUp(ctx: ServiceContext, sink: Sink, snapshot: Snapshot): number {
  const { unread } = snapshot;
  let sentUpTo = sink.cursor ?? unread.newestId;
  const fresh = snapshot.after.get(sentUpTo);
  if (fresh) {
    for (const row of fresh) {
      const notification = toNotification(ctx, row, sink.language, snapshot.readUpTo);
      sink.write(`event: notification\nid: ${notification.id}\ndata: ${JSON.stringify(notification)}\n\n`);
    }
    // More than one catch-up sends: the page starts from the newest and reloads its list.
    sentUpTo = fresh.length === CATCH_UP_LIMIT ? unread.newestId : (fresh.at(-1)?.id ?? sentUpTo);
  }
  sink.write(`event: unread\nid: ${sentUpTo}\ndata: ${JSON.stringify(unread)}\n\n`);
  return sentUpTo;
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
