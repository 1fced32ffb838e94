// The maker-checker rule of the console's money actions: a guarded action answers 202 with a request; its maker can
// never approve it (403 in ko, en and ja), whatever roles he holds, nor can an account related to him; a
// second finance member's approval runs it exactly once; a change of what it acts on voids it and an expired request
// runs nothing. One table of the guarded actions: free-coin grants and BONUS coin items above the limit, a payout
// account changed by finance, a statement's hold release, approval and payment, payment cancels, refunds marked paid
// and refunds through the providers above the limit, and staff invitations and role grants.
import type { AdminApproval, AdminApprovalCounts, AdminCoinItem } from '@fanmission/contracts';
import { verify } from '@fanmission/ledger';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSessionToken } from '@fanmission/services/auth';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { testConfig, useTestApp } from '@fanmission/tests/harness/app';
import { approveAs } from '@fanmission/tests/support/approvals';
import { chargeCoins } from '@fanmission/tests/support/coins';
import { createIncomeCreator, releasedMission, type IncomeCreator } from '@fanmission/tests/support/income';

const HOUR = 3_600_000;
/** The run of October 2026: November 1st, 10:00 in Korea. */
const RUN_AT = new Date('2026-11-01T01:00:00Z');
const clock = { now: new Date('2026-10-20T03:00:00Z') };
const testApp = useTestApp({
  now: () => clock.now,
  config: testConfig({ BONUS_GRANT_DAILY_CAP_COINS: '3000', APPROVAL_EXPIRY_HOURS: '48', APPROVAL_ABOVE_WON: '50000' }),
});
const app = () => testApp.current.app;
const db = () => testApp.current.app.db;

const call = (
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  account: { headers: object } | null,
  payload?: object,
  extra: Record<string, string> = {},
) =>
  app().inject({
    method,
    url,
    headers: { 'accept-language': 'en', ...(account?.headers ?? {}), ...extra },
    ...(payload && { payload }),
  });
const decide = (account: TestAccount, id: number, payload: object, language = 'en') =>
  call('POST', `/api/admin/approvals/${id}/decision`, account, payload, { 'accept-language': language });

let financeA: TestAccount;
let financeB: TestAccount;
let financeC: TestAccount;
let operator: TestAccount;
/** Holds both console roles, like the bootstrap admin. */
let dualRole: TestAccount;
let fans: TestAccount[];
let itemId: number;
const POINT = 600;
/** Statements of October: held ones (account changed 13 hours before the run) and unheld ones. */
const heldCreators: IncomeCreator[] = [];
const plainCreators: IncomeCreator[] = [];
const payCreators: IncomeCreator[] = [];
const payoutCreators: IncomeCreator[] = [];
/** Fans with a paid card charge of 1,000 coins (100,000 won): one to cancel, one whose withdrawal finance pays. */
const payers: { fan: TestAccount; paymentId: string }[] = [];
const refunders: { fan: TestAccount; refundId: number }[] = [];
/** Fans whose withdrawn 100,000-won card charge finance refunds through the provider. */
const providerRefunders: { fan: TestAccount; refundId: number }[] = [];
/** BONUS items of 500 coins whose coins finance raises above the limit. */
const bonusItems: number[] = [];
const BONUS_ITEM = { itemType: 'BONUS', price: 0, usdPrice: 0, active: false, sortOrder: 0 } as const;
/** Operators the dual-role member asks to make finance. */
const grantees: TestAccount[] = [];

/** A sandbox card charge of the 1,000-coin item, approved at the checkout and credited. */
async function paidCharge(fan: TestAccount): Promise<string> {
  const item = await db()
    .selectFrom('coin_items')
    .select('id')
    .where('item_type', '=', 'CASH')
    .where('point', '=', 1_000)
    .executeTakeFirstOrThrow();
  const order = await call('POST', '/api/v1/payment', fan, {
    coinItemId: item.id,
    userId: fan.id,
    payMethod: 'card',
    currency: 'KRW',
    language: 'ko',
  });
  const paymentId = order.json<{ merchantUid: string }>().merchantUid;
  const approved = await app().inject({
    method: 'POST',
    url: `/api/v1/payment/sandbox/${paymentId}/approve`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  expect(approved.statusCode).toBe(303);
  const credited = await call('POST', '/api/v1/coin-deposit', fan, { coinItemId: item.id, userId: fan.id, paymentId });
  expect(credited.statusCode, credited.body).toBe(200);
  return paymentId;
}
const depositOf = async (paymentId: string) =>
  (await db().selectFrom('coin_deposits').select('id').where('payment_id', '=', paymentId).executeTakeFirstOrThrow())
    .id;
const paidRefunds = async (fan: TestAccount) =>
  (
    await db()
      .selectFrom('coin_refunds')
      .select('id')
      .where('user_id', '=', fan.id)
      .where('status', '=', 'paid')
      .execute()
  ).length;

const statementOf = (creator: IncomeCreator) =>
  db()
    .selectFrom('settlement_statements')
    .selectAll()
    .where('creator_id', '=', creator.creatorId)
    .where('year', '=', 2026)
    .where('month', '=', 10)
    .executeTakeFirstOrThrow();
const balance = async (account: TestAccount) =>
  (await call('GET', '/api/v1/coin-deposit', account)).json<{ point: number }>().point;

/** A guarded action: how its maker asks for it, what shows that it ran (and how often), and a change that voids it. */
interface GuardedCase {
  name: string;
  /** Who asks (finance member A unless the action needs other roles). */
  maker?: () => TestAccount;
  /** The maker's request for target number `n` (0: approved, 1: voided, 2: expired). */
  request(maker: TestAccount, n: number): Promise<LightMyRequestResponse>;
  /** How many times the action has run on target `n` (0 before its approval). */
  runs(n: number): Promise<number>;
  /** A change of target `n` after the request, by someone else. */
  change(n: number): Promise<void>;
  /** What the checker's page names of target `n`: who, how much, where the money goes, the record, the reason. */
  subject?(n: number): object;
  /** Each ask is a request of its own: it carries the HTTP request it came from (id and address). */
  eachAskItsOwn?: true;
}

const makerOf = (guarded: GuardedCase) => guarded.maker?.() ?? financeA;

const grantBody = (n: number) => ({
  coinItemId: itemId,
  reason: `Chuseok ${n}`,
  budgetCoins: 10_000,
  recipients: { userIds: [fans[2 * n]!.id, fans[2 * n + 1]!.id] },
});

const accountBody = (n: number) => ({
  bankName: '카카오뱅크',
  bankAccountHolder: '김재무',
  bankAccountNumber: `33330000${n}`,
  reason: 'the creator called the help desk',
});

const CASES: GuardedCase[] = [
  {
    name: 'a free-coin grant above the limit',
    request: (maker, n) =>
      call('POST', '/api/admin/bonus-grants', maker, grantBody(n), { 'idempotency-key': `g-${n}` }),
    runs: async (n) =>
      (
        await db()
          .selectFrom('bonus_grant_recipients')
          .select('grant_id')
          .where('user_id', '=', fans[2 * n]!.id)
          .execute()
      ).length,
    subject: (n) => ({
      subject: {
        members: [2 * n, 2 * n + 1].map((index) =>
          expect.objectContaining({ userId: fans[index]!.id, email: fans[index]!.email.toLowerCase() }),
        ),
        memberCount: 2,
        coins: 2 * POINT,
        amountWon: null,
        destination: null,
        record: null,
      },
    }),
    // Finance edits the item's coins while the grant waits.
    change: async () => {
      const item = await call('PUT', `/api/admin/coin-items/${itemId}`, financeC, {
        itemType: 'BONUS',
        name: 'promo',
        point: POINT + 1,
        price: 0,
        usdPrice: 0,
        active: false,
        sortOrder: 0,
      });
      expect(item.statusCode, item.body).toBe(200);
    },
  },
  {
    name: 'a payout account changed by finance',
    eachAskItsOwn: true,
    request: (maker, n) =>
      call('PUT', `/api/admin/creator-payout-accounts/${payoutCreators[n]!.creatorId}`, maker, accountBody(n)),
    runs: async (n) =>
      Number(
        (
          await db()
            .selectFrom('payout_account_changes')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('creator_id', '=', payoutCreators[n]!.creatorId)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    change: async (n) => {
      const creator = payoutCreators[n]!;
      const own = await call('PUT', `/api/v1/creators/${creator.creatorId}`, creator, {
        bankName: '신한은행',
        bankAccountHolder: '본인',
        bankAccountNumber: '110000000001',
        currentPassword: creator.password,
      });
      expect(own.statusCode, own.body).toBe(200);
    },
  },
  {
    name: 'releasing a held statement',
    request: async (maker, n) =>
      call('PUT', `/api/admin/settlements/${(await statementOf(heldCreators[n]!)).id}`, maker, {
        action: 'release',
        note: `checked with the creator ${n}`,
      }),
    runs: async (n) => ((await statementOf(heldCreators[n]!)).hold_released_at === null ? 0 : 1),
    // Another finance member's release of the same hold, approved first.
    change: async (n) => {
      await approveAs(
        app(),
        financeA,
        await call('PUT', `/api/admin/settlements/${(await statementOf(heldCreators[n]!)).id}`, financeC, {
          action: 'release',
          note: 'another check',
        }),
      );
    },
  },
  {
    name: 'approving a statement',
    request: async (maker, n) =>
      call('PUT', `/api/admin/settlements/${(await statementOf(plainCreators[n]!)).id}`, maker, { action: 'approve' }),
    runs: async (n) => ((await statementOf(plainCreators[n]!)).status === 'APPROVED' ? 1 : 0),
    // Approved meanwhile by another way (another finance member asking again is answered the waiting request).
    change: async (n) => {
      await db()
        .updateTable('settlement_statements')
        .set({ status: 'APPROVED', approved_at: clock.now, approved_by_user_id: financeC.id })
        .where('id', '=', (await statementOf(plainCreators[n]!)).id)
        .execute();
    },
  },
  {
    name: 'paying a statement',
    request: async (maker, n) =>
      call('PUT', `/api/admin/settlements/${(await statementOf(payCreators[n]!)).id}`, maker, {
        action: 'pay',
        transferReference: `T-${n}`,
        transferDate: '2026-11-10',
      }),
    runs: async (n) => ((await statementOf(payCreators[n]!)).status === 'PAID' ? 1 : 0),
    change: async (n) => {
      await approveAs(
        app(),
        financeA,
        await call('PUT', `/api/admin/settlements/${(await statementOf(payCreators[n]!)).id}`, financeC, {
          action: 'pay',
          transferReference: 'OTHER',
          transferDate: '2026-11-09',
        }),
      );
    },
  },
  {
    name: 'cancelling a payment worth more than the limit',
    request: (maker, n) =>
      call('POST', `/api/admin/payments/${payers[n]!.paymentId}/cancel`, maker, { reason: `ticket ${n}` }),
    runs: (n) => paidRefunds(payers[n]!.fan),
    // The fan withdraws the charge himself meanwhile.
    change: async (n) => {
      const { fan, paymentId } = payers[n]!;
      const withdrawn = await call('POST', `/api/v1/coin-deposits/${await depositOf(paymentId)}/withdrawal`, fan);
      expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    },
  },
  {
    name: 'marking paid a refund worth more than the limit',
    request: (maker, n) =>
      call('PUT', `/api/admin/coin-refunds/${refunders[n]!.refundId}`, maker, { status: 'paid', note: `sent ${n}` }),
    runs: (n) => paidRefunds(refunders[n]!.fan),
    subject: (n) => ({
      subject: {
        members: [
          expect.objectContaining({ userId: refunders[n]!.fan.id, email: refunders[n]!.fan.email.toLowerCase() }),
        ],
        memberCount: 1,
        amountWon: 100_000,
        coins: null,
        destination: expect.objectContaining({ kind: 'ORIGINAL_METHOD', methods: ['withoutbankbook'] }),
        record: { resource: 'coin-refunds', id: refunders[n]!.refundId },
      },
    }),
    // Another finance member refuses it meanwhile.
    change: async (n) => {
      const refused = await call('PUT', `/api/admin/coin-refunds/${refunders[n]!.refundId}`, financeC, {
        status: 'refused',
        refusalReason: 'the account holder differs',
      });
      expect(refused.statusCode, refused.body).toBe(200);
    },
  },
  {
    name: 'refunding through the providers a refund worth more than the limit',
    request: (maker, n) =>
      // The first asks with no words of the maker's: the reason is then the request itself, in Korean.
      call(
        'POST',
        `/api/admin/coin-refunds/${providerRefunders[n]!.refundId}/provider-refund`,
        maker,
        n === 0 ? {} : { reason: `ticket ${n}` },
      ),
    runs: (n) => paidRefunds(providerRefunders[n]!.fan),
    subject: (n) => ({
      reason: n === 0 ? `회원의 코인 환불 요청 #${providerRefunders[n]!.refundId}` : `ticket ${n}`,
      subject: {
        members: [
          expect.objectContaining({
            userId: providerRefunders[n]!.fan.id,
            email: providerRefunders[n]!.fan.email.toLowerCase(),
          }),
        ],
        memberCount: 1,
        amountWon: 100_000,
        coins: null,
        destination: expect.objectContaining({ kind: 'ORIGINAL_METHOD', methods: ['card'], accountNumber: null }),
        record: { resource: 'coin-refunds', id: providerRefunders[n]!.refundId },
      },
    }),
    // Another finance member refuses it meanwhile.
    change: async (n) => {
      const refused = await call('PUT', `/api/admin/coin-refunds/${providerRefunders[n]!.refundId}`, financeC, {
        status: 'refused',
        refusalReason: 'the account holder differs',
      });
      expect(refused.statusCode, refused.body).toBe(200);
    },
  },
  {
    name: 'raising a BONUS coin item’s coins above the limit',
    request: (maker, n) =>
      call('PUT', `/api/admin/coin-items/${bonusItems[n]!}`, maker, {
        ...BONUS_ITEM,
        name: `bonus ${n}`,
        point: 5_000,
      }),
    runs: async (n) =>
      (await db().selectFrom('coin_items').select('point').where('id', '=', bonusItems[n]!).executeTakeFirstOrThrow())
        .point === 5_000
        ? 1
        : 0,
    // Another finance member renames the item meanwhile (its coins unchanged: that runs at once).
    change: async (n) => {
      const renamed = await call('PUT', `/api/admin/coin-items/${bonusItems[n]!}`, financeC, {
        ...BONUS_ITEM,
        name: `renamed ${n}`,
        point: 500,
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
    },
  },
  {
    name: 'inviting a finance member',
    request: (maker, n) =>
      call('POST', '/api/admin/staff', maker, { email: `invited-${n}@example.test`, roles: ['ROLE_FINANCE'] }),
    runs: async (n) =>
      (
        await db()
          .selectFrom('users')
          .select('id')
          .where('email', '=', `invited-${n}@example.test`)
          .where(sql<boolean>`'ROLE_FINANCE' = any(roles)`)
          .execute()
      ).length,
    // The address signs up as a member meanwhile.
    change: async (n) => {
      await createAccount(app(), { email: `invited-${n}@example.test` });
    },
  },
  {
    name: 'granting the finance role to an operator',
    maker: () => dualRole,
    request: (maker, n) =>
      call('PUT', `/api/admin/staff/${grantees[n]!.id}`, maker, { roles: ['ROLE_OPERATOR', 'ROLE_FINANCE'] }),
    runs: async (n) =>
      (
        await db().selectFrom('users').select('roles').where('id', '=', grantees[n]!.id).executeTakeFirstOrThrow()
      ).roles.includes('ROLE_FINANCE')
        ? 1
        : 0,
    // Another operator deactivates the account meanwhile (approved by a third one).
    change: async (n) => {
      await approveAs(
        app(),
        grantees[(n + 1) % grantees.length]!,
        await call('PUT', `/api/admin/staff/${grantees[n]!.id}`, grantees[(n + 2) % grantees.length]!, {
          active: false,
        }),
      );
    },
  },
];

beforeAll(async () => {
  financeA = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
  financeB = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
  financeC = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
  operator = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_OPERATOR'] });
  dualRole = await createAccount(app(), { roles: ['ROLE_OPERATOR', 'ROLE_FINANCE'] });
  for (let n = 0; n < 3; n += 1) grantees.push(await createAccount(app(), { roles: ['ROLE_OPERATOR'] }));
  fans = [];
  for (let i = 0; i < 10; i += 1) fans.push(await createAccount(app()));
  itemId = (
    await db()
      .insertInto('coin_items')
      .values({ item_type: 'BONUS', name: 'promo', point: POINT, price: 0, usd_price: '0', active: false })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  for (const list of [heldCreators, plainCreators, payCreators, payoutCreators]) {
    for (let n = 0; n < 3; n += 1) list.push(await createIncomeCreator(app()));
  }
  for (const creator of [...heldCreators, ...plainCreators, ...payCreators]) {
    await releasedMission(db(), { creatorId: creator.creatorId, coins: 1_000, at: new Date('2026-10-15T03:00:00Z') });
  }
  clock.now = new Date(RUN_AT.getTime() - 13 * HOUR);
  for (const creator of heldCreators) {
    const changed = await call('PUT', `/api/v1/creators/${creator.creatorId}`, creator, {
      bankName: '카카오뱅크',
      bankAccountHolder: '홍길동',
      bankAccountNumber: '3333012345678',
      currentPassword: creator.password,
    });
    expect(changed.statusCode, changed.body).toBe(200);
  }
  clock.now = RUN_AT;
  for (let n = 0; n < 3; n += 1) {
    const payer = await createAccount(app());
    payers.push({ fan: payer, paymentId: await paidCharge(payer) });
    const refunder = await createAccount(app());
    // A bank deposit: its withdrawal is sent back by hand, then marked paid (a card charge goes back through PortOne).
    const deposit = await chargeCoins(db(), {
      userId: refunder.id,
      coins: 1_000,
      at: new Date(RUN_AT.getTime() - 3_600_000),
      via: 'bank',
    });
    const withdrawn = await call('POST', `/api/v1/coin-deposits/${deposit.depositId}/withdrawal`, refunder);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    refunders.push({ fan: refunder, refundId: withdrawn.json<{ id: number }>().id });
    const providerRefunder = await createAccount(app());
    const providerCharge = await paidCharge(providerRefunder);
    const providerWithdrawn = await call(
      'POST',
      `/api/v1/coin-deposits/${await depositOf(providerCharge)}/withdrawal`,
      providerRefunder,
    );
    expect(providerWithdrawn.statusCode, providerWithdrawn.body).toBe(200);
    providerRefunders.push({ fan: providerRefunder, refundId: providerWithdrawn.json<{ id: number }>().id });
    bonusItems.push(
      (
        await db()
          .insertInto('coin_items')
          .values({ item_type: 'BONUS', name: `bonus ${n}`, point: 500, price: 0, usd_price: '0', active: false })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  }
  const run = await call('POST', '/api/admin/settlement-runs', financeA, { year: 2026, month: 10 });
  expect(run.statusCode, run.body).toBe(200);
  for (const creator of payCreators) {
    const id = (await statementOf(creator)).id;
    await approveAs(
      app(),
      financeC,
      await call('PUT', `/api/admin/settlements/${id}`, financeB, { action: 'approve' }),
    );
  }
});

afterAll(async () => {
  expect((await verify(db())).differences).toEqual([]);
});

describe.each(CASES)('$name', (guarded) => {
  it('waits for a second staff member: the maker’s own approval is 403 (ko, en, ja); a checker’s runs it once', async () => {
    clock.now = new Date(RUN_AT.getTime() + HOUR);
    const requested = await guarded.request(makerOf(guarded), 0);
    expect(requested.statusCode, requested.body).toBe(202);
    const request = requested.json<AdminApproval>();
    expect(request).toMatchObject({ status: 'PENDING', makerId: makerOf(guarded).id, role: 'ROLE_FINANCE' });
    expect(request.history.map((step) => step.step)).toEqual(['REQUESTED']);
    expect(request.existing).toBe(false);
    // Asked again while it waits, by its maker or (for finance's own actions) another finance member: the waiting
    // request is answered and said to be the existing one, never a second request.
    const askers = guarded.eachAskItsOwn ? [] : guarded.maker ? [makerOf(guarded)] : [makerOf(guarded), financeC];
    for (const asker of askers) {
      const again = await guarded.request(asker, 0);
      expect(again.statusCode, again.body).toBe(202);
      expect(again.json<AdminApproval>()).toMatchObject({ id: request.id, existing: true, makerId: request.makerId });
    }
    expect(await guarded.runs(0)).toBe(0);
    // The checker's page names who and what it acts on (only money requests do; the others answer none).
    const opened = await call('GET', `/api/admin/approvals/${request.id}`, financeB);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject(guarded.subject?.(0) ?? { subject: null });

    const messages = {
      ko: '본인이 요청한 작업은 승인할 수 없습니다. 다른 운영진이 승인해야 합니다.',
      en: 'You made this request: another staff member must approve it.',
      ja: '自分が依頼した作業は承認できません。他の運営スタッフが承認する必要があります。',
    };
    for (const [language, message] of Object.entries(messages)) {
      const own = await decide(makerOf(guarded), request.id, { decision: 'approve' }, language);
      expect(own.statusCode).toBe(403);
      expect(own.json()).toMatchObject({ code: 'OWN_REQUEST', message });
    }
    // An operator holds no finance role: for him the request does not exist.
    expect((await decide(operator, request.id, { decision: 'approve' })).statusCode).toBe(404);
    expect(await guarded.runs(0)).toBe(0);

    const approved = await decide(financeB, request.id, { decision: 'approve', note: 'checked' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<AdminApproval>()).toMatchObject({ status: 'EXECUTED', decidedBy: financeB.id });
    expect(approved.json<AdminApproval>().history.map((step) => step.step)).toEqual([
      'REQUESTED',
      'APPROVED',
      'EXECUTED',
    ]);
    expect(await guarded.runs(0)).toBe(1);
    const again = await decide(financeC, request.id, { decision: 'approve' });
    expect(again.statusCode).toBe(200);
    expect(again.json<AdminApproval>().decidedBy).toBe(financeB.id);
    expect(await guarded.runs(0)).toBe(1);

    const audit = await db()
      .selectFrom('admin_audit_log')
      .select(['actor_id', 'status_code', 'resource'])
      .where((eb) =>
        eb.or([
          eb('resource', '=', 'approvals').and('resource_id', '=', String(request.id)),
          eb('status_code', '=', 202),
        ]),
      )
      .where('actor_id', 'in', [makerOf(guarded).id, financeB.id])
      .orderBy('id')
      .execute();
    expect(audit).toContainEqual(expect.objectContaining({ actor_id: makerOf(guarded).id, status_code: 202 }));
    expect(audit).toContainEqual({ actor_id: financeB.id, status_code: 200, resource: 'approvals' });
  });

  it('is voided, running nothing, when what it acts on changed after the request', async () => {
    const request = (await guarded.request(makerOf(guarded), 1)).json<AdminApproval>();
    const before = await guarded.runs(1);
    await guarded.change(1);
    const after = await guarded.runs(1);
    const voided = await decide(financeB, request.id, { decision: 'approve' });
    expect(voided.statusCode, voided.body).toBe(409);
    expect(voided.json()).toMatchObject({
      code: 'APPROVAL_VOIDED',
      message:
        'What the request acts on changed after it was made: the request is void and nothing ran. Make a new request.',
    });
    expect(await guarded.runs(1)).toBe(after);
    expect(after).toBeLessThanOrEqual(before + 1);
    const read = await call('GET', `/api/admin/approvals/${request.id}`, financeB);
    expect(read.json<AdminApproval>().status).toBe('VOIDED');
    expect((await decide(financeB, request.id, { decision: 'approve' })).json().code).toBe('APPROVAL_NOT_PENDING');
  });

  it('runs nothing once expired', async () => {
    clock.now = new Date(RUN_AT.getTime() + 2 * HOUR);
    const request = (await guarded.request(makerOf(guarded), 2)).json<AdminApproval>();
    clock.now = new Date(RUN_AT.getTime() + 51 * HOUR);
    const expired = await decide(financeB, request.id, { decision: 'approve' });
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toMatchObject({
      code: 'APPROVAL_EXPIRED',
      message: 'The request expired before its approval: nothing ran.',
    });
    expect(await guarded.runs(2)).toBe(0);
    expect(
      (await call('GET', `/api/admin/approvals/${request.id}`, makerOf(guarded))).json<AdminApproval>().status,
    ).toBe('EXPIRED');
    clock.now = new Date(RUN_AT.getTime() + HOUR);
  });
});

describe('the maker-checker rule', () => {
  it('holds for a member with both roles, and for an account the maker made staff', async () => {
    clock.now = new Date(RUN_AT.getTime() + 3 * HOUR);
    const requested = await call(
      'POST',
      '/api/admin/bonus-grants',
      dualRole,
      { ...grantBody(3), reason: 'dual' },
      {
        'idempotency-key': 'dual',
      },
    );
    const request = requested.json<AdminApproval>();
    expect(requested.statusCode, requested.body).toBe(202);
    expect((await decide(dualRole, request.id, { decision: 'approve' })).json().code).toBe('OWN_REQUEST');

    // The maker invites a second finance identity: it never approves his requests.
    await approveAs(
      app(),
      financeC,
      await call('POST', '/api/admin/staff', dualRole, { email: 'second-me@example.test', roles: ['ROLE_FINANCE'] }),
    );
    const invitedRow = await db()
      .selectFrom('users')
      .select(['id', 'roles', 'staff_granted_by'])
      .where('email', '=', 'second-me@example.test')
      .executeTakeFirstOrThrow();
    expect(invitedRow.staff_granted_by).toBe(dualRole.id);
    const puppetToken = signSessionToken(
      app(),
      { id: invitedRow.id, roles: invitedRow.roles as never },
      { kind: 'console' },
    );
    const puppet = { id: invitedRow.id, headers: { authorization: `Bearer ${puppetToken}` } } as TestAccount;
    const refused = await decide(puppet, request.id, { decision: 'approve' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'STAFF_RELATED',
      message:
        'You and the requester are linked by staff access (one let the other in, or the same member chose you both): another staff member must approve it.',
    });
    // Nor is the request "waiting for" that account, while it waits for another finance member.
    const waitingIds = async (account: TestAccount) =>
      (await call('GET', `/api/admin/approvals?filter=${encodeURIComponent('{"view":"waiting"}')}`, account))
        .json<AdminApproval[]>()
        .map((row) => row.id);
    expect(await waitingIds(puppet)).not.toContain(request.id);
    expect(await waitingIds(financeB)).toContain(request.id);
    const puppetCounts = (await call('GET', '/api/admin/approvals/counts', puppet)).json<AdminApprovalCounts>();
    expect(puppetCounts.waitingForMe).toBe((await waitingIds(puppet)).length);
    // Refusing needs a note; the maker may withdraw his own request.
    const noNote = await decide(financeB, request.id, { decision: 'refuse' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().subErrors[0].field).toBe('note');
    const withdrawn = await decide(dualRole, request.id, { decision: 'refuse', note: 'wrong list' });
    expect(withdrawn.json<AdminApproval>()).toMatchObject({ status: 'REFUSED', decisionNote: 'wrong list' });
    expect(await balance(fans[6]!)).toBe(0);
  });

  it('grants a small grant at once; refuses a grant past the daily cap at approval, leaving it pending', async () => {
    clock.now = new Date(RUN_AT.getTime() + 4 * HOUR);
    const small = await call(
      'POST',
      '/api/admin/bonus-grants',
      financeA,
      { coinItemId: itemId, reason: 'small', budgetCoins: 10_000, recipients: { userIds: [fans[8]!.id] } },
      { 'idempotency-key': 'small' },
    );
    expect(small.statusCode, small.body).toBe(200);
    const point = (
      await db().selectFrom('coin_items').select('point').where('id', '=', itemId).executeTakeFirstOrThrow()
    ).point;
    expect(await balance(fans[8]!)).toBe(point);
    const big = await call(
      'POST',
      '/api/admin/bonus-grants',
      financeA,
      {
        coinItemId: itemId,
        reason: 'too much today',
        budgetCoins: 100_000,
        recipients: { userIds: [fans[6]!.id, fans[7]!.id, fans[9]!.id] },
      },
      { 'idempotency-key': 'big' },
    );
    const request = big.json<AdminApproval>();
    const capped = await decide(financeB, request.id, { decision: 'approve' });
    expect(capped.statusCode).toBe(409);
    expect(capped.json().code).toBe('BONUS_CAP_EXCEEDED');
    expect(capped.json().message).toMatch(/^Today's free-coin cap of 3,000 coins would be exceeded/);
    expect((await call('GET', `/api/admin/approvals/${request.id}`, financeB)).json<AdminApproval>().status).toBe(
      'PENDING',
    );
    expect(await balance(fans[9]!)).toBe(0);
  });

  it('adds a BONUS item above the limit, or any CASH item, only once approved; fewer bonus coins at once', async () => {
    const bonus = await call('POST', '/api/admin/coin-items', financeA, {
      ...BONUS_ITEM,
      name: 'new bonus',
      point: 2_000,
    });
    expect(bonus.statusCode, bonus.body).toBe(202);
    // Its form asks for no reason: the request records none (its summary says what runs).
    expect(bonus.json<AdminApproval>()).toMatchObject({
      kind: 'BONUS_COIN_ITEM',
      reason: null,
      params: { itemId: null },
      summary: { name: 'new bonus', coins: 2_000 },
    });
    expect(await db().selectFrom('coin_items').select('id').where('name', '=', 'new bonus').execute()).toEqual([]);
    const created = await approveAs<AdminCoinItem>(app(), financeB, bonus);
    expect(created).toMatchObject({ name: 'new bonus', itemType: 'BONUS', point: 2_000 });

    const within = await call('POST', '/api/admin/coin-items', financeA, {
      ...BONUS_ITEM,
      name: 'small',
      point: 1_000,
    });
    expect(within.statusCode, within.body).toBe(200);
    const cash = await call('POST', '/api/admin/coin-items', financeA, {
      ...BONUS_ITEM,
      itemType: 'CASH',
      name: 'big cash',
      point: 50_000,
      price: 5_000_000,
      usdPrice: 3_600,
    });
    // A CASH item sells cash-backed coins: its coins and prices wait for a second member whatever they are.
    expect(cash.json<AdminApproval>()).toMatchObject({
      kind: 'CASH_COIN_ITEM',
      summary: { name: 'big cash', coins: 50_000, price: 5_000_000, discount: 0 },
    });
    const cashItem = await approveAs<AdminCoinItem>(app(), financeB, cash);
    expect(cashItem).toMatchObject({ itemType: 'CASH', point: 50_000, price: 5_000_000, discount: 0 });
    const fewer = await call('PUT', `/api/admin/coin-items/${created.id}`, financeA, {
      ...BONUS_ITEM,
      name: 'new bonus',
      point: 1_500,
    });
    expect(fewer.statusCode, fewer.body).toBe(200);
    // Making the CASH item BONUS gives every grant of it its 50,000 coins: that waits.
    const madeBonus = await call('PUT', `/api/admin/coin-items/${cashItem.id}`, financeA, {
      ...BONUS_ITEM,
      name: 'big cash',
      point: 50_000,
    });
    expect(madeBonus.statusCode, madeBonus.body).toBe(202);
    expect(
      (await db().selectFrom('coin_items').select('item_type').where('id', '=', cashItem.id).executeTakeFirstOrThrow())
        .item_type,
    ).toBe('CASH');
  });

  it('pays only an approved statement: no jump from issued to paid', async () => {
    const creator = await createIncomeCreator(app());
    await releasedMission(db(), { creatorId: creator.creatorId, coins: 500, at: new Date('2026-10-16T03:00:00Z') });
    await call('POST', '/api/admin/settlement-runs', financeA, { year: 2026, month: 10 });
    const id = (await statementOf(creator)).id;
    const pay = await call('PUT', `/api/admin/settlements/${id}`, financeA, {
      action: 'pay',
      transferReference: 'T',
      transferDate: '2026-11-10',
    });
    expect(pay.statusCode).toBe(409);
    expect(pay.json().code).toBe('STATEMENT_NOT_APPROVED');
  });

  it('never lets whoever changed a payout account ask for or approve the release of the hold it caused', async () => {
    const creator = await createIncomeCreator(app());
    await releasedMission(db(), { creatorId: creator.creatorId, coins: 700, at: new Date('2026-10-17T03:00:00Z') });
    // Finance member A changes the creator's account (C approves the change): the run holds the statement.
    await approveAs(
      app(),
      financeC,
      await call('PUT', `/api/admin/creator-payout-accounts/${creator.creatorId}`, financeA, accountBody(7)),
    );
    const run = await call('POST', '/api/admin/settlement-runs', financeB, { year: 2026, month: 10 });
    expect(run.statusCode, run.body).toBe(200);
    const statement = await statementOf(creator);
    expect(statement).toMatchObject({ payout_held: true, hold_released_at: null });
    const release = (account: TestAccount, language = 'en') =>
      call(
        'PUT',
        `/api/admin/settlements/${statement.id}`,
        account,
        { action: 'release', note: 'checked with the creator' },
        { 'accept-language': language },
      );

    const messages = {
      ko: '이 정산서를 보류시킨 정산 계좌 변경을 한 사람은 보류 해제를 요청하거나 승인할 수 없습니다. 다른 재무 담당자가 처리해야 합니다.',
      en: 'You made the payout account change that held this statement: other finance members must release the hold and approve its release.',
      ja: 'この精算書を保留にした精算口座の変更を行った人は、保留の解除を依頼することも承認することもできません。他の財務担当者が対応する必要があります。',
    };
    for (const [language, message] of Object.entries(messages)) {
      const own = await release(financeA, language);
      expect(own.statusCode).toBe(403);
      expect(own.json()).toMatchObject({ code: 'OWN_PAYOUT_CHANGE', message });
    }
    // B asks; the changer's approval is refused and leaves the request pending; C's releases the hold.
    const requested = await release(financeB);
    expect(requested.statusCode, requested.body).toBe(202);
    const request = requested.json<AdminApproval>();
    const byChanger = await decide(financeA, request.id, { decision: 'approve' });
    expect(byChanger.statusCode).toBe(403);
    expect(byChanger.json().code).toBe('OWN_PAYOUT_CHANGE');
    expect((await statementOf(creator)).hold_released_at).toBeNull();
    expect((await call('GET', `/api/admin/approvals/${request.id}`, financeB)).json<AdminApproval>().status).toBe(
      'PENDING',
    );
    const approved = await decide(financeC, request.id, { decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await statementOf(creator)).toMatchObject({ hold_released_by_user_id: financeB.id });
  });

  it('lists what waits for me and what I asked for, with counts; the operator sees none of finance’s', async () => {
    const counts = async (account: TestAccount) =>
      (await call('GET', '/api/admin/approvals/counts', account)).json<AdminApprovalCounts>();
    const mine = await counts(financeA);
    const waitingForB = await counts(financeB);
    expect(mine.mine).toBeGreaterThan(0);
    expect(waitingForB.waitingForMe).toBe(mine.mine);
    expect((await counts(financeA)).waitingForMe).toBe(0);
    expect(await counts(operator)).toEqual({ waitingForMe: 0, mine: 0 });
    const waiting = await call(
      'GET',
      `/api/admin/approvals?filter=${encodeURIComponent('{"view":"waiting"}')}`,
      financeB,
    );
    expect(waiting.statusCode).toBe(200);
    expect(
      waiting.json<AdminApproval[]>().every((row) => row.status === 'PENDING' && row.makerId !== financeB.id),
    ).toBe(true);
    expect(waiting.json<AdminApproval[]>()).toHaveLength(waitingForB.waitingForMe);
    // He sees the operators' staff requests (an operator's deactivation), none whose checker is finance.
    const operatorList = await call('GET', '/api/admin/approvals', operator);
    expect(operatorList.json<AdminApproval[]>().map((row) => row.role)).toEqual(['ROLE_OPERATOR']);
    expect((await call('GET', '/api/admin/approvals/1', operator)).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/approvals', fans[0]!)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/approvals', null)).statusCode).toBe(401);
  });
});
