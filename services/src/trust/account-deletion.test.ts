import { randomUUID } from 'node:crypto';
import { accountDeletionResponseSchema, errorResponseSchema, NOTIFICATION_KINDS } from '@fanmission/contracts';
import { balance, verify, walletAccount } from '@fanmission/ledger';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { createCreator } from '@fanmission/tests/support/creators';
import { fund, insertMission, registerProduct } from '@fanmission/tests/support/missions';

const testApp = useTestApp();
const app = () => testApp.current.app;

function remove(account: TestAccount | undefined, payload: unknown, language = 'en') {
  return app().inject({
    method: 'DELETE',
    url: '/api/v1/users/me',
    headers: { 'accept-language': language, ...(account && account.headers) },
    payload: payload as Record<string, unknown>,
  });
}

const subErrors = (body: unknown) => errorResponseSchema.parse(body).subErrors ?? [];

describe('DELETE /users/me', () => {
  it('erases the member, forfeits his coins into a balanced ledger entry and frees the e-mail', async () => {
    const fan = await createAccount(app(), { email: 'leaving@example.com', username: 'leavingfan' });
    await fund(app().db, fan.id, 300);
    await app()
      .db.insertInto('notifications')
      .values({
        user_id: fan.id,
        kind: NOTIFICATION_KINDS[0],
        mission_id: null,
        mission_comment_id: null,
        actor_user_id: null,
        params: '{}',
        event_id: randomUUID(),
        created_at: new Date(),
      })
      .execute();

    const response = await remove(fan, { password: fan.password, forfeitCoins: true });
    expect(response.statusCode, response.body).toBe(200);
    const result = accountDeletionResponseSchema.parse(response.json());
    expect(result).toMatchObject({ id: fan.id, forfeitedCoins: 300 });

    const row = await app().db.selectFrom('users').selectAll().where('id', '=', fan.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: null, phone: null, address: null, birth_date: null, image_file_id: null });
    expect(row.username).toMatch(/^deleted-[0-9a-f]{8}$/);
    expect(row.deleted_at).toBeInstanceOf(Date);
    expect(await app().db.selectFrom('notifications').selectAll().where('user_id', '=', fan.id).execute()).toEqual([]);

    // The ledger keeps the history under the id, balanced: purchase then forfeiture, wallet at zero.
    expect((await balance(app().db, walletAccount(fan.id))).balance).toBe(0);
    const postings = await app()
      .db.selectFrom('ledger_postings as p')
      .innerJoin('ledger_transactions as t', 't.id', 'p.transaction_id')
      .select(['t.type', 'p.amount', 't.metadata'])
      .where('p.account', '=', walletAccount(fan.id))
      .orderBy('t.id')
      .execute();
    expect(postings.map((p) => [p.type, Number(p.amount)])).toEqual([
      ['PURCHASE', 300],
      ['EXPIRY', -300],
    ]);
    expect(postings[1]!.metadata).toMatchObject({ reason: 'ACCOUNT_DELETED' });
    const report = await verify(app().db);
    expect(report.differences).toEqual([]);

    // The old token is dead, the login too; the same e-mail signs up again.
    const me = await app().inject({ method: 'GET', url: '/api/v1/users/me', headers: fan.headers });
    expect(me.statusCode).toBe(401);
    const login = await app().inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'leaving@example.com', password: fan.password },
    });
    expect(login.statusCode).toBe(401);
    const again = await app().inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: { 'accept-language': 'en' },
      payload: {
        username: 'backagain',
        email: 'leaving@example.com',
        password: 'letters123',
        verifySuccessUrl: 'http://localhost:8080/email-sent/success-auth-public-user',
        birthDate: '2000-01-15',
      },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ id: number }>().id).not.toBe(fan.id);
  });

  it('deletes an empty wallet’s owner without a ledger entry and without asking to forfeit', async () => {
    const fan = await createAccount(app());
    const response = await remove(fan, { password: fan.password });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ forfeitedCoins: 0 });
    const entries = await app()
      .db.selectFrom('ledger_postings')
      .select('transaction_id')
      .where('account', '=', walletAccount(fan.id))
      .execute();
    expect(entries).toEqual([]);
  });

  it('refuses to forfeit coins the member did not agree to give up (400, ko/en/ja), and keeps them', async () => {
    const fan = await createAccount(app());
    await fund(app().db, fan.id, 120);
    for (const [language, text] of [
      ['en', 'Please agree that your 120 coins are forfeited. You can ask for a refund first.'],
      ['ko', '보유 코인 120코인이 소멸되는 것에 동의해 주세요. 먼저 환불을 신청할 수도 있습니다.'],
      ['ja', '保有コイン120コインの失効に同意してください。先に返金を申請することもできます。'],
    ] as const) {
      const response = await remove(fan, { password: fan.password, forfeitCoins: false }, language);
      expect(response.statusCode).toBe(400);
      expect(subErrors(response.json())).toEqual([{ field: 'forfeitCoins', message: text, rejectedValue: false }]);
    }
    const missing = await remove(fan, { password: fan.password });
    expect(subErrors(missing.json())).toMatchObject([{ field: 'forfeitCoins' }]);
    expect((await balance(app().db, walletAccount(fan.id))).balance).toBe(120);
  });

  it('asks for the password, and refuses a wrong one', async () => {
    const fan = await createAccount(app());
    const none = await remove(fan, {});
    expect(none.statusCode).toBe(400);
    expect(subErrors(none.json())).toMatchObject([{ field: 'password', message: 'Please enter your password.' }]);
    const wrong = await remove(fan, { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(subErrors(wrong.json())).toMatchObject([{ field: 'password', message: 'The password does not match.' }]);
  });

  it('refuses malformed bodies with field errors', async () => {
    const fan = await createAccount(app());
    const response = await remove(fan, { password: fan.password, forfeitCoins: 'yes', extra: 1 });
    expect(response.statusCode).toBe(400);
    const fields = subErrors(response.json()).map((problem) => problem.field);
    expect(fields).toEqual(expect.arrayContaining(['forfeitCoins']));
  });

  it('erases the member’s lottery event applications, keeping the rows of the draw', async () => {
    const creator = await createCreator(app());
    const product = await registerProduct(app(), creator, { type: 'BASIC', coinPrice: 10 });
    await sql`
      insert into lottery_events (product_id, creator_id, title, description, draw_number, apply_start, apply_end,
        event_end, status, server_seed, commitment)
      values (${product.id}, ${creator.creatorId}, 'Fan meeting', '', 1, '2026-01-01', '2026-01-05', '2026-01-10',
        'CLOSED', ${Buffer.alloc(32)}, ${'0'.repeat(64)})`.execute(app().db);
    const fan = await createAccount(app());
    const mission = await insertMission(app(), product, { user_id: fan.id, status: 'COMPLETED' });
    await sql`
      insert into event_applications (mission_id, product_id, user_id, name, phone, address, address_detail)
      values (${mission.id}, ${product.id}, ${fan.id}, 'Kim Fan', '01012345678', 'Seoul', '101')`.execute(app().db);

    const response = await remove(fan, { password: fan.password });
    expect(response.statusCode, response.body).toBe(200);
    const { rows } = await sql`
      select name, phone, address, address_detail from event_applications where mission_id = ${mission.id}`.execute(
      app().db,
    );
    expect(rows).toEqual([{ name: '-', phone: '000000', address: null, address_detail: null }]);
  });

  it('waits for the member’s running missions (409)', async () => {
    const creator = await createCreator(app());
    const product = await registerProduct(app(), creator, { type: 'BASIC', coinPrice: 10 });
    const fan = await createAccount(app());
    await insertMission(app(), product, { user_id: fan.id, status: 'ACCEPTED' });
    const response = await remove(fan, { password: fan.password, forfeitCoins: true });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: 'You have 1 missions in progress. You can leave once they are finished.',
    });
    const row = await app().db.selectFrom('users').select('deleted_at').where('id', '=', fan.id).executeTakeFirst();
    expect(row?.deleted_at).toBeNull();
  });

  it('is for signed-in fans only: 401 without a token, 403 for creators and operators', async () => {
    expect((await remove(undefined, { password: 'x' })).statusCode).toBe(401);
    const creator = await createCreator(app());
    const operator = await createAccount(app(), { roles: ['ROLE_OPERATOR'] });
    for (const account of [creator, operator]) {
      const response = await remove(account, { password: account.password, forfeitCoins: true });
      expect(response.statusCode).toBe(403);
    }
    const deleted = await app().db.selectFrom('users').select('id').where('deleted_at', 'is not', null).execute();
    expect(deleted.map((row) => row.id)).not.toContain(creator.id);
  });
});
