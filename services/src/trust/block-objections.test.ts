import { adminBlockObjectionSchema, blockLookupSchema, blockObjectionReceiptSchema } from '@fanmission/contracts';
import { describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';

const clock = { now: new Date('2026-11-22T10:00:00Z') };
const testApp = useTestApp({ now: () => clock.now });
const app = () => testApp.current.app;
const DAY = 24 * 60 * 60 * 1000;

const object = (payload: unknown, language = 'en') =>
  app().inject({
    method: 'POST',
    url: '/api/v1/block-objections',
    headers: { 'accept-language': language },
    payload: payload as Record<string, unknown>,
  });
const admin = (method: 'GET' | 'PUT', url: string, account?: TestAccount, payload?: unknown) =>
  app().inject({
    method,
    url: `/api/admin${url}`,
    headers: { 'accept-language': 'en', ...(account && account.headers) },
    ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
  });

async function blocked(daysAgo: number, reason = 'spam comments'): Promise<TestAccount> {
  const account = await createAccount(app());
  await app()
    .db.updateTable('users')
    .set({ login_blocked_at: new Date(clock.now.getTime() - daysAgo * DAY), login_block_reason: reason })
    .where('id', '=', account.id)
    .execute();
  return account;
}

describe('POST /block-objections and the console', () => {
  it('files an objection within 30 days; an operator accepts it and the member logs in again', async () => {
    const member = await blocked(29);
    const operator = await createAccount(app(), { roles: ['ROLE_OPERATOR'] });
    const response = await object({ email: member.email, password: member.password, reason: 'It was not me.' });
    expect(response.statusCode, response.body).toBe(200);
    const receipt = blockObjectionReceiptSchema.parse(response.json());
    expect(receipt.status).toBe('PENDING');

    const list = await admin('GET', '/block-objections?filter={"status":"PENDING"}', operator);
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-range']).toMatch(/^block-objections 0-0\/1$/);
    expect(list.json()).toEqual([
      expect.objectContaining({
        id: receipt.id,
        userId: member.id,
        reason: 'It was not me.',
        blockReason: 'spam comments',
        stillBlocked: true,
      }),
    ]);

    const decided = await admin('PUT', `/block-objections/${receipt.id}`, operator, { status: 'ACCEPTED' });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(adminBlockObjectionSchema.parse(decided.json())).toMatchObject({
      status: 'ACCEPTED',
      decidedBy: operator.id,
      stillBlocked: false,
    });
    const login = await app().inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: member.email, password: member.password },
    });
    expect(login.statusCode).toBe(200);
    // Decided once: deciding again is a conflict.
    const again = await admin('PUT', `/block-objections/${receipt.id}`, operator, {
      status: 'REJECTED',
      decisionNote: 'Changed my mind',
    });
    expect(again.statusCode).toBe(409);
  });

  it('unblocking a member settles his pending objection: accepted by that operator, noted in the audit log', async () => {
    const member = await blocked(3);
    const operator = await createAccount(app(), { roles: ['ROLE_OPERATOR'] });
    const filed = await object({ email: member.email, password: member.password, reason: 'Please look again.' });
    const { id } = blockObjectionReceiptSchema.parse(filed.json());

    const unblocked = await admin('PUT', `/users/${member.id}`, operator, { loginBlocked: false });
    expect(unblocked.statusCode, unblocked.body).toBe(200);
    const objection = adminBlockObjectionSchema.parse((await admin('GET', `/block-objections/${id}`, operator)).json());
    expect(objection).toMatchObject({ status: 'ACCEPTED', stillBlocked: false });
    const row = await app()
      .db.selectFrom('block_objections')
      .select(['decided_by', 'decided_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ decided_by: operator.id, decided_at: clock.now });
    const audit = await app()
      .db.selectFrom('admin_audit_log')
      .select(['actor_id', 'action', 'before', 'after'])
      .where('resource', '=', 'block-objections')
      .where('resource_id', '=', String(id))
      .execute();
    expect(audit).toEqual([
      {
        actor_id: operator.id,
        action: 'PUT /api/admin/users/:id',
        before: { status: 'PENDING' },
        after: { status: 'ACCEPTED', settledBy: 'UNBLOCK', userId: member.id },
      },
    ]);
    // A decided objection stays as it was; blocking again and unblocking settles nothing more.
    await admin('PUT', `/users/${member.id}`, operator, { loginBlocked: true, loginBlockReason: 'again' });
    await admin('PUT', `/users/${member.id}`, operator, { loginBlocked: false });
    const audits = await app()
      .db.selectFrom('admin_audit_log')
      .select('id')
      .where('resource', '=', 'block-objections')
      .where('resource_id', '=', String(id))
      .execute();
    expect(audits).toHaveLength(1);
  });

  it('lists pending objections oldest first by default (the longest waiting on top)', async () => {
    const operator = await createAccount(app(), { roles: ['ROLE_OPERATOR'] });
    const filed: number[] = [];
    for (const daysAgo of [5, 6]) {
      const member = await blocked(daysAgo);
      const response = await object({ email: member.email, password: member.password, reason: `wait ${daysAgo}` });
      filed.push(blockObjectionReceiptSchema.parse(response.json()).id);
      clock.now = new Date(clock.now.getTime() + 60_000);
    }
    const list = await admin('GET', '/block-objections?filter={"status":"PENDING"}', operator);
    const ids = (list.json() as { id: number }[]).map((row) => row.id);
    expect(ids.indexOf(filed[0]!)).toBeLessThan(ids.indexOf(filed[1]!));
  });

  it('rejects with a note (required) and the block stays', async () => {
    const member = await blocked(1);
    const operator = await createAccount(app(), { roles: ['ROLE_OPERATOR'] });
    const { id } = (await object({ email: member.email, password: member.password, reason: 'Please.' })).json<{
      id: number;
    }>();
    const noNote = await admin('PUT', `/block-objections/${id}`, operator, { status: 'REJECTED' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json()).toMatchObject({
      subErrors: [{ field: 'decisionNote', message: 'Please give the reason for rejecting it.' }],
    });
    const rejected = await admin('PUT', `/block-objections/${id}`, operator, {
      status: 'REJECTED',
      decisionNote: 'Repeated spam.',
    });
    expect(rejected.json()).toMatchObject({ status: 'REJECTED', decisionNote: 'Repeated spam.', stillBlocked: true });
  });

  it('refuses late, duplicate and needless objections with 409, in the caller’s language', async () => {
    const late = await blocked(31);
    const tooLate = await object({ email: late.email, password: late.password, reason: 'x' }, 'ko');
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json()).toMatchObject({ message: '이의 신청은 차단 후 30일 이내에만 할 수 있습니다.' });

    const member = await blocked(2);
    expect((await object({ email: member.email, password: member.password, reason: 'one' })).statusCode).toBe(200);
    const again = await object({ email: member.email, password: member.password, reason: 'two' }, 'ja');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'このブロックへの異議申し立てはすでに受け付けられています。' });

    const free = await createAccount(app());
    const notBlocked = await object({ email: free.email, password: free.password, reason: 'x' });
    expect(notBlocked.json()).toMatchObject({ status: 409, message: 'This account is not blocked. Please log in.' });
  });

  it('answers a wrong e-mail or password like a failed login (401)', async () => {
    const member = await blocked(3);
    for (const payload of [
      { email: member.email, password: 'wrong-password', reason: 'x' },
      { email: 'nobody@example.com', password: member.password, reason: 'x' },
    ]) {
      const response = await object(payload);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'BAD_CREDENTIALS' });
    }
  });

  it('validates every field (400 with sub-errors)', async () => {
    const member = await blocked(3);
    const cases: [Record<string, unknown>, string][] = [
      [{ password: member.password, reason: 'x' }, 'email'],
      [{ email: member.email, reason: 'x' }, 'password'],
      [{ email: member.email, password: member.password, reason: '   ' }, 'reason'],
      [{ email: member.email, password: member.password, reason: 'x'.repeat(1001) }, 'reason'],
      [{ email: member.email, password: member.password, reason: 'x', extra: true }, 'extra'],
    ];
    for (const [payload, field] of cases) {
      const response = await object(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ subErrors: { field: string }[] }>().subErrors.map((e) => e.field)).toContain(field);
    }
    const operator = await createAccount(app(), { roles: ['ROLE_OPERATOR'] });
    const badStatus = await admin('PUT', '/block-objections/1', operator, { status: 'MAYBE' });
    expect(badStatus.statusCode).toBe(400);
    expect((await admin('GET', '/block-objections/zero', operator)).statusCode).toBe(400);
  });

  it('is for operators: 401 without a token, 403 for members and for finance writes, 404 for unknown ids', async () => {
    const member = await blocked(4);
    const { id } = (await object({ email: member.email, password: member.password, reason: 'x' })).json<{
      id: number;
    }>();
    const fan = await createAccount(app());
    const finance = await createAccount(app(), { roles: ['ROLE_FINANCE'] });
    const operator = await createAccount(app(), { roles: ['ROLE_OPERATOR'] });
    expect((await admin('GET', '/block-objections')).statusCode).toBe(401);
    expect((await admin('GET', '/block-objections', fan)).statusCode).toBe(403);
    expect((await admin('GET', `/block-objections/${id}`, finance)).statusCode).toBe(200);
    expect((await admin('PUT', `/block-objections/${id}`, finance, { status: 'ACCEPTED' })).statusCode).toBe(403);
    expect((await admin('PUT', `/block-objections/${id}`, fan, { status: 'ACCEPTED' })).statusCode).toBe(403);
    expect((await admin('GET', '/block-objections/999999', operator)).statusCode).toBe(404);
    expect((await admin('PUT', '/block-objections/999999', operator, { status: 'ACCEPTED' })).statusCode).toBe(404);
  });
});

describe('POST /block-objections/block', () => {
  const lookUp = (payload: Record<string, unknown>, language = 'en') =>
    app().inject({
      method: 'POST',
      url: '/api/v1/block-objections/block',
      headers: { 'accept-language': language },
      payload,
    });

  it("tells the blocked account the operator's reason, the block's date and until when it may object", async () => {
    const member = await blocked(2, '광고성 댓글 반복');
    const response = await lookUp({ email: member.email, password: member.password });
    expect(response.statusCode).toBe(200);
    const lookup = blockLookupSchema.parse(response.json());
    expect(lookup).toEqual({
      blockedAt: new Date(clock.now.getTime() - 2 * DAY).toISOString(),
      reason: '광고성 댓글 반복',
      objectableUntil: new Date(clock.now.getTime() + 28 * DAY).toISOString(),
      objected: false,
    });
    expect((await object({ email: member.email, password: member.password, reason: 'mistake' })).statusCode).toBe(200);
    expect((await lookUp({ email: member.email, password: member.password })).json()).toMatchObject({ objected: true });
  });

  it('tells nothing to a wrong pair (401), 409 for an account not blocked, 400 per field', async () => {
    const member = await blocked(1);
    for (const payload of [
      { email: member.email, password: 'wrong-password' },
      { email: 'nobody@example.com', password: member.password },
    ]) {
      const response = await lookUp(payload);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'BAD_CREDENTIALS' });
      expect(response.body).not.toContain('spam');
    }
    const free = await createAccount(app());
    expect((await lookUp({ email: free.email, password: free.password })).statusCode).toBe(409);
    for (const [payload, field] of [
      [{ password: member.password }, 'email'],
      [{ email: member.email }, 'password'],
      [{ email: member.email, password: member.password, reason: 'x' }, 'reason'],
    ] as const) {
      const response = await lookUp(payload, 'ko');
      expect(response.statusCode).toBe(400);
      expect(response.json<{ subErrors: { field: string }[] }>().subErrors.map((e) => e.field)).toContain(field);
    }
  });
});
