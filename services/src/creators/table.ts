import type { ColumnType, Generated, Selectable, Updateable } from 'kysely';
import type {
  AdultFlagSetter,
  BusinessType,
  CreatorGrade,
  CreatorReviewStatus,
  PayoutAccountVerificationFailure,
  PayoutAccountVerificationStatus,
  SnsType,
} from '@fanmission/contracts';

export interface CreatorsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  url: string | null;
  verified: Generated<boolean>;
  grade: Generated<CreatorGrade>;
  contain_adult_content: Generated<boolean>;
  /** Who set the adult flag, while it is on (services/src/creators/adult-flag.ts). */
  adult_flagged_by: AdultFlagSetter | null;
  /** When the creator asked to clear the adult flag; it stays on until an operator decides. */
  adult_clear_requested_at: Date | null;
  /** The reason of an operator's last decision on the adult flag, who he was and when (migration 0640). */
  adult_flag_reason: string | null;
  adult_flag_decided_by: number | null;
  adult_flag_decided_at: Date | null;
  description: string | null;
  intro_file_id: number | null;
  business_type: BusinessType | null;
  business_name: string | null;
  business_registration_number: string | null;
  business_cash_receipt_number: string | null;
  /**
   * The business registration staff approved after the registry answered it as in business (migration 0650): what
   * removes the withholding and whose registered name a payout account may be held in. NONE until then.
   */
  verified_business_type: Generated<BusinessType>;
  verified_business_name: string | null;
  verified_business_number: string | null;
  business_verified_at: Date | null;
  donating: Generated<boolean>;
  bank_name: string | null;
  bank_account_holder: string | null;
  bank_account_number: string | null;
  /** Paid to an overseas bank account (5 % fee, 10 % tax); read by the income module. */
  payout_overseas: Generated<boolean>;
  /** A foreigner: paid to an overseas account, the settlement minimum is 1,000 coins. */
  payout_foreigner: Generated<boolean>;
  /** Whether fans may request CUSTOM missions; read by the missions module. */
  available_custom: Generated<boolean>;
  /** Smallest coin amount of a CUSTOM request; set whenever `available_custom` is. */
  minimum_cost: number | null;
  /** Operator review (7 to 14 days): APPROVED goes with verified = true. */
  review_status: Generated<CreatorReviewStatus>;
  /** Why the last rejection was made; required while REJECTED, kept after a re-queue for the operator. */
  review_reason: string | null;
  reviewed_at: Date | null;
  reviewed_by: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A translation's column: null when the operators wrote none (the Korean name is shown). */
type TagTranslation = ColumnType<string | null, string | null | undefined, string | null>;

export interface TagsTable {
  id: Generated<number>;
  name: string;
  name_en: TagTranslation;
  name_ja: TagTranslation;
  created_at: Generated<Date>;
}

export interface CreatorTagsTable {
  creator_id: number;
  tag_id: number;
}

export interface CreatorSnsLinksTable {
  id: Generated<number>;
  creator_id: number;
  type: SnsType;
  link: string;
}

export interface FollowsTable {
  user_id: number;
  creator_id: number;
  created_at: Generated<Date>;
}

/** Counters written by the popularity consumer from events; the search sorts read them. */
export interface CreatorPopularityTable {
  creator_id: number;
  follower_count: Generated<number>;
  like_count: Generated<number>;
  completed_count: Generated<number>;
  expired_count: Generated<number>;
  updated_at: Generated<Date>;
}

/**
 * A creator page's exact counts: his followers and the likes of all his missions, kept by triggers on `follows` and
 * `missions.likes_count` in the writing transaction (migration 0175).
 */
export interface CreatorPageTotalsTable {
  creator_id: number;
  followers: ColumnType<string, never, never>;
  likes: ColumnType<string, never, never>;
}

/**
 * What each fan spent on a creator's delivered missions (COMPLETED, lottery entries left out), kept by a trigger on
 * `missions` in the completing transaction (migration 0310): the creator page's top supporters.
 */
export interface CreatorSupportersTable {
  creator_id: number;
  user_id: number;
  coins: ColumnType<string, never, never>;
  missions: ColumnType<number, never, never>;
}

/**
 * One change of a creator's payout account, by the creator (with his password) or by finance (with a reason): the
 * account before and after, full numbers, who, from where and when. Append-only: a trigger refuses updates and
 * deletes (migration 0195).
 */
export interface PayoutAccountChangesTable {
  id: Generated<number>;
  creator_id: number;
  actor_id: number;
  actor_roles: string[];
  reason: string | null;
  from_bank_name: string | null;
  from_bank_account_holder: string | null;
  from_bank_account_number: string | null;
  from_payout_overseas: boolean;
  from_payout_foreigner: boolean;
  to_bank_name: string;
  to_bank_account_holder: string;
  to_bank_account_number: string;
  to_payout_overseas: boolean;
  to_payout_foreigner: boolean;
  /** The bank, the holder or the number changed: a statement issued within 72 hours after it is held. */
  destination_changed: boolean;
  request_ip: string | null;
  request_id: string;
  changed_at: Date;
}

/**
 * The account-holder look-up (예금주 조회) of each account a creator set, by bank and number (migration 0520): a
 * statement pays only to a VERIFIED one (docs/rules/settlement.md, verified payout account).
 */
export interface PayoutAccountVerificationsTable {
  creator_id: number;
  bank_name: string;
  bank_account_number: string;
  status: Generated<PayoutAccountVerificationStatus>;
  failure: PayoutAccountVerificationFailure | null;
  /** What the VERIFIED holder matched: the creator's verified name, his business name, or the account predates checks. */
  matched: 'REAL_NAME' | 'BUSINESS_NAME' | 'GRANDFATHERED' | null;
  /** The holder's name as the bank answered it. */
  bank_holder: string | null;
  attempts: Generated<number>;
  /** When the background check takes it (again); null: nothing to do until the account or the names change. */
  next_attempt_at: Date | null;
  /** When the account was (re)queued: a check records its outcome only for the queueing it read. */
  queued_at: Date;
  checked_at: Date | null;
}

/** Every refusal of a creator's application (the creator's row keeps the last reason only). */
export interface CreatorReviewRefusalsTable {
  id: Generated<number>;
  creator_id: number;
  reason: string;
  refused_by: number | null;
  refused_at: Date;
}

export interface CreatorsTables {
  creator_capacity: CreatorCapacityTable;
  creators: CreatorsTable;
  tags: TagsTable;
  creator_tags: CreatorTagsTable;
  creator_sns_links: CreatorSnsLinksTable;
  follows: FollowsTable;
  creator_popularity: CreatorPopularityTable;
  creator_page_totals: CreatorPageTotalsTable;
  creator_supporters: CreatorSupportersTable;
  payout_account_changes: PayoutAccountChangesTable;
  creator_review_refusals: CreatorReviewRefusalsTable;
  payout_account_verifications: PayoutAccountVerificationsTable;
}

export type CreatorRow = Selectable<CreatorsTable>;
export type CreatorUpdate = Updateable<CreatorsTable>;
export type PayoutAccountChangeRow = Selectable<PayoutAccountChangesTable>;
export type PayoutAccountVerificationRow = Selectable<PayoutAccountVerificationsTable>;

/** A creator's pause and overall cap on open requests (migration 0680; docs/rules/creators.md). */
export interface CreatorCapacityTable {
  creator_id: number;
  paused: Generated<boolean>;
  /** The Korea-time day the pause ends by itself (at 00:00 KST), as YYYY-MM-DD. */
  return_on: string | null;
  pause_message: string | null;
  max_open_requests: number | null;
  updated_at: Generated<Date>;
}
