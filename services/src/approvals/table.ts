import type { ApprovalKind, ApprovalStatus, StaffAllowanceKind, StaffRole } from '@fanmission/contracts';
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
  /** The staff account a staff request changes (0430): it never approves that request. */
  subject_staff_id: Generated<number | null>;
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

/**
 * One grant of console access (0430): an invitation, a role given or a reactivation, once per member who took part
 * (its maker, its approver). The rows make the relation that keeps members from checking each other.
 */
export interface StaffAccessGrantsTable {
  id: Generated<number>;
  staff_id: number;
  granter_id: number;
  /** FOUNDING (0570): the founding account's first invitation, which nobody could approve; it relates nobody. */
  part: 'MAKER' | 'APPROVER' | 'FOUNDING';
  request_id: number | null;
  at: Date;
}

/** When a second console account first existed (0430); one row, never cleared. */
export interface StaffTeamTable {
  singleton: Generated<boolean>;
  second_member_at: Date | null;
}

/** One action a staff member did alone, counted towards his daily allowance (0480); released if it then failed. */
export interface StaffAllowanceUsesTable {
  id: Generated<number>;
  staff_id: number;
  allowance: StaffAllowanceKind;
  amount: number;
  action: string;
  reference: string;
  at: Date;
  released_at: Date | null;
}

export type StaffApprovalRequestRow = Selectable<StaffApprovalRequestsTable>;

export interface ApprovalsTables {
  staff_approval_requests: StaffApprovalRequestsTable;
  staff_approval_steps: StaffApprovalStepsTable;
  staff_access_grants: StaffAccessGrantsTable;
  staff_team: StaffTeamTable;
  staff_allowance_uses: StaffAllowanceUsesTable;
}
