import type { CommentReportReason } from '@fanmission/contracts';
import type { ColumnType, Generated, Selectable } from 'kysely';

export interface MissionCommentsTable {
  id: Generated<number>;
  mission_id: number;
  user_id: number;
  /** The top-level comment a reply answers (one level of replies). */
  parent_id: number | null;
  content: string;
  created_at: Generated<Date>;
  edited_at: Date | null;
  likes_count: Generated<number>;
  /** Distinct members who reported it. */
  reports_count: Generated<number>;
  /** The operator's decision; null: none (then hidden once reports reach COMMENT_REPORTS_TO_HIDE). */
  moderation: 'HIDDEN' | 'VISIBLE' | null;
  moderation_reason: string | null;
  moderated_by: number | null;
  moderated_at: Date | null;
  /** When the oldest report no operator has decided on was made (null: none waits). */
  reports_open_since: Generated<Date | null>;
  /** The comment coin event it won (null: no win). */
  event_id: number | null;
  win_point: Generated<number>;
}

export interface MissionCommentLikesTable {
  comment_id: number;
  user_id: number;
  created_at: Generated<Date>;
}

export interface MissionCommentReportsTable {
  id: Generated<number>;
  comment_id: number;
  user_id: number;
  created_at: Generated<Date>;
  reason: CommentReportReason;
  detail: string | null;
  /** The operator's decision on the comment since the report (null: none yet). */
  outcome: 'UPHELD' | 'DISMISSED' | null;
  decided_at: Date | null;
  decided_by: number | null;
}

export interface CommentRestrictionsTable {
  user_id: number;
  until: Date;
  reason: string;
  created_by: number | null;
  created_at: Generated<Date>;
}

export interface CommentEventsTable {
  id: Generated<number>;
  title: string;
  starts_at: Date;
  ends_at: Date;
  /** Percent; numeric comes back from pg as a string. */
  win_probability: ColumnType<string, number | string, number | string>;
  coins_per_win: number;
  daily_budget: number;
  server_seed: string;
  commitment: string;
  created_at: Generated<Date>;
  /** The operator who created it: he may not approve its budget himself. */
  created_by: number | null;
  /** Who last set its coins per win, daily budget, period or win probability: he may not approve its budget. */
  budget_set_by: Generated<number | null>;
  budget_approved_by: number | null;
  budget_approved_at: Date | null;
}

export interface CommentEventDaysTable {
  event_id: number;
  /** Korea-time date, YYYY-MM-DD. */
  day: ColumnType<string, string, string>;
  paid: Generated<number>;
}

export interface CommentEventWinsTable {
  event_id: number;
  user_id: number;
  day: ColumnType<string, string, string>;
  comment_id: number;
  coins: number;
  created_at: Generated<Date>;
}

export interface CommentsTables {
  mission_comments: MissionCommentsTable;
  mission_comment_likes: MissionCommentLikesTable;
  mission_comment_reports: MissionCommentReportsTable;
  comment_restrictions: CommentRestrictionsTable;
  comment_events: CommentEventsTable;
  comment_event_days: CommentEventDaysTable;
  comment_event_wins: CommentEventWinsTable;
}

export type CommentRow = Selectable<MissionCommentsTable>;
export type CommentEventRow = Selectable<CommentEventsTable>;
