/*
 * The bulk path: millions of transactions loaded into an empty ledger (a generated world, a migration from another
 * system) at the speed of set-based inserts, with the ledger's own rules. Each command is decided by the same pure
 * decider as `runOperation`, from the state this loader holds in memory (every account, lot, escrow portion and
 * purchase it has written: the ledger was empty when it opened, and nothing else writes to it until `finish`), and
 * checked by the same `assertWellFormed`. The transactions, their keys, postings, lot movements and outbox events go
 * to the database in batches, one statement per table per batch, while the next batch is decided; the accounts
 * (balance, and version = the number of postings) and the lots (what is left of each) are written once, at `finish`,
 * as the replay of what was loaded. So `verify` finds the balances and lots equal to the replay of the log, as after
 * the same commands one by one. How a batch is written is in `bulk-batch.ts`.
 *
 * Each command costs the same however much was loaded before it: a wallet's open lots (remaining > 0) are a set kept
 * as the movements change them, which is all the deciders look at (they spend, expire and refund only lots with
 * coins left, in expiry order); an escrow's portions are a map of its own. The idempotency keys are checked against
 * the batch not written yet, and the older ones by the keys table's primary key when the batch is written (one used
 * twice is a programming error either way): a set of every key would outgrow what a JavaScript Set holds (2^24).
 */
import { sql } from 'kysely';
import { PLATFORM_REVENUE, accountKind, houseShards, mayGoNegative, walletAccount } from './accounts';
import { writeBatch, type Batch, type BatchMovement, type BatchPosting, type PendingTransaction } from './bulk-batch';
import { insertColumns } from './bulk-insert';
import type { CommandContext, CommandData, LedgerCommandType } from './commands';
import { deciders } from './decide';
import type { HeldPortion, LedgerStates, Member, PurchaseRecord, RefundRecord } from './decider-states';
import { asLedgerDb, assertWellFormed, type LedgerExecutor } from './engine';
import type { LedgerRefusal } from './errors';
import type { LedgerDb } from './repository';
import type { Lot } from './rules';
import type { LedgerTables } from './table';
import { cleanMetadata, type Decision, type LedgerEntry, type NewTransaction } from './transaction';

/** Commands the loader decides from memory: those whose state it can hold (every one a world needs). */
type BulkCommand = Exclude<LedgerCommandType, 'CompensateLuckyMission' | 'ForfeitWallet' | 'ReversePurchase'>;

type Outcome = { entry: LedgerEntry } | { refusal: LedgerRefusal };

interface AccountState {
  balance: number;
  version: number;
  createdAt: Date;
}

/** Transactions kept in memory before they are written. */
const FLUSH_TRANSACTIONS = 20_000;
/** Commands decided between two turns of the event loop, which let the batch being written go on. */
const COMMANDS_PER_TURN = 500;

export interface BulkLedgerOptions {
  /**
   * The outbox events are history already delivered (a generated world, a migrated system): written with `sent_at`
   * set, so no consumer replays them and the unsent-events indexes never hold them.
   */
  eventsDelivered?: boolean;
  /**
   * The first moment whose transactions have their event written: history older than the outbox keeps (its retention,
   * past which the first maintenance pass drops every event) is written without events. Unset: every event.
   */
  eventsFrom?: Date;
}

export class BulkLedger {
  private readonly accounts = new Map<string, AccountState>();
  private readonly lots = new Map<number, Lot & { transactionId: number; createdAt: Date }>();
  /** Per wallet, its lots with coins left. */
  private readonly openLots = new Map<string, Set<number>>();
  /** Per escrow, the coins it holds of each lot. */
  private readonly held = new Map<string, Map<number, number>>();
  private readonly purchases = new Map<string, PurchaseRecord>();
  private readonly refunds = new Map<number, RefundRecord>();
  private readonly refundedLots = new Set<number>();
  /** The keys of the batch not written yet. */
  private keys = new Set<string>();
  private readonly members = new Map<number, Member>();
  private pending: PendingTransaction[] = [];
  private postings: BatchPosting[] = [];
  private movements: BatchMovement[] = [];
  private finished = false;
  /** The batch being written, if any: its failure is thrown by the next write or by `finish`. */
  private writing: Promise<void> = Promise.resolve();
  private commandsThisTurn = 0;
  /** Transactions and postings loaded so far. */
  readonly written = { transactions: 0, postings: 0, lotMovements: 0 };

  private constructor(
    private readonly db: LedgerDb,
    private nextTransactionId: number,
    private nextLotId: number,
    private readonly options: BulkLedgerOptions,
  ) {}

  /**
   * Opens the loader on an empty ledger (it refuses one that holds anything). It writes each batch on two connections
   * at once: `executor`'s pool needs two (one would wait for the other forever).
   */
  static async open<DB extends LedgerTables>(
    executor: LedgerExecutor<DB>,
    options: BulkLedgerOptions = {},
  ): Promise<BulkLedger> {
    const db = asLedgerDb(executor);
    const { rows } = await sql<{ used: boolean; transaction_id: unknown; lot_id: unknown }>`
      select exists (select 1 from ledger_accounts) or exists (select 1 from ledger_transactions)
          or exists (select 1 from ledger_idempotency_keys) as used,
        nextval(pg_get_serial_sequence('ledger_transactions', 'id')) as transaction_id,
        nextval(pg_get_serial_sequence('ledger_lots', 'id')) as lot_id`.execute(db);
    const row = rows[0]!;
    if (row.used) throw new Error('the bulk ledger loads into an empty ledger only');
    return new BulkLedger(db, Number(row.transaction_id), Number(row.lot_id), options);
  }

  /** The standing of a member whose wallet the commands use (as `users` would answer it). */
  member(userId: number, member: Omit<Member, 'exists'>): void {
    this.members.set(userId, { exists: true, ...member });
  }

  balance(account: string): number {
    return this.accounts.get(account)?.balance ?? 0;
  }

  /** Decides and appends one command as `runOperation` would; a refusal is answered, not remembered. */
  run<T extends BulkCommand>(command: T, input: CommandData<T> & CommandContext): Outcome {
    if (this.finished) throw new Error('the bulk ledger is finished');
    const { idempotencyKey, now, ...data } = input;
    if (this.keys.has(idempotencyKey)) throw new Error(`idempotency key ${idempotencyKey} is used already`);
    const state = this.stateFor(command, data as CommandData<T>);
    const decide = deciders[command] as unknown as (
      data: CommandData<T>,
      state: LedgerStates[T],
      now: Date,
    ) => Decision;
    const decision = decide(data as CommandData<T>, state, now);
    if (decision.kind === 'refuse') return { refusal: decision.refusal };
    const transaction = { ...decision.transaction, metadata: cleanMetadata(decision.transaction.metadata) };
    assertWellFormed(transaction, new Set(transaction.postings.map((posting) => posting.account)), null);
    const request = JSON.stringify({ command, ...data });
    const entry = this.apply(transaction, idempotencyKey, request, now);
    return { entry };
  }

  private standing(userId: number): Member {
    return this.members.get(userId) ?? { exists: false, isCreator: false, coinsFrozenAt: null };
  }

  private walletLotsOf(wallet: string): Lot[] {
    return [...(this.openLots.get(wallet) ?? [])].map((id) => this.lots.get(id)!);
  }

  /** Keeps the wallet's set of open lots to a lot's coins left. */
  private lotChanged(lot: Lot): void {
    const open = this.openLots.get(lot.account);
    if (lot.remaining > 0) {
      if (open) open.add(lot.id);
      else this.openLots.set(lot.account, new Set([lot.id]));
    } else if (open) {
      open.delete(lot.id);
      if (open.size === 0) this.openLots.delete(lot.account);
    }
  }

  private heldBy(escrow: string): HeldPortion[] {
    return [...(this.held.get(escrow) ?? [])].map(([lotId, coins]) => ({ lot: this.lots.get(lotId)!, coins }));
  }

  private stateFor<T extends BulkCommand>(command: T, input: CommandData<T>): LedgerStates[T] {
    const data = input as unknown as Record<string, unknown>;
    const userId = data.userId as number;
    const wallet = walletAccount(userId);
    const escrow = `escrow:mission:${String(data.missionId)}`;
    const states: { [K in BulkCommand]: () => LedgerStates[K] } = {
      Purchase: () => ({
        member: this.standing(userId),
        creditedBy: this.purchases.get(data.paymentId as string)?.transactionId ?? null,
      }),
      GrantBonus: () => ({ member: this.standing(userId) }),
      HoldForMission: () => ({ member: this.standing(userId), lots: this.walletLotsOf(wallet) }),
      LuckyRoll: () => ({ member: this.standing(userId), lots: this.walletLotsOf(wallet) }),
      ReleaseToCreator: () => ({ escrowBalance: this.balance(escrow), held: this.heldBy(escrow) }),
      RefundMission: () => ({ escrowBalance: this.balance(escrow), held: this.heldBy(escrow) }),
      ExpireWallet: () => ({ lots: this.walletLotsOf(data.account as string) }),
      WithdrawPurchase: () => ({ purchase: this.purchaseRecord(data.paymentId as string) }),
      PartialRefund: () => ({ lots: this.walletLotsOf(wallet) }),
      ReturnRefund: () => ({
        refund: this.refunds.get(data.refundTransactionId as number) ?? null,
        revenue: new Map(houseShards(PLATFORM_REVENUE).map((shard) => [shard, this.balance(shard)])),
      }),
      SettlementPayout: () => ({ earnings: this.balance(`earnings:${String(data.creatorId)}`) }),
    };
    return states[command]() as LedgerStates[T];
  }

  private purchaseRecord(paymentId: string): PurchaseRecord | null {
    const record = this.purchases.get(paymentId);
    return record ? { ...record, refunded: this.refundedLots.has(record.lot.id) } : null;
  }

  private apply(transaction: NewTransaction, key: string, request: string, now: Date): LedgerEntry {
    const id = this.nextTransactionId++;
    for (const posting of transaction.postings) {
      const account = this.accounts.get(posting.account) ?? { balance: 0, version: 0, createdAt: now };
      account.balance += posting.amount;
      account.version += 1;
      if (account.balance < 0 && !mayGoNegative(posting.account)) {
        throw new Error(`bulk ledger: ${posting.account} would go below zero`);
      }
      this.accounts.set(posting.account, account);
      this.postings.push({ transaction_id: id, account: posting.account, amount: posting.amount });
    }
    for (const movement of transaction.lotMovements) {
      const lot = this.lots.get(movement.lotId)!;
      lot.remaining += movement.wallet.amount;
      if (lot.remaining < 0 || lot.remaining > lot.amount) throw new Error(`bulk ledger: lot ${lot.id} out of range`);
      this.lotChanged(lot);
      if (movement.escrow) {
        const portions = this.held.get(movement.escrow.account) ?? new Map<number, number>();
        const coins = (portions.get(lot.id) ?? 0) + movement.escrow.amount;
        if (coins < 0) throw new Error(`bulk ledger: escrow portion of lot ${lot.id} below zero`);
        if (coins === 0) portions.delete(lot.id);
        else portions.set(lot.id, coins);
        if (portions.size === 0) this.held.delete(movement.escrow.account);
        else this.held.set(movement.escrow.account, portions);
      }
      if (transaction.type === 'PURCHASE_WITHDRAWAL' || transaction.type === 'PARTIAL_REFUND') {
        this.refundedLots.add(lot.id);
      }
      this.movements.push({
        transaction_id: id,
        lot_id: lot.id,
        wallet_amount: movement.wallet.amount,
        escrow: movement.escrow?.account ?? null,
        escrow_amount: movement.escrow?.amount ?? null,
      });
    }
    if (transaction.newLot) {
      const { account, source, amount, expiresAt } = transaction.newLot;
      const lot = { id: this.nextLotId++, account, source, amount, remaining: amount, expiresAt };
      this.lots.set(lot.id, { ...lot, transactionId: id, createdAt: now });
      this.lotChanged(lot);
      this.movements.push({
        transaction_id: id,
        lot_id: lot.id,
        wallet_amount: amount,
        escrow: null,
        escrow_amount: null,
      });
      if (transaction.type === 'PURCHASE') {
        const paymentId = transaction.metadata.paymentId as string;
        this.purchases.set(paymentId, {
          transactionId: id,
          occurredAt: now,
          lot: this.lots.get(lot.id)!,
          refunded: false,
        });
      }
    }
    if (transaction.type === 'PURCHASE_WITHDRAWAL' || transaction.type === 'PARTIAL_REFUND') {
      this.refunds.set(id, {
        transactionId: id,
        type: transaction.type,
        postings: transaction.postings,
        lotMovements: transaction.lotMovements.map((movement) => ({
          lotId: movement.lotId,
          account: movement.wallet.account,
          amount: movement.wallet.amount,
        })),
        returned: false,
      });
    }
    if (transaction.type === 'REFUND_RETURN') {
      const refund = this.refunds.get(transaction.metadata.refundTransactionId as number);
      if (refund) refund.returned = true;
    }
    this.keys.add(key);
    const entry: LedgerEntry = {
      transactionId: id,
      type: transaction.type,
      idempotencyKey: key,
      occurredAt: now,
      postings: [...transaction.postings].sort((a, b) => (a.account < b.account ? -1 : a.account > b.account ? 1 : 0)),
      metadata: transaction.metadata,
    };
    this.pending.push({
      id,
      key,
      request,
      type: transaction.type,
      occurredAt: now,
      metadata: JSON.stringify(transaction.metadata),
      paymentId: transaction.type === 'PURCHASE' ? (transaction.metadata.paymentId as string) : null,
      // The event the trigger of ledger_transactions writes for a transaction appended one by one.
      outbox:
        now.getTime() < (this.options.eventsFrom?.getTime() ?? -Infinity)
          ? null
          : JSON.stringify({
              transactionId: id,
              transactionType: transaction.type,
              idempotencyKey: key,
              occurredAt: now.toISOString(),
              postings: entry.postings,
              metadata: transaction.metadata,
            }),
    });
    return entry;
  }

  /**
   * Call it between commands: writes the transactions decided so far when enough are waiting, while the next ones are
   * decided (one batch written at a time), and now and then gives the event loop a turn so that write goes on.
   */
  async flushIfFull(): Promise<void> {
    if (this.pending.length >= FLUSH_TRANSACTIONS) {
      await this.startWriting();
    } else if (++this.commandsThisTurn >= COMMANDS_PER_TURN) {
      this.commandsThisTurn = 0;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  /** Writes every transaction decided so far: keys, transactions, postings, lot movements and events. */
  async flush(): Promise<void> {
    await this.startWriting();
    await this.writing;
  }

  /** Waits for the batch being written, then starts writing the one decided since. */
  private async startWriting(): Promise<void> {
    await this.writing;
    if (this.pending.length === 0) return;
    const batch = { transactions: this.pending, postings: this.postings, movements: this.movements };
    this.pending = [];
    this.postings = [];
    this.movements = [];
    this.keys = new Set();
    this.commandsThisTurn = 0;
    this.writing = this.write(batch);
    // Its failure is thrown where it is awaited (the next batch, `flush`, `finish`), not as an unhandled rejection.
    this.writing.catch(() => undefined);
  }

  private async write(batch: Batch): Promise<void> {
    await writeBatch(this.db, batch, this.options.eventsDelivered);
    this.written.transactions += batch.transactions.length;
    this.written.postings += batch.postings.length;
    this.written.lotMovements += batch.movements.length;
  }

  /** Writes what is left, then the accounts and lots as replayed, and moves the id sequences past what was used. */
  async finish(): Promise<{ accounts: number; lots: number }> {
    await this.flush();
    this.finished = true;
    // In key order: each index grows at its end instead of at random pages.
    const accounts = [...this.accounts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const lots = [...this.lots.values()].sort((a, b) => a.id - b.id);
    await this.db.transaction().execute(async (trx) => {
      await insertColumns(trx, 'ledger_accounts', {
        account: accounts.map(([account]) => account),
        kind: accounts.map(([account]) => accountKind(account)),
        balance: accounts.map(([, state]) => state.balance),
        version: accounts.map(([, state]) => state.version),
        created_at: accounts.map(([, state]) => state.createdAt),
      });
      await insertColumns(
        trx,
        'ledger_lots',
        {
          id: lots.map((lot) => lot.id),
          account: lots.map((lot) => lot.account),
          source: lots.map((lot) => lot.source),
          amount: lots.map((lot) => lot.amount),
          remaining: lots.map((lot) => lot.remaining),
          expires_at: lots.map((lot) => lot.expiresAt),
          transaction_id: lots.map((lot) => lot.transactionId),
          created_at: lots.map((lot) => lot.createdAt),
        },
        { overriding: true },
      );
      await sql`select setval(pg_get_serial_sequence('ledger_transactions', 'id'), ${this.nextTransactionId}, false)`.execute(
        trx,
      );
      await sql`select setval(pg_get_serial_sequence('ledger_lots', 'id'), ${this.nextLotId}, false)`.execute(trx);
    });
    return { accounts: this.accounts.size, lots: this.lots.size };
  }
}
