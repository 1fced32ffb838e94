import { z } from 'zod';

export const subErrorSchema = z
  .object({
    field: z.string(),
    message: z.string(),
    rejectedValue: z.unknown().optional(),
  })
  .meta({ id: 'SubError' });
export type SubError = z.infer<typeof subErrorSchema>;

/** 401 codes the client reacts to by clearing the session. */
export const AUTH_ERROR_CODES = ['EXPIRED_TOKEN', 'INVALID_TOKEN', 'UNSUPPORTED_TOKEN', 'OAUTH2'] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

/** Machine-readable reasons of the payment failures the client reacts to. */
export const PAYMENT_ERROR_CODES = [
  'MERCHANT_CODE_MISSING',
  'PAYLOAD_NOT_CREATED',
  'USE_BANK_TRANSFER',
  'CREATOR_CANNOT_CHARGE',
  'PAYMENT_NOT_FOUND',
  'PAYMENT_MISMATCH',
  'PAYMENT_NOT_COMPLETED',
  'PAYPAL_NOT_COMPLETED',
  'PAYMENT_FAILED',
  'PROVIDER_UNAVAILABLE',
  'DEPOSIT_FAILED',
  'IDEMPOTENCY_CONFLICT',
  'BANK_TRANSFER_DECIDED',
] as const;
export type PaymentErrorCode = (typeof PAYMENT_ERROR_CODES)[number];

export const ERROR_CODES = [
  ...AUTH_ERROR_CODES,
  'VALIDATION_FAILED',
  'NOT_FOUND',
  'ACCESS_DENIED',
  'CONFLICT',
  'UNAUTHORIZED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  // A path parameter over the router's 100 characters.
  'URI_TOO_LONG',
  'TOO_MANY_REQUESTS',
  // Past the live notification streams a member or an address may hold open (services/src/notifications/stream.ts).
  'TOO_MANY_STREAMS',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
  // A cookie-authenticated change without the X-Requested-With header, or a cross-site login.
  'CSRF',
  // The ledger's refusals (ledger/src/errors.ts; CREATOR_CANNOT_CHARGE and IDEMPOTENCY_CONFLICT are among the
  // payments' codes); the web opens the charge modal on NOT_ENOUGH_COINS.
  'NOT_ENOUGH_COINS',
  'COINS_FROZEN',
  'UNKNOWN_USER',
  'PAYMENT_ALREADY_CREDITED',
  'PURCHASE_NOT_FOUND',
  'PURCHASE_ALREADY_REFUNDED',
  'WITHDRAWAL_WINDOW_PASSED',
  'PHONE_CANCEL_MONTH_PASSED',
  'PURCHASE_ALREADY_USED',
  'NOTHING_REFUNDABLE',
  'ESCROW_EMPTY',
  'NOT_ENOUGH_EARNINGS',
  'NOTHING_TO_EXPIRE',
  'NOTHING_TO_REVERSE',
  'INVALID_COMMAND',
  'NOTHING_TO_COMPENSATE',
  'REFUND_NOT_RETURNABLE',
  ...PAYMENT_ERROR_CODES,
  // A member who has not accepted the terms in force: changes wait until he does (GET /users/me/terms-consent).
  'TERMS_NOT_ACCEPTED',
  // Income and settlement.
  'MONTH_NOT_ENDED',
  // A statement held after a payout account change: approve and pay wait for finance's release.
  'STATEMENT_HELD',
  'PAYEE_ACCOUNT_REFUSED',
  'PAYOUT_ACCOUNT_UNVERIFIED',
  // Missions: the workflow's refusals of an action, then the request checks.
  'NOT_REQUESTED',
  'ALREADY_DECIDED',
  'DECISION_DEADLINE_PASSED',
  'NOT_ACCEPTED',
  'ALREADY_PERFORMED',
  'PERFORM_DEADLINE_PASSED',
  'CREATOR_BLOCKED',
  'CREATOR_PAUSED',
  'REQUESTS_FULL',
  'CREATOR_CANNOT_REQUEST',
  'CUSTOM_NOT_AVAILABLE',
  'PRICE_CHANGED',
  'MISSION_NOT_COMPLETED',
  'PRODUCT_INACTIVE',
  'ROULETTE_CLOSED',
  'WRONG_PRODUCT_TYPE',
  'EXIST_ONGOING_EVENT',
  'NOT_REFUNDABLE',
  'NOT_REFUNDABLE_AT_PROVIDER',
  'NOT_PAYABLE_BY_HAND',
  'PROVIDER_PART_OPEN',
  'REFUND_ACCOUNT_UNVERIFIED',
  'BANK_LOOKUP_UNAVAILABLE',
  'BUSINESS_REGISTRY_UNAVAILABLE',
  'REFUND_DESTINATION_CHANGED',
  'PAYMENT_NOT_CANCELLABLE',
  'BONUS_BUDGET_EXCEEDED',
  'TOO_MANY_RECIPIENTS',
  // Accounts, follows and files.
  'BAD_CREDENTIALS',
  'LOGIN_BLOCKED',
  'SOCIAL_ACCOUNT',
  // A payout account change on an account without a password needs a fresh sign-in.
  'REAUTHENTICATION_REQUIRED',
  'UNVERIFIED',
  'CANNOT_FOLLOW_SELF',
  'FILE_TOO_LARGE',
  'UNKNOWN_FILE_FORMAT',
  // A picture of a known type whose bytes cannot be decoded (it would otherwise be stored with its metadata).
  'UNREADABLE_FILE',
  // A media file whose playable rendition is being made (409, try again) or could not be made (422).
  'FILE_PROCESSING',
  'FILE_PROCESSING_FAILED',
  // Comments.
  'COMMENT_RESTRICTED',
  'OWN_COMMENT',
  'OWN_REVIEW',
  // Lottery events: the API's refusals and the event workflow's (workflows/src/events/refusals.ts).
  'ALREADY_APPLIED',
  'CREATOR_CANNOT_REQUEST',
  'EXIST_ONGOING_EVENT',
  'NOT_APPLYING',
  'OWN_EVENT',
  'NOT_EDITABLE',
  'NOT_DRAWING',
  'DRAW_DEADLINE_PASSED',
  'DRAW_COUNT_EXCEEDED',
  'NOT_AN_APPLICANT',
  'ALREADY_PICKED',
  'NOT_PICKED',
  'DRAW_ALL_DONE',
  'NOT_DRAWABLE',
  'NOT_CANCELABLE',
  'BUSY',
  'NOT_A_WINNER',
  'PRIZE_DEADLINE_PASSED',
  // Console.
  'OWN_ACCOUNT',
  // Staff approvals: the maker approving his own request, or a member related to him by recent staff grants; the author of
  // the payout account change that held a statement releasing it; a request voided by a change of what it acts on,
  // expired, or already decided; the platform's cap of free coins.
  'OWN_REQUEST',
  'OWN_PAYOUT_CHANGE',
  'STAFF_RELATED',
  // A staff change that would leave a console role with no active holder.
  'LAST_ROLE_HOLDER',
  'APPROVAL_VOIDED',
  'APPROVAL_EXPIRED',
  'APPROVAL_NOT_PENDING',
  'BONUS_CAP_EXCEEDED',
  'STATEMENT_NOT_APPROVED',
  'SETTLEMENT_BATCH_EMPTY',
  // A statement finance selected for a batch that is not of the month, not in the action's status, or held.
  'SETTLEMENT_BATCH_NOT_ELIGIBLE',
  'TRANSFER_RESULT_UNREADABLE',
  // A bank transfer batch: its file before its release, a release or cancellation it is past, its file changed.
  'TRANSFER_BATCH_NOT_RELEASED',
  'TRANSFER_BATCH_NOT_RELEASABLE',
  'TRANSFER_BATCH_NOT_CANCELLABLE',
  'TRANSFER_BATCH_FILE_CHANGED',
  'VERIFY_RUNNING',
  'STAFF_SELF',
  'ROLE_NOT_HELD',
  // A console-only account at the web app's login (it logs in at the console); a staff account at the members'
  // login blocks (it is managed at /api/admin/staff).
  'CONSOLE_ACCOUNT',
  'STAFF_ACCOUNT',
  // Security and reliability: a performed file deleted before the workflow recorded it.
  'MEDIA_MISSING',
  // Adult content (contracts/src/adult-content.ts): the gate's refusals, then the identity verification's (not
  // finished at the provider, a minor's, or one another account already used).
  'ADULT_LOGIN_REQUIRED',
  'ADULT_VERIFICATION_REQUIRED',
  'IDENTITY_NOT_VERIFIED',
  'UNDER_ADULT_AGE',
  'IDENTITY_ALREADY_USED',
  // One person (the check's CI) already verified another account, and no operator allowed a second one.
  'ADULT_IDENTITY_IN_USE',
  // An operator's decision on a creator's request to clear his adult flag when none waits.
  'ADULT_CLEAR_NOT_REQUESTED',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorResponseSchema = z
  .object({
    message: z.string(),
    status: z.number().int(),
    code: z.string().optional(),
    subErrors: z.array(subErrorSchema).optional(),
    /** The request's trace (32 hex digits) while tracing is on: what a support ticket quotes to find it. */
    traceId: z.string().optional(),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** The message of every 403, which the client matches literally. */
export const ACCESS_DENIED_MESSAGE = 'access denied';

/** The code of a request or a lucky roll the held coins do not cover (409); the web opens the charge modal on it. */
export const NOT_ENOUGH_COINS = 'NOT_ENOUGH_COINS';
