// The monthly run against the real database and ledger: statements once per creator-month, the payout in the ledger,
// carry-overs below the minimum, grades of the month, and the statements' immutability.
import { balance, compensateLuckyMission, earningsAccount, settledAccount, verify } from '@fanmission/ledger';
import { SETTLEMENT } from '@fanmission/contracts';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '@fanmission/tests/harness/app';
import { createIncomeCreator, releasedMission } from '@fanmission/tests/support/income';
import { MonthNotEndedError, settleMonth } from './settlement';
import { incomeDetailPage, monthIncome } from './creator-income';

const testApp = useTestApp();
const db = () => testApp.current.app.db;
/** An instant inside a Korea-time month (the 15th, noon in Korea). */
const inMonth = (year: number, month: number, day = 15) => new Date(Date.UTC(year, month - 1, day, 3));
const run = (year: number, month: number, now = new Date()) =>
  settleMonth(db(), { year, month, now, trigger: 'ADMIN' });

const statementsOf = (creatorId: number) =>
  db().selectFrom('settlement_statements').selectAll().where('creator_id', '=', creatorId).orderBy('id').execute();

afterAll(async () => {
  expect((await verify(db())).differences).toEqual([]);
});

/** The releases the settlement reads (trigger-kept), and those a recount from the ledger finds on no statement line. */
async function unsettledKeptAndRecounted() {
  const { rows } = await sql<{ kept: string; recount: string }>`
    select (select count(*) || ' releases, ' || coalesce(sum(coins), 0) || ' coins' from unsettled_earnings) as kept,
      (select count(*) || ' releases, ' || coalesce(sum(p.amount), 0) || ' coins'
        from ledger_postings p join ledger_transactions t on t.id = p.transaction_id
        where p.account like 'earnings:%'
          and ((t.type = 'MISSION_RELEASE' and p.amount > 0) or (t.type = 'LUCKY_COMPENSATION' and p.amount < 0))
          and not exists (select 1 from settlement_statement_lines l where l.ledger_transaction_id = t.id)) as recount`.execute(
    db(),
  );
  return rows[0]!;
}

describe('settleMonth', () => {
  it('reads the releases no statement holds from their trigger-kept table: they leave it as a statement takes them', async () => {
    const creator = await createIncomeCreator(testApp.current.app);
    const before = await unsettledKeptAndRecounted();
    expect(before.kept).toBe(before.recount);
    await releasedMission(db(), { creatorId: creator.creatorId, coins: 600, at: inMonth(2024, 3) });
    await releasedMission(db(), { creatorId: creator.creatorId, coins: 70, at: inMonth(2024, 4) });
    const mine = () =>
      db()
        .selectFrom('unsettled_earnings')
        .select(['coins'])
        .where('creator_id', '=', String(creator.creatorId))
        .orderBy('occurred_at')
        .execute();
    expect((await mine()).map((row) => Number(row.coins))).toEqual([600, 70]);

    await run(2024, 3);
    expect((await mine()).map((row) => Number(row.coins))).toEqual([70]);
    const after = await unsettledKeptAndRecounted();
    expect(after.kept).toBe(after.recount);
    expect(after.kept).not.toBe('0 releases, 0 coins');
  });

  it('issues one statement per creator-month, moves its coins earnings → settled, and a second run changes nothing', async () => {
    const silver = await createIncomeCreator(testApp.current.app);
    const gold = await createIncomeCreator(testApp.current.app);
    await db().updateTable('creators').set({ grade: 'GOLD' }).where('id', '=', gold.creatorId).execute();
    for (const coins of [300, 250])
      await releasedMission(db(), { creatorId: silver.creatorId, coins, at: inMonth(2025, 1) });
    await releasedMission(db(), { creatorId: gold.creatorId, coins: 1_000, at: inMonth(2025, 1, 31) });
    // Released on February 1st, 00:30 in Korea: February's.
    await releasedMission(db(), { creatorId: silver.creatorId, coins: 40, at: new Date('2025-01-31T15:30:00Z') });

    const first = await run(2025, 1);
    expect(first.issued).toBeGreaterThanOrEqual(2);

    const [silverStatement] = await statementsOf(silver.creatorId);
    expect(silverStatement).toMatchObject({
      year: 2025,
      month: 1,
      status: 'ISSUED',
      grade: 'SILVER',
      month_coins: 550,
      carried_coins: 0,
      total_earning_coin: 550,
      gross: 55_000,
      income: 33_000,
      pg_fee: 5_500,
      fatkat_fee: 16_500,
      to_receipt: 33_000,
      due_date: '2025-02-10',
      bank_name: '국민은행',
    });
    const [goldStatement] = await statementsOf(gold.creatorId);
    expect(goldStatement).toMatchObject({
      grade: 'GOLD',
      total_earning_coin: 1_000,
      income: 70_000,
      fatkat_fee: 20_000,
    });

    expect(await balance(db(), settledAccount(silver.creatorId))).toMatchObject({ balance: 550 });
    expect(await balance(db(), earningsAccount(silver.creatorId))).toMatchObject({ balance: 40 });
    const payout = await db()
      .selectFrom('ledger_transactions')
      .selectAll()
      .where('id', '=', silverStatement!.ledger_transaction_id!)
      .executeTakeFirstOrThrow();
    expect(payout).toMatchObject({ type: 'SETTLEMENT_PAYOUT' });
    expect(payout.metadata).toMatchObject({ statementId: String(silverStatement!.id), year: 2025, month: 1 });
    const lines = await db()
      .selectFrom('settlement_statement_lines')
      .select('coins')
      .where('statement_id', '=', silverStatement!.id)
      .execute();
    expect(lines.map((line) => line.coins).sort()).toEqual([250, 300]);

    const again = await run(2025, 1);
    expect(again.issued).toBe(0);
    expect(again.settledCoins).toBe(0);
    expect(await statementsOf(silver.creatorId)).toHaveLength(1);
    expect(await balance(db(), settledAccount(silver.creatorId))).toMatchObject({ balance: 550 });
  });

  it('runs at once from two places settle each creator once', async () => {
    const creator = await createIncomeCreator(testApp.current.app);
    await releasedMission(db(), { creatorId: creator.creatorId, coins: 700, at: inMonth(2025, 2) });
    await Promise.all([run(2025, 2), run(2025, 2), run(2025, 2)]);
    expect(await statementsOf(creator.creatorId)).toHaveLength(1);
    expect(await balance(db(), settledAccount(creator.creatorId))).toMatchObject({ balance: 700 });
  });

  it('refuses a month that has not ended in Korea', async () => {
    const now = new Date('2025-03-31T14:59:59Z'); // 23:59:59 on March 31st in Korea
    await expect(run(2025, 3, now)).rejects.toBeInstanceOf(MonthNotEndedError);
    await expect(run(2025, 4, now)).rejects.toBeInstanceOf(MonthNotEndedError);
    expect(
      await db().selectFrom('settlement_runs').selectAll().where('month', '=', 3).where('year', '=', 2025).execute(),
    ).toEqual([]);
  });

  it('carries a month under 500 coins over; the next payout lists and pays it at its own grade', async () => {
    const creator = await createIncomeCreator(testApp.current.app);
    await releasedMission(db(), { creatorId: creator.creatorId, coins: 300, at: inMonth(2025, 5) });
    await run(2025, 5);
    const [carried] = await statementsOf(creator.creatorId);
    expect(carried).toMatchObject({
      status: 'CARRIED_OVER',
      month_coins: 300,
      to_receipt: 0,
      ledger_transaction_id: null,
    });
    expect(await balance(db(), settledAccount(creator.creatorId))).toMatchObject({ balance: 0 });

    // June: Gold confirmed for June, 250 coins: 550 in all, paid.
    await db()
      .insertInto('creator_monthly_grades')
      .values({ creator_id: creator.creatorId, month: '2025-06', grade: 'GOLD', confirmed_at: new Date() })
      .execute();
    await releasedMission(db(), { creatorId: creator.creatorId, coins: 250, at: inMonth(2025, 6) });
    await run(2025, 6);
    const [, paying] = await statementsOf(creator.creatorId);
    expect(paying).toMatchObject({
      status: 'ISSUED',
      grade: 'GOLD',
      month_coins: 250,
      carried_coins: 300,
      total_earning_coin: 550,
      // 300 × 60 (May, Silver) + 250 × 70 (June, Gold)
      income: 35_500,
      gross: 55_000,
      pg_fee: 5_500,
      fatkat_fee: 14_000,
    });
    const link = await db()
      .selectFrom('settlement_carryovers')
      .selectAll()
      .where('paid_by_statement_id', '=', paying!.id)
      .execute();
    expect(link).toEqual([{ carried_statement_id: carried!.id, paid_by_statement_id: paying!.id }]);
    expect(await balance(db(), settledAccount(creator.creatorId))).toMatchObject({ balance: 550 });
    expect(await balance(db(), earningsAccount(creator.creatorId))).toMatchObject({ balance: 0 });

    // July: nothing earned, nothing carried: no statement.
    await run(2025, 7);
    expect(await statementsOf(creator.creatorId)).toHaveLength(2);
  });

  it('a foreigner paid abroad needs 1,000 coins and pays 5 % fee and 10 % tax out of income', async () => {
    const creator = await createIncomeCreator(testApp.current.app, { overseas: true, foreigner: true });
    await releasedMission(db(), { creatorId: creator.creatorId, coins: 999, at: inMonth(2025, 8) });
    await run(2025, 8);
    expect((await statementsOf(creator.creatorId))[0]).toMatchObject({ status: 'CARRIED_OVER' });
    await releasedMission(db(), { creatorId: creator.creatorId, coins: 2, at: inMonth(2025, 9) });
    await run(2025, 9);
    expect((await statementsOf(creator.creatorId))[1]).toMatchObject({
      status: 'ISSUED',
      total_earning_coin: 1_001,
      income: 60_060,
      overseas_fee: 3_003,
      tax_withheld: 6_006,
      to_receipt: 51_051,
      overseas: true,
    });
  });

  it('a penalty that lowered the grade and stood at the month’s end values the month at Silver', async () => {
    const creator = await createIncomeCreator(testApp.current.app);
    await db().updateTable('creators').set({ grade: 'DIAMOND' }).where('id', '=', creator.creatorId).execute();
    const { missionId } = await releasedMission(db(), {
      creatorId: creator.creatorId,
      coins: 600,
      at: inMonth(2025, 10),
    });
    await db()
      .insertInto('creator_penalties')
      .values({
        creator_id: creator.creatorId,
        mission_id: missionId,
        level: 2,
        previous_grade: 'DIAMOND',
        created_at: inMonth(2025, 10, 20),
      })
      .execute();
    await run(2025, 10);
    expect((await statementsOf(creator.creatorId))[0]).toMatchObject({ grade: 'SILVER', income: 36_000 });
  });

  it('proposes grades from the month’s on-time missions, once per creator and month', async () => {
    const busy = await createIncomeCreator(testApp.current.app);
    for (let index = 0; index < 10; index += 1) {
      await releasedMission(db(), { creatorId: busy.creatorId, coins: 10, at: inMonth(2025, 11, index + 1) });
    }
    const result = await run(2025, 11);
    expect(result.gradeProposals).toBeGreaterThan(0);
    const proposal = await db()
      .selectFrom('grade_proposals')
      .selectAll()
      .where('creator_id', '=', busy.creatorId)
      .where('review_month', '=', '2025-11')
      .executeTakeFirstOrThrow();
    expect(proposal).toMatchObject({ on_time_completed: 10, applies_month: '2025-12', status: 'PROPOSED' });
    expect(['GOLD', 'DIAMOND']).toContain(proposal.proposed_grade);
    expect((await run(2025, 11)).gradeProposals).toBe(0);
  });

  it('shows a release appended after its month’s statement in the next month, whose statement pays it', async () => {
    const creator = await createIncomeCreator(testApp.current.app);
    await releasedMission(db(), { creatorId: creator.creatorId, coins: 600, at: inMonth(2024, 3) });
    await run(2024, 3);
    // A release of March whose activity ran after March's run (a worker outage): on no statement yet.
    await releasedMission(db(), { creatorId: creator.creatorId, coins: 520, at: inMonth(2024, 3, 31) });
    expect(await monthIncome(db(), creator.creatorId, 2024, 3)).toMatchObject({ settled: true, totalEarningCoin: 600 });
    expect(await monthIncome(db(), creator.creatorId, 2024, 4)).toMatchObject({
      settled: false,
      totalEarningCoin: 520,
    });

    await run(2024, 4);
    const april = (await statementsOf(creator.creatorId)).find((statement) => statement.month === 4);
    expect(april).toMatchObject({ year: 2024, total_earning_coin: 520 });
    expect(await monthIncome(db(), creator.creatorId, 2024, 4)).toMatchObject({ settled: true, totalEarningCoin: 520 });
  });

  it('deducts a lucky compensation bonus taken from the creator earnings', async () => {
    const creator = await createIncomeCreator(testApp.current.app);
    const { fanId } = await releasedMission(db(), { creatorId: creator.creatorId, coins: 600, at: inMonth(2025, 6) });
    // A won lucky mission of this creator expired: the fan's bonus comes out of his earnings.
    await compensateLuckyMission(db(), {
      idempotencyKey: `lucky-compensation-test:${creator.creatorId}`,
      now: inMonth(2025, 6, 20),
      userId: fanId,
      missionId: 9_000_000 + creator.creatorId,
      coins: 0,
      fromRevenue: 0,
      creatorId: creator.creatorId,
      bonusCoins: 70,
    });
    expect(await balance(db(), earningsAccount(creator.creatorId))).toMatchObject({ balance: 530 });
    // The month's income before the run already shows the deduction, as a negative detail line.
    expect(await monthIncome(db(), creator.creatorId, 2025, 6)).toMatchObject({
      settled: false,
      totalEarningCoin: 530,
    });
    const detail = await incomeDetailPage(db(), creator.creatorId, {
      incomeYear: 2025,
      incomeMonth: 6,
      page: 0,
      size: 12,
    });
    expect(detail.content.map((row) => row.coinPrice).sort((a, b) => a - b)).toEqual([-70, 600]);

    await run(2025, 6);

    const [statement] = await statementsOf(creator.creatorId);
    expect(statement).toMatchObject({ status: 'ISSUED', month_coins: 530, total_earning_coin: 530, gross: 53_000 });
    const lines = await db()
      .selectFrom('settlement_statement_lines')
      .select('coins')
      .where('statement_id', '=', statement!.id)
      .execute();
    expect(lines.map((line) => Number(line.coins)).sort((a, b) => a - b)).toEqual([-70, 600]);
    expect(await balance(db(), earningsAccount(creator.creatorId))).toMatchObject({ balance: 0 });
    expect(await balance(db(), settledAccount(creator.creatorId))).toMatchObject({ balance: 530 });
  });

  it('statements are immutable: amounts cannot be rewritten nor rows deleted', async () => {
    const creator = await createIncomeCreator(testApp.current.app);
    await releasedMission(db(), { creatorId: creator.creatorId, coins: 500, at: inMonth(2025, 12) });
    await run(2025, 12);
    const [statement] = await statementsOf(creator.creatorId);
    await expect(
      db().updateTable('settlement_statements').set({ to_receipt: 1 }).where('id', '=', statement!.id).execute(),
    ).rejects.toThrow(/immutable|check/);
    await expect(db().deleteFrom('settlement_statements').where('id', '=', statement!.id).execute()).rejects.toThrow(
      /immutable/,
    );
    // Each release is on one statement only.
    await expect(
      db()
        .insertInto('settlement_statement_lines')
        .values({
          ledger_transaction_id: statement!.ledger_transaction_id! - 1,
          statement_id: statement!.id,
          mission_id: null,
          coins: 1,
          released_at: new Date(),
        })
        .execute(),
    ).rejects.toThrow();
  });

  it(`statement requests are capped at ${SETTLEMENT.statementRequestsPerYear} a year: one statement per creator-month`, async () => {
    // The reading of "statement requests up to 12 per year": a creator's statement (the request for his
    // month's payout) is issued at most once per settlement month, however often the month is run (Schedule, finance
    // re-runs, two at once), so a year holds at most 12 of them; the database refuses a second one for a month.
    const creator = await createIncomeCreator(testApp.current.app);
    for (let month = 1; month <= 12; month += 1) {
      await releasedMission(db(), { creatorId: creator.creatorId, coins: 500 + month, at: inMonth(2024, month) });
    }
    for (let month = 1; month <= 12; month += 1) {
      await Promise.all([run(2024, month), run(2024, month)]);
      await run(2024, month);
    }
    // A release late in the year settled by a later month's run is on that month's statement, not on a 13th one.
    await releasedMission(db(), { creatorId: creator.creatorId, coins: 600, at: inMonth(2024, 12, 20) });
    for (let month = 1; month <= 12; month += 1) await run(2024, month);
    const statements = await statementsOf(creator.creatorId);
    expect(statements.filter((row) => row.year === 2024)).toHaveLength(SETTLEMENT.statementRequestsPerYear);
    expect(new Set(statements.map((row) => row.month)).size).toBe(12);
    const [first] = statements;
    await expect(
      db()
        .insertInto('settlement_statements')
        .values({ ...first!, id: undefined, ledger_transaction_id: null, status: 'CARRIED_OVER', to_receipt: 0 })
        .execute(),
    ).rejects.toThrow(/unique|duplicate/);
    await run(2025, 1);
    expect((await statementsOf(creator.creatorId)).filter((row) => row.year === 2025)).toHaveLength(1);
  });
});
