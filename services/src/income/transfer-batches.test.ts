// The bank transfer file is a controlled record (docs/rules/money-out.md, bank transfer batches): a numbered batch
// moves its statements to IN_TRANSFER (in no other file), a second finance member not related to its maker releases
// it before any download, every download gives the same bytes, and the bank's result file settles a line only for the
// batch's statement, account and amount.
import { createHash } from 'node:crypto';
import type {
  AdminApproval,
  TransferBatch,
  TransferBatchDetail,
  TransferBatchPreview,
  TransferBatchResultOutcome,
} from '@fanmission/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useMailingTestApp } from '@fanmission/tests/harness/mail-app';
import { approveAs } from '@fanmission/tests/support/approvals';
import { createIncomeCreator, releasedMission, type IncomeCreator } from '@fanmission/tests/support/income';
import { drainOutbox } from '@fanmission/tests/support/outbox';
import { recordStaffGrant } from '../approvals';
import { SANDBOX_HOLDER_ACCOUNTS } from '../creators';
import { createNotificationMailConsumer, notificationsConsumer } from '../notifications';

const clock = { now: new Date('2026-11-01T01:00:00Z') };
const testApp = useMailingTestApp(clock);
const app = () => testApp.current.app;
const db = () => testApp.current.app.db;
type Caller = Pick<TestAccount, 'headers'>;
const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  caller: Caller,
  payload?: object,
  language: 'ko' | 'en' | 'ja' = 'en',
) => app().inject({ method, url, headers: { ...caller.headers, 'accept-language': language }, payload });
const BATCHES = '/api/admin/settlement-transfer-batches';

let maker: TestAccount;
let checker: TestAccount;
let helper: TestAccount;
let sibling: TestAccount;
let operator: TestAccount;
let creators: IncomeCreator[];
let statements: { id: number; to_receipt: number; bank_account_number: string | null; creator_id: number }[];

const statementOf = (id: number) =>
  db()
    .selectFrom('settlement_statements')
    .select(['id', 'status', 'transfer_batch_id', 'transfer_failed_at', 'transfer_failed_reason', 'paid_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

/** Makes a batch of the statements as `maker`: its record and its pending release request. */
async function createBatch(statementIds: number[]) {
  const created = await call('POST', BATCHES, maker, { year: 2026, month: 10, statementIds });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<TransferBatch>();
}

const release = (batch: TransferBatch, caller: Caller) =>
  call('POST', `/api/admin/approvals/${batch.releaseApprovalId}/decision`, caller, { decision: 'approve' });

const resultLine = (statement: (typeof statements)[number], edit: { account?: string; amount?: number } = {}) =>
  `${statement.id},FM-S${statement.id},${edit.account ?? statement.bank_account_number},${edit.amount ?? statement.to_receipt},정상,`;

const importResult = (batch: TransferBatch, lines: string[], preview = false) =>
  call('POST', `${BATCHES}/${batch.id}/results${preview ? '/preview' : ''}`, maker, {
    csv: ['정산서번호,받는분통장표시,계좌번호,이체금액,처리결과,사유', ...lines].join('\r\n'),
    transferReference: 'KB-BULK-1',
    transferDate: '2026-11-05',
  });

beforeAll(async () => {
  const founder = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
  const gatekeeper = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
  maker = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
  checker = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
  helper = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
  sibling = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
  operator = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_OPERATOR'] });
  const at = clock.now;
  // The maker made `helper` staff (his helper); `founder` made both the maker and `sibling` (siblings).
  await recordStaffGrant(db(), {
    staffId: helper.id,
    makerId: maker.id,
    approverId: gatekeeper.id,
    requestId: null,
    at,
  });
  await recordStaffGrant(db(), {
    staffId: maker.id,
    makerId: founder.id,
    approverId: gatekeeper.id,
    requestId: null,
    at,
  });
  await recordStaffGrant(db(), {
    staffId: sibling.id,
    makerId: founder.id,
    approverId: gatekeeper.id,
    requestId: null,
    at,
  });
  creators = [];
  for (let index = 0; index < 6; index += 1) {
    const creator = await createIncomeCreator(app());
    await releasedMission(db(), { creatorId: creator.creatorId, coins: 1_000, at: new Date('2026-10-15T03:00:00Z') });
    creators.push(creator);
  }
  const run = await call('POST', '/api/admin/settlement-runs', maker, { year: 2026, month: 10 });
  expect(run.statusCode, run.body).toBe(200);
  statements = await db()
    .selectFrom('settlement_statements')
    .select(['id', 'to_receipt', 'bank_account_number', 'creator_id'])
    .where(
      'creator_id',
      'in',
      creators.map((creator) => creator.creatorId),
    )
    .orderBy('id')
    .execute();
  for (const statement of statements) {
    await approveAs(
      app(),
      checker,
      await call('PUT', `/api/admin/settlements/${statement.id}`, maker, { action: 'approve' }),
    );
  }
});

describe('a bank transfer batch', () => {
  let first: TransferBatch;
  let second: TransferBatch;

  it('puts a statement in one file only: a second batch or file cannot take it', async () => {
    const [a, b, c] = statements;
    first = await createBatch([a!.id, b!.id]);
    expect(first).toMatchObject({ status: 'CREATED', count: 2, total: Number(a!.to_receipt) + Number(b!.to_receipt) });
    expect(first.fileSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await statementOf(a!.id)).toMatchObject({ status: 'IN_TRANSFER', transfer_batch_id: first.id });
    const again = await call('POST', BATCHES, maker, { year: 2026, month: 10, statementIds: [a!.id] });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'SETTLEMENT_BATCH_NOT_ELIGIBLE',
      subErrors: [{ field: 'statementIds' }],
    });
    // The month's file outside any batch is gone (the path now reads as a statement id, and is refused); a
    // statement in transfer is not paid another way either.
    const monthFile = await call('GET', '/api/admin/settlements/transfer-file?year=2026&month=10', maker);
    expect(monthFile.statusCode).toBe(400);
    const pay = await call('PUT', `/api/admin/settlements/${a!.id}`, maker, {
      action: 'pay',
      transferReference: 'HAND-1',
      transferDate: '2026-11-05',
    });
    expect(pay.statusCode, pay.body).toBe(409);
    second = await createBatch([c!.id]);
    expect(second.id).toBeGreaterThan(first.id);
  });

  it('refuses the download of a batch nobody released', async () => {
    const file = await call('GET', `${BATCHES}/${first.id}/file`, maker);
    expect(file.statusCode, file.body).toBe(409);
    expect(file.json()).toMatchObject({ code: 'TRANSFER_BATCH_NOT_RELEASED' });
  });

  it('is never released by its maker, his helper or his sibling', async () => {
    expect(first.releaseApprovalId).not.toBeNull();
    const own = await release(first, maker);
    expect(own.statusCode, own.body).toBe(403);
    expect(own.json()).toMatchObject({ code: 'OWN_REQUEST' });
    for (const related of [helper, sibling]) {
      const refused = await release(first, related);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'STAFF_RELATED' });
    }
    const shown = await call('GET', `${BATCHES}/${first.id}`, maker);
    expect(shown.json<TransferBatchDetail>()).toMatchObject({ status: 'CREATED', releasedBy: null });
  });

  it('is released by an unrelated finance member, then every download gives the same bytes', async () => {
    const released = await release(first, checker);
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json<AdminApproval>().status).toBe('EXECUTED');
    const shown = (await call('GET', `${BATCHES}/${first.id}`, maker)).json<TransferBatchDetail>();
    expect(shown).toMatchObject({ status: 'RELEASED', releasedBy: { id: checker.id } });
    const once = await call('GET', `${BATCHES}/${first.id}/file`, maker);
    const twice = await call('GET', `${BATCHES}/${first.id}/file`, checker);
    expect(once.statusCode, once.body).toBe(200);
    expect(once.rawPayload.equals(twice.rawPayload)).toBe(true);
    expect(createHash('sha256').update(once.rawPayload).digest('hex')).toBe(first.fileSha256);
    // 대량이체: UTF-8 with a byte order mark, Korean headers, each bank's 3-digit code.
    expect([...once.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = once.rawPayload.toString('utf8');
    expect(text).toContain('은행코드,은행명,계좌번호,예금주,이체금액,받는분통장표시,정산서번호');
    expect(text).toContain(`004,국민은행,${statements[0]!.bank_account_number},`);
  });

  it('settles nothing for a line with an edited account, an edited amount or another batch’s statement', async () => {
    const [a, b, c] = statements;
    const lines = [
      resultLine(a!, { account: '9999999999' }),
      resultLine(b!, { amount: Number(b!.to_receipt) + 1 }),
      resultLine(c!),
      resultLine(c!),
    ];
    const preview = await importResult(first, lines, true);
    expect(preview.statusCode, preview.body).toBe(200);
    const imported = await importResult(first, lines);
    expect(imported.statusCode, imported.body).toBe(200);
    const outcome = imported.json<TransferBatchResultOutcome>();
    expect(outcome.paid).toEqual([]);
    expect(outcome.discrepancies).toEqual([
      expect.objectContaining({
        line: 2,
        statementId: a!.id,
        problem: 'ACCOUNT_DIFFERS',
        bankAccountNumber: '9999999999',
        expectedBankAccountNumber: a!.bank_account_number,
      }),
      expect.objectContaining({
        line: 3,
        statementId: b!.id,
        problem: 'AMOUNT_DIFFERS',
        amount: Number(b!.to_receipt) + 1,
        expectedAmount: Number(b!.to_receipt),
      }),
      expect.objectContaining({ line: 4, statementId: c!.id, problem: 'NOT_IN_BATCH' }),
      expect.objectContaining({ line: 5, statementId: c!.id, problem: 'NOT_IN_BATCH' }),
    ]);
    expect(preview.json<TransferBatchResultOutcome>()).toMatchObject({ applied: false, paid: [], rows: 4 });
    for (const statement of [a!, b!, c!]) expect((await statementOf(statement.id)).status).toBe('IN_TRANSFER');
  });

  it('pays the matching line, fails the failed one visibly, closes the batch and tells each creator', async () => {
    const [a, b] = statements;
    const failed = `${b!.id},FM-S${b!.id},${b!.bank_account_number},${b!.to_receipt},실패,계좌 해지`;
    const dashed = a!.bank_account_number!.replace(/^(\d{4})/, '$1-');
    const imported = await importResult(first, [resultLine(a!, { account: dashed }), failed, resultLine(a!)]);
    const outcome = imported.json<TransferBatchResultOutcome>();
    expect(outcome).toMatchObject({
      applied: true,
      paid: [a!.id],
      failed: [{ statementId: b!.id, bankReason: '계좌 해지' }],
      discrepancies: [{ line: 4, problem: 'DUPLICATE' }],
      batch: { status: 'CLOSED', paid: 1, failed: 1 },
    });
    expect(await statementOf(a!.id)).toMatchObject({ status: 'PAID', paid_at: expect.any(Date) });
    expect(await statementOf(b!.id)).toMatchObject({
      status: 'TRANSFER_FAILED',
      transfer_batch_id: first.id,
      transfer_failed_reason: '계좌 해지',
      transfer_failed_at: expect.any(Date),
    });
    const shown = (await call('GET', `/api/admin/settlements/${b!.id}`, maker, undefined, 'ko')).json();
    expect(shown).toMatchObject({ status: 'TRANSFER_FAILED', transferFailedReason: '계좌 해지' });
    await drainOutbox(db(), {
      consumers: [
        notificationsConsumer,
        createNotificationMailConsumer({ mailer: app().ctx.mailer, publicUrl: testApp.current.config.PUBLIC_URL }),
      ],
    });
    const notes = await db()
      .selectFrom('notifications')
      .select(['user_id', 'kind', 'params'])
      .where('user_id', 'in', [creators[0]!.id, creators[1]!.id])
      .where('kind', 'in', ['SETTLEMENT_PAID', 'SETTLEMENT_TRANSFER_FAILED'])
      .orderBy('kind')
      .execute();
    expect(notes.map((note) => [note.user_id, note.kind])).toEqual([
      [creators[0]!.id, 'SETTLEMENT_PAID'],
      [creators[1]!.id, 'SETTLEMENT_TRANSFER_FAILED'],
    ]);
    const last4 = (account: string | null) => account!.slice(-4);
    const paidMail = await testApp.current.smtp.awaitMail(creators[0]!.email);
    expect(paidMail.text).toContain(`11.05 입금 · 국민은행 ****${last4(a!.bank_account_number)}`);
    const failedMail = await testApp.current.smtp.awaitMail(creators[1]!.email);
    expect(failedMail.text).toContain('계좌 해지');
    expect(failedMail.text).toContain('정산 계좌를 확인해 주세요');
    // A result already read settles nothing again.
    const again = await importResult(first, [resultLine(a!)]);
    expect(again.json<TransferBatchResultOutcome>()).toMatchObject({
      paid: [],
      discrepancies: [{ problem: 'ALREADY_SETTLED' }],
    });
  });

  it('takes a failed statement again in a new batch', async () => {
    const b = statements[1]!;
    const again = await createBatch([b.id]);
    expect(await statementOf(b.id)).toMatchObject({ status: 'IN_TRANSFER', transfer_batch_id: again.id });
    const cancelled = await call('POST', `${BATCHES}/${again.id}/cancel`, maker);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await statementOf(b.id)).status).toBe('APPROVED');
  });

  it('returns the statements of a cancelled unreleased batch to APPROVED; a released one is not cancelled', async () => {
    const c = statements[2]!;
    const cancelled = await call('POST', `${BATCHES}/${second.id}/cancel`, checker);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<TransferBatch>()).toMatchObject({ status: 'CANCELLED', cancelledBy: { id: checker.id } });
    expect(await statementOf(c.id)).toMatchObject({ status: 'APPROVED' });
    // Its pending release is void: the batch it froze changed.
    const late = await release(second, checker);
    expect(late.statusCode).toBe(409);
    const refused = await call('POST', `${BATCHES}/${first.id}/cancel`, maker);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'TRANSFER_BATCH_NOT_CANCELLABLE' });
  });

  it('lists the batches with their maker, checker, count, total and hash', async () => {
    const list = await call('GET', `${BATCHES}?filter=${encodeURIComponent('{"status":"CLOSED"}')}`, maker);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<TransferBatch[]>()).toContainEqual(
      expect.objectContaining({ id: first.id, createdBy: expect.objectContaining({ id: maker.id }), count: 2 }),
    );
  });
});

/** The creator of `statement` sets his payout account to one the bank says a third party holds. */
async function changeToThirdPartys(statement: (typeof statements)[number]) {
  const creator = creators.find((each) => each.creatorId === statement.creator_id)!;
  const changed = await call('PUT', `/api/v1/creators/${creator.creatorId}`, creator, {
    bankName: '카카오뱅크',
    bankAccountHolder: '홍길동',
    bankAccountNumber: `3333${statement.id}${SANDBOX_HOLDER_ACCOUNTS.otherHolderSuffix}`,
    currentPassword: creator.password,
  });
  expect(changed.statusCode, changed.body).toBe(200);
}

describe('a statement whose creator’s payout account is no longer the verified one', () => {
  it('is not put in a batch, and finance reads why in its language', async () => {
    const changedAway = statements[4]!;
    const before = await call('GET', `${BATCHES}/preview?year=2026&month=10`, maker);
    expect(before.json<TransferBatchPreview>().statementIds).toContain(changedAway.id);
    await changeToThirdPartys(changedAway);
    for (const [language, text] of [
      ['ko', '정산서를 발행한 뒤 지급 계좌가 바뀌었습니다'],
      ['en', 'payout account changed after the statement was issued'],
      ['ja', '精算書の発行後に支払口座が変更されました'],
    ] as const) {
      const preview = await call('GET', `${BATCHES}/preview?year=2026&month=10`, maker, undefined, language);
      expect(preview.statusCode, preview.body).toBe(200);
      const read = preview.json<TransferBatchPreview>();
      expect(read.statementIds).not.toContain(changedAway.id);
      expect(read.refused).toEqual([
        { statementId: changedAway.id, reason: 'ACCOUNT_CHANGED', message: expect.stringContaining(text) },
      ]);
    }
    const selected = await call('POST', BATCHES, maker, { year: 2026, month: 10, statementIds: [changedAway.id] });
    expect(selected.statusCode, selected.body).toBe(409);
    expect(selected.json()).toMatchObject({
      code: 'SETTLEMENT_BATCH_NOT_ELIGIBLE',
      subErrors: [{ field: 'statementIds', message: expect.stringContaining('payout account changed') }],
    });
    // Nor is it paid by hand (asked, or approved after the account changed).
    const byHand = await call('PUT', `/api/admin/settlements/${changedAway.id}`, maker, {
      action: 'pay',
      transferReference: 'HAND-2',
      transferDate: '2026-11-05',
    });
    expect(byHand.statusCode, byHand.body).toBe(409);
    expect(byHand.json()).toMatchObject({ code: 'PAYEE_ACCOUNT_REFUSED' });
    expect((await statementOf(changedAway.id)).status).toBe('APPROVED');
  });

  it('is not paid by a result line once its account is no longer the verified one: a discrepancy', async () => {
    const later = statements[5]!;
    const batch = await createBatch([later.id]);
    expect((await release(batch, checker)).statusCode).toBe(200);
    await changeToThirdPartys(later);
    const imported = await importResult(batch, [resultLine(later)]);
    expect(imported.statusCode, imported.body).toBe(200);
    const outcome = imported.json<TransferBatchResultOutcome>();
    expect(outcome.paid).toEqual([]);
    expect(outcome.discrepancies).toEqual([
      expect.objectContaining({ line: 2, statementId: later.id, problem: 'ACCOUNT_NOT_PAYEES' }),
    ]);
    expect(await statementOf(later.id)).toMatchObject({ status: 'IN_TRANSFER', paid_at: null });
  });
});

describe('the batch routes', () => {
  it('refuse invalid input with field errors in the caller’s language (400)', async () => {
    const cases: [object, string[]][] = [
      [{ month: 10 }, ['year']],
      [{ year: 2026, month: 13 }, ['month']],
      [{ year: 2026, month: 10, statementIds: [] }, ['statementIds']],
      [{ year: 2026, month: 10, extra: 1 }, ['extra']],
    ];
    for (const [body, fields] of cases) {
      const invalid = await call('POST', BATCHES, maker, body);
      expect(invalid.statusCode, JSON.stringify(body)).toBe(400);
      const errors = invalid.json<{ subErrors: { field: string }[] }>().subErrors;
      expect(errors.map((error) => error.field).sort(), JSON.stringify(body)).toEqual(fields);
    }
    const messages = { ko: '필수 항목입니다.', en: 'This field is required.', ja: '必須項目です。' } as const;
    for (const language of ['ko', 'en', 'ja'] as const) {
      const invalid = await call('POST', BATCHES, maker, { month: 10 }, language);
      expect(invalid.json()).toMatchObject({ subErrors: [{ field: 'year', message: messages[language] }] });
    }
    const noCsv = await call('POST', `${BATCHES}/1/results`, maker, {
      transferReference: 'X',
      transferDate: '2026-11-05',
    });
    expect(noCsv.statusCode).toBe(400);
    expect(noCsv.json()).toMatchObject({ subErrors: [{ field: 'csv' }] });
    const badDate = await call('POST', `${BATCHES}/1/results/preview`, maker, {
      csv: 'a',
      transferReference: 'X',
      transferDate: '5 Nov',
    });
    expect(badDate.json()).toMatchObject({ subErrors: [{ field: 'transferDate' }] });
    const badId = await call('GET', `${BATCHES}/abc`, maker);
    expect(badId.statusCode).toBe(400);
  });

  it('are finance’s only: an operator gets 403 and learns nothing of a batch', async () => {
    const batch = (await call('GET', BATCHES, maker)).json<TransferBatch[]>()[0]!;
    for (const [method, url] of [
      ['GET', BATCHES],
      ['POST', BATCHES],
      ['GET', `${BATCHES}/${batch.id}`],
      ['GET', `${BATCHES}/${batch.id}/file`],
      ['POST', `${BATCHES}/${batch.id}/cancel`],
      ['POST', `${BATCHES}/${batch.id}/results`],
      ['POST', `${BATCHES}/${batch.id}/results/preview`],
    ] as const) {
      const refused = await call(method, url, operator, method === 'POST' ? {} : undefined);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'ACCESS_DENIED' });
      expect(refused.body).not.toContain(batch.fileSha256);
    }
    const unknown = await call('GET', `${BATCHES}/999999`, maker);
    expect(unknown.statusCode).toBe(404);
  });
});
