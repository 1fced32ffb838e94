// A settlement statement pays only its payee's own verified account (docs/rules/money-out.md, settlement payouts):
// the rule itself, on every way an account can stop being his.
import { describe, expect, it } from 'vitest';
import { testConfig } from '@fanmission/tests/harness/app';
import { identityNameHmac } from '../creators';
import { payeeAccountRefusal, type PayeeAccountFacts } from './payee-account';

const config = testConfig();
const account = { bankName: '국민은행', bankAccountNumber: '100212345678' };

const personal: PayeeAccountFacts = {
  paid: account,
  current: account,
  verification: { status: 'VERIFIED', matched: 'REAL_NAME', bankHolder: '홍길동' },
  payee: {
    identityNameHmac: identityNameHmac(config, '홍 길동'),
    verifiedBusinessType: 'NONE',
    verifiedBusinessName: null,
  },
};

const business: PayeeAccountFacts = {
  ...personal,
  verification: { status: 'VERIFIED', matched: 'BUSINESS_NAME', bankHolder: '㈜별빛상점' },
  payee: { identityNameHmac: null, verifiedBusinessType: 'CORPORATION', verifiedBusinessName: '별빛상점 주식회사' },
};

describe('the payee-account rule of a settlement payout', () => {
  it('pays a personal account held in his verified name, and a business account held in its registered name', () => {
    expect(payeeAccountRefusal(config, personal)).toBeNull();
    expect(payeeAccountRefusal(config, business)).toBeNull();
    // The file's dashes do not make another account.
    expect(
      payeeAccountRefusal(config, { ...personal, current: { ...account, bankAccountNumber: '1002-12345678' } }),
    ).toBeNull();
  });

  it('refuses an account the creator (or finance) changed away from since the statement', () => {
    const current = { bankName: '카카오뱅크', bankAccountNumber: '333312347777' };
    expect(payeeAccountRefusal(config, { ...personal, current })).toBe('ACCOUNT_CHANGED');
    expect(payeeAccountRefusal(config, { ...personal, current: { ...account, bankName: '신한은행' } })).toBe(
      'ACCOUNT_CHANGED',
    );
  });

  it('refuses an account the holder look-up never confirmed as his', () => {
    for (const status of ['UNVERIFIED', 'MISMATCH', 'FAILED']) {
      const verification = { status, matched: null, bankHolder: null };
      expect(payeeAccountRefusal(config, { ...personal, verification })).toBe('ACCOUNT_UNVERIFIED');
    }
    expect(payeeAccountRefusal(config, { ...personal, verification: null })).toBe('ACCOUNT_UNVERIFIED');
    const grandfathered = { status: 'VERIFIED', matched: 'GRANDFATHERED', bankHolder: '홍길동' };
    expect(payeeAccountRefusal(config, { ...personal, verification: grandfathered })).toBe('ACCOUNT_UNVERIFIED');
    expect(payeeAccountRefusal(config, { ...personal, paid: { bankName: null, bankAccountNumber: null } })).toBe(
      'ACCOUNT_UNVERIFIED',
    );
  });

  it('refuses a holder that is no longer his verified name or his active verified business', () => {
    const renamed = { ...personal.payee, identityNameHmac: identityNameHmac(config, '김다름') };
    expect(payeeAccountRefusal(config, { ...personal, payee: renamed })).toBe('HOLDER_NOT_PAYEE');
    const undone = { identityNameHmac: null, verifiedBusinessType: 'NONE' as const, verifiedBusinessName: null };
    expect(payeeAccountRefusal(config, { ...business, payee: undone })).toBe('HOLDER_NOT_PAYEE');
    const another = { ...business.payee, verifiedBusinessName: '달빛상회' };
    expect(payeeAccountRefusal(config, { ...business, payee: another })).toBe('HOLDER_NOT_PAYEE');
    // A business declared but never verified names nobody: the declared name is not his registered one.
    const declared = { ...business.payee, verifiedBusinessType: 'NONE' as const };
    expect(payeeAccountRefusal(config, { ...business, payee: declared })).toBe('HOLDER_NOT_PAYEE');
  });
});
