import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';

/** The channel migration 0460's triggers announce a member's notification changes on, as '<user id>'. */
export const NOTIFICATIONS_CHANNEL = 'notifications';

/** Waits before listening again after the connection was lost: 0.5 s, doubling to 10 s. */
const RECONNECT_DELAYS_MS = { first: 500, max: 10_000 };

type ChangeListener = () => void;

/**
 * One process's ear on its members' notifications: a connection of its own (outside the pool) LISTENs on the
 * channel, and each change is handed to the open pages of that member in this process. Whichever API process wrote
 * the change, PostgreSQL tells every listening process, so a member's pages hear it wherever they are connected.
 *
 * The connection opens with the first page and stays while the process runs. When it is lost (a server restart),
 * every open page is told to look again once it listens anew, since changes made in between were not announced.
 */
export class LiveNotifications {
  private readonly listeners = new Map<number, Set<ChangeListener>>();
  private readonly streams = new Set<() => void>();
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private reconnectDelayMs = RECONNECT_DELAYS_MS.first;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly connectionString: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Calls `onChange` after each change of the member's notifications or marks, until the returned stop. */
  async subscribe(userId: number, onChange: ChangeListener): Promise<() => void> {
    let forUser = this.listeners.get(userId);
    if (!forUser) this.listeners.set(userId, (forUser = new Set()));
    forUser.add(onChange);
    const unsubscribe = () => {
      forUser.delete(onChange);
      if (forUser.size === 0 && this.listeners.get(userId) === forUser) this.listeners.delete(userId);
    };
    try {
      await this.listen();
    } catch (error) {
      // The page is told once the connection is back (the reconnect tells every open page).
      this.log.warn({ err: error }, 'live notifications: cannot listen yet');
    }
    return unsubscribe;
  }

  /** The number of open pages this process feeds. */
  get openPages(): number {
    let count = 0;
    for (const forUser of this.listeners.values()) count += forUser.size;
    return count;
  }

  /** Keeps an open stream's close until the returned untrack, so that `stop` ends the streams still open. */
  track(close: () => void): () => void {
    this.streams.add(close);
    return () => this.streams.delete(close);
  }

  /** Ends every open stream and stops listening. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const close of [...this.streams]) close();
    this.streams.clear();
    clearTimeout(this.reconnectTimer);
    this.listeners.clear();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private listen(): Promise<void> {
    if (this.client) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, undefined));
    client.on('notification', (message) => {
      if (message.channel !== NOTIFICATIONS_CHANNEL) return;
      this.tell(Number(message.payload));
    });
    try {
      await client.connect();
      await client.query(`listen ${NOTIFICATIONS_CHANNEL}`);
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      this.scheduleReconnect();
      throw error;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.reconnectDelayMs = RECONNECT_DELAYS_MS.first;
  }

  private lost(client: pg.Client, error: Error | undefined): void {
    if (this.client !== client) return;
    this.client = undefined;
    if (this.stopped) return;
    this.log.warn({ err: error }, 'live notifications: connection lost, listening again');
    client.end().catch(() => undefined);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    const delay = this.reconnectDelayMs;
    this.reconnectDelayMs = Math.min(delay * 2, RECONNECT_DELAYS_MS.max);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (this.listeners.size === 0) return;
      this.listen().then(
        // What changed while nobody listened was not announced: every open page looks again.
        () => this.tellEveryone(),
        () => undefined,
      );
    }, delay);
    this.reconnectTimer.unref();
  }

  private tell(userId: number): void {
    for (const onChange of this.listeners.get(userId) ?? []) onChange();
  }

  private tellEveryone(): void {
    for (const userId of [...this.listeners.keys()]) this.tell(userId);
  }
}
