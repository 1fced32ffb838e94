import type { MissionProduct } from '@fanmission/contracts';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { approveAs } from '@fanmission/tests/support/approvals';
import { chargeCoins } from '@fanmission/tests/support/coins';
import { createCreator } from '@fanmission/tests/support/creators';
import { createIncomeCreator, releasedMission } from '@fanmission/tests/support/income';
import { insertMission, registerProduct } from '@fanmission/tests/support/missions';
import { settleMonth } from '../income';
import { dashboard } from './dashboard';

// The dashboard's closed days come from their roll-up, written once; the days since are counted live. The clock is
// set in 2031, where no other test writes, so that every figure here is this test's own.
const testApp = useTestApp();
const app = () => testApp.current.app;
const kst = (time: string) => new Date(`${time}+09:00`);
const dashboardAt = (now: Date, days: number) => dashboard({ ...app().ctx, now: () => now }, [], days);
const missionsOn = (answer: Awaited<ReturnType<typeof dashboardAt>>, day: string) =>
  answer.missionsPerDay.find((row) => row.day === day);
const rolledUpDays = async () =>
  (
    await sql<{ day: string; at: Date }>`
      select to_char(day, 'YYYY-MM-DD') as day, rolled_up_at as at from dashboard_days
      where day >= '2031-01-01' order by day`.execute(app().db)
  ).rows.map((row) => ({ day: row.day, at: row.at.toISOString() }));

let fan: TestAccount;
let product: MissionProduct;

beforeAll(async () => {
  fan = await createAccount(app());
  product = await registerProduct(app(), await createCreator(app()), { type: 'BASIC', name: 'Roll-up song' });
});

const request = (at: string, status: 'REQUESTED' | 'COMPLETED' = 'REQUESTED') =>
  insertMission(app(), product, {
    user_id: fan.id,
    status,
    requested_at: kst(at),
    created_at: kst(at),
  });

describe('dashboard roll-up', () => {
  it('reads a closed day from its roll-up, written once, and counts the day under way live', async () => {
    await request('2031-03-08T10:00:00');
    await request('2031-03-08T11:00:00', 'COMPLETED');
    const charge = await chargeCoins(app().db, { userId: fan.id, coins: 10, at: kst('2031-03-08T12:00:00') });
    await app()
      .db.updateTable('coin_deposits')
      .set({ created_at: kst('2031-03-08T12:00:00') })
      .where('id', '=', charge.depositId)
      .execute();
    const now = kst('2031-03-10T12:00:00');

    const first = await dashboardAt(now, 3);
    expect(missionsOn(first, '2031-03-08')).toMatchObject({ requested: 2, completed: 1 });
    expect(first.coinSalesPerDay.find((row) => row.day === '2031-03-08')).toMatchObject({ byMethod: { card: 1_000 } });
    // 8 and 9 March ended over an hour ago and are rolled up; the 10th is under way.
    const rolledUp = await rolledUpDays();
    expect(rolledUp.map((row) => row.day)).toEqual(['2031-03-08', '2031-03-09']);

    // Read back from the roll-up, the answer is the same; a mission of today counts at once.
    await request('2031-03-10T11:00:00');
    const second = await dashboardAt(now, 3);
    expect(second.coinSalesPerDay).toEqual(first.coinSalesPerDay);
    expect(second.salesByMethod).toEqual(first.salesByMethod);
    expect(missionsOn(second, '2031-03-08')).toEqual(missionsOn(first, '2031-03-08'));
    expect(missionsOn(second, '2031-03-10')).toMatchObject({ requested: 1 });

    // A longer window rolls up only the days it adds; the stored ones stay as they were.
    await request('2031-03-06T09:00:00');
    const longer = await dashboardAt(now, 5);
    expect(missionsOn(longer, '2031-03-06')).toMatchObject({ requested: 1 });
    expect(missionsOn(longer, '2031-03-08')).toMatchObject({ requested: 2 });
    expect(await rolledUpDays()).toEqual([
      { day: '2031-03-06', at: now.toISOString() },
      { day: '2031-03-07', at: now.toISOString() },
      ...rolledUp,
    ]);
  });

  it('writes a rolled-up day again when a row is stamped into it late (a workflow’s activity or a credit that ran late)', async () => {
    // The database's own clock decides what is late, so this test lives in real time: a day three days ago.
    const now = new Date();
    const lateDay = new Date(now.getTime() - 3 * 24 * 3_600_000);
    const day = lateDay.toLocaleDateString('sv-SE', { timeZone: 'Asia/Seoul' });
    const at = new Date(`${day}T12:00:00+09:00`);
    const inserted = await insertMission(app(), product, {
      user_id: fan.id,
      status: 'REQUESTED',
      requested_at: at,
      created_at: at,
    });
    const rolledUpAt = async () =>
      (
        await sql<{ at: Date }>`select rolled_up_at as at from dashboard_days where day = ${day}::date`.execute(
          app().db,
        )
      ).rows[0]?.at;
    expect(missionsOn(await dashboardAt(now, 5), day)).toMatchObject({ requested: 1, completed: 0 });
    expect(await rolledUpAt()).toEqual(now);

    // Completed, and a deposit credited, with that day's stamps, after the day was rolled up: both count.
    await app()
      .db.updateTable('missions')
      .set({ status: 'COMPLETED', completed_at: at })
      .where('id', '=', inserted.id)
      .execute();
    const charge = await chargeCoins(app().db, { userId: fan.id, coins: 10, at });
    await app().db.updateTable('coin_deposits').set({ created_at: at }).where('id', '=', charge.depositId).execute();
    expect(await rolledUpAt()).toBeUndefined();
    const later = new Date(now.getTime() + 1_000);
    const again = await dashboardAt(later, 5);
    expect(missionsOn(again, day)).toMatchObject({ requested: 1, completed: 1 });
    expect(again.coinSalesPerDay.find((row) => row.day === day)).toMatchObject({ byMethod: { card: 1_000 } });
    expect(await rolledUpAt()).toEqual(later);
  });

  it('counts a day that ended less than an hour ago live, and rolls it up after that hour', async () => {
    await request('2031-05-01T23:50:00');
    const justAfterMidnight = await dashboardAt(kst('2031-05-02T00:30:00'), 2);
    expect(missionsOn(justAfterMidnight, '2031-05-01')).toMatchObject({ requested: 1 });
    expect((await rolledUpDays()).map((row) => row.day)).not.toContain('2031-05-01');

    // Stamped before midnight, committed after it: still in time for the day's roll-up.
    await request('2031-05-01T23:59:59');
    const anHourLater = await dashboardAt(kst('2031-05-02T01:30:00'), 2);
    expect(missionsOn(anHourLater, '2031-05-01')).toMatchObject({ requested: 2 });
    expect((await rolledUpDays()).map((row) => row.day)).toContain('2031-05-01');
  });

  it('totals each month’s statements as they are issued, approved and paid, as the statements themselves add up', async () => {
    const finance = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
    const checker = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
    const payee = await createIncomeCreator(app());
    await releasedMission(app().db, { creatorId: payee.creatorId, coins: 600, at: kst('2031-01-12T12:00:00') });
    await settleMonth(app().db, { year: 2031, month: 1, now: kst('2031-02-01T01:00:00'), trigger: 'ADMIN' });
    const months = async () => (await dashboardAt(kst('2031-03-10T12:00:00'), 1)).settlementsPerMonth;
    expect(await months()).toEqual([{ month: '2031-01', won: 36_000, paidWon: 0 }]);

    const statement = await app()
      .db.selectFrom('settlement_statements')
      .select('id')
      .where('year', '=', 2031)
      .where('month', '=', 1)
      .where('creator_id', '=', payee.creatorId)
      .executeTakeFirstOrThrow();
    const decide = (body: object) =>
      app().inject({
        method: 'PUT',
        url: `/api/admin/settlements/${statement.id}`,
        headers: finance.headers,
        payload: body,
      });
    await approveAs(app(), checker, await decide({ action: 'approve' }));
    expect(await months()).toEqual([{ month: '2031-01', won: 36_000, paidWon: 0 }]);
    await approveAs(
      app(),
      checker,
      await decide({ action: 'pay', transferReference: 'KB-2031-0201', transferDate: '2031-02-10' }),
    );
    expect(await months()).toEqual([{ month: '2031-01', won: 36_000, paidWon: 36_000 }]);

    const { rows: drift } = await sql`
      select year, month, status from settlement_month_totals t
      full join (
        select year, month, status, count(*)::int as statements, sum(to_receipt)::bigint as to_receipt
        from settlement_statements group by 1, 2, 3
      ) s using (year, month, status)
      where coalesce(t.statements, 0) <> coalesce(s.statements, 0)
        or coalesce(t.to_receipt, 0) <> coalesce(s.to_receipt, 0)`.execute(app().db);
    expect(drift).toEqual([]);
  });
});
