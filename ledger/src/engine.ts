import type { Kysely, Transaction } from 'kysely';
import { compareLockOrder, mayGoNegative, tracksLots } from './accounts';
import { appendRemembered } from './append-groups';
import type { CommandContext, LedgerCommandType } from './commands';
import { idempotencyConflict, LedgerError, type LedgerRefusal } from './errors';
import { validateContext } from './request-checks';
import {
  appendArguments,
  appendTransaction,
  findIdempotencyRecord,
  readState,
  recordRefusal,
  type IdempotencyRecord,
  type LedgerDb,
  type ReadState,
} from './repository';
import { findEntries } from './repository-reads';
import { traced, tracedMetadata } from './tracing';
import { stateCacheFor, type RememberedRead, type StateCache } from './state-cache';
import type { LedgerTables } from './table';
import { cleanMetadata, type Decision, type LedgerEntry, type NewTransaction } from './transaction';

/** The ledger runs on any kysely instance whose database includes the ledger's tables: the pool or a transaction. */
export type LedgerExecutor<DB extends LedgerTables = LedgerTables> = Kysely<DB> | Transaction<DB>;

export const asLedgerDb = <DB extends LedgerTables>(db: LedgerExecutor<DB>) => db as unknown as LedgerDb;

/** How one operation runs: what to read, what state to load from it, and its pure decider. */
export interface Operation<S> {
  command: LedgerCommandType;
  /** The request's content for idempotency (everything the caller sent except the key and the clock). */
  request: Record<string, unknown>;
  context: CommandContext;
  /**
   * The accounts the decision reads: those it debits, and the wallets and escrows whose lots it moves. Under locks
   * they are locked first; optimistically, the append checks they have not moved. The accounts a transaction only
   * credits are locked when it is appended (see `lockOrder`).
   */
  accounts: string[];
  /** The member whose standing the decider needs (read from `users` in the same round trip). */
  userId: number | null;
  /** A spend: read the lots it would take. */
  spend?: { wallet: string; coins: number };
  /** Read the lots this escrow holds. */
  escrow?: string;
  load(db: LedgerDb, read: ReadState): Promise<S>;
  decide(state: S): Decision;
}

type Outcome = { entry: LedgerEntry } | { refusal: LedgerRefusal };
type Mode = 'optimistic' | 'locking';

/** Optimistic attempts before an operation falls back to taking locks (contended accounts). */
const OPTIMISTIC_ATTEMPTS = 2;

/**
 * Runs an operation: read what the decision needs, answer from the key if it was used before, else decide and
 * append the transaction (or remember the refusal) under the key.
 *
 * Given a pool, the operation first runs optimistically: two round trips, each its own DB transaction (ledger_read,
 * then ledger_append, which locks the accounts in order and writes only if none of those the decision read has moved
 * since; a refusal holds as of the read). After repeated conflicts (a contended account) it runs under locks in a
 * transaction of its own: BEGIN, ledger_read locking the accounts in order, ledger_append, COMMIT. A refusal is
 * committed before it is thrown, so a retry meets it again.
 *
 * Given an open transaction (READ COMMITTED), it runs under locks inside it: the caller commits the ledger entry
 * with its own state change, and a refusal is remembered only if the caller commits.
 */
export async function runOperation<S>(
  executor: LedgerDb,
  operation: Operation<S>,
  memory?: RememberAfterCommit,
): Promise<LedgerEntry> {
  return traced(operation.command, () => runUntraced(executor, operation, memory));
}

/**
 * A caller's transaction in which the ledger may remember (state-cache.ts) what an operation read and appended, once
 * the caller has committed: the caller runs each function of `afterCommit` after its commit, and none after a
 * rollback (remembering a write that never committed could match a later, different state of the same version).
 */
export interface RememberAfterCommit {
  /** The pool whose remembered state it is (the one later operations run on). */
  pool: object;
  afterCommit: Array<() => void>;
}

async function runUntraced<S>(
  executor: LedgerDb,
  operation: Operation<S>,
  memory: RememberAfterCommit | undefined,
): Promise<LedgerEntry> {
  validateContext(operation.context);
  // Canonical content: what JSON keeps, so a request and its replay compare equal whatever undefined fields held.
  const request = JSON.stringify({ command: operation.command, ...operation.request });
  let outcome: Outcome | 'CONFLICT';
  if (executor.isTransaction) {
    outcome = await attempt(executor, operation, request, 'locking', undefined, memory);
  } else {
    const cache = stateCacheFor(executor);
    outcome = await retryingPaymentRace(async () => {
      const remembered = await attemptFromMemory(executor, cache, operation, request);
      if (remembered) return remembered;
      for (let tries = 0; tries < OPTIMISTIC_ATTEMPTS; tries += 1) {
        const optimistic = await attempt(executor, operation, request, 'optimistic', cache);
        if (optimistic !== 'CONFLICT') return optimistic;
      }
      return executor.transaction().execute((trx) => attempt(trx, operation, request, 'locking'));
    });
  }
  if (outcome === 'CONFLICT') throw new Error('a locked ledger append met a conflict');
  if ('refusal' in outcome) throw new LedgerError(outcome.refusal);
  return outcome.entry;
}

/**
 * Two different keys crediting one payment at once: the loser's insert trips the unique index. Running it again
 * sees the winner's purchase and refuses with PAYMENT_ALREADY_CREDITED.
 */
async function retryingPaymentRace<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (uniqueViolation(error) !== 'ledger_transactions_purchase_payment') throw error;
    return run();
  }
}

const rememberedRead = (operation: Operation<unknown>): RememberedRead => ({
  accounts: operation.accounts,
  userId: operation.userId,
  spend: operation.spend,
  escrow: operation.escrow,
});

/**
 * One round trip for an uncontended operation: decide from what this process remembers of the accounts (see
 * state-cache.ts) and append with the versions and member standing the decision used. Null when nothing usable is
 * remembered, when the decision is a refusal (refusals are only decided from a read), or when the append met a
 * moved account or member (what was remembered is forgotten): the caller then reads and appends as usual. A key
 * used before shows as KEY_TAKEN and is answered from the key, as after a read.
 */
async function attemptFromMemory<S>(
  db: LedgerDb,
  cache: StateCache,
  operation: Operation<S>,
  request: string,
): Promise<Outcome | null> {
  const { idempotencyKey, now } = operation.context;
  const shape = rememberedRead(operation as Operation<unknown>);
  const decided = await decideFromMemory(db, cache, operation, shape);
  if (!decided) return null;
  const { read, transaction } = decided;
  let appended: Awaited<ReturnType<typeof appendRemembered>>;
  try {
    appended = await appendRemembered(db, {
      idempotencyKey,
      request,
      now,
      transaction,
      expectedVersions: read.versions,
      asRead: { userId: operation.userId, memberState: read.memberState },
    });
  } catch (error) {
    // Nothing was written (the statement failed as a whole). A stale lot, say, makes the append refuse a movement:
    // read and decide again, which meets the error again if it was not the remembered state's.
    cache.forget(shape);
    if (uniqueViolation(error) === 'ledger_transactions_purchase_payment') throw error;
    return null;
  }
  if (appended === 'CONFLICT') {
    cache.forget(shape);
    return null;
  }
  if (appended === 'KEY_TAKEN') return answerFromKey(db, idempotencyKey, request);
  cache.appended(shape, read, now, transaction);
  return { entry: entryOf(appended, transaction, idempotencyKey, now) };
}

/**
 * The operation decided from what this process remembers: null when nothing usable is remembered or the decision is
 * a refusal (refusals are only decided from a read).
 */
async function decideFromMemory<S>(
  db: LedgerDb,
  cache: StateCache,
  operation: Operation<S>,
  shape: RememberedRead,
): Promise<{ read: ReadState; transaction: NewTransaction } | null> {
  const read = cache.read(shape, operation.context.now);
  if (!read) return null;
  try {
    const decision = operation.decide(await operation.load(db, read));
    if (decision.kind === 'refuse') return null;
    const transaction = {
      ...decision.transaction,
      metadata: tracedMetadata(cleanMetadata(decision.transaction.metadata)),
    };
    assertWellFormed(transaction, new Set(read.balances.keys()), null);
    return { read, transaction };
  } catch {
    // Remembered state a decider cannot use (e.g. an escrow whose lots disagree with its balance): read instead.
    cache.forget(shape);
    return null;
  }
}

/** An operation decided from remembered state, for a caller that appends it inside a statement of its own. */
export interface RememberedAppendPlan {
  /**
   * ledger_append_as_read's arguments, in order (migration 0151): it checks the versions and the member's standing
   * the decision used, and raises LDG01 (moved) or LDG02 (key taken) so that the caller's statement writes nothing.
   */
  appendArguments: unknown[];
  /** The caller's statement committed the transaction under this id: remember the state after it. */
  committed(transactionId: number): LedgerEntry;
  /** The caller's statement failed: forget what was remembered of the accounts and the member. */
  forget(): void;
}

/**
 * Decides an operation from what this process remembers of `pool`'s accounts, without any round trip; null when
 * nothing usable is remembered or the decision is a refusal: the caller then runs the operation as usual.
 */
export async function planFromMemory<S>(pool: LedgerDb, operation: Operation<S>): Promise<RememberedAppendPlan | null> {
  validateContext(operation.context);
  const request = JSON.stringify({ command: operation.command, ...operation.request });
  const { idempotencyKey, now } = operation.context;
  const cache = stateCacheFor(pool);
  const shape = rememberedRead(operation as Operation<unknown>);
  const decided = await decideFromMemory(pool, cache, operation, shape);
  if (!decided) return null;
  const { read, transaction } = decided;
  return {
    appendArguments: [
      operation.userId,
      read.memberState === null ? null : JSON.stringify(read.memberState),
      ...appendArguments({ idempotencyKey, request, now, transaction, expectedVersions: read.versions }),
    ],
    committed(transactionId) {
      cache.appended(shape, read, now, transaction);
      return entryOf(transactionId, transaction, idempotencyKey, now);
    },
    forget: () => cache.forget(shape),
  };
}

const entryOf = (transactionId: number, transaction: NewTransaction, idempotencyKey: string, now: Date) => ({
  transactionId,
  type: transaction.type,
  idempotencyKey,
  occurredAt: now,
  postings: transaction.postings,
  metadata: transaction.metadata,
});

async function attempt<S>(
  db: LedgerDb,
  operation: Operation<S>,
  request: string,
  mode: Mode,
  cache?: StateCache,
  memory?: RememberAfterCommit,
): Promise<Outcome | 'CONFLICT'> {
  const { idempotencyKey, now } = operation.context;
  const shape = rememberedRead(operation as Operation<unknown>);
  const read = await readState(db, {
    lock: mode === 'locking',
    accounts: operation.accounts,
    idempotencyKey,
    request,
    userId: operation.userId,
    now,
    spend: operation.spend,
    escrow: operation.escrow,
  });
  if (read.existing) return answerFrom(db, idempotencyKey, request, read.existing);
  cache?.remember(shape, read, now);

  const state = await operation.load(db, read);
  const decision = operation.decide(state);
  if (decision.kind === 'refuse') {
    const recorded = await recordRefusal(db, { idempotencyKey, request, refusal: decision.refusal, now });
    return recorded ? { refusal: decision.refusal } : answerFromKey(db, idempotencyKey, request);
  }
  const transaction = {
    ...decision.transaction,
    metadata: tracedMetadata(cleanMetadata(decision.transaction.metadata)),
  };
  const readAccounts = new Set(read.balances.keys());
  assertWellFormed(transaction, readAccounts, mode === 'locking' ? readAccounts : null);
  const appended = await appendTransaction(db, {
    idempotencyKey,
    request,
    now,
    transaction,
    expectedVersions: mode === 'optimistic' ? read.versions : null,
  });
  if (appended === 'CONFLICT') {
    cache?.forget(shape);
    return 'CONFLICT';
  }
  // A concurrent request with the same key (but other accounts, hence other content) committed first.
  if (appended === 'KEY_TAKEN') return answerFromKey(db, idempotencyKey, request);
  cache?.appended(shape, read, now, transaction);
  if (memory) {
    memory.afterCommit.push(() => {
      const remembered = stateCacheFor(memory.pool);
      remembered.remember(shape, read, now);
      remembered.appended(shape, read, now, transaction);
    });
  }
  return { entry: entryOf(appended, transaction, idempotencyKey, now) };
}

async function answerFromKey(db: LedgerDb, idempotencyKey: string, request: string): Promise<Outcome> {
  const record = await findIdempotencyRecord(db, idempotencyKey, request);
  if (!record) throw new Error(`idempotency key ${idempotencyKey} was taken but cannot be read`);
  return answerFrom(db, idempotencyKey, request, record);
}

async function answerFrom(
  db: LedgerDb,
  idempotencyKey: string,
  request: string,
  record: IdempotencyRecord,
): Promise<Outcome> {
  if (!record.sameRequest) throw idempotencyConflict(idempotencyKey, record.firstRequest, request);
  if (record.refusal) return { refusal: record.refusal };
  if (record.transactionId === null) throw new Error(`idempotency key ${idempotencyKey} has no outcome`);
  const [entry] = await findEntries(db, [record.transactionId]);
  return { entry: entry! };
}

/**
 * Deciders are pure and tested, but a bad transaction must never reach the log: check its shape once more. Every
 * account debited must have been read (and, under locks, locked); the accounts only credited are locked by the
 * append, so under locks they must come after every account held.
 */
export function assertWellFormed(transaction: NewTransaction, read: Set<string>, locked: Set<string> | null): void {
  const fail = (why: string) => {
    throw new Error(`refusing to append a malformed ${transaction.type}: ${why}`);
  };
  const { postings } = transaction;
  if (postings.length < 2) fail('fewer than two postings');
  if (new Set(postings.map((p) => p.account)).size !== postings.length) fail('an account is posted twice');
  if (postings.some((p) => !Number.isSafeInteger(p.amount) || p.amount === 0)) fail('a posting is not a whole coin');
  if (postings.reduce((sum, p) => sum + p.amount, 0) !== 0) fail('postings do not sum to zero');
  const unread = postings.find((p) => !read.has(p.account) && p.amount < 0 && !mayGoNegative(p.account));
  if (unread) fail(`${unread.account} is debited without being read`);
  if (locked) {
    const last = lastInLockOrder(locked);
    const late = postings.find((p) => !locked.has(p.account) && compareLockOrder(p.account, last) <= 0);
    if (late) fail(`${late.account} would be locked out of order`);
  }
  const byAccount = new Map<string, number>();
  const add = (account: string, amount: number) => byAccount.set(account, (byAccount.get(account) ?? 0) + amount);
  if (transaction.newLot) add(transaction.newLot.account, transaction.newLot.amount);
  const lotIds = new Set<number>();
  for (const movement of transaction.lotMovements) {
    if (lotIds.has(movement.lotId)) fail(`lot ${movement.lotId} moves twice`);
    lotIds.add(movement.lotId);
    const amounts = [movement.wallet.amount, ...(movement.escrow ? [movement.escrow.amount] : [])];
    if (amounts.some((amount) => !Number.isSafeInteger(amount)) || amounts.every((amount) => amount === 0)) {
      fail(`lot ${movement.lotId} does not move by whole coins`);
    }
    add(movement.wallet.account, movement.wallet.amount);
    if (movement.escrow) add(movement.escrow.account, movement.escrow.amount);
  }
  for (const account of new Set([...byAccount.keys(), ...postings.map((p) => p.account).filter(tracksLots)])) {
    const posted = postings.find((p) => p.account === account)?.amount ?? 0;
    if ((byAccount.get(account) ?? 0) !== posted) fail(`lot movements of ${account} do not match its posting`);
  }
}

function lastInLockOrder(accounts: Set<string>): string {
  return [...accounts].sort(compareLockOrder).at(-1) ?? '';
}

function uniqueViolation(error: unknown): string | undefined {
  const pgError = error as { code?: string; constraint?: string };
  return pgError.code === '23505' ? (pgError.constraint ?? '') : undefined;
}
