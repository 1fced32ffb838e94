import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// staff_access_grants.part FOUNDING: the founding account's invitation of its first colleague, the one grant that runs
// at once (the console had no second account to approve it). It relates nobody (services/src/approvals/
// related-staff.ts), so the founding pair check each other. Rows written before keep their part: a founding pair
// recorded before this migration stays related until an operator re-records its grant (docs/operations.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table staff_access_grants drop constraint staff_access_grants_part_check`.execute(db);
  await sql`
    alter table staff_access_grants add constraint staff_access_grants_part_check
      check (part in ('MAKER', 'APPROVER', 'FOUNDING'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update staff_access_grants set part = 'MAKER' where part = 'FOUNDING'`.execute(db);
  await sql`alter table staff_access_grants drop constraint staff_access_grants_part_check`.execute(db);
  await sql`
    alter table staff_access_grants add constraint staff_access_grants_part_check
      check (part in ('MAKER', 'APPROVER'))`.execute(db);
}
