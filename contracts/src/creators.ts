import { z } from 'zod';

export const SNS_TYPES = ['YOUTUBE', 'AFREECA', 'TWITCH', 'FACEBOOK', 'TIKTOK', 'INSTAGRAM'] as const;
export const snsTypeSchema = z.enum(SNS_TYPES);
export type SnsType = z.infer<typeof snsTypeSchema>;

/** NONE: no business (needs a cash receipt number); PRIVATE: individual; CORPORATION. */
export const BUSINESS_TYPES = ['NONE', 'PRIVATE', 'CORPORATION'] as const;
export const businessTypeSchema = z.enum(BUSINESS_TYPES);
export type BusinessType = z.infer<typeof businessTypeSchema>;

/** Fields each business type requires on the creator profile. */
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

/** Page paths of the web app a custom creator URL may not take (the catch-all `/{creator_id}` sits beside them). */
export const RESERVED_CREATOR_URLS = [
  'creator-search',
  'collectterms',
  'privacyterms',
  'provideterms',
  'operating-policies',
  'browse-missions',
  'creator',
  'signup-for-creator',
  'get-creator-account-number',
  'email-sent',
  'mission-detail',
  'lottery-event',
  'faq',
  'not-found',
  'password-change',
  'notifications',
  'login',
  'sns-login',
  'forgot-password',
  'password-reset',
  'signup-accept-terms',
  'sign-up',
  'newbie-creator-mypage',
  'edit-creator-profile',
  'mission-management',
  'adjustment-page',
  'bank-account-change',
  'user-mypage',
  'creator-registration',
  'edit-user-profile',
  'coin-history',
  'api',
  'admin',
  'files',
  'images',
  'assets',
  'dev',
] as const;

/** A custom page URL: letters, digits, `-` and `_`, not only digits (those are creator ids), not a page path. */
export const CREATOR_URL_PATTERN = /^[A-Za-z0-9_-]{1,50}$/;
export const CREATOR_NAME_MAX = 30;
export const CREATOR_MAX_TAGS = 10;
export const MINIMUM_COST_MAX = 10_000_000;
/** Korean business registration numbers have 10 digits (shown as 123-45-67890). */
export const BUSINESS_REGISTRATION_NUMBER_PATTERN = /^\d{3}-?\d{2}-?\d{5}$/;

/** A business registration number's 10 digits, without hyphens. */
export const businessRegistrationDigits = (value: string): string => value.replace(/-/g, '');

/**
 * Whether a business registration number (사업자등록번호) is well formed: 10 digits (hyphens as 123-45-67890 allowed)
 * whose last is the check digit of the first nine (weights 1 3 7 1 3 7 1 3 5, plus the tens of the ninth digit × 5).
 */
export function isValidBusinessRegistrationNumber(value: string): boolean {
  if (!BUSINESS_REGISTRATION_NUMBER_PATTERN.test(value)) return false;
  const digits = [...businessRegistrationDigits(value)].map(Number);
  const weights = [1, 3, 7, 1, 3, 7, 1, 3, 5];
  const sum = weights.reduce((total, weight, index) => total + weight * digits[index]!, 0);
  const check = (10 - ((sum + Math.floor((digits[8]! * 5) / 10)) % 10)) % 10;
  return check === digits[9];
}

/** What the business registry (국세청 사업자등록 상태조회) answers of a registration: in business, closed or suspended. */
export const BUSINESS_REGISTRY_STATUSES = ['ACTIVE', 'CLOSED', 'SUSPENDED'] as const;
export type BusinessRegistryStatus = (typeof BUSINESS_REGISTRY_STATUSES)[number];
/** Cash receipts are issued to a phone number or a registration number: digits, hyphens allowed. */
export const CASH_RECEIPT_NUMBER_PATTERN = /^[\d-]{8,20}$/;
export const BANK_ACCOUNT_NUMBER_PATTERN = /^\d{1,30}$/;
