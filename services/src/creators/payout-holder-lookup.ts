import type { AppConfig } from '../config';

/** What a bank answers of an account: its holder's name, or that it has no such account. */
export type HolderLookupAnswer = { kind: 'FOUND'; holder: string } | { kind: 'NOT_FOUND' };

/** The account to look up, with the holder its creator typed (only the sandbox reads it: a bank answers its own). */
export interface HolderLookupRequest {
  bankName: string;
  accountNumber: string;
  typedHolder: string;
}

/** The bank did not answer in time, or answered what cannot be read: the check is retried later. */
export class HolderLookupUnavailableError extends Error {
  constructor(message = 'the bank did not answer the account-holder look-up') {
    super(message);
    this.name = 'HolderLookupUnavailableError';
  }
}

/**
 * An account-holder look-up (예금주 조회): a bank's (or a payment firm's firm-banking) service that tells who holds an
 * account. Throws `HolderLookupUnavailableError` when the bank does not answer.
 */
export interface HolderLookupProvider {
  name: 'sandbox';
  lookUp(request: HolderLookupRequest): Promise<HolderLookupAnswer>;
}

/**
 * The sandbox's test accounts, by the number's last four digits, like a provider's test mode: `0000` no such account,
 * `0408` the bank times out, `7777` held by 김다름 (another person); any other number is held by whoever its creator
 * typed as the holder.
 */
export const SANDBOX_HOLDER_ACCOUNTS = {
  notFoundSuffix: '0000',
  timeoutSuffix: '0408',
  otherHolderSuffix: '7777',
  otherHolder: '김다름',
} as const;

/** The development and test provider: answers from the account number alone (SANDBOX_HOLDER_ACCOUNTS). */
export function sandboxHolderLookup(): HolderLookupProvider {
  return {
    name: 'sandbox',
    async lookUp({ accountNumber, typedHolder }) {
      if (accountNumber.endsWith(SANDBOX_HOLDER_ACCOUNTS.notFoundSuffix)) return { kind: 'NOT_FOUND' };
      if (accountNumber.endsWith(SANDBOX_HOLDER_ACCOUNTS.timeoutSuffix)) throw new HolderLookupUnavailableError();
      if (accountNumber.endsWith(SANDBOX_HOLDER_ACCOUNTS.otherHolderSuffix)) {
        return { kind: 'FOUND', holder: SANDBOX_HOLDER_ACCOUNTS.otherHolder };
      }
      return { kind: 'FOUND', holder: typedHolder };
    },
  };
}

/**
 * The configured look-up: `PAYOUT_HOLDER_LOOKUP_PROVIDER`, else the sandbox outside production; null in production
 * without one (no real provider is integrated yet: accounts stay UNVERIFIED and their statements held).
 */
export function holderLookupFor(config: AppConfig): HolderLookupProvider | null {
  const name = config.PAYOUT_HOLDER_LOOKUP_PROVIDER ?? (config.isProduction ? null : 'sandbox');
  return name === 'sandbox' ? sandboxHolderLookup() : null;
}
