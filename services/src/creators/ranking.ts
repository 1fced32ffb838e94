import { CREATOR_RANK_LIMIT, type CreatorRanking } from '@fanmission/contracts';
import { requireAdultAccess } from '../adult-content';
import type { Caller } from '../auth';
import type { ServiceContext } from '../context';
import { fileEntry, findFiles } from '../files';
import { notFound } from '../http';
import * as repository from './repository';
import * as ranking from './ranking-repository';
import { canSeeCreator } from './service';

/**
 * `GET /creators/{id}/ranking`: the creator page's Top-3 supporters and the creator's rank among creators, both read
 * from counters kept as the rows change (`creator_supporters`, `creator_popularity`), never from the ledger or the
 * missions. A creator the caller may not see is 404, as his page is.
 */
export async function creatorRanking(
  ctx: ServiceContext,
  caller: Caller | null,
  creatorId: number,
): Promise<CreatorRanking> {
  const creator = await repository.findCreatorById(ctx.db, creatorId);
  if (!creator || !canSeeCreator(caller, creator)) throw notFound('creators.notFound');
  requireAdultAccess(caller, { creatorId: creator.id, adult: creator.contain_adult_content });
  const [supporters, popularityRank] = await Promise.all([
    ranking.topSupporters(ctx.db, creator.id),
    ranking.popularityRank(ctx.db, creator.id),
  ]);
  const files = await findFiles(
    ctx.db,
    supporters.map((supporter) => supporter.image_file_id),
  );
  return {
    topSupporters: supporters.map((supporter, index) => {
      const image = supporter.image_file_id === null ? undefined : files.get(supporter.image_file_id);
      return {
        rank: index + 1,
        user: {
          id: supporter.user_id,
          username: supporter.username,
          image: image ? fileEntry(ctx.config, image) : null,
        },
      };
    }),
    popularityRank,
    rankLimit: CREATOR_RANK_LIMIT,
    listed: creator.verified && !creator.contain_adult_content,
  };
}
