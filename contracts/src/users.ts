import { z } from 'zod';
import { PASSWORD_PATTERN } from './limits';
import { roleSchema } from './roles';

/** Custom messages are keys of the server's message catalogue, translated into the caller's language. */
const password = z.string({ error: 'validation.required' }).regex(PASSWORD_PATTERN, { error: 'auth.passwordFormat' });
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
  password: z.string().min(1, { error: 'validation.required' }),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({ id: z.number().int(), roles: z.array(roleSchema) });

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
});
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

export const idResponseSchema = z.object({ id: z.number().int() }).meta({ id: 'IdResponse' });

export const fileEntrySchema = z
  .object({
    id: z.number().int(),
    s3Url: z.string(),
    contentType: z.string(),
    thumbnail: z.object({ s3Url: z.string() }).nullable(),
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
    address: z.string().nullable(),
    addressDetail: z.string().nullable(),
    provider: z.enum(ACCOUNT_PROVIDERS),
    language: z.string(),
    coinsFrozen: z.boolean(),
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
export const resetPasswordQuerySchema = z.object({ code: z.string().min(1, { error: 'validation.required' }) });
export const resetPasswordRequestSchema = z.object({ password });

export const changePasswordRequestSchema = z.strictObject({
  password,
  currentPassword: z.string().min(1, { error: 'validation.required' }),
});
export const updateProfileRequestSchema = z.strictObject({
  username: nickname,
  phone: phone.optional(),
  address: optionalText(200).optional(),
  addressDetail: optionalText(200).optional(),
});
export const updateUserRequestSchema = z.union([changePasswordRequestSchema, updateProfileRequestSchema]);

export const emailVerificationQuerySchema = z.object({ token: z.string().min(1) });

export const appleLoginRequestSchema = z.object({
  code: z.string().optional(),
  id_token: z.string().min(1, { error: 'validation.required' }),
});

export const switchToCreatorRequestSchema = z.strictObject({
  name: z.string().trim().min(1).max(30).optional(),
});
