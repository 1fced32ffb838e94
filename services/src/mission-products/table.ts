import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { ProductType } from '@fanmission/contracts';

export interface MissionProductsTable {
  id: Generated<number>;
  creator_id: number;
  type: ProductType;
  name: string;
  /** BASIC and LUCKY: the price in coins (LUCKY: per roll). CUSTOM and EVENT: null. */
  coin_price: number | null;
  /** CUSTOM: the smallest amount a fan may offer. */
  minimum_cost: number | null;
  /** LUCKY: percent, 0.1–10 in steps of 0.1; numeric(3,1) comes back from pg as a string. */
  win_probability: ColumnType<string | null, string | number | null, string | number | null>;
  always_private: Generated<boolean>;
  allow_attachments: Generated<boolean>;
  /** BASIC: the description; LUCKY: the perform item (both ≤ 200). */
  description: string | null;
  description_picture_file_id: number | null;
  /** A lottery event's description video (null: none). */
  description_video_file_id: Generated<number | null>;
  active: Generated<boolean>;
  /** The cap on this product's open requests (null: none; docs/rules/creators.md). */
  max_open_requests: Generated<number | null>;
  /** Position among the creator's products of the same type (ascending). */
  sort_order: number;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface MissionProductsTables {
  mission_products: MissionProductsTable;
}

export type MissionProductRow = Selectable<MissionProductsTable>;
export type NewMissionProduct = Insertable<MissionProductsTable>;
