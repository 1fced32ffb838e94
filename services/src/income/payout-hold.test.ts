// A payout to an account changed in the 72 hours before its statement is issued, or the first payout to an account a
// change set however long before, waits for finance: the statement is held (still ISSUED, so the month's totals by
// status stay right), left out of the bank transfer file, and neither approvable nor payable until finance releases
// it through the audited console action.
import type { AdminSettlement } from '@fanmission/contracts';
import { verify } from '@fanmission/ledger';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { approveAs } from '@fanmission/tests/support/approvals';
import {
  createIncomeCreator,
  releasedMission,
  setPayoutAccountVerification,
  type IncomeCreator,
} from '@fanmission/tests/support/income';

const clock = { now: new Date('2026-10-20T03:00:00Z') };
const testApp = useTestApp({ now: () => clock.now });
const app = () => testApp.current.app;
const db = () => testApp.current.app.db;

const HOUR = 3_600_000;
/** The run of October 2026: November 1st, 10:00 in Korea. */
const RUN_AT = new Date('2026-11-01T01:00:00Z');

const call = (method: 'GET' | 'PUT' | 'POST', url: string, headers: object, payload?: object) =>
  app().inject({ method, url, headers: { ...headers, 'accept-language': 'en' }, payload });

let finance: TestAccount;
/** The second finance member who approves finance's statement decisions (services/src/approvals). */
let checker: TestAccount;
let operator: TestAccount;
/** Changed his account 13 hours before the run: held. */
let recent: IncomeCreator;
/** Changed his account in September; September's statement to it was released and paid: October's is paid as usual. */
let earlier: IncomeCreator;
/** Changed his account 73 hours before the run and was never paid to it since: held all the same. */
let patient: IncomeCreator;
/** Only marked his (same) account as abroad 13 hours before the run: where the money goes did not change. */
let sameAccount: IncomeCreator;

const NEW = { bankName: '카카오뱅크', bankAccountHolder: '홍길동', bankAccountNumber: '3333012345678' };

async function changeAccountAt(creator: IncomeCreator, at: Date, body: object) {
  clock.now = at;
  const response = await call('PUT', `/api/v1/creators/${creator.creatorId}`, creator.headers, {
    ...body,
    currentPassword: creator.password,
  });
  expect(response.statusCode, response.body).toBe(200);
}

const statementOf = (creator: IncomeCreator) =>
  db()
    .selectFrom('settlement_statements')
    .selectAll()
    .where('creator_id', '=', creator.creatorId)
    .where('year', '=', 2026)
    .where('month', '=', 10)
    .executeTakeFirstOrThrow();

/** The statements a transfer batch of October would take now (services/src/income/transfer-batches.ts). */
const transferFile = async () => {
  const response = await call(
    'GET',
    '/api/admin/settlement-transfer-batches/preview?year=2026&month=10',
    finance.headers,
  );
  expect(response.statusCode).toBe(200);
  return response.json<{ statementIds: number[] }>().statementIds;
};

beforeAll(async () => {
  finance = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
  checker = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
  operator = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_OPERATOR'] });
  recent = await createIncomeCreator(app());
  earlier = await createIncomeCreator(app());
  patient = await createIncomeCreator(app());
  sameAccount = await createIncomeCreator(app());
  for (const creator of [recent, earlier, patient, sameAccount]) {
    await releasedMission(db(), { creatorId: creator.creatorId, coins: 1_000, at: new Date('2026-10-15T03:00:00Z') });
  }
  // September: earlier changes his account, and its first payout is held, released, approved and paid.
  await releasedMission(db(), { creatorId: earlier.creatorId, coins: 1_000, at: new Date('2026-09-15T03:00:00Z') });
  await changeAccountAt(earlier, new Date('2026-09-10T03:00:00Z'), NEW);
  clock.now = new Date('2026-10-01T03:00:00Z');
  const september = await call('POST', '/api/admin/settlement-runs', finance.headers, { year: 2026, month: 9 });
  expect(september.statusCode, september.body).toBe(200);
  const first = await db()
    .selectFrom('settlement_statements')
    .select(['id', 'payout_held'])
    .where('creator_id', '=', earlier.creatorId)
    .executeTakeFirstOrThrow();
  expect(first.payout_held).toBe(true);
  for (const body of [
    { action: 'release', note: 'Confirmed with the creator.' },
    { action: 'approve' },
    { action: 'pay', transferReference: 'KB-0', transferDate: '2026-10-10' },
  ]) {
    // Each step is finance's request, approved by a second finance member (services/src/approvals).
    await approveAs(app(), checker, await call('PUT', `/api/admin/settlements/${first.id}`, finance.headers, body));
  }

  await changeAccountAt(patient, new Date(RUN_AT.getTime() - 73 * HOUR), NEW);
  await changeAccountAt(recent, new Date(RUN_AT.getTime() - 13 * HOUR), NEW);
  const unchanged = await db()
    .updateTable('creators')
    .set({ bank_name: 'KB국민은행' })
    .where('id', '=', sameAccount.creatorId)
    .returning(['bank_account_holder', 'bank_account_number'])
    .executeTakeFirstOrThrow();
  // The account he had: its holder verified (a change of the place alone does not look the holder up again).
  await setPayoutAccountVerification(db(), sameAccount.creatorId, 'VERIFIED');
  await changeAccountAt(sameAccount, new Date(RUN_AT.getTime() - 13 * HOUR), {
    bankName: 'KB국민은행',
    bankAccountHolder: unchanged.bank_account_holder,
    bankAccountNumber: unchanged.bank_account_number,
    payoutOverseas: true,
  });
  clock.now = RUN_AT;
  const run = await call('POST', '/api/admin/settlement-runs', finance.headers, { year: 2026, month: 10 });
  expect(run.statusCode, run.body).toBe(200);
});

afterAll(async () => {
  expect((await verify(db())).differences).toEqual([]);
});

describe('a statement issued within 72 hours of a payout account change, or first paying the account it set', () => {
  it('is issued held, naming the change; a change paid to since is not held again', async () => {
    const held = await statementOf(recent);
    const [change] = await db()
      .selectFrom('payout_account_changes')
      .select('id')
      .where('creator_id', '=', recent.creatorId)
      .execute();
    expect(held).toMatchObject({
      status: 'ISSUED',
      bank_account_number: NEW.bankAccountNumber,
      payout_held: true,
      hold_account_change_id: change!.id,
      hold_released_at: null,
    });
    expect(await statementOf(earlier)).toMatchObject({ status: 'ISSUED', payout_held: false });
  });

  it('holds the first payout to an account changed long before the run, never paid to since', async () => {
    const [change] = await db()
      .selectFrom('payout_account_changes')
      .select('id')
      .where('creator_id', '=', patient.creatorId)
      .execute();
    expect(await statementOf(patient)).toMatchObject({
      status: 'ISSUED',
      bank_account_number: NEW.bankAccountNumber,
      payout_held: true,
      hold_account_change_id: change!.id,
    });
  });

  it('is not held when only the account’s place changed (recorded, same destination); the console lists held ones', async () => {
    expect(await statementOf(sameAccount)).toMatchObject({ payout_held: false, overseas: true });
    const [change] = await db()
      .selectFrom('payout_account_changes')
      .select(['destination_changed', 'from_payout_overseas', 'to_payout_overseas'])
      .where('creator_id', '=', sameAccount.creatorId)
      .execute();
    expect(change).toEqual({ destination_changed: false, from_payout_overseas: false, to_payout_overseas: true });

    const filter = encodeURIComponent(JSON.stringify({ year: 2026, month: 10, held: true }));
    const list = await call('GET', `/api/admin/settlements?filter=${filter}`, finance.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json<AdminSettlement[]>()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ creatorId: recent.creatorId, held: true, holdReleasedAt: null }),
        expect.objectContaining({ creatorId: patient.creatorId, held: true, holdReleasedAt: null }),
      ]),
    );
    expect(list.json<AdminSettlement[]>()).toHaveLength(2);
  });

  it('is left out of the transfer file and refuses approval and payment until released', async () => {
    const held = await statementOf(recent);
    const before = await transferFile();
    expect(before).not.toContain(held.id);
    // Nor is an ISSUED statement: only approved ones are.
    expect(before).not.toContain((await statementOf(earlier)).id);

    const url = `/api/admin/settlements/${held.id}`;
    const approve = await call('PUT', url, finance.headers, { action: 'approve' });
    expect(approve.statusCode).toBe(409);
    expect(approve.json()).toMatchObject({ code: 'STATEMENT_HELD' });
    const pay = await call('PUT', url, finance.headers, {
      action: 'pay',
      transferReference: 'KB-1',
      transferDate: '2026-11-10',
    });
    expect(pay.json()).toMatchObject({ status: 409, code: 'STATEMENT_HELD' });
    expect(await statementOf(recent)).toMatchObject({ status: 'ISSUED', payout_held: true });

    // The database refuses it as well, whoever writes.
    await expect(
      db()
        .updateTable('settlement_statements')
        .set({ status: 'APPROVED', approved_at: RUN_AT })
        .where('id', '=', held.id)
        .execute(),
    ).rejects.toThrow(/settlement_statements_held_unpaid/);
    await expect(
      db().updateTable('settlement_statements').set({ payout_held: false }).where('id', '=', held.id).execute(),
    ).rejects.toThrow(/hold of settlement statement .* is fixed/);
  });

  it('is released by finance with a note, approved by a second member (audited), then paid like any other', async () => {
    const held = await statementOf(recent);
    const url = `/api/admin/settlements/${held.id}`;
    const withoutNote = await call('PUT', url, finance.headers, { action: 'release' });
    expect(withoutNote.statusCode).toBe(400);
    expect(withoutNote.json().subErrors).toEqual([
      expect.objectContaining({ field: 'note', message: 'This field is required.' }),
    ]);
    expect((await call('PUT', url, operator.headers, { action: 'release', note: 'ok' })).statusCode).toBe(403);

    clock.now = new Date(RUN_AT.getTime() + 2 * HOUR);
    const note = 'Called the creator on his registered number: the change is his.';
    const requested = await call('PUT', url, finance.headers, { action: 'release', note, id: held.id });
    expect(requested.statusCode, requested.body).toBe(202);
    expect(await statementOf(recent)).toMatchObject({ hold_released_at: null });
    const released = await approveAs<{ bankAccountNumber: string }>(app(), checker, requested);
    expect(released).toMatchObject({
      held: false,
      holdAccountChangeId: held.hold_account_change_id,
      holdReleasedAt: clock.now.toISOString(),
      holdReleasedByUserId: finance.id,
      holdReleaseNote: note,
      status: 'ISSUED',
    });
    const asked = await db()
      .selectFrom('admin_audit_log')
      .selectAll()
      .where('resource', '=', 'settlements')
      .where('resource_id', '=', String(held.id))
      .where('status_code', '=', 202)
      .executeTakeFirstOrThrow();
    expect(asked).toMatchObject({ actor_id: finance.id, action: 'PUT /api/admin/settlements/:id' });
    const audit = await db()
      .selectFrom('admin_audit_log')
      .selectAll()
      .where('resource', '=', 'approvals')
      .where('resource_id', '=', String((requested.json() as { id: number }).id))
      .where('status_code', '=', 200)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      actor_id: checker.id,
      action: 'POST /api/admin/approvals/:id/decision',
      after: expect.objectContaining({ result: expect.objectContaining({ held: false, holdReleaseNote: note }) }),
    });
    // Both console roles read the log: the statement's account number is kept as its last four digits.
    const logged = (audit.after as { result: { bankAccountNumber: string } }).result.bankAccountNumber;
    expect(logged).toMatch(/^\*+\d{4}$/);
    expect(released.bankAccountNumber).not.toBe(logged);

    // Releasing again changes nothing; a statement never held cannot be released.
    const again = await call('PUT', url, finance.headers, { action: 'release', note: 'again' });
    expect(again.json()).toMatchObject({ holdReleaseNote: note });
    const notHeld = await call('PUT', `/api/admin/settlements/${(await statementOf(earlier)).id}`, finance.headers, {
      action: 'release',
      note: 'x',
    });
    expect(notHeld.statusCode).toBe(409);

    expect(await transferFile()).not.toContain(held.id);
    expect(
      await approveAs(app(), checker, await call('PUT', url, finance.headers, { action: 'approve' })),
    ).toMatchObject({
      status: 'APPROVED',
    });
    expect(await transferFile()).toContain(held.id);
    const paid = await approveAs(
      app(),
      checker,
      await call('PUT', url, finance.headers, {
        action: 'pay',
        transferReference: 'KB-2',
        transferDate: '2026-11-10',
      }),
    );
    expect(paid).toMatchObject({ status: 'PAID', held: false });
  });

  it('holds a change committed after the run started, before the creator’s batch locked him', async () => {
    const late = await createIncomeCreator(app());
    await releasedMission(db(), { creatorId: late.creatorId, coins: 1_000, at: new Date('2026-10-15T03:00:00Z') });
    // The run's `now` is RUN_AT; the change commits a second later, before the run reaches this creator.
    await changeAccountAt(late, new Date(RUN_AT.getTime() + 1_000), NEW);
    clock.now = RUN_AT;
    const run = await call('POST', '/api/admin/settlement-runs', finance.headers, { year: 2026, month: 10 });
    expect(run.statusCode, run.body).toBe(200);
    const [change] = await db()
      .selectFrom('payout_account_changes')
      .select('id')
      .where('creator_id', '=', late.creatorId)
      .execute();
    expect(await statementOf(late)).toMatchObject({
      bank_account_number: NEW.bankAccountNumber,
      payout_held: true,
      hold_account_change_id: change!.id,
    });
  });

  it('keeps the month’s totals by status equal to a recount', async () => {
    const { rows: drift } = await sql<{ status: string }>`
      select status from settlement_month_totals t
      full join (
        select year, month, status, count(*)::int as statements, sum(to_receipt)::bigint as to_receipt
        from settlement_statements where year = 2026 and month = 10 group by 1, 2, 3
      ) s using (year, month, status)
      where year = 2026 and month = 10
        and (coalesce(t.statements, 0) <> coalesce(s.statements, 0)
          or coalesce(t.to_receipt, 0) <> coalesce(s.to_receipt, 0))`.execute(db());
    expect(drift).toEqual([]);
    const { rows: totals } = await sql<{ status: string; statements: number }>`
      select status, statements from settlement_month_totals
      where year = 2026 and month = 10 and statements > 0 order by status`.execute(db());
    expect(totals).toEqual([
      { status: 'ISSUED', statements: 4 },
      { status: 'PAID', statements: 1 },
    ]);
  });
});
