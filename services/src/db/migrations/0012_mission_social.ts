import type { Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// Reserved for mission likes and blocks (issue 8).
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
