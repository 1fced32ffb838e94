import {
  type AdminCreator,
  type AdminCreatorDetail,
  type AdminCreatorFilter,
  type AdminCreatorUpdate,
  type CreatorReview,
  type CreatorReviewStatus,
} from '@fanmission/contracts';
import { type RawBuilder, sql, type SqlBool } from 'kysely';
import { selectListWindow, type ListWindow } from '../admin';
import type { Caller } from '../auth';
import type { ServiceContext } from '../context';
import type { DbExecutor } from '../db';
import { invalidateSearches } from '../discovery';
import { invalidFields, notFound } from '../http';
import { productViews } from '../mission-products';
import { domainEvent, recordEvents } from '../outbox';
import { adultClearDecisionValues, adultFlagChange, adultFlagValues } from './adult-flag';
import { backToPendingNotAllowed } from './errors';
import * as repository from './repository';
import type { CreatorRow, CreatorUpdate } from './table';
import { creatorView } from './view';

/**
 * In the operator's queue: PENDING, basic info done (the account's profile image and at least one tag) and a lottery
 * event or an active BASIC/LUCKY product: the newbie flags. Reads `c` (creators) and `u` (users).
 */
const queuedSql = sql<boolean>`(
  c.review_status = 'PENDING'
  and u.image_file_id is not null
  and exists (select 1 from creator_tags t where t.creator_id = c.id)
  and exists (
    select 1 from mission_products p
    where p.creator_id = c.id and (p.type = 'EVENT' or (p.type in ('BASIC', 'LUCKY') and p.active))
  )
)`;

/** What the creator's dashboard shows of his review; the reason only while rejected. */
export function reviewOf(
  creator: Pick<CreatorRow, 'review_status' | 'review_reason' | 'reviewed_at'>,
  flags: { basicInfoDone: boolean; eventDone: boolean; missionDone: boolean },
): CreatorReview {
  return {
    status: creator.review_status,
    reason: creator.review_status === 'REJECTED' ? creator.review_reason : null,
    queued: creator.review_status === 'PENDING' && flags.basicInfoDone && (flags.eventDone || flags.missionDone),
    reviewedAt: creator.reviewed_at?.toISOString() ?? null,
  };
}

/** A rejected creator who edits his profile goes back to the queue (the reason stays for the operator). */
export function requeueValues(creator: Pick<CreatorRow, 'review_status'>): CreatorUpdate {
  return creator.review_status === 'REJECTED' ? { review_status: 'PENDING' } : {};
}

/** `%`, `_` and `\` match themselves in an ILIKE pattern. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

const SORT_COLUMNS = {
  id: 'c.id',
  createdAt: 'c.created_at',
  name: 'c.name',
  reviewStatus: 'c.review_status',
  reviewedAt: 'c.reviewed_at',
} as const;

function adminRows(db: DbExecutor) {
  return db
    .selectFrom('creators as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('users as decider', 'decider.id', 'c.adult_flag_decided_by')
    .select('decider.email as adult_flag_decider');
}

type AdminRow = CreatorRow & {
  email: string | null;
  username: string;
  queued: boolean;
  adult_flag_decider: string | null;
};

function adminCreator(row: AdminRow): AdminCreator {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    url: row.url,
    email: row.email,
    username: row.username,
    verified: row.verified,
    reviewStatus: row.review_status,
    reviewReason: row.review_reason,
    queued: row.queued,
    grade: row.grade,
    containAdultContent: row.contain_adult_content,
    adultFlaggedBy: row.contain_adult_content ? row.adult_flagged_by : null,
    adultClearRequestedAt: row.adult_clear_requested_at?.toISOString() ?? null,
    adultFlagDecision:
      row.adult_flag_reason !== null && row.adult_flag_decided_at !== null
        ? {
            reason: row.adult_flag_reason,
            decidedBy: row.adult_flag_decider,
            decidedAt: row.adult_flag_decided_at.toISOString(),
          }
        : null,
    createdAt: row.created_at.toISOString(),
    reviewedAt: row.reviewed_at?.toISOString() ?? null,
  };
}

/**
 * `GET /api/admin/creators`: filtered by status, queue, verified, ids and `q`; the total for Content-Range (exact up to
 * EXACT_COUNT_LIMIT, `countUpTo`).
 */
export async function listCreatorsForReview(
  db: DbExecutor,
  options: {
    filter: AdminCreatorFilter;
    sort: [keyof typeof SORT_COLUMNS, 'ASC' | 'DESC'];
    window: ListWindow;
  },
): Promise<{ rows: AdminCreator[]; total: number }> {
  const { filter } = options;
  // The filter reads creators, and their accounts through `exists` only when it asks about them: the window's ids come
  // from an index in the list's order, the accounts only for them; the total is exact up to EXACT_COUNT_LIMIT.
  const ofMember = (condition: RawBuilder<boolean>) =>
    sql<SqlBool>`exists (select 1 from users u where u.id = c.user_id and ${condition})`;
  let query = db.selectFrom('creators as c');
  if (filter.id !== undefined) {
    const ids = Array.isArray(filter.id) ? filter.id : [filter.id];
    if (ids.length === 0) return { rows: [], total: 0 };
    query = query.where('c.id', 'in', ids);
  }
  if (filter.reviewStatus !== undefined) {
    const statuses = Array.isArray(filter.reviewStatus) ? filter.reviewStatus : [filter.reviewStatus];
    if (statuses.length === 0) return { rows: [], total: 0 };
    query = query.where('c.review_status', 'in', statuses);
  }
  if (filter.verified !== undefined) query = query.where('c.verified', '=', filter.verified);
  if (filter.adultClearRequested !== undefined) {
    query = query.where('c.adult_clear_requested_at', filter.adultClearRequested ? 'is not' : 'is', null);
  }
  if (filter.queued !== undefined) {
    // Every creator has his account (users.id, not null): not queued is no account that makes him queued.
    query = query.where(filter.queued ? ofMember(queuedSql) : sql<SqlBool>`not ${ofMember(queuedSql)}`);
  }
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    query = query.where(
      sql<SqlBool>`(c.name ilike ${pattern} or c.url ilike ${pattern} or ${ofMember(sql<boolean>`(u.email ilike ${pattern} or u.username ilike ${pattern})`)})`,
    );
  }
  const [field, direction] = options.sort;
  const { rows, total } = await selectListWindow(
    adminRows(db)
      .selectAll('c')
      .select(['u.email', 'u.username', queuedSql.as('queued')]),
    { column: SORT_COLUMNS[field], direction, idColumn: 'c.id' },
    options.window,
    query,
  );
  return { rows: rows.map((row) => adminCreator(row as AdminRow)), total };
}

/**
 * `GET /api/admin/creators/{id}`: the row, every profile field (business ones too), all products and every earlier
 * refusal.
 */
export async function creatorForReview(ctx: ServiceContext, creatorId: number): Promise<AdminCreatorDetail> {
  const row = await adminRows(ctx.db)
    .selectAll('c')
    .select(['u.email', 'u.username', queuedSql.as('queued')])
    .where('c.id', '=', creatorId)
    .executeTakeFirst();
  const creator = await repository.findCreatorById(ctx.db, creatorId);
  if (!row || !creator) throw notFound('creators.notFound');
  const products = await ctx.db
    .selectFrom('mission_products')
    .selectAll()
    .where('creator_id', '=', creatorId)
    .orderBy('type')
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  const [profile, productList, refusals] = await Promise.all([
    creatorView(ctx.db, ctx.config, creator, { withPrivateFields: true }),
    productViews(ctx.db, ctx.config, products),
    repository.refusalsOfCreator(ctx.db, creatorId),
  ]);
  return { ...adminCreator(row as AdminRow), profile, products: productList, refusals };
}

/** Which decision a whole-record PUT asks for: a status that differs from the stored one, else a changed verified. */
function decisionOf(current: CreatorRow, body: AdminCreatorUpdate): CreatorReviewStatus | null {
  if (body.reviewStatus !== undefined && body.reviewStatus !== current.review_status) return body.reviewStatus;
  if (body.verified !== undefined && body.verified !== current.verified) {
    return body.verified ? 'APPROVED' : 'REJECTED';
  }
  return null;
}

/**
 * `PUT /api/admin/creators/{id}`: approve (verified, public) or reject (with a reason, hidden), and/or change the
 * grade and the adult flag. A decision writes `creator.reviewed` to the outbox in the same transaction; the
 * `creator-review-mail` consumer mails the creator in his language from that event (never this request, so a mail
 * server down neither fails nor repeats the decision).
 */
export async function updateCreatorReview(
  ctx: ServiceContext,
  operator: Caller,
  creatorId: number,
  body: AdminCreatorUpdate,
): Promise<AdminCreatorDetail> {
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const current = await repository.lockCreator(trx, creatorId);
    if (!current) throw notFound('creators.notFound');
    const decision = decisionOf(current, body);
    if (decision === 'PENDING') {
      throw backToPendingNotAllowed();
    }
    const reason = body.reviewReason?.trim() || null;
    if (decision === 'REJECTED' && reason === null) {
      throw invalidFields([
        { field: 'reviewReason', key: 'review.reasonRequired', rejectedValue: body.reviewReason ?? null },
      ]);
    }
    const values: CreatorUpdate = {};
    if (body.grade !== undefined && body.grade !== current.grade) values.grade = body.grade;
    const adultValues =
      body.adultClearRequest !== undefined
        ? adultClearDecisionValues(current, body.adultClearRequest)
        : body.containAdultContent !== current.contain_adult_content
          ? adultFlagValues(current, body.containAdultContent, 'OPERATOR', ctx.now())
          : {};
    const adultChange = adultFlagChange(current, body.adultClearRequest, adultValues);
    const adultReason = body.adultReason?.trim() || null;
    if (adultChange !== null && adultReason === null) {
      throw invalidFields([
        { field: 'adultReason', key: 'creators.adultReasonRequired', rejectedValue: body.adultReason ?? null },
      ]);
    }
    Object.assign(values, adultValues);
    if (adultChange !== null && adultReason !== null) {
      Object.assign(values, {
        adult_flag_reason: adultReason,
        adult_flag_decided_by: operator.id,
        adult_flag_decided_at: ctx.now(),
      } satisfies CreatorUpdate);
    }
    if (decision) {
      Object.assign(values, {
        review_status: decision,
        verified: decision === 'APPROVED',
        review_reason: decision === 'REJECTED' ? reason : current.review_reason,
        reviewed_at: ctx.now(),
        reviewed_by: operator.id,
      } satisfies CreatorUpdate);
    }
    if (Object.keys(values).length === 0) return { decision: null, changed: false, reason };
    await repository.updateCreator(trx, creatorId, values);
    if (decision === 'REJECTED' && reason !== null) {
      await repository.insertRefusal(trx, { creatorId, reason, refusedBy: operator.id, refusedAt: ctx.now() });
    }
    if (adultChange !== null && adultReason !== null) {
      await recordEvents(trx, [
        domainEvent(
          'creator.adult-flag-decided',
          {
            creatorId,
            userId: current.user_id,
            operatorId: operator.id,
            change: adultChange,
            reason: adultReason,
          },
          ctx.now(),
        ),
      ]);
    }
    if (decision) {
      await recordEvents(trx, [
        domainEvent(
          'creator.reviewed',
          {
            creatorId,
            userId: current.user_id,
            operatorId: operator.id,
            reviewStatus: decision,
            reason: decision === 'REJECTED' ? reason : null,
          },
          ctx.now(),
        ),
      ]);
    }
    return { decision, changed: true, reason };
  });
  if (outcome.changed) invalidateSearches(ctx.db);
  return creatorForReview(ctx, creatorId);
}
