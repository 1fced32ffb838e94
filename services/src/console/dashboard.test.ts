import type { MissionProduct } from '@fanmission/contracts';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { chargeCoins } from '@fanmission/tests/support/coins';
import { createCreator } from '@fanmission/tests/support/creators';
import { insertMission, registerProduct } from '@fanmission/tests/support/missions';
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

    // A closed day is not counted again: a row stamped with it afterwards (an import) is not in its roll-up.
    await request('2031-03-08T13:00:00');
    expect(missionsOn(await dashboardAt(now, 3), '2031-03-08')).toMatchObject({ requested: 2 });
    expect(await rolledUpDays()).toEqual(rolledUp);
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
});
