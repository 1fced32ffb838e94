import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// Provably fair lucky roulette: each fan's committed server seeds (one active, the rotated ones revealed),
// and on every roll the seed, client seed, nonce and win probability it was decided with.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table roulette_seeds (
      id bigint generated always as identity primary key,
      user_id bigint not null references users (id),
      server_seed bytea not null check (octet_length(server_seed) = 32),
      commitment text not null check (commitment ~ '^[0-9a-f]{64}$'),
      client_seed text not null check (char_length(client_seed) between 1 and 64),
      next_nonce integer not null default 0 check (next_nonce >= 0),
      created_at timestamptz not null default now(),
      revealed_at timestamptz
    )`.execute(db);
  await sql`create unique index roulette_seeds_one_active on roulette_seeds (user_id) where revealed_at is null`.execute(
    db,
  );
  await sql`alter table lucky_rolls add column seed_id bigint references roulette_seeds (id)`.execute(db);
  await sql`alter table lucky_rolls add column client_seed text`.execute(db);
  await sql`alter table lucky_rolls add column nonce integer check (nonce >= 0)`.execute(db);
  await sql`alter table lucky_rolls add column win_probability numeric(3, 1)`.execute(db);
  await sql`create index lucky_rolls_user on lucky_rolls (user_id, id desc)`.execute(db);
  await sql`create unique index lucky_rolls_seed_nonce on lucky_rolls (seed_id, nonce) where seed_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index lucky_rolls_seed_nonce`.execute(db);
  await sql`drop index lucky_rolls_user`.execute(db);
  for (const column of ['win_probability', 'nonce', 'client_seed', 'seed_id']) {
    await sql`alter table lucky_rolls drop column ${sql.ref(column)}`.execute(db);
  }
  await db.schema.dropTable('roulette_seeds').execute();
}
