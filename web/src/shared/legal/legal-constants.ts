import { FILE_LIMITS, SUPPORT_HOURS } from '@fanmission/contracts';

// The legal texts' shapes and the values they quote (from the business constants of @fanmission/contracts), shared by
// the texts of each language (./texts-ko.ts, ./texts-en.ts, ./texts-ja.ts).

export type LegalDoc = 'terms' | 'privacy' | 'operating' | 'collect';

export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

export interface LegalText {
  title: string;
  sections: LegalSection[];
}

/** Terms and privacy constants that only the legal texts use (notice periods, retention, destruction). */
export const LEGAL_CONSTANTS = {
  termsNoticeDays: 15,
  unfavourableTermsNoticeDays: 30,
  terminationObjectionDays: 30,
  retention: { contractAndPaymentYears: 5, complaintAndCreditYears: 3, membershipAfterWithdrawalYears: 1 },
  destructionWithinDays: 5,
} as const;

/** Values the texts quote, derived from the constants. */
export const L = LEGAL_CONSTANTS;
export const percent = (rate: number) => Math.round(rate * 100);
export const imageMb = FILE_LIMITS.attachmentImageBytes / 1024 / 1024;
export const mediaMb = FILE_LIMITS.mediaBytes / 1024 / 1024;
export const hours = `${SUPPORT_HOURS.weekdaysFrom}–${SUPPORT_HOURS.weekdaysTo}`;
