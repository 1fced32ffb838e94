import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// notification_preferences.alimtalk: a member's choice of KakaoTalk 알림톡 for a topic; null keeps the default (on).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notification_preferences add column alimtalk boolean`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notification_preferences drop column alimtalk`.execute(db);
}
