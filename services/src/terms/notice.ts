import { formatKoreaDay, TERMS_PAGE_PATHS, type Language } from '@fanmission/contracts';
import { sql, type Transaction } from 'kysely';
import { runPeriodically, type PeriodicTask } from '../background';
import type { ServiceContext } from '../context';
import type { Database, Db } from '../db';
import { translate } from '../i18n';
import type { Mailer, OutgoingMail } from '../mail';
import type { TermsVersionRow } from './table';

/*
 * The notice of a new terms version: every member gets a notification (one statement per batch of members, written
 * with the version's cursor in one transaction, so a batch is written once) and a mail in his language (a batch is
 * sent while the version's row is locked, then the cursor moves past it: two workers never mail the same batch, and a
 * crash between sending and moving resends that batch: at least once). The cursors walk users.id, so the work of a
 * request never grows with the members; the worker runs it in the background.
 */

export interface TermsNoticeDependencies {
  db: Db;
  mailer: Mailer;
  /** The web app's origin, for the link to the legal page. */
  publicUrl: string;
  /** Members per batch. */
  batchSize?: number;
  now?: () => Date;
}

const DEFAULT_BATCH_SIZE = 1000;

/** Sends what is left of every pending notice; answers how many members were told (notifications written). */
export async function sendTermsNotices(deps: TermsNoticeDependencies): Promise<number> {
  const pending = await deps.db
    .selectFrom('terms_versions')
    .selectAll()
    .where('notice_sent_at', 'is', null)
    .where('withdrawn_at', 'is', null)
    .orderBy('id')
    .execute();
  let notified = 0;
  for (const version of pending) {
    notified += await notifyMembers(deps, version);
    await mailMembers(deps, version);
    await deps.db
      .updateTable('terms_versions')
      .set({ notice_sent_at: (deps.now ?? (() => new Date()))() })
      .where('id', '=', version.id)
      .where('withdrawn_at', 'is', null)
      .execute();
  }
  return notified;
}

/** The notice's parameters: the document's name is rendered in the reader's language from `termsKind`. */
const noticeParams = (version: TermsVersionRow) => ({
  termsKind: version.kind,
  version: version.version,
  date: formatKoreaDay(version.effective_at),
});

/**
 * The version's notice cursors, its row locked until the transaction ends (one worker at a time walks a notice);
 * undefined once it is withdrawn: nobody else is told.
 */
async function lockedNotice(trx: Transaction<Database>, id: number) {
  const row = await trx
    .selectFrom('terms_versions')
    .select(['notice_notified_through', 'notice_mailed_through', 'withdrawn_at'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return row.withdrawn_at ? undefined : row;
}

async function notifyMembers(deps: TermsNoticeDependencies, version: TermsVersionRow): Promise<number> {
  const size = deps.batchSize ?? DEFAULT_BATCH_SIZE;
  const params = JSON.stringify(noticeParams(version));
  let notified = 0;
  for (;;) {
    const last = await deps.db.transaction().execute(async (trx) => {
      const row = await lockedNotice(trx, version.id);
      if (!row) return null;
      // One event id per version: a member never gets the same notice twice (unique (event_id, user_id)).
      const { rows } = await sql<{ last: number | null; count: number }>`
        with batch as (
          select id from users
          where id > ${row.notice_notified_through} and deleted_at is null
          order by id
          limit ${size}
        ), written as (
          insert into notifications (user_id, kind, params, event_id, created_at)
          select id, 'TERMS_CHANGED', ${params}::jsonb, md5(${`terms-version:${version.id}`})::uuid, ${version.published_at}
          from batch
          on conflict (event_id, user_id) do nothing
        )
        select max(id)::bigint as last, count(*)::int as count from batch`.execute(trx);
      const batch = rows[0]!;
      if (batch.last === null) return null;
      await trx
        .updateTable('terms_versions')
        .set({ notice_notified_through: batch.last })
        .where('id', '=', version.id)
        .execute();
      notified += batch.count;
      return batch.last;
    });
    if (last === null) return notified;
  }
}

async function mailMembers(deps: TermsNoticeDependencies, version: TermsVersionRow): Promise<void> {
  const size = deps.batchSize ?? DEFAULT_BATCH_SIZE;
  for (;;) {
    // The version's row stays locked while a batch is mailed: another worker waits and goes on after it.
    const more = await deps.db.transaction().execute(async (trx) => {
      const row = await lockedNotice(trx, version.id);
      if (!row) return false;
      const members = await trx
        .selectFrom('users')
        .select(['id', 'email', 'username', 'language'])
        .where('id', '>', row.notice_mailed_through)
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .limit(size)
        .execute();
      if (members.length === 0) return false;
      for (const member of members) {
        if (!member.email) continue;
        await deps.mailer.send(
          termsNoticeMail(member.language, member.email, member.username, version, deps.publicUrl),
        );
      }
      await trx
        .updateTable('terms_versions')
        .set({ notice_mailed_through: members.at(-1)!.id })
        .where('id', '=', version.id)
        .execute();
      return true;
    });
    if (!more) return;
  }
}

/** The notice mail in the member's language: the document, its effective date, the summary and the link. */
export function termsNoticeMail(
  language: Language,
  to: string,
  name: string,
  version: TermsVersionRow,
  publicUrl: string,
): OutgoingMail {
  const params = {
    name,
    document: translate(language, `terms.kind.${version.kind}`),
    date: formatKoreaDay(version.effective_at),
  };
  const text = [
    translate(language, 'terms.mailGreeting', params),
    '',
    translate(language, 'terms.mailBody', params),
    '',
    version.summary[language],
    '',
    translate(language, 'terms.mailConsent', params),
    '',
    `${translate(language, 'terms.mailAction', params)}: ${publicUrl}${TERMS_PAGE_PATHS[version.kind]}`,
  ].join('\n');
  return { kind: 'terms_notice', to, subject: translate(language, 'terms.mailSubject', params), text };
}

/** Runs the pending notices every `intervalMs` in the worker (a new version's notice starts within a minute). */
export function startTermsNoticeSender(
  deps: TermsNoticeDependencies & { log: ServiceContext['log'] },
  intervalMs = 60_000,
): PeriodicTask {
  return runPeriodically(() => sendTermsNotices(deps).then(() => 0), {
    intervalMs,
    log: deps.log,
    countMessage: 'terms notices sent',
    failureMessage: 'sending the terms notices failed',
  });
}
