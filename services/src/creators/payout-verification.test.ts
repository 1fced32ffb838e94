// Verified payout accounts: each new or changed payout account is looked up at its bank (the sandbox's test accounts)
// and its holder compared with the creator's verified name or business name; every outcome (VERIFIED, MISMATCH,
// FAILED for no such account, FAILED for a bank that does not answer and its retry, UNVERIFIED without a name or a
// provider), as the creator and finance read it.
import { normalizeHolderName, type MyCreator, type PayoutAccountVerification } from '@fanmission/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { productionPushKeys, testConfig, useTestApp } from '@fanmission/tests/harness/app';
import { loadConfig } from '../config';
import { approveAs } from '@fanmission/tests/support/approvals';
import { createCreator, type TestCreator } from '@fanmission/tests/support/creators';
import { identityNameHmac } from './verified-name';
import {
  holderLookupFor,
  SANDBOX_HOLDER_ACCOUNTS,
  sandboxHolderLookup,
  type HolderLookupProvider,
} from './payout-holder-lookup';
import { checkDuePayoutAccounts, checkPayoutAccount, retryDelayMs } from './payout-verification';

const clock = { now: new Date('2026-11-22T10:00:00Z') };
const testApp = useTestApp({ now: () => clock.now });
const app = () => testApp.current.app;

let finance: TestAccount;
let checker: TestAccount;

beforeAll(async () => {
  finance = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
  checker = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
});

const BANK = '카카오뱅크';

/**
 * A creator whose identity check verified `name` (only its HMAC is kept), or without one; with `business`, a business
 * registration staff verified, registered under `business.name`.
 */
async function creatorNamed(name: string | null, business?: { type: 'PRIVATE' | 'CORPORATION'; name: string }) {
  const creator = await createCreator(app());
  if (name !== null) {
    await app()
      .db.updateTable('users')
      .set({ identity_name_hmac: identityNameHmac(testApp.current.config, name) })
      .where('id', '=', creator.id)
      .execute();
  }
  if (business) {
    await app()
      .db.updateTable('creators')
      .set({
        business_type: business.type,
        business_name: business.name,
        business_registration_number: '2208162517',
        // Staff verified the registration: the registry's name for it is `business.name`.
        verified_business_type: business.type,
        verified_business_name: business.name,
        verified_business_number: '2208162517',
        business_verified_at: clock.now,
      })
      .where('id', '=', creator.creatorId)
      .execute();
  }
  return creator;
}

/** The creator sets his payout account (with his password): answers his creator as the API does. */
async function setAccount(creator: TestCreator, holder: string, number: string): Promise<MyCreator> {
  const response = await app().inject({
    method: 'PUT',
    url: `/api/v1/creators/${creator.creatorId}`,
    headers: { ...creator.headers, 'accept-language': 'en' },
    payload: {
      bankName: BANK,
      bankAccountHolder: holder,
      bankAccountNumber: number,
      currentPassword: creator.password,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MyCreator>();
}

const verificationOf = async (creator: TestCreator): Promise<PayoutAccountVerification | null> => {
  const response = await app().inject({ method: 'GET', url: '/api/v1/creators/me', headers: creator.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MyCreator>().payoutAccountVerification;
};

const rowOf = (creatorId: number, number: string) =>
  app()
    .db.selectFrom('payout_account_verifications')
    .selectAll()
    .where('creator_id', '=', creatorId)
    .where('bank_account_number', '=', number)
    .executeTakeFirstOrThrow();

let serial = 0;
/** A fresh account number ending as the sandbox's test accounts are told apart. */
const accountNumber = (suffix = '1234') => `3333${String(++serial).padStart(4, '0')}${suffix}`;

describe('the holder rule', () => {
  it('reads a name without spaces, case, dots or the company forms banks print', () => {
    expect(normalizeHolderName(' Hong  Gildong ')).toBe(normalizeHolderName('HONG GILDONG'));
    expect(normalizeHolderName('(주) 팬미션')).toBe('팬미션');
    expect(normalizeHolderName('주식회사 팬미션')).toBe('팬미션');
    expect(normalizeHolderName('㈜팬미션')).toBe('팬미션');
    expect(normalizeHolderName('팬미션 (유)')).toBe('팬미션');
    // Full-width letters are the ASCII ones.
    expect(normalizeHolderName('ＡＢＣ Co.')).toBe('abcco');
    expect(normalizeHolderName('홍길동')).not.toBe(normalizeHolderName('홍길순'));
  });

  it('waits a minute, then twice as long after each failure, at most an hour', () => {
    expect([1, 2, 3, 4, 7, 8, 20].map((attempts) => retryDelayMs(attempts) / 60_000)).toEqual([1, 2, 4, 8, 60, 60, 60]);
  });
});

describe('the creator sets a payout account: its holder is looked up at once', () => {
  it('VERIFIED: the bank’s holder is his verified name, spaces and case aside', async () => {
    const creator = await creatorNamed('Kim Byeolbit');
    const number = accountNumber();
    const answered = await setAccount(creator, 'KIM  BYEOLBIT', number);
    expect(answered.payoutAccountVerification).toMatchObject({
      status: 'VERIFIED',
      failure: null,
      bankHolder: 'KIM  BYEOLBIT',
      nextAttemptAt: null,
    });
    expect(await rowOf(creator.creatorId, number)).toMatchObject({ matched: 'REAL_NAME', attempts: 1 });
  });

  it('VERIFIED: a business-registered creator’s account held by his business, in the bank’s form of it', async () => {
    const creator = await creatorNamed(null, { type: 'CORPORATION', name: '(주)별빛컴퍼니' });
    const number = accountNumber();
    const answered = await setAccount(creator, '주식회사 별빛 컴퍼니', number);
    expect(answered.payoutAccountVerification).toMatchObject({
      status: 'VERIFIED',
      bankHolder: '주식회사 별빛 컴퍼니',
    });
    expect(await rowOf(creator.creatorId, number)).toMatchObject({ matched: 'BUSINESS_NAME' });
  });

  it('MISMATCH: the bank answers another person’s name, whatever holder the creator typed', async () => {
    const creator = await creatorNamed('김별빛');
    const answered = await setAccount(creator, '김별빛', accountNumber(SANDBOX_HOLDER_ACCOUNTS.otherHolderSuffix));
    expect(answered.payoutAccountVerification).toMatchObject({
      status: 'MISMATCH',
      failure: null,
      bankHolder: SANDBOX_HOLDER_ACCOUNTS.otherHolder,
      nextAttemptAt: null,
    });
  });

  it('MISMATCH: an account in a business name he declares but staff never verified', async () => {
    const creator = await creatorNamed('김별빛');
    await app()
      .db.updateTable('creators')
      .set({ business_type: 'CORPORATION', business_name: '별빛컴퍼니', business_registration_number: '2208162517' })
      .where('id', '=', creator.creatorId)
      .execute();
    const answered = await setAccount(creator, '(주)별빛컴퍼니', accountNumber());
    expect(answered.payoutAccountVerification?.status).toBe('MISMATCH');
  });

  it('MISMATCH: an individual’s account in his business’s name is not his without a registration', async () => {
    const creator = await creatorNamed('김별빛', { type: 'CORPORATION', name: '별빛컴퍼니' });
    await app()
      .db.updateTable('creators')
      .set({
        business_type: 'NONE',
        verified_business_type: 'NONE',
        verified_business_name: null,
        verified_business_number: null,
        business_verified_at: null,
      })
      .where('id', '=', creator.creatorId)
      .execute();
    const answered = await setAccount(creator, '(주)별빛컴퍼니', accountNumber());
    expect(answered.payoutAccountVerification?.status).toBe('MISMATCH');
  });

  it('FAILED, not retried: the bank has no such account', async () => {
    const creator = await creatorNamed('김별빛');
    const answered = await setAccount(creator, '김별빛', accountNumber(SANDBOX_HOLDER_ACCOUNTS.notFoundSuffix));
    expect(answered.payoutAccountVerification).toMatchObject({
      status: 'FAILED',
      failure: 'ACCOUNT_NOT_FOUND',
      bankHolder: null,
      nextAttemptAt: null,
    });
  });

  it('FAILED, retried in the background: the bank does not answer, until it does', async () => {
    const creator = await creatorNamed('김별빛');
    const number = accountNumber(SANDBOX_HOLDER_ACCOUNTS.timeoutSuffix);
    const answered = await setAccount(creator, '김별빛', number);
    expect(answered.payoutAccountVerification).toMatchObject({
      status: 'FAILED',
      failure: 'BANK_TIMEOUT',
      nextAttemptAt: new Date(clock.now.getTime() + 60_000).toISOString(),
    });

    // Not due yet: the background check leaves it; due, it asks again (the sandbox's bank still times out).
    const sandbox = sandboxHolderLookup();
    await checkDuePayoutAccounts(app().ctx, sandbox);
    expect((await rowOf(creator.creatorId, number)).attempts).toBe(1);
    const started = clock.now;
    try {
      clock.now = new Date(started.getTime() + 61_000);
      await checkDuePayoutAccounts(app().ctx, sandbox);
      expect(await rowOf(creator.creatorId, number)).toMatchObject({
        status: 'FAILED',
        attempts: 2,
        next_attempt_at: new Date(clock.now.getTime() + 2 * 60_000),
      });

      // The bank answers at last: the next try verifies it.
      const answering: HolderLookupProvider = {
        name: 'sandbox',
        lookUp: async () => ({ kind: 'FOUND', holder: '김별빛' }),
      };
      clock.now = new Date(clock.now.getTime() + 3 * 60_000);
      await checkDuePayoutAccounts(app().ctx, answering);
      expect(await verificationOf(creator)).toMatchObject({ status: 'VERIFIED', failure: null, nextAttemptAt: null });
    } finally {
      clock.now = started;
    }
  });

  it('UNVERIFIED without a verified name, checked once his identity check gives one', async () => {
    const creator = await creatorNamed(null);
    const number = accountNumber();
    const answered = await setAccount(creator, '김별빛', number);
    expect(answered.payoutAccountVerification).toMatchObject({
      status: 'UNVERIFIED',
      failure: 'NO_VERIFIED_NAME',
      nextAttemptAt: null,
    });
    // Nothing to do for the background check yet.
    const asked: string[] = [];
    const recording: HolderLookupProvider = {
      name: 'sandbox',
      lookUp: async (request) => {
        asked.push(request.accountNumber);
        return { kind: 'FOUND', holder: request.typedHolder };
      },
    };
    await checkDuePayoutAccounts(app().ctx, recording);
    expect(asked).not.toContain(number);

    await app()
      .db.updateTable('users')
      .set({ identity_name_hmac: identityNameHmac(testApp.current.config, '김 별빛') })
      .where('id', '=', creator.id)
      .execute();
    await checkDuePayoutAccounts(app().ctx, recording);
    expect(asked).toContain(number);
    expect(await verificationOf(creator)).toMatchObject({ status: 'VERIFIED', bankHolder: '김별빛' });
  });

  it('UNVERIFIED without a look-up provider (production without one), the bank never asked', async () => {
    const creator = await creatorNamed('김별빛');
    const number = accountNumber();
    await setAccount(creator, '김별빛', number);
    await app()
      .db.updateTable('payout_account_verifications')
      .set({ status: 'UNVERIFIED', matched: null, next_attempt_at: clock.now })
      .where('creator_id', '=', creator.creatorId)
      .execute();
    const key = { creatorId: creator.creatorId, bankName: BANK, bankAccountNumber: number };
    expect(await checkPayoutAccount(app().ctx, null, key)).toBe('UNVERIFIED');
    expect(await rowOf(creator.creatorId, number)).toMatchObject({ failure: 'NO_PROVIDER', next_attempt_at: null });
  });

  it('checks an account set again from the start, and not one saved unchanged', async () => {
    const creator = await creatorNamed('김별빛');
    const number = accountNumber(SANDBOX_HOLDER_ACCOUNTS.otherHolderSuffix);
    expect((await setAccount(creator, '김별빛', number)).payoutAccountVerification?.status).toBe('MISMATCH');
    const other = accountNumber();
    expect((await setAccount(creator, '김별빛', other)).payoutAccountVerification?.status).toBe('VERIFIED');
    // Back to the first account: looked up again (the bank still answers another holder).
    expect((await setAccount(creator, '김별빛', number)).payoutAccountVerification?.status).toBe('MISMATCH');
    expect((await rowOf(creator.creatorId, number)).attempts).toBe(1);
  });
});

describe('finance changes a payout account', () => {
  it('queues the new account’s check; the background check verifies it', async () => {
    const creator = await creatorNamed('김별빛');
    const number = accountNumber();
    const requested = await app().inject({
      method: 'PUT',
      url: `/api/admin/creator-payout-accounts/${creator.creatorId}`,
      headers: { ...finance.headers, 'accept-language': 'en' },
      payload: {
        bankName: BANK,
        bankAccountHolder: '김별빛',
        bankAccountNumber: number,
        reason: 'the creator asked by phone',
      },
    });
    const changed = await approveAs<{ verification: PayoutAccountVerification }>(app(), checker, requested);
    expect(changed.verification).toMatchObject({ status: 'UNVERIFIED', failure: null, checkedAt: null });

    await checkDuePayoutAccounts(app().ctx, sandboxHolderLookup());
    const read = await app().inject({
      method: 'GET',
      url: `/api/admin/creator-payout-accounts/${creator.creatorId}`,
      headers: finance.headers,
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().verification).toMatchObject({ status: 'VERIFIED', bankHolder: '김별빛' });
  });
});

describe('the holder look-up in production', () => {
  it('refuses the sandbox, and has no provider by default: accounts stay UNVERIFIED, their statements held', () => {
    const production = testConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'a-secret-nobody-has-seen-before-9f3a7c1e5b',
      ADMIN_PASSWORD: 'a long admin passphrase',
      PUBLIC_URL: 'https://fanmission.example',
      DATABASE_URL: 'postgres://fanmission:s3cret-of-our-own@db:5432/fanmission',
      SMTP_URL: 'smtp://mail:25',
      METRICS_TOKEN: 'a-scrape-token-of-our-own',
      BANK_DEPOSIT_ACCOUNT_NUMBER: '123456-01-234567',
      BACKUP_ENABLED: 'false',
      ...productionPushKeys(),
    });
    expect(holderLookupFor(production)).toBeNull();
    expect(holderLookupFor(testApp.current.config)?.name).toBe('sandbox');
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        JWT_SECRET: 'a-secret-nobody-has-seen-before-9f3a7c1e5b',
        ADMIN_PASSWORD: 'a long admin passphrase',
        PUBLIC_URL: 'https://fanmission.example',
        DATABASE_URL: 'postgres://fanmission:s3cret-of-our-own@db:5432/fanmission',
        SMTP_URL: 'smtp://mail:25',
        METRICS_TOKEN: 'a-scrape-token-of-our-own',
        BANK_DEPOSIT_ACCOUNT_NUMBER: '123456-01-234567',
        BACKUP_ENABLED: 'false',
        ...productionPushKeys(),
        PAYOUT_HOLDER_LOOKUP_PROVIDER: 'sandbox',
      }),
    ).toThrow(/PAYOUT_HOLDER_LOOKUP_PROVIDER cannot be the sandbox provider in production/);
  });
});
