// Business registrations count only once verified: a payout account held in a business's name is the creator's only
// when the business registry names that business for his registration number and staff approved it, and only a
// verified registration removes the 3.3 % withholding. A self-declared business name verifies nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AdminApproval, AdminCreatorPayoutAccount, MyCreator } from '@fanmission/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { testConfig, useTestApp } from '@fanmission/tests/harness/app';
import { approveAs } from '@fanmission/tests/support/approvals';
import { createCreator, createTags, type TestCreator } from '@fanmission/tests/support/creators';
import { mp4, multipartForm, PNG_1X1 } from '@fanmission/tests/support/files';
import { isBusinessRegistered } from '@fanmission/contracts';
import { SANDBOX_BUSINESS_REGISTRATIONS as REGISTRY } from './business-registry';
import { sandboxHolderLookup } from './payout-holder-lookup';
import { checkDuePayoutAccounts } from './payout-verification';

const storageDir = mkdtempSync(path.join(os.tmpdir(), 'fanmission-business-'));
const testApp = useTestApp({ config: testConfig({ STORAGE_DIR: storageDir }) });
const app = () => testApp.current.app;

let tagIds: number[];
let finance: TestAccount;
let checker: TestAccount;
let operator: TestAccount;
let fan: TestAccount;

beforeAll(async () => {
  tagIds = await createTags(app(), ['사업자', '정산']);
  finance = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
  checker = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
  operator = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_OPERATOR'] });
  fan = await createAccount(app());
  return () => rmSync(storageDir, { recursive: true, force: true });
});

async function upload(url: string, field: string, bytes: Buffer, filename: string, headers: Record<string, string>) {
  const form = await multipartForm(field, bytes, filename);
  const response = await app().inject({
    method: 'POST',
    url,
    headers: { ...form.headers, ...headers },
    payload: form.payload,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** A creator with no identity check, his picture and intro uploaded: ready for a profile save. */
async function readyCreator(): Promise<TestCreator> {
  const creator = await createCreator(app(), { verified: false });
  await upload(`/api/v1/users/${creator.id}/image`, 'image', PNG_1X1, 'me.png', creator.headers);
  await upload(`/api/v1/creators/${creator.creatorId}/intro`, 'intro', mp4(), 'hi.mp4', creator.headers);
  return creator;
}

const profile = (creator: TestCreator, business: object) => ({
  tags: [tagIds[0]],
  name: '보안 크리에이터',
  snsLinks: [{ type: 'YOUTUBE', link: 'https://youtube.com/@sec' }],
  description: '사업자 확인',
  url: `biz${creator.creatorId}`,
  bankName: '우리은행',
  bankAccountHolder: '김다름',
  // The bank sandbox's account held by 김다름, another person.
  bankAccountNumber: '1002000007777',
  currentPassword: creator.password,
  ...business,
});

const put = (creator: TestCreator, payload: object, language = 'en') =>
  app().inject({
    method: 'PUT',
    url: `/api/v1/creators/${creator.creatorId}`,
    headers: { ...creator.headers, 'accept-language': language },
    payload,
  });

const me = async (creator: TestCreator) => {
  const response = await app().inject({ method: 'GET', url: '/api/v1/creators/me', headers: creator.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MyCreator>();
};

/** Whether his statements would be withheld 3.3 %: what the settlement reads of him. */
async function withheld(creatorId: number): Promise<boolean> {
  const row = await app()
    .db.selectFrom('creators')
    .select('verified_business_type')
    .where('id', '=', creatorId)
    .executeTakeFirstOrThrow();
  return !isBusinessRegistered(row.verified_business_type);
}

describe('a creator declaring himself a business', () => {
  it('does not verify a third party’s account by typing its holder as his business name, and stays withheld', async () => {
    const creator = await readyCreator();
    const control = await put(
      creator,
      profile(creator, { businessType: 'NONE', businessCashReceiptNumber: '01000000000' }),
    );
    expect(control.statusCode, control.body).toBe(200);
    expect(control.json<MyCreator>().payoutAccountVerification).toMatchObject({
      status: 'UNVERIFIED',
      failure: 'NO_VERIFIED_NAME',
    });
    expect(await withheld(creator.creatorId)).toBe(true);

    await put(
      creator,
      profile(creator, {
        businessType: 'CORPORATION',
        businessName: '김다름',
        businessRegistrationNumber: '123-45-67890',
      }),
    );
    // The background check, as it runs every few seconds.
    await checkDuePayoutAccounts(app().ctx, sandboxHolderLookup());
    expect((await me(creator)).payoutAccountVerification?.status).not.toBe('VERIFIED');
    expect(await withheld(creator.creatorId)).toBe(true);
  });
});

const corporation = (number: string = REGISTRY.activeCorporation.number) => ({
  businessType: 'CORPORATION',
  businessName: '별빛',
  businessRegistrationNumber: number,
});

/** A creator who declared `business` on his profile, with his account held by `holder` (the bank sandbox's answer). */
async function declaredCreator(business: object, holder = '(주)별빛'): Promise<TestCreator> {
  const creator = await readyCreator();
  const saved = await put(creator, {
    ...profile(creator, business),
    bankAccountHolder: holder,
    bankAccountNumber: `3333${creator.creatorId}`.padEnd(12, '1'),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return creator;
}

const askVerification = (creatorId: number, who: { headers: Record<string, string> } | null, payload: object) =>
  app().inject({
    method: 'POST',
    url: `/api/admin/creator-payout-accounts/${creatorId}/business-verification`,
    headers: { ...(who?.headers ?? {}), 'accept-language': 'en' },
    payload,
  });

const subErrors = (response: { json(): unknown }) =>
  (response.json() as { subErrors?: { field: string; message: string }[] }).subErrors ?? [];

describe('PUT /creators/{id}: the business registration number a creator declares', () => {
  it('saves a registration the registry knows as in business; it counts for nothing until staff verify it', async () => {
    const creator = await declaredCreator(corporation());
    const mine = await me(creator);
    expect(mine).toMatchObject({
      businessType: 'CORPORATION',
      businessRegistrationNumber: REGISTRY.activeCorporation.number,
      businessVerification: { businessType: 'NONE', registeredName: null, verifiedAt: null },
    });
    // His account is held in the name of the business he declared: not his until the registration is verified (he
    // has no verified name either: nothing to compare it with).
    await checkDuePayoutAccounts(app().ctx, sandboxHolderLookup());
    expect((await me(creator)).payoutAccountVerification).toMatchObject({
      status: 'UNVERIFIED',
      failure: 'NO_VERIFIED_NAME',
    });
    expect(await withheld(creator.creatorId)).toBe(true);
  });

  it('400 on a number whose check digit is wrong, in ko, en and ja', async () => {
    const creator = await readyCreator();
    const messages = new Set<string>();
    for (const language of ['ko', 'en', 'ja']) {
      const response = await put(creator, profile(creator, corporation('220-81-62518')), language);
      expect(response.statusCode, response.body).toBe(400);
      const [sub] = subErrors(response);
      expect(sub?.field).toBe('businessRegistrationNumber');
      messages.add(sub!.message);
    }
    expect(messages.size).toBe(3);
  });

  it.each([
    ['the registry does not know it', '105-87-00005', 'The tax office has no business registered under this number'],
    ['the business is closed', REGISTRY.closed.number, 'This business is closed'],
    ['the business is suspended', REGISTRY.suspended.number, 'This business is suspended'],
  ])('400 naming the number when %s, in ko, en and ja; nothing saved', async (_case, number, english) => {
    const creator = await readyCreator();
    const messages: string[] = [];
    for (const language of ['ko', 'en', 'ja']) {
      const response = await put(creator, profile(creator, corporation(number)), language);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      const sub = subErrors(response).find((error) => error.field === 'businessRegistrationNumber');
      expect(sub, response.body).toBeDefined();
      messages.push(sub!.message);
    }
    expect(messages[1]).toContain(english);
    expect(new Set(messages).size).toBe(3);
    expect((await me(creator)).businessType).toBeNull();
  });

  it('503 BUSINESS_REGISTRY_UNAVAILABLE when the registry does not answer; nothing saved', async () => {
    const creator = await readyCreator();
    const response = await put(creator, profile(creator, corporation(REGISTRY.timeout.number)));
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json()).toMatchObject({ code: 'BUSINESS_REGISTRY_UNAVAILABLE' });
    expect((await me(creator)).businessType).toBeNull();
  });
});

describe('POST /api/admin/creator-payout-accounts/{id}/business-verification', () => {
  it('finance asks, another finance member approves: the registered name holds the account, nothing withheld', async () => {
    const creator = await declaredCreator(corporation());
    const asked = await askVerification(creator.creatorId, finance, { reason: '사업자등록증 확인' });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json<AdminApproval>()).toMatchObject({
      kind: 'CREATOR_BUSINESS_VERIFICATION',
      status: 'PENDING',
      summary: {
        creatorId: creator.creatorId,
        businessType: 'CORPORATION',
        registrationNumber: REGISTRY.activeCorporation.number,
        registeredName: REGISTRY.activeCorporation.registeredName,
      },
    });
    // Nothing counts before the approval.
    expect(await withheld(creator.creatorId)).toBe(true);
    await approveAs(app(), checker, asked);

    const account = await app().inject({
      method: 'GET',
      url: `/api/admin/creator-payout-accounts/${creator.creatorId}`,
      headers: finance.headers,
    });
    expect(account.json<AdminCreatorPayoutAccount>()).toMatchObject({
      declaredBusinessType: 'CORPORATION',
      businessVerification: {
        businessType: 'CORPORATION',
        registeredName: REGISTRY.activeCorporation.registeredName,
        registrationNumber: REGISTRY.activeCorporation.number,
        verifiedAt: expect.any(String),
      },
    });
    expect(await withheld(creator.creatorId)).toBe(false);
    // The account was queued again: held by (주)별빛, the registered name (별빛 주식회사) in the bank's form.
    await checkDuePayoutAccounts(app().ctx, sandboxHolderLookup());
    expect((await me(creator)).payoutAccountVerification).toMatchObject({ status: 'VERIFIED', bankHolder: '(주)별빛' });

    // He declares another business himself: the verified one is undone, withheld again, the account checked again.
    const changed = await put(creator, {
      ...profile(creator, { businessType: 'PRIVATE', businessRegistrationNumber: REGISTRY.activePrivate.number }),
      bankAccountHolder: '(주)별빛',
      bankAccountNumber: `3333${creator.creatorId}`.padEnd(12, '1'),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<MyCreator>().businessVerification).toMatchObject({ businessType: 'NONE' });
    expect(await withheld(creator.creatorId)).toBe(true);
    await checkDuePayoutAccounts(app().ctx, sandboxHolderLookup());
    expect((await me(creator)).payoutAccountVerification?.status).not.toBe('VERIFIED');
  });

  it('voids the request when the creator changes his declaration before the approval', async () => {
    const creator = await declaredCreator(corporation());
    const asked = await askVerification(creator.creatorId, finance, { reason: '확인' });
    expect(asked.statusCode, asked.body).toBe(202);
    const saved = await put(creator, {
      ...profile(creator, { businessType: 'PRIVATE', businessRegistrationNumber: REGISTRY.activePrivate.number }),
      bankAccountHolder: '(주)별빛',
      bankAccountNumber: `3333${creator.creatorId}`.padEnd(12, '1'),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const decided = await app().inject({
      method: 'POST',
      url: `/api/admin/approvals/${asked.json<AdminApproval>().id}/decision`,
      headers: checker.headers,
      payload: { decision: 'approve' },
    });
    expect(decided.statusCode).toBe(409);
    expect(decided.json()).toMatchObject({ code: 'APPROVAL_VOIDED' });
    expect(await withheld(creator.creatorId)).toBe(true);
  });

  it('400 without a reason, or when he declares no business, or the registry no longer has it in business', async () => {
    const creator = await declaredCreator(corporation());
    const noReason = await askVerification(creator.creatorId, finance, {});
    expect(noReason.statusCode).toBe(400);
    expect(subErrors(noReason).map((error) => error.field)).toEqual(['reason']);

    const individual = await declaredCreator({ businessType: 'NONE', businessCashReceiptNumber: '01000000000' });
    const none = await askVerification(individual.creatorId, finance, { reason: '확인' });
    expect(none.statusCode, none.body).toBe(400);
    expect(subErrors(none)).toMatchObject([
      { field: 'businessRegistrationNumber', message: expect.stringContaining('has not declared a business') },
    ]);

    // The business closed after he declared it.
    await app()
      .db.updateTable('creators')
      .set({ business_registration_number: REGISTRY.closed.number })
      .where('id', '=', creator.creatorId)
      .execute();
    const closed = await askVerification(creator.creatorId, finance, { reason: '확인' });
    expect(closed.statusCode, closed.body).toBe(400);
    expect(subErrors(closed)).toMatchObject([
      { field: 'businessRegistrationNumber', message: expect.stringContaining('This business is closed') },
    ]);
    expect(await withheld(creator.creatorId)).toBe(true);
  });

  it('finance only: 401 signed out, 403 for a fan, an operator or the creator, 403 OWN_ACCOUNT on his own', async () => {
    const creator = await declaredCreator(corporation());
    expect((await askVerification(creator.creatorId, null, { reason: 'x' })).statusCode).toBe(401);
    for (const who of [fan, operator, creator]) {
      expect((await askVerification(creator.creatorId, who, { reason: 'x' })).statusCode).toBe(403);
    }
    // A creator unknown is 403 too for anyone but finance: nothing tells whether it exists.
    expect((await askVerification(999_999, operator, { reason: 'x' })).statusCode).toBe(403);
    expect((await askVerification(999_999, finance, { reason: 'x' })).statusCode).toBe(404);
    // A finance member who is the creator never asks for his own registration.
    const own = await app()
      .db.updateTable('creators')
      .set({ user_id: finance.id })
      .where('id', '=', creator.creatorId)
      .returning('id')
      .executeTakeFirst();
    expect(own).toBeDefined();
    const mine = await askVerification(creator.creatorId, finance, { reason: 'x' });
    expect(mine.statusCode).toBe(403);
    expect(mine.json()).toMatchObject({ code: 'OWN_ACCOUNT' });
    await app().db.updateTable('creators').set({ user_id: creator.id }).where('id', '=', creator.creatorId).execute();
  });
});
