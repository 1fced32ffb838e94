import { randomUUID } from 'node:crypto';
import { verify, walletAccount } from '@fanmission/ledger';
import fc from 'fast-check';
import { sql } from 'kysely';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { signSessionToken } from '@fanmission/services/auth';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import {
  chargeCoins,
  DAY_MS,
  plus,
  recordSandboxCheckout,
  spendCoins,
  TEST_DEPOSITOR_NAME,
} from '@fanmission/tests/support/coins';

/*
 * The money-out rule as a property: random sequences of charges by every method, spends, withdrawals, partial refunds
 * to the fan's own or somebody else's account, finance's decisions and the passing of months, against the real
 * database through the API. After each sequence: per member and per method no more money goes out than came in; no
 * provider charge's money goes to an account; every account that receives money was confirmed as the member's own; no
 * request reads paid while its provider part is open; no approval ran on its maker's or a related member's word (staff
 * make helper accounts and ask each other to approve free coins; the staff and their relations carry over from one
 * sequence to the next, so a failure's shrunk sequence may need those before it); the ledger verifies clean. Seeded and shrinking; the number of
 * sequences is FANMISSION_MONEY_OUT_RUNS (tests/bench/README.md gives the longer run).
 */

const RUNS = Number(process.env.FANMISSION_MONEY_OUT_RUNS ?? 150);
const SEED = Number(process.env.FANMISSION_MONEY_OUT_SEED ?? 20_261_128);

const clock = { now: new Date('2026-03-10T03:00:00Z') };
const testApp = useTestApp({ now: () => clock.now });
const inject = (options: InjectOptions) => testApp.current.app.inject(options);
const db = () => testApp.current.database.db;

const ACCOUNTS = {
  own: { bankName: '우리은행', bankAccountHolder: TEST_DEPOSITOR_NAME, bankAccountNumber: '1002123456789' },
  stranger: { bankName: '우리은행', bankAccountHolder: '김다름', bankAccountNumber: '1002999888777' },
  // The sandbox bank says this number is held by 김다름 whatever is typed.
  mislabelled: { bankName: '우리은행', bankAccountHolder: TEST_DEPOSITOR_NAME, bankAccountNumber: '1002000007777' },
} as const;

type Op =
  | { kind: 'charge'; via: 'card' | 'kakaopay' | 'paypal' | 'phone' | 'bank'; coins: 10 | 30 | 50 | 100 }
  | { kind: 'spend'; coins: number }
  | { kind: 'withdraw' }
  | { kind: 'partialRefund'; account: keyof typeof ACCOUNTS | 'none' }
  | { kind: 'later'; days: number }
  | { kind: 'finance'; action: 'providerRefund' | 'markPaid' | 'refuse' }
  | { kind: 'invite'; inviter: number; approver: number }
  | { kind: 'grant'; maker: number; checker: number };

// Weighted towards what moves money: charges, refunds and finance's decisions; staff make helper accounts and ask
// each other to approve free coins.
const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('invite' as const), inviter: fc.nat(), approver: fc.nat() }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('grant' as const), maker: fc.nat(), checker: fc.nat() }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('charge' as const),
      via: fc.constantFrom('card', 'kakaopay', 'paypal', 'phone', 'bank'),
      coins: fc.constantFrom(10, 30, 50, 100),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('spend' as const), coins: fc.integer({ min: 1, max: 60 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('withdraw' as const) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('partialRefund' as const),
      account: fc.constantFrom('own', 'own', 'stranger', 'mislabelled', 'none'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('later' as const), days: fc.integer({ min: 1, max: 40 }) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('finance' as const),
      action: fc.constantFrom('providerRefund', 'markPaid', 'markPaid', 'refuse'),
    }),
  },
);

let finance: TestAccount;
/** The console's finance members: three founders created outside the console, and every helper they make staff. */
const staff: { id: number; headers: Record<string, string> }[] = [];
let bonusItemId: number;
let invitations = 0;

beforeAll(async () => {
  finance = await createAccount(testApp.current.app, { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
  for (let index = 0; index < 3; index++) {
    staff.push(await createAccount(testApp.current.app, { roles: ['ROLE_FINANCE'] }));
  }
  bonusItemId = (
    await db()
      .insertInto('coin_items')
      .values({ item_type: 'BONUS', name: 'property 1500', point: 1_500, price: 0, usd_price: '0', active: false })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});

const decide = (checker: { headers: Record<string, string> }, id: number) =>
  inject({
    method: 'POST',
    url: `/api/admin/approvals/${id}/decision`,
    headers: checker.headers,
    payload: { decision: 'approve' },
  });

/** Runs one step as the fan or finance would. */
async function step(fan: TestAccount, op: Op): Promise<void> {
  let status = 200;
  switch (op.kind) {
    case 'charge': {
      const charge = await chargeCoins(db(), { userId: fan.id, coins: op.coins, at: clock.now, via: op.via });
      if (op.via !== 'bank') await recordSandboxCheckout(db(), charge.paymentId, clock.now);
      break;
    }
    case 'spend': {
      const held = await db()
        .selectFrom('ledger_lots')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('remaining'), eb.lit(0)).as('coins'))
        .where('account', '=', walletAccount(fan.id))
        .where('expires_at', '>', clock.now)
        .executeTakeFirstOrThrow();
      if (Number(held.coins) >= op.coins) await spendCoins(db(), { userId: fan.id, coins: op.coins, at: clock.now });
      break;
    }
    case 'withdraw': {
      const deposit = await db()
        .selectFrom('coin_deposits')
        .select('id')
        .where('user_id', '=', fan.id)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (!deposit) break;
      const response = await inject({
        method: 'POST',
        url: `/api/v1/coin-deposits/${deposit.id}/withdrawal`,
        headers: fan.headers,
      });
      status = response.statusCode;
      break;
    }
    case 'partialRefund': {
      const response = await inject({
        method: 'POST',
        url: '/api/v1/users/me/coins/partial-refund',
        headers: fan.headers,
        payload: op.account === 'none' ? {} : { bankAccount: ACCOUNTS[op.account] },
      });
      status = response.statusCode;
      break;
    }
    case 'later':
      clock.now = plus(clock.now, op.days * DAY_MS);
      break;
    case 'invite': {
      const inviter = staff[op.inviter % staff.length]!;
      const approver = staff[op.approver % staff.length]!;
      invitations += 1;
      const email = `property-helper-${invitations}-${Date.now()}@example.test`;
      const asked = await inject({
        method: 'POST',
        url: '/api/admin/staff',
        headers: inviter.headers,
        payload: { email, roles: ['ROLE_FINANCE'] },
      });
      status = asked.statusCode;
      if (asked.statusCode !== 202) break;
      const decided = await decide(approver, asked.json<{ id: number }>().id);
      status = decided.statusCode;
      if (decided.statusCode !== 200) break;
      const row = await db()
        .selectFrom('users')
        .select(['id', 'roles'])
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      const token = signSessionToken(
        testApp.current.app,
        { id: row.id, roles: row.roles as never },
        { kind: 'console' },
      );
      staff.push({ id: row.id, headers: { authorization: `Bearer ${token}` } });
      break;
    }
    case 'grant': {
      const maker = staff[op.maker % staff.length]!;
      const checker = staff[op.checker % staff.length]!;
      const asked = await inject({
        method: 'POST',
        url: '/api/admin/bonus-grants',
        headers: { ...maker.headers, 'idempotency-key': `property-grant-${randomUUID()}` },
        payload: { coinItemId: bonusItemId, reason: 'property', budgetCoins: 1_500, recipients: { userIds: [fan.id] } },
      });
      status = asked.statusCode;
      if (asked.statusCode === 202) status = (await decide(checker, asked.json<{ id: number }>().id)).statusCode;
      break;
    }
    case 'finance': {
      const request = await db()
        .selectFrom('coin_refunds')
        .select('id')
        .where('user_id', '=', fan.id)
        .where('status', '=', 'requested')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (!request) break;
      const url = `/api/admin/coin-refunds/${request.id}`;
      const response =
        op.action === 'providerRefund'
          ? await inject({ method: 'POST', url: `${url}/provider-refund`, headers: finance.headers, payload: {} })
          : await inject({
              method: 'PUT',
              url,
              headers: finance.headers,
              payload: op.action === 'markPaid' ? { status: 'paid' } : { status: 'refused', refusalReason: 'checked' },
            });
      status = response.statusCode;
      break;
    }
  }
  // A provider that refuses a refund answers 502 (a phone charge whose month was billed meanwhile: finance refuses the
  // request and the fan asks again, to his account); any other 5xx breaks the property.
  const providerRefused = op.kind === 'finance' && op.action === 'providerRefund' && status === 502;
  if (!providerRefused) expect(status, JSON.stringify(op)).toBeLessThan(500);
}

/** Every money-out invariant for one member, read from what the database holds. */
async function checkMoneyOut(userId: number): Promise<void> {
  // The parts of each live request (its current ledger transaction, not refused), with their charge's method.
  const live = sql`
    select p.*, pay.pay_method, r.status, r.kind, r.bank_account_verified_at
    from coin_refund_parts p
    join coin_refunds r on r.id = p.refund_id and r.ledger_transaction_id = p.ledger_transaction_id
    left join payments pay on pay.id = p.payment_id
    where r.user_id = ${userId} and r.status <> 'refused'`;
  // No provider charge's money goes to an account.
  const cashedCharges = await sql<{ payment_id: string }>`
    select payment_id from (${live}) parts where via = 'BANK_TRANSFER' and payment_id is not null`.execute(db());
  expect(cashedCharges.rows, 'a provider charge paid out to an account').toEqual([]);
  // Every account that receives money was confirmed as the member's own (a withdrawn bank deposit goes back to the
  // account it came from).
  const unconfirmed = await sql<{ refund_id: number }>`
    select refund_id from (${live}) parts
    where via = 'BANK_TRANSFER' and amount > 0 and kind = 'PARTIAL_REFUND' and bank_account_verified_at is null`.execute(
    db(),
  );
  expect(unconfirmed.rows, 'money to an account nobody confirmed').toEqual([]);
  // No request reads paid while a provider part is open: its charge would stay open at the provider.
  const open = await sql<{ refund_id: number }>`
    select refund_id from (${live}) parts
    where status = 'paid' and via = 'PROVIDER' and amount > 0 and provider_refund_id is null`.execute(db());
  expect(open.rows, 'a paid request with a provider part open').toEqual([]);
  // Per method, money out ≤ money in: provider parts against that method's charges; account parts against bank
  // deposits and phone charges (a billed phone charge goes to an account).
  const cameIn = await sql<{ method: string; won: number }>`
    select pay_method as method, sum(amount)::int as won from payments
    where user_id = ${userId} and status = 'paid' group by pay_method
    union all
    select 'withoutbankbook', coalesce(sum(amount), 0)::int from bank_transfers
    where user_id = ${userId} and status = 'paid'`.execute(db());
  const wentOut = await sql<{ via: string; method: string | null; won: number }>`
    select via, pay_method as method, sum(amount)::int as won from (${live}) parts group by via, pay_method`.execute(
    db(),
  );
  const inBy = (method: string) => cameIn.rows.find((row) => row.method === method)?.won ?? 0;
  for (const row of wentOut.rows) {
    if (row.via === 'PROVIDER') {
      expect(row.won, `money out through ${row.method}`).toBeLessThanOrEqual(inBy(row.method ?? ''));
    }
  }
  const toAccounts = wentOut.rows.filter((row) => row.via === 'BANK_TRANSFER').reduce((sum, row) => sum + row.won, 0);
  expect(toAccounts, 'money out to accounts').toBeLessThanOrEqual(inBy('withoutbankbook') + inBy('phone'));
}

/**
 * No request ran on the approval of its maker or of a member related to him, by the rule as the issue states it and
 * computed here from the grants on their own (not by the product's query): one granted the other's access, directly
 * or through a chain, or one member chose both as maker, directly or through accounts he chose.
 */
async function checkFourEyes(): Promise<void> {
  const grants = await db()
    .selectFrom('staff_access_grants')
    .select(['staff_id', 'granter_id', 'part'])
    .where('part', '<>', 'FOUNDING')
    .execute();
  const up = (id: number, makersOnly: boolean) => {
    const found = new Set<number>();
    const walk = (from: number) => {
      for (const grant of grants) {
        if (grant.staff_id !== from || (makersOnly && grant.part !== 'MAKER') || found.has(grant.granter_id)) continue;
        found.add(grant.granter_id);
        walk(grant.granter_id);
      }
    };
    walk(id);
    return found;
  };
  const related = (a: number, b: number) => {
    if (up(a, false).has(b) || up(b, false).has(a)) return true;
    const makersOfB = up(b, true);
    return [...up(a, true)].some((maker) => makersOfB.has(maker));
  };
  const executed = await db()
    .selectFrom('staff_approval_requests')
    .select(['id', 'maker_id', 'decided_by'])
    .where('status', '=', 'EXECUTED')
    .execute();
  for (const request of executed) {
    expect(request.decided_by, `request ${request.id} approved by its maker`).not.toBe(request.maker_id);
    expect(related(request.maker_id, request.decided_by!), `request ${request.id} approved by a related member`).toBe(
      false,
    );
  }
}

describe('money leaves only the way it came', () => {
  it(`holds over ${RUNS} random sequences of charges, refunds and finance's decisions`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArbitrary, { minLength: 1, maxLength: 10 }), async (ops) => {
        clock.now = new Date('2026-03-10T03:00:00Z');
        const fan = await createAccount(testApp.current.app);
        for (const op of ops) await step(fan, op);
        await checkMoneyOut(fan.id);
        await checkFourEyes();
        expect((await verify(db())).differences).toEqual([]);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: false },
    );
    // The sequences reached every way money leaves: a property that never met them would prove nothing.
    const reached = await sql<{ destination_kind: string; status: string; n: number }>`
      select destination_kind, status, count(*)::int as n from coin_refunds group by 1, 2 order by 1, 2`.execute(db());
    const kinds = new Set(reached.rows.map((row) => row.destination_kind));
    expect([...kinds].sort()).toEqual(['BANK_ACCOUNT', 'ORIGINAL_METHOD', 'SPLIT']);
    expect(reached.rows.some((row) => row.status === 'paid')).toBe(true);
    expect(reached.rows.some((row) => row.status === 'refused')).toBe(true);
    // Staff made helpers, and some grants ran on an unrelated member's approval.
    expect(staff.length).toBeGreaterThan(3);
    const grantsRun = await db()
      .selectFrom('staff_approval_requests')
      .select('id')
      .where('kind', '=', 'BONUS_GRANT')
      .where('status', '=', 'EXECUTED')
      .execute();
    expect(grantsRun.length).toBeGreaterThan(0);
    console.log('money-out property: requests by destination and status', JSON.stringify(reached.rows));
  }, 600_000);
});
