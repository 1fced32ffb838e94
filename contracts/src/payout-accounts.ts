import { z } from 'zod';
import { isoDateTime, limitedText } from './admin-fields';
import { BANK_NAMES } from './banks';
import { BANK_ACCOUNT_NUMBER_PATTERN, businessTypeSchema } from './creators';

/*
 * A creator's payout account (where the monthly settlement is transferred) and its change history. The rules:
 * docs/rules/security.md (payout account) and docs/rules/settlement.md (bank account, hold after a change).
 */

/** An account without a password (social sign-in only) changes its payout account within this long of signing in. */
export const PAYOUT_ACCOUNT_RECENT_LOGIN_MINUTES = 5;

/** A statement issued within this long after a change of the account it pays is held until finance releases it. */
export const PAYOUT_ACCOUNT_HOLD_HOURS = 72;

/** The digits shown of an account number in mails and to operators: `****5678`. */
export const MASKED_ACCOUNT_DIGITS = 4;

/** An account number with all but its last four digits hidden (`3333012345678` → `****5678`); null stays null. */
export function maskAccountNumber(number: string | null): string | null {
  if (number === null) return null;
  return `****${number.slice(-MASKED_ACCOUNT_DIGITS)}`;
}

/**
 * The account-holder look-up (예금주 조회) of a payout account (docs/rules/settlement.md, verified payout account):
 * UNVERIFIED until it is checked (or while there is no verified name to compare), then VERIFIED, MISMATCH (the bank's
 * holder is another person) or FAILED (no such account; or the bank did not answer, retried in the background).
 */
export const PAYOUT_ACCOUNT_VERIFICATION_STATUSES = ['UNVERIFIED', 'VERIFIED', 'MISMATCH', 'FAILED'] as const;
export type PayoutAccountVerificationStatus = (typeof PAYOUT_ACCOUNT_VERIFICATION_STATUSES)[number];

/**
 * Why a check is not VERIFIED: no verified name nor business name to compare the holder with (UNVERIFIED), the bank
 * knows no such account or did not answer (FAILED), or no look-up provider is configured (UNVERIFIED).
 */
export const PAYOUT_ACCOUNT_VERIFICATION_FAILURES = [
  'NO_VERIFIED_NAME',
  'ACCOUNT_NOT_FOUND',
  'BANK_TIMEOUT',
  'NO_PROVIDER',
] as const;
export type PayoutAccountVerificationFailure = (typeof PAYOUT_ACCOUNT_VERIFICATION_FAILURES)[number];

/** A payout account's check as its creator and finance see it. */
export const payoutAccountVerificationSchema = z
  .object({
    status: z.enum(PAYOUT_ACCOUNT_VERIFICATION_STATUSES),
    failure: z.enum(PAYOUT_ACCOUNT_VERIFICATION_FAILURES).nullable(),
    /** The holder's name as the bank answered it (null before an answer). */
    bankHolder: z.string().nullable(),
    checkedAt: isoDateTime.nullable(),
    /** When a FAILED check is tried again (null: not retried). */
    nextAttemptAt: isoDateTime.nullable(),
  })
  .meta({ id: 'PayoutAccountVerification' });
export type PayoutAccountVerification = z.infer<typeof payoutAccountVerificationSchema>;

/**
 * The business registration that counts for the payout account and the withholding (docs/rules/settlement.md): the
 * type staff approved after the business registry named the business; NONE until then, whatever the profile declares.
 */
export const businessVerificationSchema = z
  .object({
    businessType: businessTypeSchema,
    /** The business's name as the registry answered it: a payout account in a business's name must be held in it. */
    registeredName: z.string().nullable(),
    registrationNumber: z.string().nullable(),
    verifiedAt: isoDateTime.nullable(),
  })
  .meta({ id: 'BusinessVerification' });
export type BusinessVerification = z.infer<typeof businessVerificationSchema>;

/** The forms of a company's name Korean banks print around it: `(주)`, `㈜`, `주식회사` and the like. */
const COMPANY_FORMS = /\(주\)|㈜|주식회사|\(유\)|유한회사|\(합\)|합자회사|\(사\)|사단법인|\(재\)|재단법인/g;

/**
 * A name as the holder comparison reads it: Unicode-compatible form (full-width letters as ASCII), no company form
 * (`(주)`, `㈜`, `주식회사`, `(유)`, `유한회사` …), no spaces nor dots, lower case. `(주) 팬미션`, `팬미션 주식회사` and
 * `㈜팬미션` are one name; `Hong Gildong` and `HONG GILDONG` too.
 */
export function normalizeHolderName(name: string): string {
  return name
    .normalize('NFKC')
    .replace(COMPANY_FORMS, '')
    .replace(/[\s.]+/g, '')
    .toLowerCase();
}

/**
 * Why a settlement statement may not be paid to the account it names (services/src/money-out/payee-account.ts):
 * the creator's payout account changed since (`ACCOUNT_CHANGED`), the bank never confirmed the account is held in
 * his name (`ACCOUNT_UNVERIFIED`), or its confirmed holder is no longer his verified name or his verified business's
 * registered name (`HOLDER_NOT_PAYEE`).
 */
export const PAYEE_ACCOUNT_REFUSALS = ['ACCOUNT_CHANGED', 'ACCOUNT_UNVERIFIED', 'HOLDER_NOT_PAYEE'] as const;
export type PayeeAccountRefusal = (typeof PAYEE_ACCOUNT_REFUSALS)[number];

/** The payout account at one moment: the bank, the holder, the number, and whether it is abroad. */
export const payoutAccountStateSchema = z
  .object({
    bankName: z.string().nullable(),
    bankAccountHolder: z.string().nullable(),
    /** The full number for finance; `****1234` for operators. */
    bankAccountNumber: z.string().nullable(),
    payoutOverseas: z.boolean(),
    payoutForeigner: z.boolean(),
  })
  .meta({ id: 'PayoutAccountState' });
export type PayoutAccountState = z.infer<typeof payoutAccountStateSchema>;

/** `GET /api/admin/payout-account-changes`: one change of a creator's payout account (append-only). */
export const adminPayoutAccountChangeSchema = z
  .object({
    id: z.number().int(),
    creatorId: z.number().int(),
    creatorName: z.string(),
    actorId: z.number().int(),
    actorEmail: z.string().nullable(),
    actorRoles: z.array(z.string()),
    /** True when the creator changed it himself; false for finance through the console. */
    byCreator: z.boolean(),
    /** Finance's reason; null for the creator's own change. */
    reason: z.string().nullable(),
    from: payoutAccountStateSchema,
    to: payoutAccountStateSchema,
    /** The bank, the holder or the number changed (what holds a statement issued within 72 hours). */
    destinationChanged: z.boolean(),
    requestIp: z.string().nullable(),
    changedAt: isoDateTime,
  })
  .meta({ id: 'AdminPayoutAccountChange' });
export type AdminPayoutAccountChange = z.infer<typeof adminPayoutAccountChangeSchema>;

export const ADMIN_PAYOUT_ACCOUNT_CHANGE_SORT_FIELDS = ['id', 'changedAt'] as const;
export const adminPayoutAccountChangeFilterSchema = z.object({
  creatorId: z.number().int().positive().optional(),
  id: z.union([z.number().int(), z.array(z.number().int())]).optional(),
});
export type AdminPayoutAccountChangeFilter = z.infer<typeof adminPayoutAccountChangeFilterSchema>;

/**
 * `PUT /api/admin/creator-payout-accounts/{creatorId}` (finance): the whole account and why finance changes it. Plain
 * object: a console may send more fields; only these are read.
 */
export const adminPayoutAccountUpdateSchema = z.object({
  bankName: z.enum(BANK_NAMES, { error: 'creators.bankNameInvalid' }),
  bankAccountHolder: limitedText(100),
  bankAccountNumber: z.string().trim().regex(BANK_ACCOUNT_NUMBER_PATTERN, { error: 'validation.numeric' }),
  payoutOverseas: z.boolean().optional(),
  payoutForeigner: z.boolean().optional(),
  reason: limitedText(200),
});
export type AdminPayoutAccountUpdate = z.infer<typeof adminPayoutAccountUpdateSchema>;

/** `POST /api/admin/creator-payout-accounts/{creatorId}/business-verification` (finance): why it is asked. */
export const adminBusinessVerificationRequestSchema = z.object({ reason: limitedText(200) });
export type AdminBusinessVerificationRequest = z.infer<typeof adminBusinessVerificationRequestSchema>;

/** The answer of that PUT: the creator's payout account now (full number: finance only). */
export const adminCreatorPayoutAccountSchema = payoutAccountStateSchema
  .extend({
    id: z.number().int(),
    creatorName: z.string(),
    /** The current account's holder check; null without an account. */
    verification: payoutAccountVerificationSchema.nullable(),
    /** What he declares on his profile, and the registration staff verified. */
    declaredBusinessType: businessTypeSchema.nullable(),
    declaredBusinessRegistrationNumber: z.string().nullable(),
    businessVerification: businessVerificationSchema,
  })
  .meta({ id: 'AdminCreatorPayoutAccount' });
export type AdminCreatorPayoutAccount = z.infer<typeof adminCreatorPayoutAccountSchema>;
