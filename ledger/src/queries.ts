import { sql } from 'kysely';
import { toPage, type CoinLotSource, type Page } from '@fanmission/contracts';
import { houseAccountOf, houseShards, isWallet, walletAccount } from './accounts';
import { toCoinHistory, type CoinHistoryRow } from './coin-history';
import { asLedgerDb, type LedgerExecutor } from './engine';
import { requireCoins, requireId } from './request-checks';
import { invalidCommand } from './errors';
import { findEntries } from './repository-reads';
import { withdrawalDeadline } from './rules';
import type { LedgerTables } from './table';
import type { LedgerEntry } from './transaction';

export interface AccountBalance {
  account: string;
  balance: number;
  /** For a wallet: the coins that can be spent at `now` (lots past their expiry but not yet swept excluded). */
  spendable: number;
}

/**
 * The accounts a name stands for: a house account's name (`platform:revenue`) all its shards, any other name (a
 * single shard `platform:revenue:3` included) itself.
 */
export function accountsNamed(account: string): string[] {
  const house = houseAccountOf(account);
  return house === account ? houseShards(house) : [account];
}

/** An account's balance; a house account's is the sum of its shards. */
export async function balance<DB extends LedgerTables>(
  db: LedgerExecutor<DB>,
  account: string,
  options: { now?: Date } = {},
): Promise<AccountBalance> {
  const { rows } = await sql<{ balance: unknown; unexpired: unknown }>`
    select coalesce((select sum(balance) from ledger_accounts where account = any(${accountsNamed(account)}::text[])), 0)
        as balance,
      (select coalesce(sum(remaining), 0) from ledger_lots
       where account = ${account} and remaining > 0 and expires_at > ${options.now ?? null}::timestamptz) as unexpired
  `.execute(asLedgerDb(db));
  const stored = Number(rows[0]!.balance);
  const spendable = isWallet(account) && options.now ? Number(rows[0]!.unexpired) : stored;
  return { account, balance: stored, spendable };
}

export interface WalletLot {
  lotId: number;
  source: CoinLotSource;
  amount: number;
  remaining: number;
  expiresAt: Date;
  expired: boolean;
  createdAt: Date;
  /** The PURCHASE or BONUS_GRANT that credited it. */
  transactionId: number;
  paymentId?: string;
  /** Until when the whole charge can still be withdrawn (unused CASH lots inside their 7 days), else null. */
  withdrawableUntil: Date | null;
}

/** The member's lots with coins left (all lots with `includeEmpty`), earliest expiry first. */
export async function lots<DB extends LedgerTables>(
  db: LedgerExecutor<DB>,
  userId: number,
  /** `emptyLimit`: with `includeEmpty`, only the most recent this many lots with nothing left (a bounded answer). */
  options: { now: Date; includeEmpty?: boolean; emptyLimit?: number },
): Promise<WalletLot[]> {
  requireId('userId', userId);
  const emptyLimit = options.emptyLimit ?? null;
  const { rows } = await sql<{
    id: unknown;
    source: CoinLotSource;
    amount: unknown;
    remaining: unknown;
    expires_at: Date;
    created_at: Date;
    transaction_id: unknown;
    payment_id: string | null;
  }>`
    select l.id, l.source, l.amount, l.remaining, l.expires_at, l.created_at, l.transaction_id,
      t.metadata ->> 'paymentId' as payment_id
    from ledger_lots l join ledger_transactions t on t.id = l.transaction_id
    where l.account = ${walletAccount(userId)} and (l.remaining > 0 or (${options.includeEmpty === true}::boolean
      and (${emptyLimit}::integer is null or l.id in (
        select e.id from ledger_lots e where e.account = ${walletAccount(userId)} and e.remaining = 0
        order by e.id desc limit ${emptyLimit}::integer))))
    order by l.expires_at, l.id`.execute(asLedgerDb(db));
  const now = options.now.getTime();
  return rows.map((row) => {
    const amount = Number(row.amount);
    const remaining = Number(row.remaining);
    const createdAt = new Date(row.created_at);
    const expiresAt = new Date(row.expires_at);
    const deadline = withdrawalDeadline(createdAt);
    const withdrawable = row.source === 'CASH' && remaining === amount && now <= deadline.getTime();
    return {
      lotId: Number(row.id),
      source: row.source,
      amount,
      remaining,
      expiresAt,
      expired: expiresAt.getTime() <= now,
      createdAt,
      transactionId: Number(row.transaction_id),
      ...(row.payment_id === null ? {} : { paymentId: row.payment_id }),
      withdrawableUntil: withdrawable ? deadline : null,
    };
  });
}

/**
 * The transactions that touched an account, newest first, `size` per page from page 0. A house account's history is
 * its shards' merged in transaction order; a transaction that touched two of them (a compensation or a returned fee
 * taken from several) takes two places in that order and shows once, so its page is one entry short.
 */
export async function history<DB extends LedgerTables>(
  db: LedgerExecutor<DB>,
  input: { account: string; page: number; size: number },
): Promise<Page<LedgerEntry>> {
  const { account, page, size } = input;
  if (!Number.isSafeInteger(page) || page < 0) throw invalidCommand('page', page, 'a page index from 0');
  requireCoins('size', size);
  const ledgerDb = asLedgerDb(db);
  const accounts = accountsNamed(account);
  // The page from the (account, transaction) index (a house account's shards merged, each read in index order), and
  // the total from the accounts' versions, which every posting bumps by one: no page counts the account's whole
  // history (a platform account has millions of postings). A house account's total counts postings, so a transaction
  // that touched two of its shards twice.
  const newestOf = (one: string) =>
    sql`(select transaction_id from ledger_postings where account = ${one}
      order by transaction_id desc limit ${(page + 1) * size})`;
  const [{ rows }, counted] = await Promise.all([
    accounts.length === 1
      ? sql<{ transaction_id: unknown }>`
          select transaction_id from ledger_postings
          where account = ${account}
          order by transaction_id desc
          limit ${size} offset ${page * size}`.execute(ledgerDb)
      : // No DISTINCT: it would read every shard's whole window; merged this way the index scans stop at the page.
        sql<{ transaction_id: unknown }>`
          select transaction_id from (${sql.join(accounts.map(newestOf), sql` union all `)}) shards
          order by transaction_id desc
          limit ${size} offset ${page * size}`.execute(ledgerDb),
    sql<{ version: unknown }>`
      select sum(version) as version from ledger_accounts where account = any(${accounts}::text[])`.execute(ledgerDb),
  ]);
  const totalElements = Number(counted.rows[0]?.version ?? 0);
  const content = await findEntries(ledgerDb, [...new Set(rows.map((row) => Number(row.transaction_id)))]);
  return toPage(content, totalElements, { page, size });
}

/** A member's coin history page (USE, EARN, EXPIRED, REFUND), newest first. */
export async function coinHistory<DB extends LedgerTables>(
  db: LedgerExecutor<DB>,
  input: { userId: number; page: number; size: number },
): Promise<Page<CoinHistoryRow>> {
  requireId('userId', input.userId);
  const entries = await history(db, { account: walletAccount(input.userId), page: input.page, size: input.size });
  return { ...entries, content: toCoinHistory(input.userId, entries.content) };
}

/** The coins one transaction took out of each wallet lot, by the charge (`paymentId` of the lot's PURCHASE). */
export interface ChargeShare {
  lotId: number;
  /** The PURCHASE that credited the lot. */
  purchaseTransactionId: number;
  /** Null for a lot no payment credited (a bonus grant). */
  paymentId: string | null;
  coins: number;
}

/**
 * What a refund transaction (PURCHASE_WITHDRAWAL, PARTIAL_REFUND) took from each lot, oldest lot first: the charges
 * whose money goes back, so each is paid back in its own currency and amount.
 */
export async function chargeShares<DB extends LedgerTables>(
  db: LedgerExecutor<DB>,
  transactionId: number,
): Promise<ChargeShare[]> {
  requireId('transactionId', transactionId);
  const { rows } = await sql<{ lot_id: unknown; transaction_id: unknown; payment_id: string | null; coins: unknown }>`
    select m.lot_id, l.transaction_id, t.metadata ->> 'paymentId' as payment_id, -m.wallet_amount as coins
    from ledger_lot_movements m
      join ledger_lots l on l.id = m.lot_id
      join ledger_transactions t on t.id = l.transaction_id
    where m.transaction_id = ${transactionId} and m.wallet_amount < 0
    order by m.lot_id`.execute(asLedgerDb(db));
  return rows.map((row) => ({
    lotId: Number(row.lot_id),
    purchaseTransactionId: Number(row.transaction_id),
    paymentId: row.payment_id,
    coins: Number(row.coins),
  }));
}
