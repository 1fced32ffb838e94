import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// Objections to a login block (operating policy: within 30 days of the block). One objection per block
// (the block's instant identifies it); operators accept (the block ends) or reject it in the console.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table block_objections (
      id bigint generated always as identity primary key,
      user_id bigint not null references users (id) on delete cascade,
      blocked_at timestamptz not null,
      block_reason text,
      reason text not null check (char_length(reason) between 1 and 1000),
      status text not null default 'PENDING' check (status in ('PENDING', 'ACCEPTED', 'REJECTED')),
      decided_by bigint references users (id) on delete set null,
      decided_at timestamptz,
      decision_note text check (decision_note is null or char_length(decision_note) <= 1000),
      created_at timestamptz not null default now(),
      unique (user_id, blocked_at)
    )`.execute(db);
  await sql`create index block_objections_status on block_objections (status, created_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table block_objections`.execute(db);
}
