import { toPage, UNPAGED_LIST_MAX, type FollowItem, type FollowState, type Page } from '@fanmission/contracts';
import { requireAdultAccess } from '../adult-content';
import type { Caller } from '../auth';
import type { ServiceContext } from '../context';
import { canSeeCreator, findCreatorById } from '../creators';
import { fileEntry, findFiles } from '../files';
import { domainEvent, recordEvents } from '../outbox';
import { AppError, notFound } from '../http';
import * as repository from './repository';

async function followableCreator(ctx: ServiceContext, caller: Caller, creatorId: number) {
  const creator = await findCreatorById(ctx.db, creatorId);
  if (!creator || !canSeeCreator(caller, creator)) throw notFound('creators.notFound');
  if (creator.user_id === caller.id) {
    throw new AppError(400, 'creators.cannotFollowSelf', { code: 'CANNOT_FOLLOW_SELF' });
  }
  // Following an adult-flagged creator is for whoever may see his page (unfollowing stays open to everyone).
  requireAdultAccess(caller, { creatorId, adult: creator.contain_adult_content });
  return creator;
}

/**
 * `POST /creators/{id}/follower`: the caller follows the creator. Following again changes nothing; the event
 * `creator.followed` is written only when the follow is new, in the same transaction.
 */
export async function follow(ctx: ServiceContext, caller: Caller, creatorId: number): Promise<FollowState> {
  await followableCreator(ctx, caller, creatorId);
  return ctx.db.transaction().execute(async (trx) => {
    if (await repository.insertFollow(trx, caller.id, creatorId)) {
      await recordEvents(trx, [domainEvent('creator.followed', { creatorId, userId: caller.id }, ctx.now())]);
    }
    return { creatorId, following: true, followerCount: await repository.followerCount(trx, creatorId) };
  });
}

/** `DELETE /creators/{id}/follower?userId=`: unfollowing a creator one does not follow changes nothing. */
export async function unfollow(ctx: ServiceContext, caller: Caller, creatorId: number): Promise<FollowState> {
  const creator = await findCreatorById(ctx.db, creatorId);
  if (!creator || !canSeeCreator(caller, creator)) throw notFound('creators.notFound');
  return ctx.db.transaction().execute(async (trx) => {
    if (await repository.deleteFollow(trx, caller.id, creatorId)) {
      await recordEvents(trx, [domainEvent('creator.unfollowed', { creatorId, userId: caller.id }, ctx.now())]);
    }
    return { creatorId, following: false, followerCount: await repository.followerCount(trx, creatorId) };
  });
}

async function followItems(
  ctx: ServiceContext,
  rows: Awaited<ReturnType<typeof repository.listFollowed>>,
): Promise<FollowItem[]> {
  const files = await findFiles(
    ctx.db,
    rows.map((row) => row.image_file_id),
  );
  return rows.map((row) => {
    const image = row.image_file_id === null ? undefined : files.get(row.image_file_id);
    return {
      creator: {
        id: row.id,
        url: row.url,
        name: row.name,
        user: { id: row.user_id, username: row.username, image: image ? fileEntry(ctx.config, image) : null },
      },
      followed: row.followed_at.toISOString(),
    };
  });
}

/** `GET /users/{id}/follows`: the creators the user follows, the latest 200 (the page route has all). */
export async function allFollows(ctx: ServiceContext, userId: number): Promise<FollowItem[]> {
  return followItems(ctx, await repository.listFollowed(ctx.db, userId, { offset: 0, limit: UNPAGED_LIST_MAX }));
}

/** `GET /users/{id}/follows/page`. */
export async function followsPage(
  ctx: ServiceContext,
  userId: number,
  page: { page: number; size: number },
): Promise<Page<FollowItem>> {
  const [rows, total] = await Promise.all([
    repository.listFollowed(ctx.db, userId, { offset: page.page * page.size, limit: page.size }),
    repository.countFollowed(ctx.db, userId),
  ]);
  return toPage(await followItems(ctx, rows), total, page);
}
