import os from 'node:os';
import { accountKind, lockOrder } from './accounts';
import { APPEND_GROUP, executeNamed } from './named-statements';
import { appendTransaction, num, type LedgerDb } from './repository';
import type { LotMovement, NewTransaction } from './transaction';

/*
 * Group commit of remembered appends. An uncontended operation decided from remembered state is appended
 * in one round trip (ledger_append_as_read); each such append is a server transaction of its own: its statements,
 * its commit and its WAL flush. Here a pool sends at most APPENDS_IN_FLIGHT of them at a time; the appends that
 * arrive while those are under way wait, and the next one to go takes every waiting append it can as one group: one
 * call (ledger_append_group), one set-based statement per table for the whole group, one commit. Alone, an append
 * goes at once as before (a group of one is the single-append call).
 *
 * A group never holds two members where one reads an account the other touches (each checks the versions it read
 * against the accounts as they were before the group), so the members are independent and the group's answer is
 * each member's answer alone. Accounts only credited may be shared (a hot creator's earnings: locked once per group).
 * A member that clashes waits for a later group. The group is all or nothing: when it fails as a whole (an account
 * moved, a key taken meanwhile, anything), every member is appended again on its own and gets its own answer, so
 * grouping never fails an append that alone would have gone through.
 */

/**
 * Remembered appends a pool has under way at once: one group per CPU, the first at once and each further one only
 * with at least MIN_EXTRA_GROUP members, so that a commit is shared by several appends. Measured on 2 CPUs with 8
 * clients, against pgbench on the same server: two under way with groups of 4 ran 1.00-1.10x, two under
 * way with any group size (2.4 appends per commit) 0.72-1.05x, one under way (groups of 4, but a group's commit never
 * overlapping the next group's work) 0.65-1.03x.
 */
export const APPENDS_IN_FLIGHT = Math.max(2, os.availableParallelism());
const MIN_EXTRA_GROUP = 4;
/** Members per group at most (the call's arrays grow with it). */
const MAX_MEMBERS = 64;
/**
 * A group still under way after this long (waiting for a lock a caller's transaction holds, say) stops counting
 * against APPENDS_IN_FLIGHT: the appends behind it go on without it. The limit makes groups; it must never make one
 * append wait for an unrelated one.
 */
const SLOW_GROUP_MS = 20;

export type AppendAnswer = number | 'CONFLICT' | 'KEY_TAKEN';

interface Waiting {
  append: RememberedAppend;
  read: string[];
  touched: string[];
  resolve(answer: AppendAnswer): void;
  reject(error: unknown): void;
}

class AppendGroups {
  /** Appends for the next group, first come first. */
  private waiting: Waiting[] = [];
  /**
   * Appends decided from an account that an append waiting or under way is about to move: most likely stale (the
   * engine then reads again). Each goes alone once nothing else touches what it read; in a group it would fail
   * every other member with it, and sent at once it could commit first and fail the append it raced.
   */
  private deferred: Waiting[] = [];
  /** How many appends waiting or under way touch each account. */
  private readonly touching = new Map<string, number>();
  private inFlight = 0;

  constructor(private readonly db: LedgerDb) {}

  append(append: RememberedAppend): Promise<AppendAnswer> {
    const read = [...append.expectedVersions.keys()];
    const touched = [...new Set([...read, ...append.transaction.postings.map((posting) => posting.account)])];
    return new Promise((resolve, reject) => {
      const waiting: Waiting = { append, read, touched, resolve, reject };
      if (this.readsMoving(waiting)) {
        this.deferred.push(waiting);
      } else if (append.transaction.newLot) {
        // A transaction that creates a lot (a purchase, a bonus) is rare and never grouped.
        this.sendAlone(waiting);
      } else {
        this.touch(waiting.touched, 1);
        this.waiting.push(waiting);
        this.sendWhatCan();
      }
    });
  }

  private readsMoving(waiting: Waiting): boolean {
    return waiting.read.some((account) => this.touching.has(account));
  }

  private touch(accounts: string[], by: 1 | -1): void {
    for (const account of accounts) {
      const count = (this.touching.get(account) ?? 0) + by;
      if (count === 0) this.touching.delete(account);
      else this.touching.set(account, count);
    }
  }

  /** One append done (answered either way): what it touched is free, and deferred appends may go. */
  private done(waiting: Waiting): void {
    this.touch(waiting.touched, -1);
    if (this.deferred.length === 0) return;
    const ready = this.deferred.filter((deferred) => !this.readsMoving(deferred));
    if (ready.length === 0) return;
    this.deferred = this.deferred.filter((deferred) => !ready.includes(deferred));
    // One at a time per account: a ready append touches what it read before the next one is looked at.
    for (const deferred of ready) {
      if (this.readsMoving(deferred)) this.deferred.push(deferred);
      else this.sendAlone(deferred);
    }
  }

  private sendAlone(waiting: Waiting): void {
    this.touch(waiting.touched, 1);
    appendTransaction(this.db, waiting.append)
      .finally(() => this.done(waiting))
      .then(waiting.resolve, waiting.reject);
  }

  private sendWhatCan(): void {
    while (this.inFlight < APPENDS_IN_FLIGHT && this.waiting.length >= (this.inFlight === 0 ? 1 : MIN_EXTRA_GROUP)) {
      const group = this.takeGroup();
      this.inFlight += 1;
      let counted = true;
      const uncount = () => {
        if (!counted) return;
        counted = false;
        this.inFlight -= 1;
        this.sendWhatCan();
      };
      const slow = setTimeout(uncount, SLOW_GROUP_MS);
      slow.unref();
      void this.send(group).finally(() => {
        clearTimeout(slow);
        uncount();
      });
    }
  }

  /** The waiting appends, first come first, that can go together; the others keep their place. */
  private takeGroup(): Waiting[] {
    const group: Waiting[] = [];
    const left: Waiting[] = [];
    const read = new Set<string>();
    const touched = new Set<string>();
    for (const waiting of this.waiting) {
      const fits =
        group.length < MAX_MEMBERS &&
        !waiting.read.some((account) => touched.has(account)) &&
        !waiting.touched.some((account) => read.has(account));
      if (!fits) {
        left.push(waiting);
        continue;
      }
      group.push(waiting);
      for (const account of waiting.read) read.add(account);
      for (const account of waiting.touched) touched.add(account);
    }
    this.waiting = left;
    return group;
  }

  private async send(group: Waiting[]): Promise<void> {
    if (group.length > 1) {
      let ids: number[] | null = null;
      try {
        ids = await appendGroup(
          this.db,
          group.map((waiting) => waiting.append),
        );
      } catch {
        // The group failed as a whole and wrote nothing: each member on its own below.
      }
      if (ids) {
        group.forEach((waiting, index) => {
          this.done(waiting);
          waiting.resolve(ids[index]!);
        });
        return;
      }
    }
    await Promise.all(
      group.map((waiting) =>
        appendTransaction(this.db, waiting.append)
          .finally(() => this.done(waiting))
          .then(waiting.resolve, waiting.reject),
      ),
    );
  }
}

const groups = new WeakMap<object, AppendGroups>();

/**
 * Appends a transaction decided from remembered state, grouped with the pool's other remembered appends under way
 * (`db` is a pool, never an open transaction). Answers as `appendTransaction` does.
 */
export function appendRemembered(db: LedgerDb, append: RememberedAppend): Promise<AppendAnswer> {
  let pool = groups.get(db);
  if (!pool) {
    pool = new AppendGroups(db);
    groups.set(db, pool);
  }
  return pool.append(append);
}

/** A transaction decided from remembered state (see state-cache.ts), to append if nothing it read has moved. */
export interface RememberedAppend {
  idempotencyKey: string;
  request: string;
  now: Date;
  transaction: NewTransaction;
  expectedVersions: Map<string, number>;
  asRead: { userId: number | null; memberState: unknown };
}

/**
 * Appends several remembered transactions in one round trip and one commit (`ledger_append_group`, migration 0152),
 * their ids in the order given. All or nothing: the call throws when any member would not be appended alone as it
 * stands (an account or member moved, a key taken, a malformed member), and nothing is written. Members must not
 * share an account one of them read, nor create a lot (see append-groups.ts).
 */
export async function appendGroup(db: LedgerDb, members: RememberedAppend[]): Promise<number[]> {
  const reads: [number, string, number][] = [];
  const postings: [number, string, number][] = [];
  const moves: [number, LotMovement][] = [];
  const accounts = new Map<string, { amount: number; postings: number; createdAt: Date }>();
  const touch = (account: string, now: Date) => {
    const known = accounts.get(account);
    if (known) return known;
    const added = { amount: 0, postings: 0, createdAt: now };
    accounts.set(account, added);
    return added;
  };
  members.forEach((member, index) => {
    if (member.transaction.newLot) throw new Error('a transaction that creates a lot is appended on its own');
    for (const [account, version] of member.expectedVersions) {
      reads.push([index + 1, account, version]);
      touch(account, member.now);
    }
    for (const posting of member.transaction.postings) {
      postings.push([index + 1, posting.account, posting.amount]);
      const moved = touch(posting.account, member.now);
      moved.amount += posting.amount;
      moved.postings += 1;
    }
    for (const movement of member.transaction.lotMovements) moves.push([index + 1, movement]);
  });
  const locked = lockOrder(accounts.keys());
  const ids = await executeNamed<unknown[]>(db, APPEND_GROUP, [
    members.map((member) => member.idempotencyKey),
    members.map((member) => member.request),
    members.map((member) => member.transaction.type),
    members.map((member) => member.now),
    members.map((member) => JSON.stringify(member.transaction.metadata)),
    members.map((member) => member.asRead.userId),
    members.map((member) => (member.asRead.memberState === null ? null : JSON.stringify(member.asRead.memberState))),
    reads.map(([member]) => member),
    reads.map(([, account]) => account),
    reads.map(([, , version]) => version),
    postings.map(([member]) => member),
    postings.map(([, account]) => account),
    postings.map(([, , amount]) => amount),
    locked,
    locked.map(accountKind),
    locked.map((account) => accounts.get(account)!.amount),
    locked.map((account) => accounts.get(account)!.postings),
    locked.map((account) => accounts.get(account)!.createdAt),
    moves.map(([member]) => member),
    moves.map(([, movement]) => movement.lotId),
    moves.map(([, movement]) => movement.wallet.account),
    moves.map(([, movement]) => movement.wallet.amount),
    moves.map(([, movement]) => movement.escrow?.account ?? null),
    moves.map(([, movement]) => movement.escrow?.amount ?? null),
  ]);
  return ids.map(num);
}
