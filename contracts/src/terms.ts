import { z } from 'zod';
import { isoDateTime } from './admin-fields';

/*
 * The terms members agree to, in versions: each kind has versions with an effective date (the start of a Korea-time
 * day), a summary of the changes and the full text in ko, en and ja. A version is announced at least
 * TERMS_NOTICE_DAYS days before it takes effect (UNFAVOURABLE_TERMS_NOTICE_DAYS when it is unfavourable to members),
 * and a member who joined before a version took effect is asked to accept it before he goes on.
 */

/** The documents with versions: the service terms, the privacy policy, the operating policy (the legal pages). */
export const TERMS_KINDS = ['terms', 'privacy', 'operating'] as const;
export const termsKindSchema = z.enum(TERMS_KINDS);
export type TermsKind = z.infer<typeof termsKindSchema>;

/** The web app's page of each kind (links in the notice's mail and notification). */
export const TERMS_PAGE_PATHS = {
  terms: '/provideterms',
  privacy: '/privacyTerms',
  operating: '/operating-policies',
} as const satisfies Record<TermsKind, string>;

/** The documents a member accepts (the sign-up's required boxes); the operating policy is announced, not accepted. */
export const CONSENT_TERMS_KINDS = ['terms', 'privacy'] as const satisfies readonly TermsKind[];

/** Days between publishing a version and its effective date, at least. */
export const TERMS_NOTICE_DAYS = 15;
export const UNFAVOURABLE_TERMS_NOTICE_DAYS = 30;

/** The notice period a version needs. */
export const termsNoticeDays = (unfavourable: boolean) =>
  unfavourable ? UNFAVOURABLE_TERMS_NOTICE_DAYS : TERMS_NOTICE_DAYS;

/** Where a version stands on a day: in force, announced for later, replaced, or withdrawn before it took effect. */
export const TERMS_VERSION_STATES = ['IN_FORCE', 'SCHEDULED', 'PAST', 'WITHDRAWN'] as const;
export const termsVersionStateSchema = z.enum(TERMS_VERSION_STATES);
export type TermsVersionState = z.infer<typeof termsVersionStateSchema>;

/** What identifies a version and when it takes effect, in the members' view and the console's alike. */
const versionFields = {
  id: z.number().int(),
  kind: termsKindSchema,
  version: z.number().int().positive(),
  effectiveAt: isoDateTime,
  unfavourable: z.boolean(),
};

/**
 * A version as members read it, in the reader's language. `body` is plain text: a line starting with `## ` is a
 * heading, blank lines separate paragraphs.
 */
export const termsVersionSchema = z
  .object({
    ...versionFields,
    summary: z.string(),
    body: z.string(),
  })
  .meta({ id: 'TermsVersion' });
export type TermsVersion = z.infer<typeof termsVersionSchema>;

export const termsKindParamsSchema = z.object({ kind: termsKindSchema });

/** `GET /terms/{kind}`: the version in force and the next one when one is announced. */
export const termsPageSchema = z
  .object({ current: termsVersionSchema, next: termsVersionSchema.nullable() })
  .meta({ id: 'TermsPage' });
export type TermsPage = z.infer<typeof termsPageSchema>;

/** `GET /users/me/terms-consent`: the versions in force the member has still to accept (none: he may go on). */
export const termsConsentSchema = z.object({ pending: z.array(termsVersionSchema) }).meta({ id: 'TermsConsent' });
export type TermsConsent = z.infer<typeof termsConsentSchema>;

export const termsAcceptanceRequestSchema = z.object({
  versionIds: z.array(z.number().int().positive()).min(1, { error: 'validation.required' }).max(10),
});
export type TermsAcceptanceRequest = z.infer<typeof termsAcceptanceRequestSchema>;

/** A text in each of the three languages. */
const localized = (max: number) =>
  z.object({
    ko: z.string().trim().min(1, { error: 'validation.required' }).max(max),
    en: z.string().trim().min(1, { error: 'validation.required' }).max(max),
    ja: z.string().trim().min(1, { error: 'validation.required' }).max(max),
  });
export const TERMS_SUMMARY_MAX = 2000;
export const TERMS_BODY_MAX = 100_000;

export const adminTermsVersionSchema = z
  .object({
    ...versionFields,
    state: termsVersionStateSchema,
    summary: localized(TERMS_SUMMARY_MAX),
    body: localized(TERMS_BODY_MAX),
    publishedBy: z.object({ id: z.number().int(), username: z.string() }).nullable(),
    publishedAt: isoDateTime,
    withdrawnAt: isoDateTime.nullable(),
    /** When every member had been told (a notification and a mail); null while the notice is under way. */
    noticeSentAt: isoDateTime.nullable(),
  })
  .meta({ id: 'AdminTermsVersion' });
export type AdminTermsVersion = z.infer<typeof adminTermsVersionSchema>;

/** A new version: its effective date is a Korea-time day (YYYY-MM-DD), the notice period or more ahead. */
export const adminTermsVersionInputSchema = z.object({
  kind: termsKindSchema,
  effectiveDate: z.iso.date({ error: 'validation.date' }),
  unfavourable: z.boolean().default(false),
  summary: localized(TERMS_SUMMARY_MAX),
  body: localized(TERMS_BODY_MAX),
});
export type AdminTermsVersionInput = z.infer<typeof adminTermsVersionInputSchema>;

export const adminTermsVersionFilterSchema = z.object({
  id: z.union([z.number().int(), z.array(z.number().int())]).optional(),
  kind: termsKindSchema.optional(),
});

export const ADMIN_TERMS_VERSION_SORT_FIELDS = ['id'] as const;
