import type { Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// Reserved for creators, tags, SNS links, follows, FAQ and popups (issue 7).
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
