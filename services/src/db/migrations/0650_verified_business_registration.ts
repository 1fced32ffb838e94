import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// Verified business registrations (docs/rules/settlement.md, business registration): the business type a creator
// declares on his profile no longer counts by itself.
// - creators.verified_business_type / verified_business_name / verified_business_number / business_verified_at: the
//   registration staff approved after the business registry answered it as in business, with the name it is
//   registered under. NONE (and no name) until then: the withholding applies, and a payout account is his only when
//   held in his verified name.
// - Nothing declared before is carried over: a creator who declared a business is withheld until staff verifies it.
// - Payout accounts verified because their holder was the declared business name are checked again (queued now): they
//   stay VERIFIED only when held in his verified name.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table creators
      add column verified_business_type text not null default 'NONE'
        check (verified_business_type in ('NONE', 'PRIVATE', 'CORPORATION')),
      add column verified_business_name text,
      add column verified_business_number text,
      add column business_verified_at timestamptz,
      add constraint creators_verified_business_named check (
        (verified_business_type = 'NONE') = (verified_business_name is null)
        and (verified_business_type = 'NONE') = (verified_business_number is null)
        and (verified_business_type = 'NONE') = (business_verified_at is null)
      )
  `.execute(db);
  await sql`
    update payout_account_verifications
    set status = 'UNVERIFIED', matched = null, failure = null, bank_holder = null, attempts = 0,
        next_attempt_at = now(), queued_at = now(), checked_at = null
    where matched = 'BUSINESS_NAME'
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table creators
      drop constraint creators_verified_business_named,
      drop column verified_business_type,
      drop column verified_business_name,
      drop column verified_business_number,
      drop column business_verified_at
  `.execute(db);
}
