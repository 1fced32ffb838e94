import type { AdminLedgerEntry, LedgerVerifyReport, LedgerVerifyRun } from '@fanmission/contracts';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { chargeCoins, DAY_MS, grantFreeCoins, plus, spendCoins } from '@fanmission/tests/support/coins';

const start = new Date('2026-03-10T03:00:00Z');
const testApp = useTestApp({ now: () => start });
const inject = (options: InjectOptions) => testApp.current.app.inject(options);

let fan: TestAccount;
let operator: TestAccount;
let finance: TestAccount;
/** The fan's transactions, oldest first. */
const transactionIds: number[] = [];

beforeAll(async () => {
  const { app, database } = testApp.current;
  const db = database.db;
  fan = await createAccount(app);
  operator = await createAccount(app, { roles: ['ROLE_USER', 'ROLE_OPERATOR'] });
  finance = await createAccount(app, { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
  transactionIds.push(
    (await chargeCoins(db, { userId: fan.id, coins: 100, at: plus(start, -5 * DAY_MS) })).transactionId,
  );
  transactionIds.push(
    (await grantFreeCoins(db, { userId: fan.id, coins: 10, at: plus(start, -4 * DAY_MS) })).transactionId,
  );
  transactionIds.push(
    (await spendCoins(db, { userId: fan.id, coins: 20, at: plus(start, -3 * DAY_MS) })).transactionId,
  );
  transactionIds.push(
    (await chargeCoins(db, { userId: fan.id, coins: 50, at: plus(start, -2 * DAY_MS) })).transactionId,
  );
  transactionIds.push((await spendCoins(db, { userId: fan.id, coins: 5, at: plus(start, -DAY_MS) })).transactionId);
});

const history = (query: string, account: TestAccount = operator, ledgerAccount = `wallet:${fan.id}`) =>
  inject({ method: 'GET', url: `/api/admin/ledger/accounts/${ledgerAccount}${query}`, headers: account.headers });

describe('ledger account history', () => {
  it('pages an account newest first, with the total in Content-Range', async () => {
    const first = await history('?range=[0,1]');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-range']).toBe('ledger-entries 0-1/5');
    const rows = first.json<AdminLedgerEntry[]>();
    expect(rows.map((row) => row.id)).toEqual([transactionIds[4], transactionIds[3]]);
    expect(rows[0]).toMatchObject({
      account: `wallet:${fan.id}`,
      type: 'MISSION_HOLD',
      amount: -5,
      occurredAt: plus(start, -DAY_MS).toISOString(),
      metadata: { userId: fan.id },
    });
    expect(rows[0]!.postings).toEqual([
      { account: expect.stringMatching(/^escrow:mission:/), amount: 5 },
      { account: `wallet:${fan.id}`, amount: -5 },
    ]);

    const last = await history('?range=[4,5]', finance);
    expect(last.headers['content-range']).toBe('ledger-entries 4-4/5');
    expect(last.json<AdminLedgerEntry[]>().map((row) => row.id)).toEqual([transactionIds[0]]);
  });

  it('serves windows that do not start on a page boundary, and oldest first', async () => {
    const middle = await history('?range=[1,3]');
    expect(middle.json<AdminLedgerEntry[]>().map((row) => row.id)).toEqual([
      transactionIds[3],
      transactionIds[2],
      transactionIds[1],
    ]);
    const oldest = await history(`?range=[0,2]&sort=${encodeURIComponent('["id","ASC"]')}`);
    expect(oldest.headers['content-range']).toBe('ledger-entries 0-2/5');
    expect(oldest.json<AdminLedgerEntry[]>().map((row) => row.id)).toEqual(transactionIds.slice(0, 3));
    const beyond = await history('?range=[10,19]');
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['content-range']).toBe('ledger-entries 10-10/5');
  });

  it('reads any kind of account, and rejects what is not one', async () => {
    const cashIn = await history('', operator, 'world:cash-in');
    expect(cashIn.headers['content-range']).toBe('ledger-entries 0-1/2');
    expect(cashIn.json<AdminLedgerEntry[]>().map((row) => row.amount)).toEqual([-50, -100]);

    const invalid = await inject({
      method: 'GET',
      url: '/api/admin/ledger/accounts/purse:1',
      headers: { ...operator.headers, 'accept-language': 'en' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().subErrors).toEqual([
      expect.objectContaining({
        field: 'account',
        rejectedValue: 'purse:1',
        message: expect.stringMatching(/^Not a ledger account/),
      }),
    ]);
  });
});

const verifyCall = (account: TestAccount, query = '') =>
  inject({ method: 'GET', url: `/api/admin/ledger/verify${query}`, headers: account.headers });

/** Polls `GET /ledger/verify` until it answers a result (200). */
async function settledReport(account: TestAccount = finance): Promise<LedgerVerifyReport> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const response = await verifyCall(account);
    if (response.statusCode === 200) return response.json<LedgerVerifyReport>();
    expect(response.statusCode).toBe(202);
    if (Date.now() > deadline) throw new Error('the verify run did not finish within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const runCount = async () =>
  Number(
    (
      await testApp.current.database.db
        .selectFrom('ledger_verify_runs')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('ledger verify (in the background)', () => {
  it('starts a run and answers 202 with it, then the clean result of that run', async () => {
    const started = await verifyCall(finance);
    expect(started.statusCode).toBe(202);
    const run = started.json<LedgerVerifyRun>();
    expect(run).toMatchObject({ status: 'RUNNING', startedBy: finance.id });
    const report = await settledReport(operator);
    expect(report).toEqual({
      runId: run.id,
      ok: true,
      checkedAt: start.toISOString(),
      durationMs: 0,
      transactions: 5,
      postings: 10,
      accounts: 5,
      lots: 3,
      differences: [],
      differenceCount: 0,
    });
    // A recent result is answered as it is: no new run.
    const runs = await runCount();
    expect((await verifyCall(finance)).json<LedgerVerifyReport>().runId).toBe(run.id);
    expect(await runCount()).toBe(runs);
  });

  it('lists the differences between the log and the stored projections, from a fresh run (maxAge=0)', async () => {
    await settledReport();
    const db = testApp.current.database.db;
    const wallet = `wallet:${fan.id}`;
    // A balance changed behind the ledger's back (what verify exists to catch), then put right again.
    await sql`update ledger_accounts set balance = balance + 7 where account = ${wallet}`.execute(db);
    try {
      const fresh = await verifyCall(operator, '?maxAge=0');
      expect(fresh.statusCode).toBe(202);
      const report = await settledReport(operator);
      expect(report.runId).toBe(fresh.json<LedgerVerifyRun>().id);
      expect(report.ok).toBe(false);
      expect(report.differences).toEqual([{ kind: 'BALANCE_MISMATCH', account: wallet, stored: 142, replayed: 135 }]);
      expect(report.differenceCount).toBe(1);
    } finally {
      await sql`update ledger_accounts set balance = balance - 7 where account = ${wallet}`.execute(db);
    }
    await verifyCall(operator, '?maxAge=0');
    expect((await settledReport()).ok).toBe(true);
  });

  it('rejects a maxAge that is not a number of seconds up to a day', async () => {
    for (const query of ['?maxAge=-1', '?maxAge=abc', '?maxAge=86401', '?maxAge=1.5']) {
      const response = await inject({
        method: 'GET',
        url: `/api/admin/ledger/verify${query}`,
        headers: { ...finance.headers, 'accept-language': 'en' },
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().subErrors).toEqual([expect.objectContaining({ field: 'maxAge' })]);
    }
  });
});

describe('one verify at a time', () => {
  it('answers 5 concurrent calls with 202 and the run under way, never two runs at once, then its result', async () => {
    await settledReport();
    const before = await runCount();
    const answers = await Promise.all(Array.from({ length: 5 }, () => verifyCall(finance, '?maxAge=0')));
    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202, 202, 202, 202]);
    // On this small ledger a run may end before the last call arrives, which then starts the next one: every call
    // shares the run under way, and the runs follow one another without overlapping.
    const ids = [...new Set(answers.map((answer) => answer.json<LedgerVerifyRun>().id))].sort((a, b) => a - b);
    expect(await runCount()).toBe(before + ids.length);
    const runs = await testApp.current.database.db
      .selectFrom('ledger_verify_runs')
      .select(['id', 'started_at', 'finished_at'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    const report = await settledReport();
    for (const [earlier, later] of runs.slice(0, -1).map((run, index) => [run, runs[index + 1]!] as const)) {
      expect(earlier.finished_at!.getTime()).toBeLessThanOrEqual(later.started_at.getTime());
    }
    expect(report).toMatchObject({ runId: ids.at(-1), ok: true });
    const latest = await testApp.current.database.db
      .selectFrom('ledger_verify_runs')
      .select(['status', 'ok'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(latest).toEqual({ status: 'DONE', ok: true });
  });

  it('answers the console’s running run instead of starting another', async () => {
    await settledReport();
    const console = await inject({ method: 'POST', url: '/api/admin/ledger-verify-runs', headers: operator.headers });
    expect(console.statusCode).toBe(202);
    const consoleRun = console.json<LedgerVerifyRun>();
    const answer = await verifyCall(finance, '?maxAge=0');
    // Either the console's run still runs (and is answered), or it is done and a new one was started after it.
    const run = answer.json<LedgerVerifyRun>();
    expect(answer.statusCode).toBe(202);
    expect(run.id).toBeGreaterThanOrEqual(consoleRun.id);
  });
});

describe('access', () => {
  it('is for operators and finance only', async () => {
    for (const url of [`/api/admin/ledger/accounts/wallet:${fan.id}`, '/api/admin/ledger/verify']) {
      const asFan = await inject({ method: 'GET', url, headers: fan.headers });
      expect(asFan.statusCode).toBe(403);
      expect(asFan.json()).toMatchObject({ message: 'access denied', code: 'ACCESS_DENIED' });
      expect((await inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
