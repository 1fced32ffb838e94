// The activities of the mission workflow. Their implementations live in services (they write the missions tables,
// the ledger and the outbox in one DB transaction each) and are handed to the worker; the workflow imports only
// these types. Every activity is idempotent: run again after a commit whose answer was lost, it changes nothing.

/** Instants travel as ISO strings taken from the workflow clock, so retries and replays carry the same values. */
export type IsoInstant = string;

export type MissionMediaKind = 'video' | 'picture' | 'voice';

export interface AcceptMissionInput {
  missionId: number;
  feedback: string | null;
  at: IsoInstant;
  performDueAt: IsoInstant;
  /** The accept Update's id, recorded with the decision (absent in activities scheduled by earlier workflow code). */
  decisionUpdateId?: string;
}

/** CANCELED: the requester withdrew a CUSTOM request before the creator decided. */
export type RejectionReason = 'REFUSED' | 'DECISION_EXPIRED' | 'PERFORM_EXPIRED' | 'CANCELED';

export interface RejectMissionInput {
  missionId: number;
  reason: RejectionReason;
  /** The creator's refusal reason (REFUSED only). */
  feedback: string | null;
  at: IsoInstant;
  /** REFUSED: the refuse Update's id, recorded with the decision (absent before it was sent). */
  decisionUpdateId?: string;
}

export interface RecordPerformanceInput {
  missionId: number;
  responseComment: string;
  media: { kind: MissionMediaKind; fileId: number };
  at: IsoInstant;
  /** The perform Update's id, recorded with the performance (absent in activities scheduled by earlier code). */
  performUpdateId?: string;
}

export interface RecordPerformanceResult {
  /** A video goes through TRANSCODING (poster frame, duration) before COMPLETED; other media are completed at once. */
  transcoding: boolean;
}

export interface RemindDeadlineInput {
  missionId: number;
  deadline: 'DECISION' | 'PERFORM' | 'PRIZE';
  /** The deadline reminded of. */
  dueAt: IsoInstant;
  /** How long before the deadline this reminder is (one of DEADLINE_REMINDERS), which makes it one of its kind. */
  beforeMs: number;
  at: IsoInstant;
}

export interface MissionActivities {
  /**
   * Tells the creator that a deadline is near, once per mission, deadline and time before it; nothing when the
   * mission has left the state that deadline waits on (decided, performed, cancelled) meanwhile.
   */
  remindDeadline(input: RemindDeadlineInput): Promise<void>;
  /** CUSTOM: REQUESTED → ACCEPTED with the creator's message and the 10-day perform deadline. */
  acceptMission(input: AcceptMissionInput): Promise<void>;
  /** → REJECTED: the escrow back to the fan; a missed perform deadline also penalises the creator (and compensates a lucky win). */
  rejectMission(input: RejectMissionInput): Promise<{ refundedCoins: number }>;
  /** ACCEPTED → TRANSCODING (video) or COMPLETED with the escrow released (picture, voice). */
  recordPerformance(input: RecordPerformanceInput): Promise<RecordPerformanceResult>;
  /** The poster frame and duration of the performed video; a video that cannot be read leaves them empty. */
  transcodeMissionVideo(input: { missionId: number }): Promise<void>;
  /** TRANSCODING → COMPLETED, the escrow released to the creator. */
  completeMission(input: { missionId: number; at: IsoInstant }): Promise<void>;
}
