import { sql, type Kysely } from 'kysely';

/**
 * An FAQ entry's question and answer in English and Japanese beside the Korean ones: a reader of another language gets
 * his own when the operators wrote it, else the Korean (the default language). A language's question and answer go
 * together.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table faqs
      add column title_en text check (char_length(title_en) between 1 and 200),
      add column content_en text check (char_length(content_en) between 1 and 5000),
      add column title_ja text check (char_length(title_ja) between 1 and 200),
      add column content_ja text check (char_length(content_ja) between 1 and 5000),
      add constraint faqs_en_together check ((title_en is null) = (content_en is null)),
      add constraint faqs_ja_together check ((title_ja is null) = (content_ja is null))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table faqs
      drop column title_en, drop column content_en, drop column title_ja, drop column content_ja`.execute(db);
}
