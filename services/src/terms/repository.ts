import { CONSENT_TERMS_KINDS, type TermsKind } from '@fanmission/contracts';
import { sql } from 'kysely';
import { idsOfFilter } from '../admin';
import type { DbExecutor } from '../db';
import type { LocalizedText, TermsVersionRow } from './table';

/** Versions that can be in force: not withdrawn. */
const live = (db: DbExecutor) => db.selectFrom('terms_versions').selectAll().where('withdrawn_at', 'is', null);

/** The version of a kind in force at `now`: the latest to have taken effect. */
export async function versionInForce(db: DbExecutor, kind: TermsKind, now: Date): Promise<TermsVersionRow | undefined> {
  return live(db)
    .where('kind', '=', kind)
    .where('effective_at', '<=', now)
    .orderBy('effective_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The next version of a kind announced after `now`, if any. */
export async function nextVersion(db: DbExecutor, kind: TermsKind, now: Date): Promise<TermsVersionRow | undefined> {
  return live(db)
    .where('kind', '=', kind)
    .where('effective_at', '>', now)
    .orderBy('effective_at', 'asc')
    .limit(1)
    .executeTakeFirst();
}

/** The latest effective date among a kind's versions not withdrawn (a new one must come after it). */
export async function latestEffectiveAt(db: DbExecutor, kind: TermsKind): Promise<Date | undefined> {
  const row = await live(db).where('kind', '=', kind).orderBy('effective_at', 'desc').limit(1).executeTakeFirst();
  return row?.effective_at;
}

/** The ids of the versions of each kind in force at `now`. */
export async function idsInForce(db: DbExecutor, now: Date): Promise<Map<number, TermsKind>> {
  const { rows } = await sql<{ id: number; kind: TermsKind }>`
    select distinct on (kind) id, kind from terms_versions
    where withdrawn_at is null and effective_at <= ${now}
    order by kind, effective_at desc`.execute(db);
  return new Map(rows.map((row) => [row.id, row.kind]));
}

/**
 * The versions in force at `now` of the kinds members accept that the member `u` (a `users` row in the statement) has
 * not accepted. An e-mail sign-up accepted the versions in force when he joined (its form's boxes,
 * `recordSignUpAcceptance`), so only later ones are asked of him; a social sign-up has no terms step, so its member
 * is asked every version in force.
 */
const unacceptedVersions = (u: string, now: Date) => sql`
  select v.* from (
    select distinct on (kind) * from terms_versions
    where withdrawn_at is null and effective_at <= ${now} and kind in (${sql.join([...CONSENT_TERMS_KINDS])})
    order by kind, effective_at desc
  ) v
  where (v.effective_at > ${sql.ref(`${u}.created_at`)} or ${sql.ref(`${u}.provider`)} <> 'local')
    and not exists (
      select 1 from terms_acceptances a where a.user_id = ${sql.ref(`${u}.id`)} and a.terms_version_id = v.id)`;

/** The versions the member has still to accept (see `unacceptedVersions`), by kind. */
export async function pendingVersions(db: DbExecutor, userId: number, now: Date): Promise<TermsVersionRow[]> {
  const { rows } = await sql<TermsVersionRow>`
    select p.* from users u cross join lateral (${unacceptedVersions('u', now)}) p
    where u.id = ${userId}
    order by p.kind`.execute(db);
  return rows;
}

/**
 * Whether the member `u` (a `users` row in the statement) has a version in force to accept: a column for the query
 * that loads him as a caller, so that the consent rule costs no statement of its own.
 */
export const hasPendingTerms = (u: string, now: Date) => sql<boolean>`exists (${unacceptedVersions(u, now)})`;

export async function recordAcceptances(
  db: DbExecutor,
  userId: number,
  versionIds: readonly number[],
  acceptedAt: Date,
): Promise<void> {
  if (versionIds.length === 0) return;
  await db
    .insertInto('terms_acceptances')
    .values(versionIds.map((id) => ({ user_id: userId, terms_version_id: id, accepted_at: acceptedAt })))
    .onConflict((conflict) => conflict.columns(['user_id', 'terms_version_id']).doNothing())
    .execute();
}

export async function findVersion(db: DbExecutor, id: number): Promise<TermsVersionRow | undefined> {
  return db.selectFrom('terms_versions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertVersion(
  db: DbExecutor,
  values: {
    kind: TermsKind;
    effectiveAt: Date;
    unfavourable: boolean;
    summary: LocalizedText;
    body: LocalizedText;
    publishedBy: number;
    publishedAt: Date;
  },
): Promise<TermsVersionRow> {
  // One publisher of a kind at a time: the version number is the kind's next.
  await sql`select pg_advisory_xact_lock(hashtext(${`terms_versions:${values.kind}`}))`.execute(db);
  const last = await db
    .selectFrom('terms_versions')
    .select((eb) => eb.fn.max('version').as('version'))
    .where('kind', '=', values.kind)
    .executeTakeFirst();
  return db
    .insertInto('terms_versions')
    .values({
      kind: values.kind,
      version: (last?.version ?? 0) + 1,
      effective_at: values.effectiveAt,
      unfavourable: values.unfavourable,
      summary: JSON.stringify(values.summary),
      body: JSON.stringify(values.body),
      published_by: values.publishedBy,
      published_at: values.publishedAt,
      withdrawn_at: null,
      withdrawn_by: null,
      notice_sent_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Withdraws a version that has not taken effect yet; false when it has, or is withdrawn already. */
export async function withdrawVersion(db: DbExecutor, id: number, by: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('terms_versions')
    .set({ withdrawn_at: now, withdrawn_by: by })
    .where('id', '=', id)
    .where('withdrawn_at', 'is', null)
    .where('effective_at', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function listVersions(
  db: DbExecutor,
  query: {
    filter: { id?: number | number[] | undefined; kind?: TermsKind | undefined };
    direction: 'asc' | 'desc';
    offset: number;
    limit: number;
  },
): Promise<{ rows: (TermsVersionRow & { publisher_name: string | null })[]; total: number }> {
  let filtered = db.selectFrom('terms_versions as v');
  const { id, kind } = query.filter;
  if (id !== undefined) filtered = filtered.where('v.id', 'in', idsOfFilter(id));
  if (kind) filtered = filtered.where('v.kind', '=', kind);
  const [rows, count] = await Promise.all([
    filtered
      .leftJoin('users as p', 'p.id', 'v.published_by')
      .selectAll('v')
      .select('p.username as publisher_name')
      .orderBy('v.id', query.direction)
      .offset(query.offset)
      .limit(query.limit)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}
