// Settlement in batches (services/src/income/batches.ts): finance asks to approve, then to pay, a month's statements
// as ONE staff approval request; a second finance member approves it and every frozen statement still approvable
// (payable) changes at once, the ones that changed meanwhile listed as skipped.
import type {
  AdminApproval,
  SettlementBatchResult,
  TransferBatch,
  TransferBatchResultOutcome,
} from '@fanmission/contracts';
import { verify } from '@fanmission/ledger';
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

const clock = { now: new Date('2026-11-01T01:00:00Z') };
const testApp = useTestApp({ now: () => clock.now });
const app = () => testApp.current.app;
const db = () => testApp.current.app.db;

const BATCHES = '/api/admin/settlements/batches';
const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: object, payload?: object, language = 'en') =>
  app().inject({ method, url, headers: { ...headers, 'accept-language': language }, payload });

let finance: TestAccount;
let checker: TestAccount;
let operator: TestAccount;
let fan: TestAccount;
/** Four creators paid in October 2026; `held` pays an account whose holder is not verified. */
let creators: { first: IncomeCreator; second: IncomeCreator; third: IncomeCreator; held: IncomeCreator };

const statementOf = (creator: IncomeCreator) => statementOfMonth(creator, 10);
const statementOfMonth = (creator: IncomeCreator, month: number) =>
  db()
    .selectFrom('settlement_statements')
    .selectAll()
    .where('creator_id', '=', creator.creatorId)
    .where('year', '=', 2026)
    .where('month', '=', month)
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  finance = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
  checker = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
  operator = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_OPERATOR'] });
  fan = await createAccount(app());
  creators = {
    first: await createIncomeCreator(app()),
    second: await createIncomeCreator(app(), { businessType: 'NONE' }),
    third: await createIncomeCreator(app()),
    held: await createIncomeCreator(app(), { verification: 'UNVERIFIED' }),
  };
  for (const [index, creator] of Object.values(creators).entries()) {
    const at = new Date('2026-10-15T03:00:00Z');
    await releasedMission(db(), { creatorId: creator.creatorId, coins: 1_000 + index * 100, at });
  }
  const run = await call('POST', '/api/admin/settlement-runs', finance.headers, { year: 2026, month: 10 });
  expect(run.statusCode, run.body).toBe(200);
});

afterAll(async () => {
  expect((await verify(db())).differences).toEqual([]);
});

describe('a batch approval of a month', () => {
  let request: AdminApproval;

  it('is one approval request listing every ISSUED statement not held, with count and totals', async () => {
    const requested = await call('POST', BATCHES, finance.headers, { action: 'approve', year: 2026, month: 10 });
    expect(requested.statusCode, requested.body).toBe(202);
    request = requested.json<AdminApproval>();
    const expected = await Promise.all([creators.first, creators.second, creators.third].map(statementOf));
    expect(request).toMatchObject({ kind: 'STATEMENT_BATCH_APPROVE', status: 'PENDING', role: 'ROLE_FINANCE' });
    expect(request.summary).toEqual({
      year: 2026,
      month: 10,
      count: 3,
      toReceipt: expected.reduce((sum, row) => sum + Number(row.to_receipt), 0),
      withheld: expected.reduce((sum, row) => sum + Number(row.tax_withheld) + Number(row.local_tax_withheld), 0),
    });
    // The individual creator's statement withholds tax: the totals are not trivially zero.
    expect(Number(request.summary.withheld)).toBeGreaterThan(0);
    const listed = (request.params as { statements: { id: number; creatorName: string; toReceipt: number }[] })
      .statements;
    expect(listed.map((statement) => statement.id)).toEqual(expected.map((row) => row.id));
    expect(listed[0]).toMatchObject({
      creatorId: creators.first.creatorId,
      toReceipt: Number(expected[0]!.to_receipt),
    });
    expect(listed.map((statement) => statement.id)).not.toContain((await statementOf(creators.held)).id);
  });

  it('is never approved by its maker, and fans and operators cannot ask for one', async () => {
    const own = await call('POST', `/api/admin/approvals/${request.id}/decision`, finance.headers, {
      decision: 'approve',
    });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'OWN_REQUEST' });
    for (const caller of [fan, operator]) {
      const refused = await call('POST', BATCHES, caller.headers, { action: 'approve', year: 2026, month: 10 });
      expect(refused.statusCode).toBe(403);
    }
    // An operator does not learn the request exists.
    const peek = await call('POST', `/api/admin/approvals/${request.id}/decision`, operator.headers, {
      decision: 'approve',
    });
    expect(peek.statusCode).toBe(404);
  });

  it('approves the statements still approvable at once and lists those that changed meanwhile as skipped', async () => {
    const second = await statementOf(creators.second);
    const third = await statementOf(creators.third);
    // Meanwhile: the second is approved on its own, the third's account loses its verification (held).
    await approveAs(
      app(),
      checker,
      await call('PUT', `/api/admin/settlements/${second.id}`, finance.headers, {
        action: 'approve',
      }),
    );
    await setPayoutAccountVerification(db(), creators.third.creatorId, 'UNVERIFIED');

    const decided = await call('POST', `/api/admin/approvals/${request.id}/decision`, checker.headers, {
      decision: 'approve',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json<AdminApproval>().status).toBe('EXECUTED');
    const result = decided.json<AdminApproval>().result as SettlementBatchResult;
    const first = await statementOf(creators.first);
    expect(result).toEqual({
      action: 'approve',
      done: [first.id],
      skipped: [
        { statementId: second.id, reason: 'ALREADY_DONE' },
        { statementId: third.id, reason: 'HELD' },
      ],
    });
    expect(first).toMatchObject({ status: 'APPROVED', approved_by_user_id: finance.id });
    expect((await statementOf(creators.third)).status).toBe('ISSUED');
    await setPayoutAccountVerification(db(), creators.third.creatorId, 'VERIFIED');
  });

  it('answers 409 SETTLEMENT_BATCH_EMPTY when nothing is left to approve, in the caller’s language', async () => {
    const empty = await call('POST', BATCHES, finance.headers, { action: 'approve', year: 2026, month: 9 }, 'ko');
    expect(empty.statusCode).toBe(409);
    expect(empty.json()).toMatchObject({
      code: 'SETTLEMENT_BATCH_EMPTY',
      message: '이 조건에 맞는 정산서가 없습니다. 보류된 정산서는 일괄 처리에 들어가지 않습니다.',
    });
  });

  it('refuses invalid requests with field errors (400)', async () => {
    const cases: [object, string[]][] = [
      [{ action: 'approve', month: 10 }, ['year']],
      [{ action: 'approve', year: 2026, month: 13 }, ['month']],
      [{ action: 'approve', year: 2026, month: 10, statementIds: [] }, ['statementIds']],
      [
        { action: 'approve', year: 2026, month: 10, statementIds: Array.from({ length: 1_001 }, (_, i) => i + 1) },
        ['statementIds'],
      ],
      [{ action: 'pay', year: 2026, month: 10, transferDate: '2026-11-05' }, ['transferReference']],
      [{ action: 'pay', year: 2026, month: 10, transferReference: 'KB-1', transferDate: '11/05' }, ['transferDate']],
      [{ action: 'reject', year: 2026, month: 10 }, ['action']],
    ];
    for (const [body, fields] of cases) {
      const invalid = await call('POST', BATCHES, finance.headers, body);
      expect(invalid.statusCode, JSON.stringify(body)).toBe(400);
      const errors = invalid.json<{ subErrors: Array<{ field: string }> }>().subErrors;
      expect(errors.map((error) => error.field).sort(), JSON.stringify(body)).toEqual(fields);
    }
    const korean = await call('POST', BATCHES, finance.headers, { action: 'approve', month: 10 }, 'ko');
    expect(korean.json()).toMatchObject({ subErrors: [{ field: 'year', message: '필수 항목입니다.' }] });
  });
});

describe('a batch payment of a month', () => {
  it('marks the APPROVED statements selected paid with the transfer, as one approval request', async () => {
    const first = await statementOf(creators.first);
    const second = await statementOf(creators.second);
    const requested = await call('POST', BATCHES, finance.headers, {
      action: 'pay',
      year: 2026,
      month: 10,
      transferReference: 'KB-BULK-1',
      transferDate: '2026-11-05',
    });
    expect(requested.statusCode, requested.body).toBe(202);
    const request = requested.json<AdminApproval>();
    expect(request.kind).toBe('STATEMENT_BATCH_PAY');
    expect(request.summary).toMatchObject({ count: 2, transferReference: 'KB-BULK-1', transferDate: '2026-11-05' });
    const result = await approveAs<SettlementBatchResult>(app(), checker, requested);
    expect(result).toEqual({ action: 'pay', done: [first.id, second.id], skipped: [] });
    for (const creator of [creators.first, creators.second]) {
      expect(await statementOf(creator)).toMatchObject({
        status: 'PAID',
        transfer_reference: 'KB-BULK-1',
        transfer_date: '2026-11-05',
        paid_by_user_id: finance.id,
      });
    }
  });

  it('never takes an ISSUED or held statement: a selection naming one is refused whole, naming the rule', async () => {
    const third = await statementOf(creators.third);
    const held = await statementOf(creators.held);
    const body = { action: 'pay', year: 2026, month: 10, transferReference: 'KB-2', transferDate: '2026-11-05' };
    const refused = await call('POST', BATCHES, finance.headers, { ...body, statementIds: [third.id, held.id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'SETTLEMENT_BATCH_NOT_ELIGIBLE',
      subErrors: [
        {
          field: 'statementIds',
          rejectedValue: third.id,
          message: `Statement #${third.id}: not approved, so it cannot be marked paid.`,
        },
        {
          field: 'statementIds',
          rejectedValue: held.id,
          message: `Statement #${held.id}: not approved, so it cannot be marked paid.`,
        },
      ],
    });
  });
  /** The third creator's October statement, approved (the tests put it back to ISSUED). */
  const approveThird = async () => {
    const third = await statementOf(creators.third);
    await db()
      .updateTable('settlement_statements')
      .set({ status: 'APPROVED', approved_at: clock.now, approved_by_user_id: checker.id })
      .where('id', '=', third.id)
      .execute();
    return third;
  };
  /** A pay request of exactly `ids` for October. */
  const askToPay = (ids: number[]) =>
    call('POST', BATCHES, finance.headers, {
      action: 'pay',
      year: 2026,
      month: 10,
      statementIds: ids,
      transferReference: 'KB-3',
      transferDate: '2026-11-05',
    });
  const thirdsVerification = () =>
    db().updateTable('payout_account_verifications').where('creator_id', '=', creators.third.creatorId);

  it('never asks to pay a statement whose account is not its payee’s own verified one: not counted, and refused by name', async () => {
    const third = await approveThird();
    const previewPay = async () => {
      const preview = await call('GET', `${BATCHES}/preview?action=pay&year=2026&month=10`, finance.headers);
      expect(preview.statusCode, preview.body).toBe(200);
      return preview.json<{ count: number }>().count;
    };
    const counted = await previewPay();
    // His account was only kept VERIFIED when the checks began: never compared with his name.
    await thirdsVerification().set({ matched: 'GRANDFATHERED' }).execute();
    try {
      expect(await previewPay()).toBe(counted - 1);
      const refused = await askToPay([third.id]);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'SETTLEMENT_BATCH_NOT_ELIGIBLE',
        subErrors: [
          {
            field: 'statementIds',
            rejectedValue: third.id,
            message: `Statement #${third.id}: the bank’s holder look-up never confirmed the account is held in the creator’s name.`,
          },
        ],
      });
    } finally {
      await thirdsVerification().set({ matched: 'REAL_NAME' }).execute();
      await db()
        .updateTable('settlement_statements')
        .set({ status: 'ISSUED', approved_at: null, approved_by_user_id: null })
        .where('id', '=', third.id)
        .execute();
    }
  });

  it('never marks paid a statement whose account is no longer its payee’s own verified one: skipped, left approved', async () => {
    const third = await approveThird();
    const requested = await askToPay([third.id]);
    expect(requested.statusCode, requested.body).toBe(202);
    // Before the approval, his account turns out only kept VERIFIED when the checks began: never compared with his name.
    await thirdsVerification().set({ matched: 'GRANDFATHERED' }).execute();
    try {
      const result = await approveAs<SettlementBatchResult>(app(), checker, requested);
      expect(result).toEqual({
        action: 'pay',
        done: [],
        skipped: [{ statementId: third.id, reason: 'PAYEE_ACCOUNT_REFUSED' }],
      });
      expect(await statementOf(creators.third)).toMatchObject({ status: 'APPROVED', paid_at: null });
    } finally {
      await thirdsVerification().set({ matched: 'REAL_NAME' }).execute();
    }
  });
});

describe('the bank transfer file and its result file', () => {
  /** November's statements: `late` and `short` are creators of November only. */
  const november: Record<string, number> = {};
  let late: IncomeCreator;
  let short: IncomeCreator;
  const novemberOf = async (creator: IncomeCreator) =>
    (
      await db()
        .selectFrom('settlement_statements')
        .select('id')
        .where('creator_id', '=', creator.creatorId)
        .where('year', '=', 2026)
        .where('month', '=', 11)
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    late = await createIncomeCreator(app());
    short = await createIncomeCreator(app());
    const everyone = { ...creators, late, short };
    for (const creator of Object.values(everyone)) {
      await releasedMission(db(), { creatorId: creator.creatorId, coins: 800, at: new Date('2026-11-10T03:00:00Z') });
    }
    clock.now = new Date('2026-12-01T01:00:00Z');
    const run = await call('POST', '/api/admin/settlement-runs', finance.headers, { year: 2026, month: 11 });
    expect(run.statusCode, run.body).toBe(200);
    for (const [name, creator] of Object.entries(everyone)) november[name] = await novemberOf(creator);
    const ids = ['first', 'second', 'third', 'short'].map((name) => november[name]!);
    await approveAs(
      app(),
      checker,
      await call('POST', BATCHES, finance.headers, { action: 'approve', year: 2026, month: 11, statementIds: ids }),
    );
    // The third is paid on its own before the result file comes back.
    const pay = { action: 'pay', transferReference: 'KB-SINGLE', transferDate: '2026-12-03' };
    await approveAs(
      app(),
      checker,
      await call('PUT', `/api/admin/settlements/${november.third}`, finance.headers, pay),
    );
  });

  let batch: TransferBatch;
  const TRANSFER_BATCHES = '/api/admin/settlement-transfer-batches';

  it('writes the approved statements of the month in a released batch, a memo naming each', async () => {
    const created = await call('POST', TRANSFER_BATCHES, finance.headers, { year: 2026, month: 11 });
    expect(created.statusCode, created.body).toBe(201);
    batch = created.json<TransferBatch>();
    const released = await call('POST', `/api/admin/approvals/${batch.releaseApprovalId}/decision`, checker.headers, {
      decision: 'approve',
    });
    expect(released.statusCode, released.body).toBe(200);
    const response = await call('GET', `${TRANSFER_BATCHES}/${batch.id}/file`, finance.headers);
    expect(response.statusCode).toBe(200);
    const lines = response.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe('은행코드,은행명,계좌번호,예금주,이체금액,받는분통장표시,정산서번호');
    const ids = lines.slice(1).map((line) => Number(line.split(',')[6]));
    expect(ids).toEqual([november.first, november.second, november.short]);
    expect(lines[1]).toMatch(new RegExp(`,FM-S${november.first},${november.first}$`));
  });

  const resultFile = async () => {
    const statement = async (id: number) =>
      await db()
        .selectFrom('settlement_statements')
        .select(['to_receipt', 'bank_account_number'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const owed = async (id: number) => Number((await statement(id)).to_receipt);
    const account = async (id: number) => (await statement(id)).bank_account_number!;
    const { first, second, third, held, short: shortId } = november as Record<string, number>;
    return [
      'statementId,memo,account,amount,result,reason',
      `${first},FM-S${first},${await account(first!)},"${(await owed(first!)).toLocaleString('en')}",OK,`,
      `${second},FM-S${second},${await account(second!)},${await owed(second!)},FAILED,계좌 번호 오류`,
      `,FM-S${third},${await account(third!)},${await owed(third!)},OK,`,
      `${held},,${await account(held!)},${await owed(held!)},OK,`,
      `${november.late},,${await account(november.late!)},${await owed(november.late!)},OK,`,
      `999999,,1002999,1000,OK,`,
      `${first},,${await account(first!)},${await owed(first!)},OK,`,
      `${shortId},,${await account(shortId!)},${(await owed(shortId!)) - 1},OK,`,
      `abc,,1002999,1000,OK,`,
    ].join('\r\n');
  };
  const body = async () => ({ csv: await resultFile(), transferReference: 'KB-BULK-11', transferDate: '2026-12-05' });

  it('previews what it pays and lists each mismatch and failure, changing nothing', async () => {
    const preview = await call(
      'POST',
      `${TRANSFER_BATCHES}/${batch.id}/results/preview`,
      finance.headers,
      await body(),
    );
    expect(preview.statusCode, preview.body).toBe(200);
    const read = preview.json<TransferBatchResultOutcome>();
    expect(read).toMatchObject({ applied: false, rows: 9, paid: [november.first] });
    expect(read.failed).toEqual([{ statementId: november.second, bankReason: '계좌 번호 오류' }]);
    expect(read.discrepancies.map((row) => [row.line, row.statementId, row.problem])).toEqual([
      [4, november.third, 'NOT_IN_BATCH'],
      [5, november.held, 'NOT_IN_BATCH'],
      [6, november.late, 'NOT_IN_BATCH'],
      [7, 999999, 'NOT_IN_BATCH'],
      [8, november.first, 'DUPLICATE'],
      [9, november.short, 'AMOUNT_DIFFERS'],
      [10, null, 'UNREADABLE'],
    ]);
    expect((await statementOf(creators.first)).status).toBe('PAID'); // October's, untouched
    expect((await statementOfMonth(creators.first, 11)).status).toBe('IN_TRANSFER');
  });

  it('records exactly the batch’s lines the bank settled; the rest stay in transfer', async () => {
    const imported = await call('POST', `${TRANSFER_BATCHES}/${batch.id}/results`, finance.headers, await body());
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json<TransferBatchResultOutcome>()).toMatchObject({
      applied: true,
      paid: [november.first],
      batch: { status: 'RELEASED', paid: 1, failed: 1 },
    });
    const statuses = await db()
      .selectFrom('settlement_statements')
      .select(['id', 'status', 'transfer_reference', 'transfer_failed_reason'])
      .where('id', 'in', Object.values(november))
      .execute();
    const byId = new Map(statuses.map((row) => [row.id, row]));
    expect(byId.get(november.first!)).toMatchObject({ status: 'PAID', transfer_reference: 'KB-BULK-11' });
    expect(byId.get(november.second!)).toMatchObject({
      status: 'TRANSFER_FAILED',
      transfer_failed_reason: '계좌 번호 오류',
    });
    expect(byId.get(november.short!)!.status).toBe('IN_TRANSFER');
    expect(byId.get(november.third!)).toMatchObject({ status: 'PAID', transfer_reference: 'KB-SINGLE' });
    expect(byId.get(november.late!)!.status).toBe('ISSUED');
  });

  it('refuses a file without the columns (400), missing fields (400), fans and operators (403)', async () => {
    const unreadable = await call(
      'POST',
      `${TRANSFER_BATCHES}/${batch.id}/results/preview`,
      finance.headers,
      { ...(await body()), csv: 'id,won\r\n1,2' },
      'ko',
    );
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json()).toMatchObject({ code: 'TRANSFER_RESULT_UNREADABLE' });
    const missing = await call('POST', `${TRANSFER_BATCHES}/${batch.id}/results`, finance.headers, {
      csv: '',
      transferDate: '2026-12-05',
    });
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json<{ subErrors: Array<{ field: string }> }>()
        .subErrors.map((error) => error.field)
        .sort(),
    ).toEqual(['csv', 'transferReference']);
    for (const caller of [fan, operator]) {
      for (const url of [
        `${TRANSFER_BATCHES}/${batch.id}/results`,
        `${TRANSFER_BATCHES}/${batch.id}/results/preview`,
      ]) {
        expect((await call('POST', url, caller.headers, await body())).statusCode).toBe(403);
      }
    }
  });
});

describe('a selection of statements, and the preview of a batch', () => {
  /** December's statements: three approvable, one held, all of creators of December only. */
  const december: Record<'a' | 'b' | 'c' | 'held', number> = { a: 0, b: 0, c: 0, held: 0 };
  const PREVIEW = '/api/admin/settlements/batches/preview';
  const preview = (query: string, caller = finance, language = 'en') =>
    call('GET', `${PREVIEW}?${query}`, caller.headers, undefined, language);
  const batchRequests = async () =>
    Number(
      (
        await db()
          .selectFrom('staff_approval_requests')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('kind', 'in', ['STATEMENT_BATCH_APPROVE', 'STATEMENT_BATCH_PAY'])
          .executeTakeFirstOrThrow()
      ).count,
    );
  const owed = async (ids: number[]) => {
    const rows = await db()
      .selectFrom('settlement_statements')
      .select(['to_receipt', 'tax_withheld', 'local_tax_withheld'])
      .where('id', 'in', ids)
      .execute();
    return {
      count: rows.length,
      toReceipt: rows.reduce((sum, row) => sum + Number(row.to_receipt), 0),
      withheld: rows.reduce((sum, row) => sum + Number(row.tax_withheld) + Number(row.local_tax_withheld), 0),
    };
  };

  beforeAll(async () => {
    const made = {
      a: await createIncomeCreator(app()),
      b: await createIncomeCreator(app(), { businessType: 'NONE' }),
      c: await createIncomeCreator(app()),
      held: await createIncomeCreator(app(), { verification: 'UNVERIFIED' }),
    };
    for (const creator of Object.values(made)) {
      await releasedMission(db(), { creatorId: creator.creatorId, coins: 900, at: new Date('2026-12-10T03:00:00Z') });
    }
    clock.now = new Date('2027-01-01T01:00:00Z');
    const run = await call('POST', '/api/admin/settlement-runs', finance.headers, { year: 2026, month: 12 });
    expect(run.statusCode, run.body).toBe(200);
    for (const [name, creator] of Object.entries(made)) {
      december[name as keyof typeof december] = (
        await db()
          .selectFrom('settlement_statements')
          .select('id')
          .where('creator_id', '=', creator.creatorId)
          .where('year', '=', 2026)
          .where('month', '=', 12)
          .executeTakeFirstOrThrow()
      ).id;
    }
  });

  it('previews the month’s count and totals, the figures the approval’s summary then carries', async () => {
    const month = await preview('action=approve&year=2026&month=12');
    expect(month.statusCode, month.body).toBe(200);
    const expected = await owed([december.a, december.b, december.c]);
    expect(month.json()).toEqual({ action: 'approve', year: 2026, month: 12, ...expected });
    expect(expected.withheld).toBeGreaterThan(0);
    // A month with nothing to take is a count of 0, not an error.
    expect((await preview('action=pay&year=2026&month=12')).json()).toEqual({
      action: 'pay',
      year: 2026,
      month: 12,
      count: 0,
      toReceipt: 0,
      withheld: 0,
    });
  });

  it('asks for exactly the selected statements, previewed alike; the checker approves exactly those', async () => {
    const selected = [december.a, december.b];
    const previewed = await preview(`action=approve&year=2026&month=12&statementIds=${selected.join(',')}`);
    expect(previewed.statusCode, previewed.body).toBe(200);
    expect(previewed.json()).toEqual({ action: 'approve', year: 2026, month: 12, ...(await owed(selected)) });
    const body = { action: 'approve', year: 2026, month: 12, statementIds: selected };
    const requested = await call('POST', BATCHES, finance.headers, body);
    expect(requested.statusCode, requested.body).toBe(202);
    const request = requested.json<AdminApproval>();
    const { action: _action, ...totals } = previewed.json<Record<string, unknown>>();
    expect(request.summary).toEqual(totals);
    expect((request.params as { statements: { id: number }[] }).statements.map((row) => row.id)).toEqual(selected);
    // Sent again (a double click): the maker's identical pending request answers, no second one.
    const again = await call('POST', BATCHES, finance.headers, body);
    expect(again.statusCode).toBe(202);
    expect(again.json<AdminApproval>().id).toBe(request.id);
    const own = await call('POST', `/api/admin/approvals/${request.id}/decision`, finance.headers, {
      decision: 'approve',
    });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'OWN_REQUEST' });
    const result = await approveAs<SettlementBatchResult>(app(), checker, requested);
    expect(result).toEqual({ action: 'approve', done: selected, skipped: [] });
    const statuses = await db()
      .selectFrom('settlement_statements')
      .select(['id', 'status'])
      .where('id', 'in', Object.values(december))
      .orderBy('id')
      .execute();
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({
      [december.a]: 'APPROVED',
      [december.b]: 'APPROVED',
      [december.c]: 'ISSUED',
      [december.held]: 'ISSUED',
    });
  });

  it('refuses a selection naming a statement of another month or a held one (409 naming the rule), asking nothing', async () => {
    const october = (await statementOf(creators.first)).id;
    const before = await batchRequests();
    const otherMonth = await call(
      'POST',
      BATCHES,
      finance.headers,
      { action: 'approve', year: 2026, month: 12, statementIds: [december.c, october] },
      'ko',
    );
    expect(otherMonth.statusCode).toBe(409);
    expect(otherMonth.json()).toMatchObject({
      code: 'SETTLEMENT_BATCH_NOT_ELIGIBLE',
      message:
        '선택한 정산서 가운데 1건은 일괄 처리에 넣을 수 없어 아무것도 요청하지 않았습니다. 그 달의 정산서로, 처리할 상태이고 보류되지 않은 것만 넣을 수 있습니다.',
      subErrors: [
        {
          field: 'statementIds',
          rejectedValue: october,
          message: `정산서 #${october}: 2026년 12월의 정산서가 아닙니다.`,
        },
      ],
    });
    const held = await call('POST', BATCHES, finance.headers, {
      action: 'approve',
      year: 2026,
      month: 12,
      statementIds: [december.c, december.held, december.a],
    });
    expect(held.statusCode).toBe(409);
    expect(held.json()).toMatchObject({
      code: 'SETTLEMENT_BATCH_NOT_ELIGIBLE',
      subErrors: [
        {
          field: 'statementIds',
          rejectedValue: december.held,
          message: `Statement #${december.held}: held; held statements are never in a batch.`,
        },
        {
          field: 'statementIds',
          rejectedValue: december.a,
          message: `Statement #${december.a}: not issued, so it cannot be approved.`,
        },
      ],
    });
    // The preview says the same before anything is sent.
    const previewed = await preview(`action=approve&year=2026&month=12&statementIds=${december.c},${december.held}`);
    expect(previewed.statusCode).toBe(409);
    expect(previewed.json()).toMatchObject({ code: 'SETTLEMENT_BATCH_NOT_ELIGIBLE' });
    expect(await batchRequests()).toBe(before);
    expect(
      (
        await db()
          .selectFrom('settlement_statements')
          .select('status')
          .where('id', '=', december.c)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('ISSUED');
  });

  it('refuses an invalid preview with field errors in the caller’s language (400)', async () => {
    const many = Array.from({ length: 1_001 }, (_, index) => index + 1).join(',');
    const cases: [string, string[]][] = [
      ['year=2026&month=12', ['action']],
      ['action=reject&year=2026&month=12', ['action']],
      ['action=approve&month=12', ['year']],
      ['action=approve&year=2026&month=13', ['month']],
      ['action=approve&year=2026&month=12&statementIds=', ['statementIds[0]']],
      ['action=approve&year=2026&month=12&statementIds=1,abc', ['statementIds[1]']],
      [`action=approve&year=2026&month=12&statementIds=${many}`, ['statementIds']],
    ];
    for (const [query, fields] of cases) {
      const invalid = await preview(query);
      expect(invalid.statusCode, query).toBe(400);
      const errors = invalid.json<{ subErrors: Array<{ field: string }> }>().subErrors;
      expect(errors.map((error) => error.field).sort(), query).toEqual(fields);
    }
    const korean = await preview('action=approve&month=12', finance, 'ko');
    expect(korean.json()).toMatchObject({ subErrors: [{ field: 'year', message: '필수 항목입니다.' }] });
    const english = await preview('action=approve&month=12', finance, 'en');
    expect(english.json()).toMatchObject({ subErrors: [{ field: 'year', message: 'This field is required.' }] });
  });

  it('is finance’s only: fans and operators get 403 and learn nothing', async () => {
    for (const caller of [fan, operator]) {
      const refused = await preview('action=approve&year=2026&month=12', caller);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'ACCESS_DENIED' });
      expect(refused.body).not.toContain('count');
    }
  });
});
