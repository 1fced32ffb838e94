import type { TermsKind } from '@fanmission/contracts';

// The legal texts' shapes and the retention periods the collection notice quotes (./texts-ko.ts, ./texts-en.ts,
// ./texts-ja.ts).

/** The documents of the legal pages: the three with versions (served by the API) and the collection notice. */
export type LegalDoc = TermsKind | 'collect';

export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

/** A text of the app (its title is the legal page's, `legal.titles.*` of the app's messages). */
export interface LegalText {
  sections: LegalSection[];
}

/** Retention periods of personal data the collection notice quotes. */
export const LEGAL_CONSTANTS = {
  retention: { contractAndPaymentYears: 5, complaintAndCreditYears: 3, membershipAfterWithdrawalYears: 1 },
} as const;

export const L = LEGAL_CONSTANTS;
