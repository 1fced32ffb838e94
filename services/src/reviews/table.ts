import type { CommentReportReason } from '@fanmission/contracts';
import type { Generated, Selectable } from 'kysely';

export interface MissionReviewsTable {
  id: Generated<number>;
  /** One review per mission. */
  mission_id: number;
  /** Copied from the mission so the creator page's reads need no join. */
  creator_id: number;
  /** The mission's requester. */
  user_id: number;
  rating: number;
  content: Generated<string>;
  created_at: Generated<Date>;
  edited_at: Date | null;
  /** The creator's one reply (null: none yet). */
  reply: string | null;
  reply_at: Date | null;
  reply_edited_at: Date | null;
  helpful_count: Generated<number>;
  /** Distinct members who reported it. */
  reports_count: Generated<number>;
  /** When the oldest report no operator has decided on was made (null: none waits). */
  reports_open_since: Date | null;
  /** The operator's decision; null: none (then hidden once reports reach REVIEW_LIMITS.reportsToHide). */
  moderation: 'HIDDEN' | 'VISIBLE' | null;
  moderation_reason: string | null;
  moderated_by: number | null;
  moderated_at: Date | null;
}

export interface MissionReviewVotesTable {
  review_id: number;
  user_id: number;
  created_at: Generated<Date>;
}

export interface MissionReviewReportsTable {
  id: Generated<number>;
  review_id: number;
  user_id: number;
  created_at: Generated<Date>;
  reason: CommentReportReason;
  detail: string | null;
  outcome: 'UPHELD' | 'DISMISSED' | null;
  decided_at: Date | null;
  decided_by: number | null;
}

/** Per creator: the reviews counted (not hidden), their rating sum and count per star. */
export interface CreatorReviewSummariesTable {
  creator_id: number;
  reviews_count: Generated<number>;
  rating_sum: Generated<number>;
  stars_1: Generated<number>;
  stars_2: Generated<number>;
  stars_3: Generated<number>;
  stars_4: Generated<number>;
  stars_5: Generated<number>;
}

export interface MissionReviewRemindersTable {
  mission_id: number;
  sent_at: Generated<Date>;
}

export interface ReviewsTables {
  mission_reviews: MissionReviewsTable;
  mission_review_votes: MissionReviewVotesTable;
  mission_review_reports: MissionReviewReportsTable;
  creator_review_summaries: CreatorReviewSummariesTable;
  mission_review_reminders: MissionReviewRemindersTable;
}

export type ReviewRow = Selectable<MissionReviewsTable>;
