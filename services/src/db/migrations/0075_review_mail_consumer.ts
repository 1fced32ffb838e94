import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// The creator review decision mail moves from the operator's request to the `creator-review-mail` outbox consumer
//. The decisions taken before were mailed by their requests: their events count as applied by the new
// consumer, so it never mails them a second time (on either transport; a Kafka consumer group starts at the topic's
// beginning, and the processed ids are what skip them).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into event_consumer_processed (consumer, event_id)
    select 'creator-review-mail', id from outbox where type = 'creator.reviewed'
    on conflict do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from event_consumer_processed where consumer = 'creator-review-mail'`.execute(db);
}
