import { z } from 'zod';
import { faqCategorySchema, DEFAULT_FAQ_CATEGORY } from './creators';
import { HEX_COLOUR_PATTERN, PAGE_SIZES } from './limits';
import { pageQuerySchema } from './page';

/** FAQ entry. */
export const faqSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    content: z.string(),
    created: z.iso.datetime({ offset: true }),
    type: faqCategorySchema,
  })
  .meta({ id: 'Faq' });
export type Faq = z.infer<typeof faqSchema>;

/** `GET /board/faq?direction=ASC&page&size=6&type=PAYMENT|MISSION`: entries in the operators' order. */
export const faqQuerySchema = pageQuerySchema(PAGE_SIZES.faq).extend({
  direction: z.enum(['ASC', 'DESC']).default('ASC'),
  type: faqCategorySchema.default(DEFAULT_FAQ_CATEGORY),
});

/** The popup shown on the landing page. */
const popupFields = {
  id: z.number().int(),
  title: z.string(),
  webImage: z.object({ s3Url: z.string() }).nullable(),
  linkBackgroundColor: z.string(),
  linkTextColor: z.string(),
  linkLoggedOn: z.string().nullable(),
  linkLoggedOff: z.string().nullable(),
  linkTextLoggedOn: z.string().nullable(),
  linkTextLoggedOff: z.string().nullable(),
};
export const popupSchema = z.object(popupFields).meta({ id: 'Popup' });
export type Popup = z.infer<typeof popupSchema>;

// --- Operator console (`/api/admin/faqs`, `/api/admin/popups`, ra-data-simple-rest) ---

export const ADMIN_FAQ_SORT_FIELDS = ['id', 'category', 'position', 'createdAt'] as const;
export const adminFaqSchema = z
  .object({
    id: z.number().int(),
    category: faqCategorySchema,
    title: z.string(),
    content: z.string(),
    /** The question and answer in English and Japanese; null where the operators wrote none (Korean is shown). */
    titleEn: z.string().nullable(),
    contentEn: z.string().nullable(),
    titleJa: z.string().nullable(),
    contentJa: z.string().nullable(),
    position: z.number().int(),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'AdminFaq' });
/** A translation left empty is none. */
const translation = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));
export const adminFaqInputSchema = z
  .object({
    category: faqCategorySchema,
    title: z.string().trim().min(1, { error: 'validation.required' }).max(200),
    content: z.string().trim().min(1, { error: 'validation.required' }).max(5000),
    titleEn: translation(200),
    contentEn: translation(5000),
    titleJa: translation(200),
    contentJa: translation(5000),
    position: z.number().int().min(0).max(1_000_000).default(0),
  })
  .superRefine((faq, context) => {
    // A language's question and answer go together.
    for (const [title, content] of [
      ['titleEn', 'contentEn'],
      ['titleJa', 'contentJa'],
    ] as const) {
      if ((faq[title] === null) === (faq[content] === null)) continue;
      context.addIssue({
        code: 'custom',
        path: [faq[title] === null ? title : content],
        message: 'validation.required',
      });
    }
  });
export const adminFaqFilterSchema = z.object({
  id: z.union([z.number().int(), z.array(z.number().int())]).optional(),
  category: faqCategorySchema.optional(),
  q: z.string().optional(),
});

const hexColour = z
  .string()
  .trim()
  .regex(HEX_COLOUR_PATTERN, { error: 'board.hexColourInvalid' })
  .transform((value) => (value.startsWith('#') ? value : `#${value}`));
const optionalLink = z
  .string()
  .trim()
  .max(500)
  .nullable()
  .optional()
  .transform((value) => (value ? value : null));
/** A popup's link target: an http(s) URL or a path of this site (`/browse-missions`), never `javascript:` or `data:`. */
const SAFE_LINK = /^(https?:\/\/[^\s]+|\/(?!\/)[^\s]*)$/i;
const optionalSafeLink = optionalLink.refine((value) => value === null || SAFE_LINK.test(value), {
  error: 'validation.url',
});

export const ADMIN_POPUP_SORT_FIELDS = ['id', 'createdAt', 'startsAt'] as const;
export const adminPopupSchema = z
  .object({
    ...popupFields,
    webImageId: z.number().int().nullable(),
    active: z.boolean(),
    startsAt: z.iso.datetime({ offset: true }).nullable(),
    endsAt: z.iso.datetime({ offset: true }).nullable(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'AdminPopup' });
export const adminPopupInputSchema = z
  .object({
    title: z.string().trim().min(1, { error: 'validation.required' }).max(200),
    webImageId: z.number().int().positive().nullable().default(null),
    linkBackgroundColor: hexColour.default('#000000'),
    linkTextColor: hexColour.default('#FFFFFF'),
    linkLoggedOn: optionalSafeLink,
    linkLoggedOff: optionalSafeLink,
    linkTextLoggedOn: optionalLink,
    linkTextLoggedOff: optionalLink,
    active: z.boolean().default(true),
    startsAt: z.iso.datetime({ offset: true }).nullable().default(null),
    endsAt: z.iso.datetime({ offset: true }).nullable().default(null),
  })
  .refine((popup) => !popup.startsAt || !popup.endsAt || new Date(popup.startsAt) < new Date(popup.endsAt), {
    error: 'board.popupPeriodInvalid',
    path: ['endsAt'],
  });
export const adminPopupFilterSchema = z.object({
  id: z.union([z.number().int(), z.array(z.number().int())]).optional(),
  active: z.boolean().optional(),
});
