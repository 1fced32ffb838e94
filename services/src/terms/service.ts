import {
  CONSENT_TERMS_KINDS,
  DAY_MS,
  formatKoreaDay,
  koreaDate,
  termsNoticeDays,
  type AdminTermsVersion,
  type AdminTermsVersionInput,
  type Language,
  type TermsKind,
  type TermsPage,
  type TermsVersion,
  type TermsVersionState,
} from '@fanmission/contracts';
import type { ServiceContext } from '../context';
import type { DbExecutor } from '../db';
import { AppError, conflict, invalidFields, notFound } from '../http';
import * as repository from './repository';
import type { TermsVersionRow } from './table';

/** The instant a Korea-time day starts (`YYYY-MM-DD`). */
export const koreaDayStart = (date: string) => new Date(`${date}T00:00:00+09:00`);

export function memberView(row: TermsVersionRow, language: Language): TermsVersion {
  return {
    id: row.id,
    kind: row.kind,
    version: row.version,
    effectiveAt: row.effective_at.toISOString(),
    unfavourable: row.unfavourable,
    summary: row.summary[language],
    body: row.body[language],
  };
}

/** `GET /terms/{kind}`: the version in force and the next one announced. */
export async function termsPage(ctx: ServiceContext, kind: TermsKind, language: Language): Promise<TermsPage> {
  const now = ctx.now();
  const [current, next] = await Promise.all([
    repository.versionInForce(ctx.db, kind, now),
    repository.nextVersion(ctx.db, kind, now),
  ]);
  // Version 1 of every kind is in force since the service began (migration 0396).
  if (!current) throw notFound('terms.versionNotFound');
  return { current: memberView(current, language), next: next ? memberView(next, language) : null };
}

/** The versions the member has still to accept, in his language. */
export async function pendingConsent(
  ctx: ServiceContext,
  userId: number,
  language: Language,
): Promise<{ pending: TermsVersion[] }> {
  const rows = await repository.pendingVersions(ctx.db, userId, ctx.now());
  return { pending: rows.map((row) => memberView(row, language)) };
}

/** Whether the member must accept a version in force before he changes anything (see consent-guard.ts). */
export async function mustAcceptTerms(ctx: ServiceContext, userId: number): Promise<boolean> {
  return (await repository.pendingVersions(ctx.db, userId, ctx.now())).length > 0;
}

/**
 * Records the member's acceptance of versions in force (of the kinds members accept); any other id is a 400 naming
 * `versionIds`. Accepting a version twice keeps the first time.
 */
export async function acceptTerms(
  ctx: ServiceContext,
  userId: number,
  versionIds: readonly number[],
  language: Language,
): Promise<{ pending: TermsVersion[] }> {
  const inForce = await repository.idsInForce(ctx.db, ctx.now());
  const unknown = versionIds.filter((id) => {
    const kind = inForce.get(id);
    return kind === undefined || !(CONSENT_TERMS_KINDS as readonly TermsKind[]).includes(kind);
  });
  if (unknown.length > 0) {
    throw invalidFields([{ field: 'versionIds', key: 'terms.notPendingVersion', rejectedValue: unknown }]);
  }
  await repository.recordAcceptances(ctx.db, userId, [...new Set(versionIds)], ctx.now());
  return pendingConsent(ctx, userId, language);
}

/** At sign-up: the new member accepted the versions in force of the kinds members accept (the sign-up's boxes). */
export async function recordSignUpAcceptance(db: DbExecutor, userId: number, now: Date): Promise<void> {
  const inForce = await repository.idsInForce(db, now);
  const ids = [...inForce]
    .filter(([, kind]) => (CONSENT_TERMS_KINDS as readonly TermsKind[]).includes(kind))
    .map(([id]) => id);
  await repository.recordAcceptances(db, userId, ids, now);
}

/** 403 for a member who has a version in force to accept first. */
export const termsNotAccepted = () => new AppError(403, 'terms.acceptanceRequired', { code: 'TERMS_NOT_ACCEPTED' });

function stateOf(row: TermsVersionRow, inForceIds: ReadonlySet<number>, now: Date): TermsVersionState {
  if (row.withdrawn_at) return 'WITHDRAWN';
  if (row.effective_at > now) return 'SCHEDULED';
  return inForceIds.has(row.id) ? 'IN_FORCE' : 'PAST';
}

export async function adminViews(
  ctx: ServiceContext,
  rows: readonly (TermsVersionRow & { publisher_name: string | null })[],
): Promise<AdminTermsVersion[]> {
  const now = ctx.now();
  const inForce = new Set((await repository.idsInForce(ctx.db, now)).keys());
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    version: row.version,
    effectiveAt: row.effective_at.toISOString(),
    unfavourable: row.unfavourable,
    state: stateOf(row, inForce, now),
    summary: row.summary,
    body: row.body,
    publishedBy:
      row.published_by === null
        ? null
        : { id: row.published_by, username: row.publisher_name ?? String(row.published_by) },
    publishedAt: row.published_at.toISOString(),
    withdrawnAt: row.withdrawn_at?.toISOString() ?? null,
    noticeSentAt: row.notice_sent_at?.toISOString() ?? null,
  }));
}

/** The earliest effective date a version published now may have: its notice period of whole days ahead. */
export function earliestEffectiveDate(now: Date, unfavourable: boolean): string {
  // The day whose start is at least the notice period after now.
  return koreaDate(new Date(now.getTime() + termsNoticeDays(unfavourable) * DAY_MS + DAY_MS - 1));
}

/**
 * Publishes a new version: its effective date at least the notice period ahead (30 days when unfavourable to members,
 * else 15) and after every version of its kind already announced. Its notice goes out in the background
 * (notice.ts).
 */
export async function publishVersion(
  ctx: ServiceContext,
  input: AdminTermsVersionInput,
  publishedBy: number,
): Promise<number> {
  const now = ctx.now();
  const earliest = earliestEffectiveDate(now, input.unfavourable);
  if (input.effectiveDate < earliest) {
    throw invalidFields([
      {
        field: 'effectiveDate',
        key: 'terms.noticeTooShort',
        params: { days: termsNoticeDays(input.unfavourable), date: earliest },
        rejectedValue: input.effectiveDate,
      },
    ]);
  }
  const effectiveAt = koreaDayStart(input.effectiveDate);
  return ctx.db.transaction().execute(async (trx) => {
    const latest = await repository.latestEffectiveAt(trx, input.kind);
    if (latest && latest >= effectiveAt) {
      throw invalidFields([
        {
          field: 'effectiveDate',
          key: 'terms.notAfterScheduled',
          params: { date: formatKoreaDay(latest) },
          rejectedValue: input.effectiveDate,
        },
      ]);
    }
    const row = await repository.insertVersion(trx, {
      kind: input.kind,
      effectiveAt,
      unfavourable: input.unfavourable,
      summary: input.summary,
      body: input.body,
      publishedBy,
      publishedAt: now,
    });
    return row.id;
  });
}

/** Withdraws a version not yet in force (its notice stops); 409 for one in force, past or withdrawn, 404 for none. */
export async function withdrawVersion(ctx: ServiceContext, id: number, by: number): Promise<void> {
  if (await repository.withdrawVersion(ctx.db, id, by, ctx.now())) return;
  const row = await repository.findVersion(ctx.db, id);
  if (!row) throw notFound('terms.versionNotFound');
  throw conflict(row.withdrawn_at ? 'terms.alreadyWithdrawn' : 'terms.alreadyInForce');
}
