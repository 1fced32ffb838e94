import type { ApprovalKind, ApprovalStatus, StaffRole } from '@fanmission/contracts';
import type { Generated, Selectable } from 'kysely';

/** A staff action waiting for (or decided by) its checker (0380). */
export interface StaffApprovalRequestsTable {
  id: Generated<number>;
  kind: ApprovalKind;
  required_role: StaffRole;
  params: unknown;
  /** sha256 of the frozen parameters and of the target's state when the request was made. */
  frozen_hash: string;
  /** The maker's own words; null when the action's form asks for none. */
  reason: string | null;
  maker_id: number;
  idempotency_key: string | null;
  status: Generated<ApprovalStatus>;
  created_at: Date;
  expires_at: Date;
  decided_by: number | null;
  decided_at: Date | null;
  decision_note: string | null;
  result: unknown;
  /** When the legal retention erased its copies of personal data (migration 0421). */
  personal_data_erased_at: Date | null;
}

/** Append-only history of a request: made, approved, run, refused, voided, expired. */
export interface StaffApprovalStepsTable {
  id: Generated<number>;
  request_id: number;
  step: 'REQUESTED' | 'APPROVED' | 'EXECUTED' | 'REFUSED' | 'VOIDED' | 'EXPIRED';
  actor_id: number | null;
  note: string | null;
  at: Date;
}

export type StaffApprovalRequestRow = Selectable<StaffApprovalRequestsTable>;

export interface ApprovalsTables {
  staff_approval_requests: StaffApprovalRequestsTable;
  staff_approval_steps: StaffApprovalStepsTable;
}
