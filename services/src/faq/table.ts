import type { FaqCategory } from '@fanmission/contracts';
import type { Generated, Insertable, Selectable } from 'kysely';

export interface FaqsTable {
  id: Generated<number>;
  category: FaqCategory;
  title: string;
  content: string;
  position: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface FaqTables {
  faqs: FaqsTable;
}

export type FaqRow = Selectable<FaqsTable>;
export type NewFaq = Insertable<FaqsTable>;
