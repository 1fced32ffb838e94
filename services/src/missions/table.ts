import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { CreatorGrade, MissionRejectionReason, MissionStatus, ProductType } from '@fanmission/contracts';

export interface MissionsTable {
  id: Generated<number>;
  product_id: number;
  /** Copied from the product so creator lists need no join. */
  creator_id: number;
  /** The requester (fan). */
  user_id: number;
  /** The product's type at request time. */
  type: ProductType;
  status: MissionStatus;
  /** Coins held for the mission: the product price (BASIC), the fan's offer (CUSTOM), the roll price (LUCKY). */
  coin_price: number;
  is_private: Generated<boolean>;
  to_friend: Generated<boolean>;
  /** "to": the recipient's name. */
  recipient_name: string | null;
  /** "from": the sender's name when the mission is for a friend. */
  sender_name: string | null;
  request_comment: string | null;
  request_file_id: number | null;
  /** The creator's accept message or refusal reason. */
  feedback: string | null;
  response_comment: string | null;
  video_file_id: number | null;
  picture_file_id: number | null;
  voice_file_id: number | null;
  thumbnail_file_id: number | null;
  media_duration_seconds: ColumnType<string | null, string | number | null, string | number | null>;
  rejection_reason: MissionRejectionReason | null;
  refunded_coins: number | null;
  likes_count: Generated<number>;
  comments_count: Generated<number>;
  created_at: Generated<Date>;
  requested_at: Date | null;
  decision_due_at: Date | null;
  accepted_at: Date | null;
  perform_due_at: Date | null;
  completed_at: Date | null;
  rejected_at: Date | null;
  /** Set once the mission's workflow is known to run; the reconciler starts the rest. */
  workflow_started_at: Date | null;
  /**
   * The Temporal Update (accept or refuse) whose decision this is: an Update whose answer was lost is answered from
   * here when the id is its own, refused (ALREADY_DECIDED) when it is another's.
   */
  decision_update_id: string | null;
  /** The perform Update that delivered the mission (answered from here like `decision_update_id`). */
  perform_update_id: string | null;
  updated_at: Generated<Date>;
  /** The requester's Idempotency-Key: a retry answers with the same mission. */
  idempotency_key: string | null;
  /** An operator hid the mission's content from every public list and page (console). */
  content_blocked_at: Date | null;
  content_block_reason: string | null;
  content_blocked_by: number | null;
  /** Its creator's `contain_adult_content`, kept by triggers (0395): public lists leave such missions out. */
  creator_adult: Generated<boolean>;
}

export interface LuckyRollsTable {
  id: Generated<number>;
  mission_id: number;
  user_id: number;
  coins: number;
  success: boolean;
  ledger_transaction_id: number;
  idempotency_key: string | null;
  created_at: Generated<Date>;
  /** Provably fair rolls (docs/provably-fair.md): the fan's seed, client seed, nonce and the win probability used. */
  seed_id: number | null;
  client_seed: string | null;
  nonce: number | null;
  win_probability: ColumnType<string | null, string | number | null, string | number | null>;
}

export interface CreatorPenaltiesTable {
  id: Generated<number>;
  creator_id: number;
  mission_id: number;
  /** The creator's n-th penalty not lifted when it was given. */
  level: number;
  /** Level 2: no new requests until then. */
  requests_blocked_until: Date | null;
  /** Level 3 and more: the creator's login was blocked. */
  blocks_login: Generated<boolean>;
  /** Level 2: the grade before it dropped to SILVER (restored when the penalty is lifted). */
  previous_grade: CreatorGrade | null;
  created_at: Date;
  lifted_at: Date | null;
  lifted_by_user_id: number | null;
  lift_note: string | null;
}

/** A creator's accept, refuse or perform sent with an Idempotency-Key: a retry is answered with the first result. */
export interface MissionActionKeysTable {
  user_id: number;
  idempotency_key: string;
  mission_id: number;
  action: 'accept' | 'refuse' | 'perform';
  created_at: Generated<Date>;
}

/** A reminder of a deadline sent to a mission's creator (migration 0461): at most one per deadline and time before. */
export interface MissionDeadlineRemindersTable {
  mission_id: number;
  deadline: 'DECISION' | 'PERFORM' | 'PRIZE';
  before_ms: number;
  due_at: Date;
  sent_at: Date;
}

export interface MissionsTables {
  missions: MissionsTable;
  mission_deadline_reminders: MissionDeadlineRemindersTable;
  lucky_rolls: LuckyRollsTable;
  creator_penalties: CreatorPenaltiesTable;
  mission_action_keys: MissionActionKeysTable;
}

export type CreatorPenaltyRow = Selectable<CreatorPenaltiesTable>;

/**
 * Every column of `missions`, named: a statement that lists them (not `m.*`) is sent as a prepared statement once
 * often used (services/src/db/prepared-statements.ts prepares no statement with a `*`). The type below fails to
 * compile when a column of MissionsTable is missing here.
 */
export const MISSION_COLUMNS = [
  'id',
  'product_id',
  'creator_id',
  'user_id',
  'type',
  'status',
  'coin_price',
  'is_private',
  'to_friend',
  'recipient_name',
  'sender_name',
  'request_comment',
  'request_file_id',
  'feedback',
  'response_comment',
  'video_file_id',
  'picture_file_id',
  'voice_file_id',
  'thumbnail_file_id',
  'media_duration_seconds',
  'rejection_reason',
  'refunded_coins',
  'likes_count',
  'comments_count',
  'created_at',
  'requested_at',
  'decision_due_at',
  'accepted_at',
  'perform_due_at',
  'completed_at',
  'rejected_at',
  'workflow_started_at',
  'decision_update_id',
  'perform_update_id',
  'updated_at',
  'idempotency_key',
  'content_blocked_at',
  'content_block_reason',
  'content_blocked_by',
  'creator_adult',
] as const satisfies readonly (keyof MissionsTable)[];
// A column of MissionsTable that MISSION_COLUMNS leaves out makes this `true`, which `false` does not accept.
const missionColumnsComplete: Exclude<keyof MissionsTable, (typeof MISSION_COLUMNS)[number]> extends never
  ? false
  : true = false;
void missionColumnsComplete;

export type MissionRow = Selectable<MissionsTable>;
export type NewMission = Insertable<MissionsTable>;
