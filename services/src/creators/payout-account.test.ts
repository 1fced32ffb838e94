// The payout account, changed like a bank would: the creator's current password (or a fresh sign-in for an account
// without one), counted like logins; an append-only history; a mail per change with masked numbers; finance's
// changes through the audited console route only; staff writes through the member API in the audit log.
import type { AdminPayoutAccountChange, Language } from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { approveAs } from '@fanmission/tests/support/approvals';
import { createTestApp, type TestApp } from '@fanmission/tests/harness/app';
import { useMailingTestApp } from '@fanmission/tests/harness/mail-app';
import { createCreator, type TestCreator } from '@fanmission/tests/support/creators';
import { drainOutbox } from '@fanmission/tests/support/outbox';
import { createPayoutAccountMailConsumer } from './payout-account-mail-consumer';

const clock = { now: new Date('2026-11-22T10:00:00Z') };
const mailing = useMailingTestApp(clock);
const app = () => mailing.current.app;

let operator: TestAccount;
let finance: TestAccount;
/** The second finance member who approves finance's changes (services/src/approvals). */
let checker: TestAccount;
let fan: TestAccount;

beforeAll(async () => {
  operator = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_OPERATOR'] });
  finance = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
  checker = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
  fan = await createAccount(app());
});

const OLD = { bankName: 'KB국민은행', bankAccountHolder: '김별빛', bankAccountNumber: '999900001111' } as const;
const NEW = { bankName: '카카오뱅크', bankAccountHolder: '김별빛', bankAccountNumber: '3333012345678' } as const;

/** A creator whose payout account is OLD, in `language`. */
async function creatorWithAccount(language: Language = 'ko'): Promise<TestCreator> {
  const creator = await createCreator(app());
  await app()
    .db.updateTable('creators')
    .set({
      bank_name: OLD.bankName,
      bank_account_holder: OLD.bankAccountHolder,
      bank_account_number: OLD.bankAccountNumber,
    })
    .where('id', '=', creator.creatorId)
    .execute();
  await app().db.updateTable('users').set({ language }).where('id', '=', creator.id).execute();
  return creator;
}

const put = (creatorId: number, payload: object, headers: object, extra: Record<string, string> = {}) =>
  app().inject({
    method: 'PUT',
    url: `/api/v1/creators/${creatorId}`,
    headers: { ...headers, 'accept-language': 'en', ...extra },
    payload,
  });

const admin = (method: 'GET' | 'PUT', url: string, headers: object, payload?: object) =>
  app().inject({ method, url: `/api/admin${url}`, headers: { ...headers, 'accept-language': 'en' }, payload });

const fields = (response: { json(): unknown }) =>
  ((response.json() as { subErrors?: { field: string }[] }).subErrors ?? []).map((sub) => sub.field).sort();

const accountOf = (creatorId: number) =>
  app()
    .db.selectFrom('creators')
    .select(['bank_name', 'bank_account_holder', 'bank_account_number', 'payout_overseas'])
    .where('id', '=', creatorId)
    .executeTakeFirstOrThrow();

const historyOf = (creatorId: number) =>
  app().db.selectFrom('payout_account_changes').selectAll().where('creator_id', '=', creatorId).orderBy('id').execute();

const changeEventsOf = (creatorId: number) =>
  app()
    .db.selectFrom('outbox')
    .select('payload')
    .where('type', '=', 'creator.payout-account-changed')
    .where('aggregate_id', '=', String(creatorId))
    .execute();

/** The mails go out from the outbox: this runs the consumer the worker runs, on the test's SMTP server. */
const sendPayoutMails = () =>
  drainOutbox(app().db, {
    consumers: [
      createPayoutAccountMailConsumer({ mailer: app().ctx.mailer, publicUrl: mailing.current.config.PUBLIC_URL }),
    ],
  });

const mailsTo = (email: string) => mailing.current.smtp.mails().filter((mail) => mail.to.includes(email.toLowerCase()));

describe('PUT /api/v1/creators/{id}: the bank account needs the current password', () => {
  it('refuses a change without the password, or with a wrong one, and changes nothing', async () => {
    const creator = await creatorWithAccount();
    const missing = await put(creator.creatorId, NEW, creator.headers);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      subErrors: [{ field: 'currentPassword', message: 'This field is required.' }],
    });
    const wrong = await put(creator.creatorId, { ...NEW, currentPassword: 'not-my-password' }, creator.headers);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().subErrors).toEqual([
      { field: 'currentPassword', message: 'The existing password does not match.' },
    ]);
    // In Korean, and reported with the account's own problems.
    const together = await put(
      creator.creatorId,
      { bankName: NEW.bankName, currentPassword: 'not-my-password' },
      creator.headers,
      { 'accept-language': 'ko' },
    );
    expect(fields(together)).toEqual(['bankAccountHolder', 'bankAccountNumber', 'currentPassword']);
    expect(together.json().subErrors).toContainEqual({
      field: 'currentPassword',
      message: '기존 비밀번호가 일치하지 않습니다.',
    });

    expect(await accountOf(creator.creatorId)).toMatchObject({
      bank_name: OLD.bankName,
      bank_account_number: OLD.bankAccountNumber,
    });
    expect(await historyOf(creator.creatorId)).toEqual([]);
    expect(await changeEventsOf(creator.creatorId)).toEqual([]);
  });

  it('changes it with the password: a history row, one event, and a mail naming both accounts by their last digits', async () => {
    const creator = await creatorWithAccount('ko');
    const saved = await put(
      creator.creatorId,
      { ...NEW, payoutOverseas: false, currentPassword: creator.password },
      creator.headers,
      { 'x-request-id': 'payout-change-1' },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject(NEW);
    expect(await accountOf(creator.creatorId)).toMatchObject({
      bank_name: NEW.bankName,
      bank_account_number: NEW.bankAccountNumber,
    });

    const [change, ...more] = await historyOf(creator.creatorId);
    expect(more).toEqual([]);
    expect(change).toMatchObject({
      actor_id: creator.id,
      actor_roles: ['ROLE_USER', 'ROLE_CREATOR'],
      reason: null,
      from_bank_name: OLD.bankName,
      from_bank_account_number: OLD.bankAccountNumber,
      to_bank_name: NEW.bankName,
      to_bank_account_holder: NEW.bankAccountHolder,
      to_bank_account_number: NEW.bankAccountNumber,
      destination_changed: true,
      request_ip: '127.0.0.1',
      request_id: 'payout-change-1',
      changed_at: clock.now,
    });
    expect(await changeEventsOf(creator.creatorId)).toEqual([
      { payload: { creatorId: creator.creatorId, userId: creator.id, actorId: creator.id, changeId: change!.id } },
    ]);

    // Sent by the outbox consumer, never by the request.
    expect(mailsTo(creator.email)).toEqual([]);
    await sendPayoutMails();
    const mail = await mailing.current.smtp.awaitMail(creator.email);
    expect(mail.subject).toBe('[Fanmission] 정산 계좌가 변경되었습니다');
    expect(mail.text).toContain('2026.11.22 19:00 KST에 회원님이 정산 계좌를 변경했습니다.');
    expect(mail.text).toContain('변경 전: KB국민은행 ****1111');
    expect(mail.text).toContain('변경 후: 카카오뱅크 ****5678');
    expect(mail.text).toContain('본인이 변경하지 않았다면');
    expect(mail.text).toContain('http://localhost:8080/forgot-password');
    expect(mail.text + mail.html).not.toContain(OLD.bankAccountNumber);
    expect(mail.text + mail.html).not.toContain(NEW.bankAccountNumber);

    // The same account again: nothing to record, nothing to mail.
    const same = await put(creator.creatorId, { ...NEW, currentPassword: creator.password }, creator.headers);
    expect(same.statusCode).toBe(200);
    expect(await historyOf(creator.creatorId)).toHaveLength(1);
    await sendPayoutMails();
    expect(mailsTo(creator.email)).toHaveLength(1);
  });

  it('mails in the creator’s language (English names of the banks)', async () => {
    const creator = await creatorWithAccount('en');
    expect(
      (await put(creator.creatorId, { ...NEW, currentPassword: creator.password }, creator.headers)).statusCode,
    ).toBe(200);
    await sendPayoutMails();
    const mail = await mailing.current.smtp.awaitMail(creator.email);
    expect(mail.subject).toBe('[Fanmission] Your payout account was changed');
    expect(mail.text).toContain('Before: KB Kookmin Bank ****1111. After: KakaoBank ****5678.');
    expect(mail.text).toContain('If this was not you, reset your password');
  });

  it('takes a fresh sign-in instead for an account without a password (social sign-in only)', async () => {
    const creator = await creatorWithAccount();
    await app()
      .db.updateTable('users')
      .set({ password_hash: null, provider: 'google' })
      .where('id', '=', creator.id)
      .execute();
    // A social member accepted the terms in force at the consent gate (services/src/terms/repository.ts).
    await app()
      .db.insertInto('terms_acceptances')
      .columns(['user_id', 'terms_version_id', 'accepted_at'])
      .expression((eb) =>
        eb
          .selectFrom('terms_versions')
          .select([eb.val(creator.id).as('user_id'), 'id', eb.val(new Date()).as('accepted_at')])
          .where('withdrawn_at', 'is', null),
      )
      .execute();
    const signedInAt = (secondsAgo: number) => ({
      authorization: `Bearer ${app().jwt.sign(
        { sub: String(creator.id), roles: ['ROLE_USER', 'ROLE_CREATOR'], sv: 0 },
        { clockTimestamp: Date.now() - secondsAgo * 1000 },
      )}`,
    });
    const stale = await put(creator.creatorId, NEW, signedInAt(6 * 60));
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({
      code: 'REAUTHENTICATION_REQUIRED',
      message: 'To change your payout account, sign in again and change it within 5 minutes.',
    });
    expect(await historyOf(creator.creatorId)).toEqual([]);

    const fresh = await put(creator.creatorId, NEW, signedInAt(30));
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(await historyOf(creator.creatorId)).toHaveLength(1);
  });

  it('leaves the payout account to its creator: staff get 403 here and nothing changes', async () => {
    const creator = await creatorWithAccount();
    for (const staff of [finance, operator]) {
      const refused = await put(creator.creatorId, { ...NEW, currentPassword: staff.password }, staff.headers);
      expect(refused.statusCode).toBe(403);
    }
    expect((await put(creator.creatorId, NEW, fan.headers)).statusCode).toBe(403);
    expect((await put(creator.creatorId, NEW, {})).statusCode).toBe(401);
    expect(await accountOf(creator.creatorId)).toMatchObject({ bank_account_number: OLD.bankAccountNumber });
    expect(await historyOf(creator.creatorId)).toEqual([]);
  });

  it('keeps the history for good: the table refuses updates and deletes', async () => {
    const creator = await creatorWithAccount();
    await put(creator.creatorId, { ...NEW, currentPassword: creator.password }, creator.headers);
    const [change] = await historyOf(creator.creatorId);
    await expect(
      app()
        .db.updateTable('payout_account_changes')
        .set({ to_bank_account_number: '1' })
        .where('id', '=', change!.id)
        .execute(),
    ).rejects.toThrow(/append-only/);
    await expect(app().db.deleteFrom('payout_account_changes').where('id', '=', change!.id).execute()).rejects.toThrow(
      /append-only/,
    );
  });
});

describe('PUT /api/admin/creator-payout-accounts/{id}: finance changes an account, approved by another, audited', () => {
  it('records the change with finance’s reason once approved, audits both steps with masked numbers and mails the creator', async () => {
    const creator = await creatorWithAccount('ko');
    const body = { ...NEW, reason: '고객센터 요청 #1234 (본인 확인 완료)' };
    const requested = await admin('PUT', `/creator-payout-accounts/${creator.creatorId}`, finance.headers, body);
    expect(requested.statusCode, requested.body).toBe(202);
    expect(await historyOf(creator.creatorId)).toEqual([]);
    const changed = await approveAs(app(), checker, requested);
    expect(changed).toMatchObject({ id: creator.creatorId, ...NEW, payoutOverseas: false });

    const [change] = await historyOf(creator.creatorId);
    expect(change).toMatchObject({
      actor_id: finance.id,
      actor_roles: ['ROLE_USER', 'ROLE_FINANCE'],
      reason: body.reason,
      from_bank_account_number: OLD.bankAccountNumber,
      to_bank_account_number: NEW.bankAccountNumber,
    });
    const audit = await app()
      .db.selectFrom('admin_audit_log')
      .selectAll()
      .where('resource', '=', 'creator-payout-accounts')
      .where('resource_id', '=', String(creator.creatorId))
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      actor_id: finance.id,
      action: 'PUT /api/admin/creator-payout-accounts/:id',
      status_code: 202,
      after: {
        kind: 'PAYOUT_ACCOUNT_CHANGE',
        params: { account: { bankName: NEW.bankName, bankAccountNumber: '****5678' } },
      },
    });
    const approval = await app()
      .db.selectFrom('admin_audit_log')
      .selectAll()
      .where('resource', '=', 'approvals')
      .where('actor_id', '=', checker.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(approval).toMatchObject({
      status_code: 200,
      before: { status: 'PENDING' },
      after: { status: 'EXECUTED', result: { bankName: NEW.bankName, bankAccountNumber: '****5678' } },
    });

    await sendPayoutMails();
    const mail = await mailing.current.smtp.awaitMail(creator.email);
    expect(mail.text).toContain('Fanmission 재무팀이 정산 계좌를 변경했습니다.');
  });

  it('shows finance the account a change starts from, and refuses operators, members and unknown creators', async () => {
    const creator = await creatorWithAccount();
    const url = `/creator-payout-accounts/${creator.creatorId}`;
    const current = await admin('GET', url, finance.headers);
    expect(current.statusCode, current.body).toBe(200);
    expect(current.json()).toMatchObject({ id: creator.creatorId, ...OLD, payoutOverseas: false });
    expect((await admin('GET', url, operator.headers)).statusCode).toBe(403);
    expect((await admin('GET', url, creator.headers)).statusCode).toBe(403);
    expect((await admin('GET', url, {})).statusCode).toBe(401);
    expect((await admin('GET', '/creator-payout-accounts/999999', finance.headers)).statusCode).toBe(404);
    expect((await admin('GET', '/creator-payout-accounts/abc', finance.headers)).statusCode).toBe(400);
  });

  it('answers each validation error with its field, and refuses operators, members and unknown creators', async () => {
    const creator = await creatorWithAccount();
    const url = `/creator-payout-accounts/${creator.creatorId}`;
    const invalid = await admin('PUT', url, finance.headers, {
      bankName: 'Bank of Nowhere',
      bankAccountNumber: '12-34',
    });
    expect(invalid.statusCode).toBe(400);
    expect(fields(invalid)).toEqual(['bankAccountHolder', 'bankAccountNumber', 'bankName', 'reason']);
    const body = { ...NEW, reason: 'call' };
    expect((await admin('PUT', url, operator.headers, body)).statusCode).toBe(403);
    expect((await admin('PUT', url, creator.headers, body)).statusCode).toBe(403);
    expect((await admin('PUT', url, {}, body)).statusCode).toBe(401);
    expect((await admin('PUT', '/creator-payout-accounts/999999', finance.headers, body)).statusCode).toBe(404);
    // Finance who is also a creator changes his own payout account only with his password, on the web.
    const financeCreator = await createCreator(app(), { roles: ['ROLE_USER', 'ROLE_CREATOR', 'ROLE_FINANCE'] });
    const own = await admin(
      'PUT',
      `/creator-payout-accounts/${financeCreator.creatorId}`,
      financeCreator.headers,
      body,
    );
    expect(own.json()).toMatchObject({ status: 403, code: 'OWN_ACCOUNT' });
    expect(await historyOf(financeCreator.creatorId)).toEqual([]);
    expect(await historyOf(creator.creatorId)).toEqual([]);
    // The operator's refused attempt is in the audit log too.
    const refused = await app()
      .db.selectFrom('admin_audit_log')
      .select(['status_code'])
      .where('actor_id', '=', operator.id)
      .where('resource', '=', 'creator-payout-accounts')
      .execute();
    expect(refused).toContainEqual({ status_code: 403 });
  });
});

describe('GET /api/admin/payout-account-changes: the history in the console', () => {
  it('lists a creator’s changes newest first: whole numbers for finance, the last four digits for operators', async () => {
    const creator = await creatorWithAccount();
    await put(creator.creatorId, { ...NEW, currentPassword: creator.password }, creator.headers);
    await approveAs(
      app(),
      checker,
      await admin('PUT', `/creator-payout-accounts/${creator.creatorId}`, finance.headers, {
        ...OLD,
        payoutOverseas: true,
        reason: 'back to the old account, abroad',
      }),
    );
    const filter = encodeURIComponent(JSON.stringify({ creatorId: creator.creatorId }));
    const byFinance = await admin('GET', `/payout-account-changes?filter=${filter}`, finance.headers);
    expect(byFinance.statusCode).toBe(200);
    expect(byFinance.headers['content-range']).toBe('payout-account-changes 0-1/2');
    const [second, first] = byFinance.json<AdminPayoutAccountChange[]>();
    expect(second).toMatchObject({
      creatorId: creator.creatorId,
      actorId: finance.id,
      actorEmail: finance.email,
      byCreator: false,
      reason: 'back to the old account, abroad',
      from: { bankName: NEW.bankName, bankAccountNumber: NEW.bankAccountNumber, payoutOverseas: false },
      to: { bankName: OLD.bankName, bankAccountNumber: OLD.bankAccountNumber, payoutOverseas: true },
      destinationChanged: true,
    });
    expect(first).toMatchObject({
      actorId: creator.id,
      byCreator: true,
      reason: null,
      from: { bankAccountNumber: OLD.bankAccountNumber },
      to: { bankAccountNumber: NEW.bankAccountNumber },
      requestIp: '127.0.0.1',
    });

    const byOperator = await admin('GET', `/payout-account-changes?filter=${filter}`, operator.headers);
    expect(byOperator.json<AdminPayoutAccountChange[]>().map((row) => [row.from, row.to])).toEqual([
      [
        expect.objectContaining({ bankAccountNumber: '****5678' }),
        expect.objectContaining({ bankAccountNumber: '****1111' }),
      ],
      [
        expect.objectContaining({ bankAccountNumber: '****1111' }),
        expect.objectContaining({ bankAccountNumber: '****5678' }),
      ],
    ]);
    const one = await admin('GET', `/payout-account-changes/${first!.id}`, operator.headers);
    expect(one.json()).toMatchObject({ id: first!.id, to: { bankAccountNumber: '****5678' } });

    expect((await admin('GET', '/payout-account-changes', fan.headers)).statusCode).toBe(403);
    expect((await admin('GET', '/payout-account-changes', {})).statusCode).toBe(401);
    expect((await admin('GET', '/payout-account-changes/999999', finance.headers)).statusCode).toBe(404);
    expect(
      (await admin('GET', '/payout-account-changes?filter=%7B%22creatorId%22%3A%22x%22%7D', finance.headers))
        .statusCode,
    ).toBe(400);
  });
});

describe('staff writes through /api/v1 are audited', () => {
  it('appends an operator’s edit of someone else’s creator, and a refused attempt, to the audit log; members’ writes are not', async () => {
    const creator = await creatorWithAccount();
    const edited = await put(creator.creatorId, { availableCustom: true, minimumCost: 70 }, operator.headers, {
      'x-request-id': 'operator-edit-1',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const refused = await put(creator.creatorId, { ...NEW, currentPassword: finance.password }, finance.headers);
    expect(refused.statusCode).toBe(403);
    expect(
      (await put(creator.creatorId, { availableCustom: false }, creator.headers, { 'x-request-id': 'own-edit-1' }))
        .statusCode,
    ).toBe(200);

    const rows = await app()
      .db.selectFrom('admin_audit_log')
      .selectAll()
      .where('action', '=', 'PUT /api/v1/creators/:id')
      .where('resource_id', '=', String(creator.creatorId))
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [row.actor_id, row.resource, row.status_code])).toEqual([
      [operator.id, 'creators', 200],
      [finance.id, 'creators', 403],
    ]);
    expect(rows[0]).toMatchObject({
      actor_roles: ['ROLE_USER', 'ROLE_OPERATOR'],
      request_id: 'operator-edit-1',
      // The answer as the log keeps it: the creator's account number reduced to its last digits.
      after: { id: creator.creatorId, customMission: { active: true, minimumCost: 70 }, bankAccountNumber: '****1111' },
    });
    expect(rows[1]!.after).toBeNull();
  });
});

describe('the password check counts like a login', () => {
  let limited: TestApp;
  const limitedApp = (): FastifyInstance => limited.app;
  beforeAll(async () => {
    limited = await createTestApp({
      rateLimits: {
        login: { max: 3, timeWindow: '1 minute' },
        signUp: { max: 100, timeWindow: '1 minute' },
        passwordReset: { max: 100, timeWindow: '1 minute' },
        mail: { max: 100, timeWindow: '1 minute' },
      },
    });
  });
  afterAll(async () => {
    await limited.app.close();
    await limited.database.drop();
  });

  it('refuses guesses past the login limit (429, the right password too), while profile saves are not counted', async () => {
    const creator = await createCreator(limitedApp());
    const attempt = (payload: object) =>
      limitedApp().inject({
        method: 'PUT',
        url: `/api/v1/creators/${creator.creatorId}`,
        headers: { ...creator.headers, 'accept-language': 'en' },
        payload,
      });
    for (let i = 0; i < 5; i += 1) expect((await attempt({ availableCustom: false })).statusCode).toBe(200);
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await attempt({ ...NEW, currentPassword: `guess-${i}` })).statusCode);
    statuses.push((await attempt({ ...NEW, currentPassword: creator.password })).statusCode);
    expect(statuses).toEqual([400, 400, 400, 429]);
    expect((await attempt({ availableCustom: true, minimumCost: 10 })).statusCode).toBe(200);
    const row = await limitedApp()
      .db.selectFrom('creators')
      .select('bank_account_number')
      .where('id', '=', creator.creatorId)
      .executeTakeFirstOrThrow();
    expect(row.bank_account_number).toBeNull();
  });
});
