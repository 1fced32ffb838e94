import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// What the mission workflows need: the caller's idempotency key on a request, the lucky roulette's rolls,
// creator penalties for missed deadlines, and the ledger's LUCKY_COMPENSATION transaction type.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Postgres 12+ accepts this inside the migration's transaction; the value is first used by later transactions.
  await sql`alter type ledger_transaction_type add value if not exists 'LUCKY_COMPENSATION'`.execute(db);

  // A retried request (same member, same Idempotency-Key) answers with the mission it created the first time.
  await sql`alter table missions add column idempotency_key text check (char_length(idempotency_key) <= 200)`.execute(
    db,
  );
  await sql`
    create unique index missions_idempotency_key on missions (user_id, idempotency_key)
      where idempotency_key is not null`.execute(db);
  // The reconciler's query: missions that should have a workflow and are not known to have one.
  await sql`drop index missions_without_workflow`.execute(db);
  await sql`
    create index missions_without_workflow on missions (created_at)
      where workflow_started_at is null and status in ('REQUESTED', 'ACCEPTED', 'TRANSCODING')`.execute(db);

  // Every roll of a lucky roulette, won or lost, with the ledger transaction that charged it.
  await sql`
    create table lucky_rolls (
      id bigint generated always as identity primary key,
      mission_id bigint not null references missions (id),
      user_id bigint not null references users (id),
      coins integer not null check (coins > 0),
      success boolean not null,
      ledger_transaction_id bigint not null,
      idempotency_key text check (char_length(idempotency_key) <= 200),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index lucky_rolls_mission on lucky_rolls (mission_id, id)`.execute(db);
  // At most one winning roll per mission.
  await sql`create unique index lucky_rolls_one_win on lucky_rolls (mission_id) where success`.execute(db);
  await sql`
    create unique index lucky_rolls_idempotency_key on lucky_rolls (user_id, idempotency_key)
      where idempotency_key is not null`.execute(db);

  // One penalty per missed perform deadline. Level n is the creator's n-th penalty not lifted by an operator:
  // 1 a warning; 2 no new requests for a week and the grade drops to SILVER; 3 and more, login blocked.
  await sql`
    create table creator_penalties (
      id bigint generated always as identity primary key,
      creator_id bigint not null references creators (id),
      mission_id bigint not null unique references missions (id),
      level integer not null check (level >= 1),
      requests_blocked_until timestamptz,
      blocks_login boolean not null default false,
      previous_grade text check (previous_grade in ('SILVER', 'GOLD', 'DIAMOND')),
      created_at timestamptz not null,
      lifted_at timestamptz,
      lifted_by_user_id bigint references users (id),
      lift_note text check (char_length(lift_note) <= 500)
    )`.execute(db);
  await sql`create index creator_penalties_creator on creator_penalties (creator_id, created_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('creator_penalties').execute();
  await db.schema.dropTable('lucky_rolls').execute();
  await sql`drop index missions_without_workflow`.execute(db);
  await sql`create index missions_without_workflow on missions (id) where workflow_started_at is null`.execute(db);
  await sql`drop index missions_idempotency_key`.execute(db);
  await sql`alter table missions drop column idempotency_key`.execute(db);
  // An enum value cannot be dropped; LUCKY_COMPENSATION stays unused.
}
