import { z } from 'zod';
import { isoDateTime, limitedText } from './admin-fields';
import { BANK_NAMES } from './banks';
import { BANK_ACCOUNT_NUMBER_PATTERN } from './creators';

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

/** The answer of that PUT: the creator's payout account now (full number: finance only). */
export const adminCreatorPayoutAccountSchema = payoutAccountStateSchema
  .extend({ id: z.number().int(), creatorName: z.string() })
  .meta({ id: 'AdminCreatorPayoutAccount' });
export type AdminCreatorPayoutAccount = z.infer<typeof adminCreatorPayoutAccountSchema>;
