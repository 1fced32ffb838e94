import type { FaqCategory } from '@fanmission/contracts';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** A translation's column: null when the operators wrote none (the Korean is shown). */
type Translation = ColumnType<string | null, string | null | undefined, string | null>;

export interface FaqsTable {
  id: Generated<number>;
  category: FaqCategory;
  title: string;
  content: string;
  title_en: Translation;
  content_en: Translation;
  title_ja: Translation;
  content_ja: Translation;
  position: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface FaqTables {
  faqs: FaqsTable;
}

export type FaqRow = Selectable<FaqsTable>;
export type NewFaq = Insertable<FaqsTable>;
