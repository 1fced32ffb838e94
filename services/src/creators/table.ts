import type { Generated, Selectable } from 'kysely';
import type { CreatorGrade } from '@fanmission/contracts';

export interface CreatorsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  url: string | null;
  verified: Generated<boolean>;
  grade: Generated<CreatorGrade>;
  contain_adult_content: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface CreatorsTables {
  creators: CreatorsTable;
}

export type CreatorRow = Selectable<CreatorsTable>;
