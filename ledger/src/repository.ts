import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { CoinLotSource, LedgerTransactionType } from '@fanmission/contracts';
import { accountKind, compareLockOrder, lockOrder } from './accounts';
import type { HeldPortion, Member, PurchaseRecord, RefundRecord } from './decide';
import type { LedgerRefusal } from './errors';
import type { Lot } from './rules';
import type { LedgerTables } from './table';
import type { LedgerEntry, LedgerMetadata, LotMovement, NewTransaction, Posting } from './transaction';

/** The pool or an open transaction; the ledger's statements never commit on their own. */
export type LedgerDb = Kysely<LedgerTables>;

// BIGINT comes back as a string unless the application installed a parser; either way it fits a number here.
const num = (value: unknown) => Number(value);

interface LotRow {
  id: unknown;
  account: string;
  source: CoinLotSource;
  amount: unknown;
  remaining: unknown;
  expires_at: Date;
}
const toLot = (row: LotRow): Lot => ({
  id: num(row.id),
  account: row.account,
  source: row.source,
  amount: num(row.amount),
  remaining: num(row.remaining),
  expiresAt: new Date(row.expires_at),
});

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

/**
 * A statement the server parses and plans once per connection: pg sends a named statement's Parse only the first
 * time a connection runs it (kysely sends unnamed statements, parsed and planned on every call). pg takes a query
 * config object (`{ name, text }`) wherever it takes the text, and kysely hands `sql` to pg untouched; `toString`
 * keeps the text readable to kysely's query log.
 */
class NamedStatement {
  readonly text: string;
  constructor(
    readonly name: string,
    functionName: string,
    casts: string[],
  ) {
    this.text = `select ${functionName}(${casts.map((cast, index) => `$${index + 1}${cast}`).join(', ')}) as result`;
  }
  toString(): string {
    return this.text;
  }
}

const parameters = (count: number) => Array.from({ length: count }, () => '');
const READ = new NamedStatement('fanmission_ledger_read', 'ledger_read', parameters(10));
const APPEND = new NamedStatement('fanmission_ledger_append', 'ledger_append', parameters(20));
const APPEND_AS_READ = new NamedStatement('fanmission_ledger_append_as_read', 'ledger_append_as_read', [
  '',
  '::jsonb',
  ...parameters(20),
]);

const APPEND_GROUP = new NamedStatement('fanmission_ledger_append_group', 'ledger_append_group', parameters(24));

/** SQLSTATEs of ledger_append_as_read (migration 0151): an account moved since it was read; the key was taken. */
const ACCOUNT_MOVED = 'LDG01';
const KEY_TAKEN = 'LDG02';

async function executeNamed<R>(db: LedgerDb, statement: NamedStatement, values: unknown[]): Promise<R> {
  const { rows } = await db.executeQuery<{ result: R }>(CompiledQuery.raw(statement as unknown as string, values));
  return rows[0]!.result;
}

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
  const { transaction, now } = input;
  const postings = [...transaction.postings].sort((a, b) => compareLockOrder(a.account, b.account));
  const expected = [...(input.expectedVersions ?? [])];
  const toLock = lockOrder([...postings.map((posting) => posting.account), ...expected.map(([account]) => account)]);
  const lot = transaction.newLot;
  const moved = transaction.lotMovements;
  const values = [
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

interface EntryRow {
  id: unknown;
  type: LedgerTransactionType;
  idempotency_key: string;
  occurred_at: Date;
  metadata: LedgerMetadata;
  postings: [string, unknown][];
}

const entrySelection = sql`
  t.id, t.type, t.idempotency_key, t.occurred_at, t.metadata,
  (select json_agg(json_build_array(p.account, p.amount) order by p.account)
   from ledger_postings p where p.transaction_id = t.id) as postings`;

function toEntry(row: EntryRow): LedgerEntry {
  return {
    transactionId: num(row.id),
    type: row.type,
    idempotencyKey: row.idempotency_key,
    occurredAt: new Date(row.occurred_at),
    postings: row.postings.map(([account, amount]): Posting => ({ account, amount: num(amount) })),
    metadata: row.metadata,
  };
}

export async function findEntries(db: LedgerDb, transactionIds: number[]): Promise<LedgerEntry[]> {
  if (transactionIds.length === 0) return [];
  const { rows } = await sql<EntryRow>`
    select ${entrySelection} from ledger_transactions t
    where t.id = any (${transactionIds}::bigint[]) order by t.id desc`.execute(db);
  return rows.map(toEntry);
}

/** The EXPIRY transactions whose keys start with `prefix` (the per-wallet keys of one expiry run). */
export async function findExpiryEntries(db: LedgerDb, prefix: string): Promise<LedgerEntry[]> {
  const pattern = `${prefix.replace(/[\\%_]/g, '\\$&')}%`;
  const { rows } = await sql<EntryRow>`
    select ${entrySelection} from ledger_transactions t
    where t.type = 'EXPIRY' and t.idempotency_key like ${pattern}
    order by t.id`.execute(db);
  return rows.map(toEntry);
}

/** Every lot with coins left in the wallet, expired or not, earliest expiry first. */
export async function findLotsWithCoins(db: LedgerDb, wallet: string): Promise<Lot[]> {
  const { rows } = await sql<LotRow>`
    select id, account, source, amount, remaining, expires_at from ledger_lots
    where account = ${wallet} and remaining > 0
    order by expires_at, id`.execute(db);
  return rows.map(toLot);
}

export async function findExpiredLots(db: LedgerDb, wallet: string, asOf: Date): Promise<Lot[]> {
  const { rows } = await sql<LotRow>`
    select id, account, source, amount, remaining, expires_at from ledger_lots
    where account = ${wallet} and remaining > 0 and expires_at <= ${asOf}
    order by expires_at, id`.execute(db);
  return rows.map(toLot);
}

/** The wallets holding expired coins, in account order after `after`. */
export async function findWalletsWithExpiredLots(
  db: LedgerDb,
  asOf: Date,
  after: string,
  limit: number,
): Promise<string[]> {
  const { rows } = await sql<{ account: string }>`
    select distinct account from ledger_lots
    where remaining > 0 and expires_at <= ${asOf} and account > ${after}
    order by account limit ${limit}`.execute(db);
  return rows.map((row) => row.account);
}

export async function findPurchase(db: LedgerDb, paymentId: string): Promise<PurchaseRecord | null> {
  const { rows } = await sql<LotRow & { transaction_id: unknown; occurred_at: Date; refunded: boolean }>`
    select t.id as transaction_id, t.occurred_at,
      l.id, l.account, l.source, l.amount, l.remaining, l.expires_at,
      exists (
        select 1 from ledger_lot_movements m2 join ledger_transactions t2 on t2.id = m2.transaction_id
        where m2.lot_id = l.id and t2.type in ('PURCHASE_WITHDRAWAL', 'PARTIAL_REFUND', 'PURCHASE_REVERSAL')
      ) as refunded
    from ledger_transactions t
    join ledger_lot_movements m on m.transaction_id = t.id
    join ledger_lots l on l.id = m.lot_id
    where t.type = 'PURCHASE' and t.metadata ->> 'paymentId' = ${paymentId}`.execute(db);
  const row = rows[0];
  if (!row) return null;
  return {
    transactionId: num(row.transaction_id),
    occurredAt: new Date(row.occurred_at),
    lot: toLot(row),
    refunded: row.refunded,
  };
}

/** A refund transaction with its postings and lot movements, and whether a REFUND_RETURN gave it back. */
export async function findRefundRecord(db: LedgerDb, transactionId: number): Promise<RefundRecord | null> {
  const [entry] = await findEntries(db, [transactionId]);
  if (!entry) return null;
  const { rows } = await sql<{ lot_id: unknown; account: string; wallet_amount: unknown }>`
    select m.lot_id, l.account, m.wallet_amount from ledger_lot_movements m join ledger_lots l on l.id = m.lot_id
    where m.transaction_id = ${transactionId} order by m.lot_id`.execute(db);
  const { rows: returns } = await sql<{ id: unknown }>`
    select id from ledger_transactions
    where type = 'REFUND_RETURN' and (metadata ->> 'refundTransactionId')::bigint = ${transactionId}
    limit 1`.execute(db);
  return {
    transactionId,
    type: entry.type,
    postings: entry.postings,
    lotMovements: rows.map((row) => ({ lotId: num(row.lot_id), account: row.account, amount: num(row.wallet_amount) })),
    returned: returns.length > 0,
  };
}

export async function findPurchaseTransactionId(db: LedgerDb, paymentId: string): Promise<number | null> {
  const { rows } = await sql<{ id: unknown }>`
    select id from ledger_transactions
    where type = 'PURCHASE' and metadata ->> 'paymentId' = ${paymentId}`.execute(db);
  return rows[0] ? num(rows[0].id) : null;
}
