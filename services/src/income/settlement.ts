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
import { sql, type Insertable } from 'kysely';
import type { Db, DbExecutor } from '../db';
import { gradesOfMonth, proposeMonthlyGrades } from './grades';
import { statementBase, carriedOverAmounts, issuedAmounts, payoutAccountOf } from './statement-columns';
import type { SettlementStatementsTable } from './table';

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

/** Creators settled in one DB transaction (read, locked and written together). */
const CREATORS_PER_BATCH = 50;

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
 * The creators' MISSION_RELEASE credits (and lucky-compensation debits) of their earnings before `end` that no
 * statement holds yet, oldest first, by creator: the trigger-kept `unsettled_earnings`, so this reads new work, not
 * history.
 */
async function unsettledReleases(
  db: DbExecutor,
  end: Date,
  creatorIds: readonly number[],
): Promise<Map<number, ReleaseLine[]>> {
  const byCreator = new Map<number, ReleaseLine[]>();
  if (creatorIds.length === 0) return byCreator;
  const rows = await db
    .selectFrom('unsettled_earnings')
    .select(['creator_id', 'ledger_transaction_id', 'mission_id', 'coins', 'occurred_at'])
    .where('creator_id', '=', sql<string>`any(${creatorIds.map(String)}::bigint[])`)
    .where('occurred_at', '<', end)
    .orderBy('creator_id')
    .orderBy('occurred_at')
    .orderBy('ledger_transaction_id')
    .execute();
  for (const row of rows) {
    const lines = byCreator.get(Number(row.creator_id)) ?? [];
    lines.push({
      transactionId: Number(row.ledger_transaction_id),
      missionId: row.mission_id === null ? null : Number(row.mission_id),
      coins: Number(row.coins),
      releasedAt: new Date(row.occurred_at),
    });
    byCreator.set(Number(row.creator_id), lines);
  }
  return byCreator;
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
 * Each creator's statement for the month, in the caller's DB transaction with its ledger payout; the creators' rows
 * are read, locked and written a batch at a time (a run's cost is its statements, not its round trips). At most one
 * per creator-month (the check below, and unique (creator_id, year, month) under it): this is how "statement
 * requests up to 12 per year" (`SETTLEMENT.statementRequestsPerYear`) holds; a release the month's statement missed
 * waits for a later month's statement instead of a 13th one.
 */
async function settleCreators(
  trx: DbExecutor,
  creatorIds: readonly number[],
  year: number,
  month: number,
  now: Date,
): Promise<CreatorOutcome[]> {
  // Serialises runs for the creators (the Schedule's and an operator's at once), locked in id order.
  const creators = await trx
    .selectFrom('creators')
    .select([
      'id',
      'payout_overseas',
      'payout_foreigner',
      'verified_business_type',
      'bank_name',
      'bank_account_holder',
      'bank_account_number',
    ])
    .where('id', 'in', [...creatorIds])
    .orderBy('id')
    .forUpdate()
    .execute();
  const settled = new Set(
    (
      await trx
        .selectFrom('settlement_statements')
        .select('creator_id')
        .where('creator_id', 'in', [...creatorIds])
        .where('year', '=', year)
        .where('month', '=', month)
        .execute()
    ).map((row) => row.creator_id),
  );
  const open = creators.filter((creator) => !settled.has(creator.id));
  const openIds = open.map((creator) => creator.id);
  const { end } = koreaMonthRange(year, month);
  const linesOf = await unsettledReleases(trx, end, openIds);
  const carriedRows =
    openIds.length === 0
      ? []
      : await trx
          .selectFrom('settlement_statements as s')
          .select(['s.id', 's.creator_id', 's.year', 's.month', 's.grade', 's.month_coins'])
          .where('s.creator_id', 'in', openIds)
          .where('s.status', '=', 'CARRIED_OVER')
          .where((eb) => eb.or([eb('s.year', '<', year), eb.and([eb('s.year', '=', year), eb('s.month', '<', month)])]))
          .where(notCarriedYet)
          .orderBy('s.creator_id')
          .orderBy('s.year')
          .orderBy('s.month')
          .execute();
  const carriedOf = new Map<number, typeof carriedRows>();
  for (const row of carriedRows) carriedOf.set(row.creator_id, [...(carriedOf.get(row.creator_id) ?? []), row]);

  // What each creator's month comes to, by the settlement rules.
  const grades = await gradesOfMonth(trx, openIds, year, month);
  const decided = open.flatMap((creator) => {
    const lines = linesOf.get(creator.id) ?? [];
    const carried = carriedOf.get(creator.id) ?? [];
    const monthCoins = lines.reduce((sum, line) => sum + line.coins, 0);
    if (monthCoins === 0 && carried.length === 0) return [];
    const grade = grades.get(creator.id)!;
    const pending: MonthEarning[] = [
      ...carried.map((row) => ({ month: monthKey(row.year, row.month), coins: row.month_coins, grade: row.grade })),
      ...(monthCoins > 0 ? [{ month: monthKey(year, month), coins: monthCoins, grade }] : []),
    ];
    const account = payoutAccountOf(creator);
    const decision = decideSettlement(pending, account);
    // A month whose lucky compensation bonuses (taken from the creator's earnings) exceed what he earned in it, and
    // too little to pay: nothing is issued, and its lines wait for the next month's statement.
    if (decision.kind === 'CARRY_OVER' && monthCoins < 0) return [];
    return [{ creator, lines, carried, monthCoins, grade, account, decision }];
  });
  const { rows: ids } = await sql<{ id: string }>`
    select nextval(pg_get_serial_sequence('settlement_statements', 'id')) as id
    from generate_series(1, ${decided.length}::int)`.execute(trx);
  const issuing = decided.filter((one) => one.decision.kind === 'PAY').map((one) => one.creator.id);
  const holds = await payoutAccountChangesHoldingPayouts(trx, issuing, now);

  const statements: Insertable<SettlementStatementsTable>[] = [];
  const lines: { statementId: number; lines: ReleaseLine[] }[] = [];
  const carryovers: { carried_statement_id: number; paid_by_statement_id: number }[] = [];
  const outcomes = new Map<number, CreatorOutcome>();
  for (const [index, one] of decided.entries()) {
    const statementId = Number(ids[index]!.id);
    const { creator, monthCoins, grade, account, decision } = one;
    const base = statementBase({ id: statementId, creator, year, month, grade, monthCoins, account, now });
    lines.push({ statementId, lines: one.lines });
    if (decision.kind === 'CARRY_OVER') {
      statements.push({ ...base, ...carriedOverAmounts(monthCoins, grade, account) });
      outcomes.set(creator.id, { kind: 'CARRIED_OVER' });
      continue;
    }
    const { amounts } = decision;
    const hold = holds.get(creator.id);
    const payout = await settlementPayout(trx, {
      creatorId: creator.id,
      coins: amounts.totalEarningCoin,
      statementId: String(statementId),
      metadata: { year, month },
      idempotencyKey: `settlement:${monthKey(year, month)}:creator:${creator.id}`,
      now,
    });
    statements.push({
      ...base,
      ...issuedAmounts(amounts, monthCoins, year, month, payout.transactionId),
      ...(hold !== undefined && { payout_held: true, hold_account_change_id: hold }),
    });
    carryovers.push(...one.carried.map((row) => ({ carried_statement_id: row.id, paid_by_statement_id: statementId })));
    outcomes.set(creator.id, { kind: 'ISSUED', statementId, coins: amounts.totalEarningCoin });
  }
  if (statements.length > 0) await trx.insertInto('settlement_statements').values(statements).execute();
  await insertLines(
    trx,
    lines.flatMap((one) => one.lines.map((line) => ({ ...line, statementId: one.statementId }))),
  );
  if (carryovers.length > 0) await trx.insertInto('settlement_carryovers').values(carryovers).execute();
  return creatorIds.map((creatorId) => outcomes.get(creatorId) ?? { kind: 'UNCHANGED' });
}

/**
 * For each creator whose payout waits for finance (docs/rules/settlement.md), the change of his payout destination
 * (bank, holder or number) that set the account a statement issued now pays: his latest one, when it was made in the
 * 72 hours before the run's `now` or later, or when no statement issued after it has been paid or released yet (the
 * first payout to a destination a change set is reviewed, however long ago the change was made). The history is the
 * creators module's table (migration 0195); the settlement reads it in the batch's own transaction, under the
 * creators' row locks that a change also takes. A change committed after the run started but before the batch locked
 * the creator is the account the batch copies, so no upper bound: every change the batch can see counts, however late
 * in the run it was made.
 */
async function payoutAccountChangesHoldingPayouts(
  trx: DbExecutor,
  creatorIds: readonly number[],
  now: Date,
): Promise<Map<number, number>> {
  if (creatorIds.length === 0) return new Map();
  const latest = await trx
    .selectFrom('payout_account_changes')
    .select(['creator_id', 'id', 'changed_at'])
    .distinctOn('creator_id')
    .where('creator_id', 'in', [...creatorIds])
    .where('destination_changed', '=', true)
    .orderBy('creator_id')
    .orderBy('changed_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const windowStart = now.getTime() - PAYOUT_ACCOUNT_HOLD_HOURS * 3_600_000;
  const reviewed = new Set(
    latest.length === 0
      ? []
      : (
          await trx
            .selectFrom('settlement_statements as s')
            .innerJoin('payout_account_changes as c', 'c.creator_id', 's.creator_id')
            .select('c.id')
            .where(
              'c.id',
              'in',
              latest.map((change) => change.id),
            )
            .whereRef('s.created_at', '>', 'c.changed_at')
            .where((eb) => eb.or([eb('s.status', '=', 'PAID'), eb('s.hold_released_at', 'is not', null)]))
            .execute()
        ).map((row) => row.id),
  );
  return new Map(
    latest
      .filter((change) => change.changed_at.getTime() > windowStart || !reviewed.has(change.id))
      .map((change) => [change.creator_id, change.id]),
  );
}

async function insertLines(trx: DbExecutor, lines: (ReleaseLine & { statementId: number })[]) {
  if (lines.length === 0) return;
  await trx
    .insertInto('settlement_statement_lines')
    .values(
      lines.map((line) => ({
        ledger_transaction_id: line.transactionId,
        statement_id: line.statementId,
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
  // A batch of creators at a time, in id order, each batch one DB transaction: all or nothing, and a run that stopped
  // is run again (it settles nobody twice). One batch at a time: every statement counts in its month's totals
  // (settlement_month_totals, a row per status), which two batches at once would lock in opposite orders.
  const queue = [...creatorIds].sort((a, b) => a - b);
  for (let start = 0; start < queue.length; start += CREATORS_PER_BATCH) {
    const batch = queue.slice(start, start + CREATORS_PER_BATCH);
    const outcomes = await db.transaction().execute((trx) => settleCreators(trx, batch, year, month, now));
    for (const outcome of outcomes) {
      if (outcome.kind === 'ISSUED') {
        result.issued += 1;
        result.statementIds.push(outcome.statementId);
        result.settledCoins += outcome.coins;
      } else if (outcome.kind === 'CARRIED_OVER') result.carriedOver += 1;
      else result.unchanged += 1;
    }
  }
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
