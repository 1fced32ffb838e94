import {
  decideSettlement,
  koreaMonthRange,
  monthHasEnded,
  monthKey,
  PAYOUT_ACCOUNT_HOLD_HOURS,
  type MonthEarning,
} from '@fanmission/contracts';
import { settlementPayout } from '@fanmission/ledger';
import type { SettleMonthResult } from '@fanmission/workflows/settlement';
import { sql } from 'kysely';
import type { Db, DbExecutor } from '../db';
import { gradeOfMonth, proposeMonthlyGrades } from './grades';
import { statementBase, carriedOverAmounts, issuedAmounts } from './statement-columns';

/*
 * The monthly settlement. For a Korea-time month that has ended, each creator with coins not yet on a
 * statement gets one immutable statement for that month, once ever (the creator-month is unique): a payout when the
 * coins reach the minimum — its SETTLEMENT_PAYOUT moves them from earnings to settled in the same DB transaction — or
 * a carried-over month, which the next payout lists and pays. The statement covers every MISSION_RELEASE crediting
 * the creator before the month's end that no statement covers yet: normally that month's, and the releases of any
 * earlier month no run covered, valued at the month's grade. Each release is on one statement only (its id is the
 * key of the statement lines), so a run, a retry or a second run never settles a coin twice.
 */

/** A CARRIED_OVER statement (`s`) that no later statement has carried yet. */
const notCarriedYet = sql<boolean>`not exists (select 1 from settlement_carryovers c where c.carried_statement_id = s.id)`;

/** Creators settled at once by one run (each holds one database connection while it is settled). */
const SETTLEMENT_CONCURRENCY = 4;

export class MonthNotEndedError extends Error {
  constructor(
    readonly year: number,
    readonly month: number,
  ) {
    super(`${monthKey(year, month)} has not ended in Korea yet`);
    this.name = 'MonthNotEndedError';
  }
}

/**
 * What one settlement run did, as the settlement workflow's activity answers it: `issued` payout statements,
 * `carriedOver` months below the minimum, `unchanged` creators whose statement for the month existed already, and
 * the `settledCoins` moved from earnings to settled.
 */
export type SettlementRunResult = SettleMonthResult;

interface ReleaseLine {
  transactionId: number;
  missionId: number | null;
  coins: number;
  releasedAt: Date;
}

/**
 * The creator's MISSION_RELEASE credits (and lucky-compensation debits) of his earnings before `end` that no statement
 * holds yet, oldest first: the trigger-kept `unsettled_earnings`, so this reads the creator's new work, not his history.
 */
async function unsettledReleases(db: DbExecutor, end: Date, creatorId: number): Promise<ReleaseLine[]> {
  const rows = await db
    .selectFrom('unsettled_earnings')
    .select(['ledger_transaction_id', 'mission_id', 'coins', 'occurred_at'])
    .where('creator_id', '=', String(creatorId))
    .where('occurred_at', '<', end)
    .orderBy('occurred_at')
    .orderBy('ledger_transaction_id')
    .execute();
  return rows.map((row) => ({
    transactionId: Number(row.ledger_transaction_id),
    missionId: row.mission_id === null ? null : Number(row.mission_id),
    coins: Number(row.coins),
    releasedAt: new Date(row.occurred_at),
  }));
}

/** The creators with a release before `end` on no statement yet. */
async function creatorsWithUnsettledReleases(db: DbExecutor, end: Date): Promise<number[]> {
  const rows = await db
    .selectFrom('unsettled_earnings')
    .select('creator_id')
    .distinct()
    .where('occurred_at', '<', end)
    .execute();
  return rows.map((row) => Number(row.creator_id));
}

type CreatorOutcome =
  { kind: 'ISSUED'; statementId: number; coins: number } | { kind: 'CARRIED_OVER' } | { kind: 'UNCHANGED' };

/**
 * One creator's statement for the month, in one DB transaction with its ledger payout. At most one per creator-month
 * (the check below, and unique (creator_id, year, month) under it): this is how "statement requests up to 12 per
 * year" (`SETTLEMENT.statementRequestsPerYear`) holds; a release the month's statement missed waits for a later
 * month's statement instead of a 13th one.
 */
async function settleCreator(
  db: Db,
  creatorId: number,
  year: number,
  month: number,
  now: Date,
): Promise<CreatorOutcome> {
  return await db.transaction().execute(async (trx) => {
    // Serialises runs for the creator (the Schedule's and an operator's at once).
    const creator = await trx
      .selectFrom('creators')
      .select(['id', 'payout_overseas', 'payout_foreigner', 'bank_name', 'bank_account_holder', 'bank_account_number'])
      .where('id', '=', creatorId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const existing = await trx
      .selectFrom('settlement_statements')
      .select('id')
      .where('creator_id', '=', creatorId)
      .where('year', '=', year)
      .where('month', '=', month)
      .executeTakeFirst();
    if (existing) return { kind: 'UNCHANGED' };

    const { end } = koreaMonthRange(year, month);
    const lines = await unsettledReleases(trx, end, creatorId);
    const carried = await trx
      .selectFrom('settlement_statements as s')
      .select(['s.id', 's.year', 's.month', 's.grade', 's.month_coins'])
      .where('s.creator_id', '=', creatorId)
      .where('s.status', '=', 'CARRIED_OVER')
      .where((eb) => eb.or([eb('s.year', '<', year), eb.and([eb('s.year', '=', year), eb('s.month', '<', month)])]))
      .where(notCarriedYet)
      .orderBy('s.year')
      .orderBy('s.month')
      .execute();
    const monthCoins = lines.reduce((sum, line) => sum + line.coins, 0);
    if (monthCoins === 0 && carried.length === 0) return { kind: 'UNCHANGED' };

    const grade = await gradeOfMonth(trx, creatorId, year, month);
    const pending: MonthEarning[] = [
      ...carried.map((row) => ({ month: monthKey(row.year, row.month), coins: row.month_coins, grade: row.grade })),
      ...(monthCoins > 0 ? [{ month: monthKey(year, month), coins: monthCoins, grade }] : []),
    ];
    const account = { overseas: creator.payout_overseas, foreigner: creator.payout_foreigner };
    const decision = decideSettlement(pending, account);
    const { rows } = await sql<{ id: number }>`
      select nextval(pg_get_serial_sequence('settlement_statements', 'id')) as id`.execute(trx);
    const statementId = Number(rows[0]!.id);
    const base = statementBase({ id: statementId, creator, year, month, grade, monthCoins, account, now });

    // A month whose lucky compensation bonuses (taken from the creator's earnings) exceed what he earned in it, and
    // too little to pay: nothing is issued, and its lines wait for the next month's statement.
    if (decision.kind === 'CARRY_OVER' && monthCoins < 0) return { kind: 'UNCHANGED' };
    if (decision.kind === 'CARRY_OVER') {
      await trx
        .insertInto('settlement_statements')
        .values({ ...base, ...carriedOverAmounts(monthCoins, grade, account) })
        .execute();
      await insertLines(trx, statementId, lines);
      return { kind: 'CARRIED_OVER' };
    }

    const { amounts } = decision;
    const hold = await payoutAccountChangeHoldingPayout(trx, creatorId, now);
    const payout = await settlementPayout(trx, {
      creatorId,
      coins: amounts.totalEarningCoin,
      statementId: String(statementId),
      metadata: { year, month },
      idempotencyKey: `settlement:${monthKey(year, month)}:creator:${creatorId}`,
      now,
    });
    await trx
      .insertInto('settlement_statements')
      .values({
        ...base,
        ...issuedAmounts(amounts, monthCoins, year, month, payout.transactionId),
        ...(hold && { payout_held: true, hold_account_change_id: hold.id }),
      })
      .execute();
    await insertLines(trx, statementId, lines);
    if (carried.length > 0) {
      await trx
        .insertInto('settlement_carryovers')
        .values(carried.map((row) => ({ carried_statement_id: row.id, paid_by_statement_id: statementId })))
        .execute();
    }
    return { kind: 'ISSUED', statementId, coins: amounts.totalEarningCoin };
  });
}

/**
 * The latest change of the creator's payout destination (bank, holder or number) in the 72 hours up to `now`, if any:
 * a statement issued now pays the account it set, so it waits for finance (docs/rules/settlement.md). The history is
 * the creators module's table (migration 0195); the settlement reads it in its own transaction, under the creator's
 * row lock that a change also takes, so a change is either before the issue and seen, or after it and not paid to.
 */
async function payoutAccountChangeHoldingPayout(trx: DbExecutor, creatorId: number, now: Date) {
  return trx
    .selectFrom('payout_account_changes')
    .select('id')
    .where('creator_id', '=', creatorId)
    .where('destination_changed', '=', true)
    .where('changed_at', '>', new Date(now.getTime() - PAYOUT_ACCOUNT_HOLD_HOURS * 3_600_000))
    .where('changed_at', '<=', now)
    .orderBy('changed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

async function insertLines(trx: DbExecutor, statementId: number, lines: ReleaseLine[]) {
  if (lines.length === 0) return;
  await trx
    .insertInto('settlement_statement_lines')
    .values(
      lines.map((line) => ({
        ledger_transaction_id: line.transactionId,
        statement_id: statementId,
        mission_id: line.missionId,
        coins: line.coins,
        released_at: line.releasedAt,
      })),
    )
    .execute();
}

/**
 * Settles a Korea-time month that has ended: a statement per creator with coins not yet settled (see above), then the
 * grade review. Running it again for the same month issues nothing and moves nothing.
 */
export async function settleMonth(
  db: Db,
  input: { year: number; month: number; now: Date; trigger: 'SCHEDULE' | 'ADMIN'; startedBy?: number | null },
): Promise<SettlementRunResult> {
  const { year, month, now } = input;
  if (!monthHasEnded(year, month, now)) throw new MonthNotEndedError(year, month);
  const { end } = koreaMonthRange(year, month);
  const creatorIds = new Set(await creatorsWithUnsettledReleases(db, end));
  const carrying = await db
    .selectFrom('settlement_statements as s')
    .select('s.creator_id')
    .where('s.status', '=', 'CARRIED_OVER')
    .where(notCarriedYet)
    .execute();
  for (const row of carrying) creatorIds.add(row.creator_id);

  const result: SettlementRunResult = {
    year,
    month,
    issued: 0,
    carriedOver: 0,
    unchanged: 0,
    statementIds: [],
    settledCoins: 0,
    gradeProposals: 0,
  };
  // Creators are independent (each in a transaction of his own, under his row lock, moving only his own accounts):
  // a few at once keep the database busy while each waits for its round trips.
  const queue = [...creatorIds].sort((a, b) => a - b);
  const settleNext = async (): Promise<void> => {
    for (let creatorId = queue.shift(); creatorId !== undefined; creatorId = queue.shift()) {
      const outcome = await settleCreator(db, creatorId, year, month, now);
      if (outcome.kind === 'ISSUED') {
        result.issued += 1;
        result.statementIds.push(outcome.statementId);
        result.settledCoins += outcome.coins;
      } else if (outcome.kind === 'CARRIED_OVER') result.carriedOver += 1;
      else result.unchanged += 1;
    }
  };
  await Promise.all(Array.from({ length: SETTLEMENT_CONCURRENCY }, settleNext));
  result.statementIds.sort((a, b) => a - b);
  result.gradeProposals = await proposeMonthlyGrades(db, year, month, now);
  await db
    .insertInto('settlement_runs')
    .values({
      year,
      month,
      trigger: input.trigger,
      started_by_user_id: input.startedBy ?? null,
      issued: result.issued,
      carried_over: result.carriedOver,
      unchanged: result.unchanged,
      grade_proposals: result.gradeProposals,
      created_at: now,
    })
    .execute();
  return result;
}
