import { sql } from 'kysely';
import type { CoinLotSource, LedgerTransactionType } from '@fanmission/contracts';
import type { PurchaseRecord, RefundRecord } from './decider-states';
import type { Lot } from './rules';
import type { LedgerEntry, LedgerMetadata, Posting } from './transaction';
import { num, type LedgerDb } from './repository';

// The reads that load what a decider needs beyond `readState` (a wallet's lots, a purchase, a refund) and the
// entries an answer returns: plain selects, each one round trip, on the pool or inside the caller's transaction.

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
    from ledger_purchase_payments p
    join ledger_transactions t on t.id = p.transaction_id
    join ledger_lot_movements m on m.transaction_id = t.id
    join ledger_lots l on l.id = m.lot_id
    where p.payment_id = ${paymentId}`.execute(db);
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
    select transaction_id as id from ledger_purchase_payments where payment_id = ${paymentId}`.execute(db);
  return rows[0] ? num(rows[0].id) : null;
}
