import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Language, Role } from '@fanmission/contracts';

export type AccountProvider = 'local' | 'google' | 'facebook' | 'apple';

export interface UsersTable {
  id: Generated<number>;
  email: string | null;
  username: string;
  password_hash: string | null;
  provider: AccountProvider;
  phone: string | null;
  /** When the number now in `phone` was confirmed by an SMS code (0700); null until then and once it changes. */
  phone_confirmed_at: Generated<Date | null>;
  address: string | null;
  address_detail: string | null;
  birth_date: string | null;
  parent_consent: Generated<boolean>;
  language: Generated<Language>;
  roles: Role[];
  image_file_id: number | null;
  email_verified_at: Date | null;
  login_blocked_at: Date | null;
  /** Why an operator blocked the login (console). */
  login_block_reason: string | null;
  /** A console account deactivated by staff management (its login blocked); only staff management sets or lifts it. */
  staff_deactivated: Generated<boolean>;
  coins_frozen_at: Date | null;
  /** Every session token carries it; a password change or reset and a logout bump it. */
  session_version: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** The member deleted his account: personal fields erased, the id kept for the ledger's history. */
  deleted_at: Generated<Date | null>;
  /** The member left the creator pages' public Top-3 supporters (his own setting). */
  ranking_opt_out: Generated<boolean>;
  /** Who last invited the account as staff or granted it a staff role, and when (0380, services/src/approvals). */
  staff_granted_by: Generated<number | null>;
  staff_granted_at: Generated<Date | null>;
  /** Who approved the account's last staff change, and when (0430, services/src/console/staff-approvals.ts). */
  staff_approved_by: Generated<number | null>;
  staff_approved_at: Generated<Date | null>;
  /** When an identity check proved the member an adult, and its verification id (0395); nothing else of it is kept. */
  adult_verified_at: Generated<Date | null>;
  adult_verification_id: Generated<string | null>;
  /** HMAC of the CI of the identity check that verified him (services/src/identity-verification/service.ts). */
  adult_identity_hmac: Generated<string | null>;
  /** HMAC of the normalized name an identity check verified (0520): the payout account's holder is compared with it. */
  identity_name_hmac: Generated<string | null>;
  /** An operator let him verify with an identity another account already used. */
  adult_identity_shared_allowed_at: Generated<Date | null>;
  adult_identity_shared_allowed_by: Generated<number | null>;
}

export interface UserIdentitiesTable {
  provider: Exclude<AccountProvider, 'local'>;
  subject: string;
  user_id: number;
  email: string | null;
  created_at: Generated<Date>;
}

export interface EmailVerificationsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  redirect_url: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: Generated<Date>;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: Generated<Date>;
}

/** A code sent by SMS to confirm a mobile number (0700, services/src/users/phone-confirmation.ts). */
export interface PhoneConfirmationCodesTable {
  id: Generated<string>;
  user_id: number;
  phone: string;
  code_hash: string;
  created_at: Date;
  expires_at: Date;
  failed_attempts: Generated<number>;
  used_at: Date | null;
}

export interface UsersTables {
  users: UsersTable;
  user_identities: UserIdentitiesTable;
  email_verifications: EmailVerificationsTable;
  password_resets: PasswordResetsTable;
  phone_confirmation_codes: PhoneConfirmationCodesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
