import { z } from 'zod';
import { isoDateTime, limitedText } from './admin-fields';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from './limits';

/*
 * Free-coin events (`/api/admin/bonus-grants`): finance grants a BONUS coin item to chosen members (one, a list, or
 * the members a filter finds) with a reason and a budget. Each member's coins are a BONUS_GRANT of the ledger, once
 * per grant and member; the fan's coin history shows them as the free coin event.
 */

export const BONUS_GRANT_LIMITS = {
  /** Members one grant reaches at most (a filter finding more is refused: narrow it). */
  maxRecipients: 1_000,
  maxBudgetCoins: 1_000_000,
} as const;

const userIds = z.array(z.number().int().positive()).min(1).max(BONUS_GRANT_LIMITS.maxRecipients);

/**
 * The fans a grant reaches: by id (one or a list), or the fans a filter finds. Creators' wallets are frozen (coins
 * given to them could never be spent) and staff are never granted coins.
 */
export const bonusGrantRecipientsSchema = z.union([
  z.strictObject({ userIds }),
  z.strictObject({
    filter: z.strictObject({
      /** Signed up at or after this instant. */
      joinedFrom: isoDateTime.optional(),
      /** Signed up before this instant. */
      joinedTo: isoDateTime.optional(),
    }),
  }),
]);
export type BonusGrantRecipients = z.infer<typeof bonusGrantRecipientsSchema>;

export const adminBonusGrantCreateSchema = z.strictObject({
  /** A BONUS coin item: each member gets its coins. */
  coinItemId: z.number().int().positive(),
  reason: limitedText(200),
  /** The most coins the grant may give in all; more members × coins than this is refused, nothing granted. */
  budgetCoins: z.number().int().positive().max(BONUS_GRANT_LIMITS.maxBudgetCoins),
  recipients: bonusGrantRecipientsSchema,
});
export type AdminBonusGrantCreate = z.infer<typeof adminBonusGrantCreateSchema>;

/** The console sends one key per grant it opens: a retry (a lost answer, a second click) grants nothing twice. */
export const adminBonusGrantHeadersSchema = z.object({
  'idempotency-key': z.string().trim().min(1).max(IDEMPOTENCY_KEY_MAX_LENGTH),
});

export const adminBonusGrantSchema = z
  .object({
    id: z.number().int(),
    coinItem: z.object({ id: z.number().int(), name: z.string() }),
    coinsEach: z.number().int(),
    reason: z.string(),
    budgetCoins: z.number().int(),
    /** Members granted, and the coins they got in all. */
    recipients: z.number().int(),
    grantedCoins: z.number().int(),
    createdBy: z.number().int(),
    createdAt: isoDateTime,
  })
  .meta({ id: 'AdminBonusGrant' });
export type AdminBonusGrant = z.infer<typeof adminBonusGrantSchema>;

export const ADMIN_BONUS_GRANT_SORT_FIELDS = ['id'] as const;
export const adminBonusGrantFilterSchema = z.strictObject({
  id: z.union([z.number().int(), z.array(z.number().int()).max(500)]).optional(),
});
