import type { AdminLedgerEntry, LedgerVerifyReport, LedgerVerifyRun } from '@fanmission/contracts';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { houseShard, WORLD_CASH_IN } from '@fanmission/ledger';
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
  inject({
    method: 'GET',
    url: `/api/admin/ledger/verify${query}`,
    headers: { ...account.headers, 'accept-language': 'en' },
  });
const startRun = (account: TestAccount) =>
  inject({ method: 'POST', url: '/api/admin/ledger-verify-runs', headers: account.headers });

/** Polls the run (`GET /ledger-verify-runs/{id}`) until its replay is over. */
async function finished(runId: number): Promise<LedgerVerifyRun> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const run = (
      await inject({ method: 'GET', url: `/api/admin/ledger-verify-runs/${runId}`, headers: finance.headers })
    ).json<LedgerVerifyRun>();
    if (run.status !== 'RUNNING') return run;
    if (Date.now() > deadline) throw new Error('the verify run did not finish within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Starts a run (POST), waits for it, and answers its report as `GET /ledger/verify` reads it. */
async function verifiedReport(account: TestAccount = finance): Promise<LedgerVerifyReport> {
  const started = await startRun(account);
  expect(started.statusCode, started.body).toBe(202);
  const run = started.json<LedgerVerifyRun>();
  expect(await finished(run.id)).toMatchObject({ status: 'DONE' });
  const answer = await verifyCall(account);
  expect(answer.statusCode).toBe(200);
  const report = answer.json<LedgerVerifyReport>();
  expect(report.runId).toBe(run.id);
  return report;
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

describe('ledger verify: a GET reads the latest result, only a POST starts a run', () => {
  it('never starts a run on a GET, whatever its query: 404 until a run has finished', async () => {
    expect(await runCount()).toBe(0);
    for (const query of ['', '?maxAge=0', '?maxAge=-1']) {
      const answer = await verifyCall(operator, query);
      expect(answer.statusCode, query).toBe(404);
      expect(answer.json()).toMatchObject({
        code: 'NOT_FOUND',
        message: expect.stringContaining('ledger verification'),
      });
    }
    expect(await runCount()).toBe(0);
  });

  it('answers the clean result of the run a POST started, as often as asked, without a new run', async () => {
    const report = await verifiedReport(finance);
    expect(report).toEqual({
      runId: report.runId,
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
    const runs = await runCount();
    for (const query of ['', '?maxAge=0']) {
      expect((await verifyCall(operator, query)).json<LedgerVerifyReport>().runId).toBe(report.runId);
    }
    expect(await runCount()).toBe(runs);
  });

  it('lists the differences between the log and the stored projections found by a new run', async () => {
    const db = testApp.current.database.db;
    const wallet = `wallet:${fan.id}`;
    // A balance changed behind the ledger's back (what verify exists to catch), then put right again.
    await sql`update ledger_accounts set balance = balance + 7 where account = ${wallet}`.execute(db);
    try {
      const report = await verifiedReport(operator);
      expect(report.ok).toBe(false);
      expect(report.differences).toEqual([{ kind: 'BALANCE_MISMATCH', account: wallet, stored: 142, replayed: 135 }]);
      expect(report.differenceCount).toBe(1);
    } finally {
      await sql`update ledger_accounts set balance = balance - 7 where account = ${wallet}`.execute(db);
    }
    expect((await verifiedReport()).ok).toBe(true);
  });

  it('answers the last finished result while a run is under way, and starts none', async () => {
    const last = (await verifyCall(finance)).json<LedgerVerifyReport>();
    const db = testApp.current.database.db;
    // A run under way (as the console's POST leaves it), held RUNNING for the length of this test.
    const running = await db
      .insertInto('ledger_verify_runs')
      .values({ status: 'RUNNING', started_by: operator.id, started_at: start, heartbeat_at: start, report: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const runs = await runCount();
      const answer = await verifyCall(finance, '?maxAge=0');
      expect(answer.statusCode).toBe(200);
      expect(answer.json<LedgerVerifyReport>().runId).toBe(last.runId);
      expect(await runCount()).toBe(runs);
      // One run at a time: the POST is refused while one runs.
      expect((await startRun(finance)).json()).toMatchObject({ status: 409, code: 'VERIFY_RUNNING' });
    } finally {
      await db.deleteFrom('ledger_verify_runs').where('id', '=', running.id).execute();
    }
  });
});

describe('one verify at a time', () => {
  it('never runs two at once: concurrent POSTs start a run or meet the one running (409)', async () => {
    const before = await runCount();
    const answers = await Promise.all(Array.from({ length: 5 }, () => startRun(finance)));
    const started = answers
      .filter((answer) => answer.statusCode === 202)
      .map((answer) => answer.json<LedgerVerifyRun>());
    expect(started.length).toBeGreaterThan(0);
    for (const answer of answers.filter((answer) => answer.statusCode !== 202)) {
      expect(answer.json()).toMatchObject({ status: 409, code: 'VERIFY_RUNNING' });
    }
    expect(await runCount()).toBe(before + started.length);
    const ids = started.map((run) => run.id).sort((a, b) => a - b);
    for (const id of ids) await finished(id);
    const runs = await testApp.current.database.db
      .selectFrom('ledger_verify_runs')
      .select(['id', 'started_at', 'finished_at'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    for (const [earlier, later] of runs.slice(0, -1).map((run, index) => [run, runs[index + 1]!] as const)) {
      expect(earlier.finished_at!.getTime()).toBeLessThanOrEqual(later.started_at.getTime());
    }
    expect((await verifyCall(finance)).json<LedgerVerifyReport>()).toMatchObject({ runId: ids.at(-1), ok: true });
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

describe('a house account in shards', () => {
  // Last in the file: its charges would change the counts the verify reports above expect.
  it('reads as one (its shards merged in order, their balance summed), and one shard alone by its name', async () => {
    const { app, database } = testApp.current;
    // Two more fans on other shards of world:cash-in than the first fan's.
    const others = [await createAccount(app), await createAccount(app)];
    const shards = new Set([fan, ...others].map((member) => houseShard(WORLD_CASH_IN, member.id)));
    expect(shards.size).toBe(3);
    await chargeCoins(database.db, { userId: others[0]!.id, coins: 100, at: plus(start, -2 * 3_600_000) });
    await chargeCoins(database.db, { userId: others[1]!.id, coins: 50, at: plus(start, -3_600_000) });

    const merged = await history('', operator, 'world:cash-in');
    expect(merged.statusCode).toBe(200);
    expect(merged.headers['content-range']).toBe('ledger-entries 0-3/4');
    expect(merged.json<AdminLedgerEntry[]>().map((row) => row.amount)).toEqual([-50, -100, -50, -100]);
    const oldestFirst = await history(`?sort=${encodeURIComponent('["id","ASC"]')}`, operator, 'world:cash-in');
    expect(oldestFirst.json<AdminLedgerEntry[]>().map((row) => row.amount)).toEqual([-100, -50, -100, -50]);

    const oneShard = await history('', operator, houseShard(WORLD_CASH_IN, others[0]!.id));
    expect(oneShard.statusCode).toBe(200);
    expect(oneShard.json<AdminLedgerEntry[]>().map((row) => row.amount)).toEqual([-100]);

    const account = await inject({
      method: 'GET',
      url: '/api/admin/ledger-accounts/world:cash-in',
      headers: finance.headers,
    });
    expect(account.statusCode).toBe(200);
    expect(account.json()).toMatchObject({ account: 'world:cash-in', kind: 'WORLD', balance: -300 });
  });
});
