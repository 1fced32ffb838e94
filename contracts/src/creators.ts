import { z } from 'zod';

export const SNS_TYPES = ['YOUTUBE', 'AFREECA', 'TWITCH', 'FACEBOOK', 'TIKTOK', 'INSTAGRAM'] as const;
export const snsTypeSchema = z.enum(SNS_TYPES);
export type SnsType = z.infer<typeof snsTypeSchema>;

/** NONE: no business (needs a cash receipt number); PRIVATE: individual; CORPORATION. */
export const BUSINESS_TYPES = ['NONE', 'PRIVATE', 'CORPORATION'] as const;
export const businessTypeSchema = z.enum(BUSINESS_TYPES);
export type BusinessType = z.infer<typeof businessTypeSchema>;

/** Fields each business type requires on the creator profile (spec 02 §5). */
export const BUSINESS_TYPE_REQUIRED_FIELDS = {
  NONE: ['businessCashReceiptNumber'],
  PRIVATE: ['businessRegistrationNumber'],
  CORPORATION: ['businessName', 'businessRegistrationNumber'],
} as const satisfies Record<BusinessType, readonly string[]>;

export const CREATOR_GRADES = ['SILVER', 'GOLD', 'DIAMOND'] as const;
export const creatorGradeSchema = z.enum(CREATOR_GRADES);
export type CreatorGrade = z.infer<typeof creatorGradeSchema>;

/** Settlement payout per coin in won, by grade. */
export const PAYOUT_WON_PER_COIN: Record<CreatorGrade, number> = { SILVER: 60, GOLD: 70, DIAMOND: 80 };

export const CREATOR_SEARCH_SORTS = ['newest', 'recommended', 'popular'] as const;
export const creatorSearchSortSchema = z.enum(CREATOR_SEARCH_SORTS);
export type CreatorSearchSort = z.infer<typeof creatorSearchSortSchema>;

export const FAQ_CATEGORIES = ['PAYMENT', 'MISSION'] as const;
export const faqCategorySchema = z.enum(FAQ_CATEGORIES);
export type FaqCategory = z.infer<typeof faqCategorySchema>;
export const DEFAULT_FAQ_CATEGORY: FaqCategory = 'PAYMENT';
