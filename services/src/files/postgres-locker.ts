import { setTimeout as delay } from 'node:timers/promises';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import pg from 'pg';

/** How often a waiting request asks PostgreSQL again, and how long it waits before tus answers 500 (lock timeout). */
export interface PostgresLockerOptions {
  pollMs?: number;
  timeoutMs?: number;
}

const LOCK_NAMESPACE = 'tus-upload';

/**
 * tus's `Locker` on PostgreSQL session advisory locks, so that one upload is written by one request at a time
 * whichever API process each request reaches. A lock holds a connection of its own (outside the pool: a PATCH of a
 * large file may last many minutes, and the pool serves every other request) for as long as it is held; the
 * connection ending (a process that dies) frees the lock. A request that waits asks a holder in the same process to
 * let go at once (tus then ends that request's write); a holder in another process keeps its lock until its request
 * ends (the client's connection closing ends it), and the waiting request gives up after `timeoutMs`.
 */
export class PostgresLocker implements Locker {
  readonly pollMs: number;
  readonly timeoutMs: number;
  /** The holders in this process, each with the way tus asks it to let go. */
  readonly localHolders = new Map<string, RequestRelease>();

  constructor(
    readonly connectionString: string,
    options: PostgresLockerOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 100;
    this.timeoutMs = options.timeoutMs ?? 20_000;
  }

  newLock(id: string): Lock {
    return new PostgresLock(this, id);
  }
}

class PostgresLock implements Lock {
  private client: pg.Client | undefined;
  private release: RequestRelease | undefined;

  constructor(
    private readonly locker: PostgresLocker,
    private readonly id: string,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const client = new pg.Client({ connectionString: this.locker.connectionString });
    // A connection lost while the lock is held frees the lock on the server; nothing to do here.
    client.on('error', () => undefined);
    await client.connect();
    const deadline = Date.now() + this.locker.timeoutMs;
    try {
      for (;;) {
        const { rows } = await client.query<{ locked: boolean }>(
          'select pg_try_advisory_lock(hashtext($1), hashtext($2)) as locked',
          [LOCK_NAMESPACE, this.id],
        );
        if (rows[0]?.locked) break;
        await this.locker.localHolders.get(this.id)?.();
        if (signal.aborted) throw ERRORS.ABORTED;
        if (Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
        await delay(this.locker.pollMs);
      }
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    this.client = client;
    this.release = requestRelease;
    this.locker.localHolders.set(this.id, requestRelease);
  }

  async unlock(): Promise<void> {
    const client = this.client;
    if (!client) return;
    this.client = undefined;
    if (this.locker.localHolders.get(this.id) === this.release) this.locker.localHolders.delete(this.id);
    // Ending the session frees its advisory locks; the explicit unlock only makes it visible sooner.
    await client
      .query('select pg_advisory_unlock(hashtext($1), hashtext($2))', [LOCK_NAMESPACE, this.id])
      .catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}
