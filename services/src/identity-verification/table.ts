import type { Generated, Selectable } from 'kysely';

/**
 * The sandbox identity verification's records (development and tests): what PortOne keeps of a verification, with the
 * birth date the tester chose. Members' rows keep none of it (users.adult_verified_at and adult_verification_id only).
 */
export interface SandboxIdentityVerificationsTable {
  id: string;
  user_id: number;
  /** Where the sandbox page sends the browser back, as PortOne's `redirectUrl` (our own origin only). */
  redirect_url: string;
  status: Generated<'READY' | 'VERIFIED' | 'FAILED'>;
  /** YYYY-MM-DD, once VERIFIED. */
  birth_date: string | null;
  /** The name the tester typed (PortOne's verifiedCustomer.name), once VERIFIED; null when left empty. */
  name: string | null;
  created_at: Date;
  decided_at: Date | null;
}

/** Every identity check id the API issued: to whom, until when, and when an adult verification used it. */
export interface IdentityVerificationStartsTable {
  id: string;
  user_id: number;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

export interface IdentityVerificationTables {
  sandbox_identity_verifications: SandboxIdentityVerificationsTable;
  identity_verification_starts: IdentityVerificationStartsTable;
}

export type SandboxIdentityVerificationRow = Selectable<SandboxIdentityVerificationsTable>;
