import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Language, TermsKind } from '@fanmission/contracts';

/** A text in each UI language. */
export type LocalizedText = Record<Language, string>;

/** One version of a kind of terms (migration 0396); nothing of a version in force ever changes. */
export interface TermsVersionsTable {
  id: Generated<number>;
  kind: TermsKind;
  version: number;
  /** The start of a Korea-time day. */
  effective_at: Date;
  unfavourable: Generated<boolean>;
  summary: ColumnType<LocalizedText, string, never>;
  body: ColumnType<LocalizedText, string, never>;
  published_by: number | null;
  published_at: Date;
  withdrawn_at: Date | null;
  withdrawn_by: number | null;
  /** The notice's progress along users.id: notifications written, mails sent up to this id. */
  notice_notified_through: Generated<number>;
  notice_mailed_through: Generated<number>;
  notice_sent_at: Date | null;
}

/** A member's acceptance of a version, with its time. */
export interface TermsAcceptancesTable {
  user_id: number;
  terms_version_id: number;
  accepted_at: Date;
}

export interface TermsTables {
  terms_versions: TermsVersionsTable;
  terms_acceptances: TermsAcceptancesTable;
}

export type TermsVersionRow = Selectable<TermsVersionsTable>;
