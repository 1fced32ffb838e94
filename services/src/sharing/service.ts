import {
  type CreatorSharing,
  linkSharePath,
  type MissionShareLink,
  type MissionSharing,
  publicSharePath,
  SHARE_TOKEN_PATTERN,
} from '@fanmission/contracts';
import { hashSecretToken, newSecretToken, type Caller } from '../auth';
import type { ServiceContext } from '../context';
import type { DbExecutor } from '../db';
import { conflict, notFound } from '../http';
import { missionViewerOf, visibleMission } from '../mission-reads';
import * as repository from './repository';
import type { ShareSubjectRow } from './repository';

/*
 * Who may see a mission's share page (docs/rules/sharing.md): a completed mission, not blocked by an operator, whose
 * creator is not adult-flagged and did not turn sharing off. A public one at its id; a private one only through an
 * active unlisted link its requester made. Anything else has no share page, and answers exactly as a mission that
 * does not exist.
 */

const missionNotFound = () => notFound('missionReads.notFound');

/** Completed, not blocked, not adult, sharing on: what both the public page and an unlisted link need. */
const mayBeShared = (subject: ShareSubjectRow) =>
  subject.status === 'COMPLETED' &&
  subject.content_blocked_at === null &&
  !subject.creator_adult &&
  !subject.sharing_off;

export const publiclyShared = (subject: ShareSubjectRow) => mayBeShared(subject) && !subject.is_private;

/** The mission at `/share/m/{id}`, or null when it has no public share page. */
export async function publicShareSubject(db: DbExecutor, missionId: number): Promise<ShareSubjectRow | null> {
  const subject = await repository.findShareSubject(db, missionId);
  return subject && publiclyShared(subject) ? subject : null;
}

/** The mission an active link's token opens, or null (no such token, revoked, or the mission no longer shareable). */
export async function linkShareSubject(db: DbExecutor, token: string): Promise<ShareSubjectRow | null> {
  if (!SHARE_TOKEN_PATTERN.test(token)) return null;
  const subject = await repository.findLinkedSubject(db, hashSecretToken(token));
  return subject && mayBeShared(subject) ? subject : null;
}

/** `GET /missions/{id}/sharing`: for a caller who may see the mission (404 otherwise, as `GET /missions/{id}`). */
export async function missionSharing(ctx: ServiceContext, caller: Caller | null, id: number): Promise<MissionSharing> {
  await visibleMission(ctx.db, missionViewerOf(caller), id);
  const subject = await repository.findShareSubject(ctx.db, id);
  if (!subject) throw missionNotFound();
  const requester = caller !== null && caller.id === subject.user_id;
  let link: MissionSharing['link'] = null;
  if (requester && subject.is_private && subject.status === 'COMPLETED') {
    const active = mayBeShared(subject) ? await repository.findActiveLink(ctx.db, id) : undefined;
    link = { canCreate: mayBeShared(subject), activeSince: active?.created_at.toISOString() ?? null };
  }
  return { publicPath: publiclyShared(subject) ? publicSharePath(id) : null, link };
}

/** The mission when the caller is its requester; 404 for anybody else, whether it exists or not. */
async function requestersMission(db: DbExecutor, caller: Caller, id: number): Promise<ShareSubjectRow> {
  const subject = await repository.findShareSubject(db, id);
  if (!subject || subject.user_id !== caller.id) throw missionNotFound();
  return subject;
}

/**
 * `POST /missions/{id}/share-links`: a new unlisted link to the requester's private completed mission (32 random
 * bytes; only their SHA-256 is kept, so the token is shown this once). An active link is revoked in the same
 * transaction: a mission has one link at a time.
 */
export async function createShareLink(ctx: ServiceContext, caller: Caller, id: number): Promise<MissionShareLink> {
  return await ctx.db.transaction().execute(async (trx) => {
    // Two makes at once of the same mission's link take turns here (one active link per mission, migration 0660).
    await trx.selectFrom('missions').select('id').where('id', '=', id).forUpdate().execute();
    const subject = await requestersMission(trx, caller, id);
    if (!subject.is_private || !mayBeShared(subject)) throw conflict('sharing.linkNotPossible');
    const now = ctx.now();
    await repository.revokeLinks(trx, id, now);
    const { token, hash } = newSecretToken();
    const row = await repository.insertLink(trx, { missionId: id, tokenHash: hash, createdBy: caller.id });
    return { token, path: linkSharePath(token), created: row.created_at.toISOString() };
  });
}

/** `DELETE /missions/{id}/share-links`: the requester revokes his mission's link (none active is no error). */
export async function revokeShareLink(ctx: ServiceContext, caller: Caller, id: number): Promise<void> {
  await requestersMission(ctx.db, caller, id);
  await repository.revokeLinks(ctx.db, id, ctx.now());
}

function creatorIdOf(caller: Caller): number {
  // Like `GET /creators/me`: a member without a creator profile has none to set.
  if (caller.creatorId === null) throw notFound();
  return caller.creatorId;
}

export async function creatorSharing(ctx: ServiceContext, caller: Caller): Promise<CreatorSharing> {
  return { enabled: !(await repository.sharingOff(ctx.db, creatorIdOf(caller))) };
}

export async function setCreatorSharing(
  ctx: ServiceContext,
  caller: Caller,
  request: CreatorSharing,
): Promise<CreatorSharing> {
  await repository.setSharingOff(ctx.db, creatorIdOf(caller), !request.enabled);
  return { enabled: request.enabled };
}
