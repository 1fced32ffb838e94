import { z } from 'zod';
import { koreaDate } from './time';

/**
 * Adult content: a creator flagged `containAdultContent` shows his page, products and missions only to a signed-in
 * member whose identity check (PortOne's identity verification) proved him an adult. Korean law counts an adult as
 * 19 full years of age (만 19세), on the Korea-time calendar.
 */
export const ADULT_AGE = 19;

/** The day a person born on `birthDate` (YYYY-MM-DD) turns 19, in Korea time. */
function nineteenthBirthday(birthDate: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate);
  if (!match) return null;
  return { year: Number(match[1]) + ADULT_AGE, month: Number(match[2]), day: Number(match[3]) };
}

/**
 * Whether the person born on `birthDate` (YYYY-MM-DD, as PortOne's `verifiedCustomer.birthDate`) is 19 or older at
 * `now`, counted on the Korea-time date: he is an adult from the start of his 19th birthday there. A birthday of
 * 29 February that his 19th year lacks comes on 1 March (the age period ends with February: Korean Civil Act's
 * calendar counting). An unreadable birth date is never an adult's.
 */
export function isAdultAt(birthDate: string, now: Date): boolean {
  const birthday = nineteenthBirthday(birthDate);
  const today = koreaDate(now);
  if (!birthday || !/^\d{4}-\d{2}-\d{2}$/.test(today)) return false;
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  if (year !== birthday.year) return year > birthday.year;
  if (month !== birthday.month) return month > birthday.month;
  return day >= birthday.day;
}

/** The error codes of the gate: 401 when nobody is signed in, 403 when the member has not proved his age. */
export const ADULT_GATE_CODES = ['ADULT_LOGIN_REQUIRED', 'ADULT_VERIFICATION_REQUIRED'] as const;
export type AdultGateCode = (typeof ADULT_GATE_CODES)[number];

/**
 * Who set a creator's adult flag: he himself on his profile, or an operator in the console's review. A creator never
 * clears it himself: his clearing waits for an operator's decision (ACCEPT clears, DECLINE keeps it as the
 * operator's), and his content stays behind the gate until then.
 */
export const ADULT_FLAG_SETTERS = ['CREATOR', 'OPERATOR'] as const;
export const adultFlagSetterSchema = z.enum(ADULT_FLAG_SETTERS);
export type AdultFlagSetter = z.infer<typeof adultFlagSetterSchema>;
export const ADULT_CLEAR_DECISIONS = ['ACCEPT', 'DECLINE'] as const;
export type AdultClearDecision = (typeof ADULT_CLEAR_DECISIONS)[number];

/** The identity verification's providers: PortOne (V2), or the local sandbox of development and tests. */
export const IDENTITY_VERIFICATION_PROVIDERS = ['sandbox', 'portone'] as const;
export type IdentityVerificationProviderName = (typeof IDENTITY_VERIFICATION_PROVIDERS)[number];

/** An identity verification id: ours, handed to PortOne's browser SDK as its `identityVerificationId`. */
export const identityVerificationIdSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(100)
  .regex(/^[A-Za-z0-9_-]*$/);

/** `POST /users/me/identity-verifications`: where the browser comes back to after the check (our own origin). */
export const identityVerificationStartRequestSchema = z.object({
  redirectUrl: z.url({ error: 'validation.url' }).max(2000),
});
export type IdentityVerificationStartRequest = z.infer<typeof identityVerificationStartRequestSchema>;

export const identityVerificationStartSchema = z
  .object({
    identityVerificationId: z.string(),
    provider: z.enum(IDENTITY_VERIFICATION_PROVIDERS),
    /** PortOne's browser SDK parameters (null for the sandbox). */
    storeId: z.string().nullable(),
    channelKey: z.string().nullable(),
    /** The sandbox's verification page, to open in place of PortOne's window (null for PortOne). */
    sandboxUrl: z.string().nullable(),
  })
  .meta({ id: 'IdentityVerificationStart' });
export type IdentityVerificationStart = z.infer<typeof identityVerificationStartSchema>;

/**
 * `POST /api/admin/users/{id}/adult-identity-allowance` (operators): the member may verify as an adult with an identity
 * another account already verified (one person's second account), with the reason the audit log keeps.
 */
export const adultIdentityAllowanceSchema = z
  .strictObject({ reason: z.string().trim().min(1, { error: 'validation.required' }).max(200) })
  .meta({ id: 'AdultIdentityAllowance' });
export type AdultIdentityAllowance = z.infer<typeof adultIdentityAllowanceSchema>;

/** `POST /users/me/adult-verification`: the finished identity verification to read back from the provider. */
export const adultVerificationRequestSchema = z.object({ identityVerificationId: identityVerificationIdSchema });
export type AdultVerificationRequest = z.infer<typeof adultVerificationRequestSchema>;

export const adultVerificationSchema = z
  .object({ adultVerifiedAt: z.iso.datetime({ offset: true }) })
  .meta({ id: 'AdultVerification' });
export type AdultVerification = z.infer<typeof adultVerificationSchema>;

/**
 * The sandbox verification page's form: the birth date the tester chooses, and the name the check verifies (PortOne's
 * verifiedCustomer.name; left empty, none).
 */
export const sandboxIdentityFormSchema = z.object({
  birthDate: z.iso.date({ error: 'validation.date' }),
  name: z
    .string()
    .trim()
    .max(50)
    .optional()
    .transform((name) => name || undefined),
});
