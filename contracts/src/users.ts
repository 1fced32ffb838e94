import { z } from 'zod';
import { LOGIN_PASSWORD_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_PATTERN } from './limits';
import { roleSchema } from './roles';
import { accountTypeSchema } from './creator-review';

/** Custom messages are keys of the server's message catalogue, translated into the caller's language. */
const password = z
  .string({ error: 'validation.required' })
  .max(PASSWORD_MAX_LENGTH, { error: 'validation.passwordTooLong' })
  .regex(PASSWORD_PATTERN, { error: 'auth.passwordFormat' });
const nickname = z.string().trim().min(1, { error: 'validation.required' }).max(30);
const phone = z
  .string()
  .trim()
  .regex(/^\d{0,20}$/, { error: 'validation.numeric' })
  .transform((value) => (value === '' ? null : value));
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => (value === '' ? null : value));

export const SOCIAL_PROVIDERS = ['google', 'facebook', 'apple'] as const;
export const socialProviderSchema = z.enum(SOCIAL_PROVIDERS);
export type SocialProvider = z.infer<typeof socialProviderSchema>;
export const ACCOUNT_PROVIDERS = ['local', ...SOCIAL_PROVIDERS] as const;

export const loginRequestSchema = z.object({
  /** The e-mail address (the original client calls it username). */
  username: z.string().trim().min(1, { error: 'validation.required' }),
  password: z
    .string()
    .min(1, { error: 'validation.required' })
    .max(LOGIN_PASSWORD_MAX_LENGTH, { error: 'validation.passwordTooLong' }),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({ id: z.number().int(), roles: z.array(roleSchema) });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/**
 * The operator console's session (`/api/admin/session`): who is signed in to the console. The token itself
 * never reaches the page: it lives in the HttpOnly `fm_console` cookie (Path=/api/admin).
 */
export const consoleSessionSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  roles: z.array(roleSchema),
  approvalLimits: z
    .object({
      aboveWon: z.number().int().nonnegative().describe('A cancel or refund worth more waits for a second member.'),
      bonusGrantAboveCoins: z
        .number()
        .int()
        .nonnegative()
        .describe('A free-coin grant (or BONUS coin item) of more coins waits for a second member.'),
      bankDepositAboveWon: z
        .number()
        .int()
        .nonnegative()
        .describe('A bank deposit worth more waits for a second member, who checks the bank statement.'),
    })
    .describe('The amounts above which a money action waits in the staff approval queue, as the console says them.'),
});
export type ConsoleSession = z.infer<typeof consoleSessionSchema>;

export const signUpRequestSchema = z.strictObject({
  provider: z.literal('local').default('local'),
  username: nickname,
  email: z.email({ error: 'validation.email' }).max(254),
  password,
  phone: phone.optional(),
  address: optionalText(200).optional(),
  addressDetail: optionalText(200).optional(),
  verifySuccessUrl: z.url({ error: 'validation.url' }),
  /** YYYY-MM-DD; members must be at least 14, and 14 to 18 need a parent's consent. */
  birthDate: z.iso.date({ error: 'validation.date' }),
  parentConsent: z.boolean().default(false),
  /** CREATOR: the creator form variant; the account also gets ROLE_CREATOR and a creator pending review. */
  accountType: accountTypeSchema.default('USER'),
  /** The creator name (CREATOR only; defaults to the nickname). */
  creatorName: z.string().trim().min(1, { error: 'validation.required' }).max(30).optional(),
});
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

export const idResponseSchema = z.object({ id: z.number().int() }).meta({ id: 'IdResponse' });

export const fileEntrySchema = z
  .object({
    id: z.number().int(),
    s3Url: z.string(),
    contentType: z.string(),
    thumbnail: z.object({ s3Url: z.string() }).nullable(),
    processing: z
      .enum(['PENDING', 'READY', 'FAILED'])
      .optional()
      .describe(
        'Video, audio and pictures other than JPEG, PNG and WebP are served as a rendition made in the background ' +
          'after the upload (H.264/AAC MP4, AAC .m4a, JPEG; metadata removed; docs/rules/files.md): PENDING until ' +
          'then (show a placeholder: `s3Url` answers 409 `FILE_PROCESSING`), FAILED when it could not be made ' +
          '(nothing is served: 422 `FILE_PROCESSING_FAILED`). Absent: READY.',
      ),
    smallScreenVideo: z
      .object({ s3Url: z.string(), width: z.number().int(), height: z.number().int() })
      .optional()
      .describe('A 720p rendition of a video larger than 720p, for small screens and slow networks.'),
  })
  .meta({ id: 'FileEntry' });
export type FileEntry = z.infer<typeof fileEntrySchema>;

export const userSummarySchema = z.object({
  id: z.number().int(),
  username: z.string(),
  image: fileEntrySchema.nullable(),
});

export const currentUserSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    email: z.string().nullable(),
    image: fileEntrySchema.nullable(),
    imageUrl: z.string(),
    roles: z.array(roleSchema),
    phone: z.string().nullable(),
    /** The number in `phone` was confirmed with a code sent to it by SMS (only then does 알림톡 go to it). */
    phoneConfirmed: z.boolean(),
    address: z.string().nullable(),
    addressDetail: z.string().nullable(),
    provider: z.enum(ACCOUNT_PROVIDERS),
    language: z.string(),
    coinsFrozen: z.boolean(),
    /** The member does not appear among creators' public Top-3 supporters. */
    rankingOptOut: z.boolean(),
    /** When the member's identity check proved him an adult (contracts/src/adult-content.ts); null until then. */
    adultVerifiedAt: z.iso.datetime({ offset: true }).nullable(),
    creator: z
      .object({
        id: z.number().int(),
        name: z.string(),
        verified: z.boolean(),
        tags: z.array(z.object({ id: z.number().int(), name: z.string() })),
        eventMission: z.object({ id: z.number().int() }).nullable(),
        user: userSummarySchema,
      })
      .nullable(),
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const userIdParamsSchema = z.object({ userId: z.coerce.number().int().positive() });
export const idParamsSchema = z.object({ id: z.coerce.number().int().positive() });

export const forgotPasswordRequestSchema = z.object({ email: z.email({ error: 'validation.email' }) });
const mailedCode = z.string().min(1, { error: 'validation.required' }).max(200);
/** The mailed code in the query, as older clients send it; the web app sends it in the body. */
export const resetPasswordQuerySchema = z.object({ code: mailedCode.optional() });
/** `code`: the mailed code (required here unless the query carries it). */
export const resetPasswordRequestSchema = z.object({ password, code: mailedCode.optional() });

export const changePasswordRequestSchema = z.strictObject({
  password,
  currentPassword: z
    .string()
    .min(1, { error: 'validation.required' })
    .max(LOGIN_PASSWORD_MAX_LENGTH, { error: 'validation.passwordTooLong' }),
});
export const updateProfileRequestSchema = z.strictObject({
  username: nickname,
  phone: phone.optional(),
  address: optionalText(200).optional(),
  addressDetail: optionalText(200).optional(),
  /** Leave (true) or join again (false) the creator pages' public Top-3 supporters; absent: unchanged. */
  rankingOptOut: z.boolean().optional(),
});
export const updateUserRequestSchema = z.union([changePasswordRequestSchema, updateProfileRequestSchema]);

/** The token of the verification mail's link (its fragment), which the web page posts. */
export const emailVerificationRequestSchema = z.object({ token: mailedCode });
/**
 * Where the browser goes next: the sign-up's verifySuccessUrl, or the verification page when the link is spent.
 * `signedIn` is who the answer signed in (as a login does), null when it signed nobody in.
 */
export const emailVerificationResponseSchema = z.object({
  redirectUrl: z.string(),
  signedIn: loginResponseSchema.nullable(),
});
export type EmailVerificationResponse = z.infer<typeof emailVerificationResponseSchema>;

/** A random value the browser keeps in its sessionStorage while a social login is under way (login CSRF). */
export const oauthClientStateSchema = z.string().min(16).max(128);

export const appleLoginRequestSchema = z.object({
  code: z.string().optional(),
  id_token: z.string().min(1, { error: 'validation.required' }),
  /**
   * The nonce the browser sent to Apple when the login started (kept in its sessionStorage). When given, the
   * id_token's `nonce` claim must be it (or its SHA-256 hex, as native SDKs send); an id_token that carries a nonce
   * is refused without it, so a token captured from one login cannot be replayed into another browser.
   */
  nonce: oauthClientStateSchema.optional(),
});

export const switchToCreatorRequestSchema = z.strictObject({
  name: z.string().trim().min(1).max(30).optional(),
});

/** Providers that sign in through the browser redirect flow under /api/oauth2 (Apple signs in with an id_token). */
export const OAUTH2_REDIRECT_PROVIDERS = ['google', 'facebook'] as const;
export const oauth2ProviderParamsSchema = z.object({ provider: z.enum(OAUTH2_REDIRECT_PROVIDERS) });
export type OAuth2RedirectProvider = (typeof OAUTH2_REDIRECT_PROVIDERS)[number];

export const oauth2AuthorizeQuerySchema = z.object({
  /** Where the browser returns with `#login_code=` or `?error=`; must be on the service's own origin (PUBLIC_URL). */
  redirect_uri: z.url({ error: 'validation.url' }),
  /** A random value the browser keeps (sessionStorage) and shows again to exchange the login code. */
  client_state: oauthClientStateSchema,
});

/** `POST /api/oauth2/token`: the one-time login code of the return URL's fragment and the browser's state. */
export const oauth2CodeExchangeRequestSchema = z.strictObject({
  code: z.string().min(1).max(200),
  client_state: oauthClientStateSchema,
});

/** What the provider sends back to the callback (RFC 6749 §4.1.2). */
export const oauth2CallbackQuerySchema = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});

/**
 * The `?error=` reasons of a social login return: the state did not match the browser (or expired), the user
 * declined at the provider, the provider failed, or the account's login is blocked.
 */
export const OAUTH2_ERROR_REASONS = ['invalid_state', 'access_denied', 'provider_error', 'blocked'] as const;
export type OAuth2ErrorReason = (typeof OAUTH2_ERROR_REASONS)[number];

/** `GET /api/v1/auth/providers`: which social sign-ins this deployment offers (the sign-in page shows only those). */
export const authProvidersResponseSchema = z
  .object({
    google: z.boolean(),
    facebook: z.boolean(),
    /** Sign in with Apple on the web needs the Services ID as the client id of Apple's JS. */
    apple: z.object({ clientId: z.string() }).nullable(),
  })
  .meta({ id: 'AuthProviders' });
export type AuthProviders = z.infer<typeof authProvidersResponseSchema>;
