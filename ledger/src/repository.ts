import { sql, type Kysely } from 'kysely';
import type { CoinLotSource } from '@fanmission/contracts';
import { accountKind, compareLockOrder, lockOrder } from './accounts';
import type { HeldPortion, Member } from './decider-states';
import type { LedgerRefusal } from './errors';
import type { Lot } from './rules';
import type { LedgerTables } from './table';
import { APPEND, APPEND_AS_READ, READ, executeNamed } from './named-statements';
import type { NewTransaction } from './transaction';

/** The pool or an open transaction; the ledger's statements never commit on their own. */
export type LedgerDb = Kysely<LedgerTables>;

// BIGINT comes back as a string unless the application installed a parser; either way it fits a number here.
export const num = (value: unknown) => Number(value);

export interface IdempotencyRecord {
  sameRequest: boolean;
  firstRequest: unknown;
  transactionId: number | null;
  refusal: LedgerRefusal | null;
}

export interface ReadState {
  /** The key's earlier outcome: answer from it instead of deciding again. */
  existing: IdempotencyRecord | null;
  /** Balances of the accounts read (0 for accounts not created yet). */
  balances: Map<string, number>;
  /** Versions of the accounts read (0 for accounts not created yet), for an optimistic append. */
  versions: Map<string, number>;
  member: Member;
  /** The member's standing exactly as `ledger_state` answered it (null: no such member), for `ledger_append_as_read`. */
  memberState: unknown;
  /** With `spend`: the wallet's unexpired lots, earliest expiry first, as far as needed to cover it. */
  lots: Lot[] | null;
  /** With `escrow`: the lots whose coins the escrow holds. */
  held: HeldPortion[] | null;
}

type JsonLot = [unknown, CoinLotSource, unknown, unknown, string];
type JsonHeldLot = [unknown, string, CoinLotSource, unknown, unknown, string, unknown];
interface JsonRecord {
  sameRequest: boolean;
  request: unknown;
  transactionId: unknown;
  refusal: LedgerRefusal | null;
}
interface ReadResult {
  existing?: JsonRecord;
  accounts?: Record<string, [unknown, unknown]>;
  member?: { isCreator: boolean; coinsFrozenAt: string | null } | null;
  lots?: JsonLot[] | null;
  held?: JsonHeldLot[] | null;
}

/** SQLSTATEs of ledger_append_as_read (migration 0151): an account moved since it was read; the key was taken. */
const ACCOUNT_MOVED = 'LDG01';
const KEY_TAKEN = 'LDG02';

const NO_MEMBER: Member = { exists: false, isCreator: false, coinsFrozenAt: null };

const toRecord = (record: JsonRecord): IdempotencyRecord => ({
  sameRequest: record.sameRequest,
  firstRequest: record.request,
  transactionId: record.transactionId === null ? null : num(record.transactionId),
  refusal: record.refusal,
});

/**
 * One round trip (`ledger_read`): the accounts' balances and versions, the key's earlier outcome (if any: nothing
 * more), the member, and on request the lots a spend would take or the lots an escrow holds. With `lock`, it first
 * creates missing accounts and locks all of them in `lockOrder`, so everything read stays current until commit.
 */
export async function readState(
  db: LedgerDb,
  input: {
    lock: boolean;
    accounts: string[];
    idempotencyKey: string;
    request: string;
    userId: number | null;
    now: Date;
    spend?: { wallet: string; coins: number };
    escrow?: string;
  },
): Promise<ReadState> {
  const accounts = lockOrder(input.accounts);
  const state = await executeNamed<ReadResult>(db, READ, [
    input.lock,
    input.idempotencyKey,
    input.request,
    input.now,
    accounts,
    accounts.map(accountKind),
    input.userId,
    input.spend?.wallet ?? null,
    input.spend?.coins ?? null,
    input.escrow ?? null,
  ]);
  const wallet = input.spend?.wallet ?? '';
  const stored = state.accounts ?? {};
  return {
    existing: state.existing ? toRecord(state.existing) : null,
    balances: new Map(accounts.map((account) => [account, num(stored[account]?.[0] ?? 0)])),
    versions: new Map(accounts.map((account) => [account, num(stored[account]?.[1] ?? 0)])),
    member: state.member
      ? {
          exists: true,
          isCreator: state.member.isCreator,
          coinsFrozenAt: state.member.coinsFrozenAt ? new Date(state.member.coinsFrozenAt) : null,
        }
      : NO_MEMBER,
    memberState: state.member ?? null,
    lots:
      state.lots?.map(([id, source, amount, remaining, expiresAt]) => ({
        id: num(id),
        account: wallet,
        source,
        amount: num(amount),
        remaining: num(remaining),
        expiresAt: new Date(expiresAt),
      })) ?? null,
    held:
      state.held?.map(([id, account, source, amount, remaining, expiresAt, coins]) => ({
        lot: {
          id: num(id),
          account,
          source,
          amount: num(amount),
          remaining: num(remaining),
          expiresAt: new Date(expiresAt),
        },
        coins: num(coins),
      })) ?? null,
  };
}

export async function findIdempotencyRecord(
  db: LedgerDb,
  idempotencyKey: string,
  request: string,
): Promise<IdempotencyRecord | undefined> {
  const { rows } = await sql<{ same: boolean; request: unknown; transaction_id: unknown; refusal: unknown }>`
    select request = ${request}::jsonb as same, request, transaction_id, refusal
    from ledger_idempotency_keys where idempotency_key = ${idempotencyKey}`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  return toRecord({
    sameRequest: row.same,
    request: row.request,
    transactionId: row.transaction_id,
    refusal: (row.refusal as LedgerRefusal | null) ?? null,
  });
}

/** Claims a key that stands for a batch of transactions (their own keys derive from it), or reads its request. */
export async function claimBatchKey(
  db: LedgerDb,
  input: { idempotencyKey: string; request: string; now: Date },
): Promise<IdempotencyRecord> {
  await sql`
    insert into ledger_idempotency_keys (idempotency_key, request, created_at)
    values (${input.idempotencyKey}, ${input.request}::jsonb, ${input.now})
    on conflict (idempotency_key) do nothing`.execute(db);
  return (await findIdempotencyRecord(db, input.idempotencyKey, input.request))!;
}

/** Remembers a refusal under its key (`ledger_refuse`); false when a concurrent request took the key first. */
export async function recordRefusal(
  db: LedgerDb,
  input: { idempotencyKey: string; request: string; refusal: LedgerRefusal; now: Date },
): Promise<boolean> {
  const { rows } = await sql<{ recorded: boolean }>`
    select ledger_refuse(${input.idempotencyKey}, ${input.request}, ${JSON.stringify(input.refusal)}, ${input.now})
      as recorded`.execute(db);
  return rows[0]!.recorded;
}

/** ledger_append's arguments (and ledger_append_as_read's after its first two), in order (migration 0151). */
export function appendArguments(input: {
  idempotencyKey: string;
  request: string;
  now: Date;
  transaction: NewTransaction;
  expectedVersions: Map<string, number> | null;
}): unknown[] {
  const { transaction, now } = input;
  const postings = [...transaction.postings].sort((a, b) => compareLockOrder(a.account, b.account));
  const expected = [...(input.expectedVersions ?? [])];
  const toLock = lockOrder([...postings.map((posting) => posting.account), ...expected.map(([account]) => account)]);
  const lot = transaction.newLot;
  const moved = transaction.lotMovements;
  return [
    input.idempotencyKey,
    input.request,
    transaction.type,
    now,
    JSON.stringify(transaction.metadata),
    toLock,
    toLock.map(accountKind),
    expected.map(([account]) => account),
    expected.map(([, version]) => version),
    postings.map((posting) => posting.account),
    postings.map((posting) => posting.amount),
    lot?.account ?? null,
    lot?.source ?? null,
    lot?.amount ?? null,
    lot?.expiresAt ?? null,
    moved.map((m) => m.lotId),
    moved.map((m) => m.wallet.account),
    moved.map((m) => m.wallet.amount),
    moved.map((m) => m.escrow?.account ?? null),
    moved.map((m) => m.escrow?.amount ?? null),
  ];
}

/**
 * Appends a decided transaction in one round trip (`ledger_append`): its key, the transaction, its postings, the
 * new lot and every lot movement, and the balance and lot projections. It locks the accounts it touches in lock
 * order first (creating the ones only credited). With `expectedVersions` (an optimistic append), it writes nothing
 * and answers 'CONFLICT' if any of those accounts moved since they were read. Answers 'KEY_TAKEN' when a concurrent
 * request took the key first. The function refuses an unbalanced transaction or a lot moved outside its wallet.
 */
export async function appendTransaction(
  db: LedgerDb,
  input: {
    idempotencyKey: string;
    request: string;
    now: Date;
    transaction: NewTransaction;
    expectedVersions: Map<string, number> | null;
    /**
     * The decision came from remembered state, not from a read: the member's standing it used (`memberState`) is
     * checked as well as the versions (`ledger_append_as_read`); a change answers 'CONFLICT'.
     */
    asRead?: { userId: number | null; memberState: unknown };
  },
): Promise<number | 'CONFLICT' | 'KEY_TAKEN'> {
  const values = appendArguments(input);
  const { asRead } = input;
  let id: unknown;
  try {
    id = asRead
      ? await executeNamed<unknown>(db, APPEND_AS_READ, [
          asRead.userId,
          asRead.memberState === null ? null : JSON.stringify(asRead.memberState),
          ...values,
        ])
      : await executeNamed<unknown>(db, APPEND, values);
  } catch (error) {
    // ledger_append_as_read writes the accounts before it knows whether the key is free: it raises these two
    // answers so that the statement's failure undoes what it wrote (it runs outside any caller's transaction).
    const code = (error as { code?: unknown }).code;
    if (asRead && code === ACCOUNT_MOVED) return 'CONFLICT';
    if (asRead && code === KEY_TAKEN) return 'KEY_TAKEN';
    throw error;
  }
  if (id === null) return 'KEY_TAKEN';
  return num(id) === -1 ? 'CONFLICT' : num(id);
}
