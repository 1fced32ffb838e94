/*
 * How the bulk path writes one batch: the idempotency keys, transactions, postings and purchase payments on one
 * connection, the lot movements and outbox events on another, side by side, each in its own DB transaction that
 * commits only once both have written (a batch is written whole or not). Set-based inserts, one statement per table.
 */
import { sql, type Transaction } from 'kysely';
import { insertColumns } from './bulk-insert';
import type { LedgerDb } from './repository';
import type { LedgerTables } from './table';

export interface PendingTransaction {
  id: number;
  key: string;
  request: string;
  type: string;
  occurredAt: Date;
  metadata: string;
  /** Its event, or null for history older than `eventsFrom`. */
  outbox: string | null;
  /** A purchase's payment, which `ledger_purchase_payments` maps to it. */
  paymentId: string | null;
}

export interface BatchPosting {
  transaction_id: number;
  account: string;
  amount: number;
}

export interface BatchMovement {
  transaction_id: number;
  lot_id: number;
  wallet_amount: number;
  escrow: string | null;
  escrow_amount: number | null;
}

/** Transactions decided in memory, with their postings and lot movements, written together. */
export interface Batch {
  transactions: PendingTransaction[];
  postings: BatchPosting[];
  movements: BatchMovement[];
}

/** `eventsDelivered`: the outbox events are written as sent (see `BulkLedgerOptions`). */
export async function writeBatch(db: LedgerDb, batch: Batch, eventsDelivered: boolean | undefined): Promise<void> {
  const { transactions, postings, movements } = batch;
  const column = <K extends keyof PendingTransaction>(key: K) => transactions.map((t) => t[key]);
  const times = column('occurredAt');
  // Two connections, each its own DB transaction, write the batch side by side: the keys, transactions and postings
  // in one (the postings' trigger reads their transaction), the lot movements and events in the other (nothing
  // reads across the two). Each commits only once both have written their part: a batch is written whole or not.
  await bothOrNeither(
    db,
    async (trx) => {
      // The events are written by the other connection, set by set, instead of by the per-row trigger (which
      // reads each transaction's postings back), and each purchase's payment here, instead of by the per-row
      // trigger that maps it; both triggers are off for this DB transaction only.
      await sql`alter table ledger_transactions disable trigger ledger_transactions_to_outbox`.execute(trx);
      await sql`alter table ledger_transactions disable trigger ledger_purchase_payment`.execute(trx);
      await insertColumns(trx, 'ledger_idempotency_keys', {
        idempotency_key: column('key'),
        request: column('request'),
        transaction_id: column('id'),
        created_at: times,
      });
      await insertColumns(trx, 'ledger_transactions', {
        id: column('id'),
        type: column('type'),
        idempotency_key: column('key'),
        occurred_at: times,
        metadata: column('metadata'),
      });
      await insertColumns(trx, 'ledger_postings', {
        transaction_id: postings.map((posting) => posting.transaction_id),
        account: postings.map((posting) => posting.account),
        amount: postings.map((posting) => posting.amount),
      });
      const purchases = transactions.filter((t) => t.paymentId !== null);
      await insertColumns(trx, 'ledger_purchase_payments', {
        payment_id: purchases.map((t) => t.paymentId),
        transaction_id: purchases.map((t) => t.id),
      });
      await sql`alter table ledger_transactions enable trigger ledger_purchase_payment`.execute(trx);
      await sql`alter table ledger_transactions enable trigger ledger_transactions_to_outbox`.execute(trx);
    },
    async (trx) => {
      await insertColumns(trx, 'ledger_lot_movements', {
        transaction_id: movements.map((movement) => movement.transaction_id),
        lot_id: movements.map((movement) => movement.lot_id),
        wallet_amount: movements.map((movement) => movement.wallet_amount),
        escrow: movements.map((movement) => movement.escrow),
        escrow_amount: movements.map((movement) => movement.escrow_amount),
      });
      const events = transactions.filter((t): t is PendingTransaction & { outbox: string } => t.outbox !== null);
      if (events.length === 0) return;
      await insertColumns(
        trx,
        'outbox',
        {
          type: events.map(() => 'ledger.transaction.appended'),
          aggregate_type: events.map(() => 'ledger'),
          aggregate_id: events.map((t) => String(t.id)),
          payload: events.map((t) => t.outbox),
          schema_version: events.map(() => 1),
          occurred_at: events.map((t) => t.occurredAt),
        },
        {
          computed: {
            id: sql`gen_random_uuid()`,
            // recorded_at is now() too: delivered the moment it was recorded.
            ...(eventsDelivered && { sent_at: sql`now()` }),
          },
        },
      );
    },
  );
}

/**
 * Runs two writes side by side, each in a DB transaction of its own connection, and commits each only once both have
 * written: when one fails, the other rolls back too.
 */
async function bothOrNeither(
  db: LedgerDb,
  ...writes: [(trx: Transaction<LedgerTables>) => Promise<void>, (trx: Transaction<LedgerTables>) => Promise<void>]
): Promise<void> {
  const written = writes.map(() => {
    let settle!: { resolve: () => void; reject: (error: unknown) => void };
    const promise = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
    promise.catch(() => undefined);
    return { promise, ...settle };
  });
  const all = Promise.all(written.map((side) => side.promise));
  all.catch(() => undefined);
  await Promise.all(
    writes.map((write, index) =>
      db.transaction().execute(async (trx) => {
        try {
          await write(trx);
          written[index]!.resolve();
        } catch (error) {
          written[index]!.reject(error);
          throw error;
        }
        await all;
      }),
    ),
  );
}
