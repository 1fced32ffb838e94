import { z } from 'zod';
import { userSummarySchema } from './users';

/** How many supporters a creator page shows. */
export const CREATOR_TOP_SUPPORTERS = 3;
/**
 * A creator's rank among creators is counted up to this place and no further: reading it costs at most this many
 * index entries however many creators there are; a creator below it is "not ranked".
 */
export const CREATOR_RANK_LIMIT = 100;

export const creatorSupporterSchema = z
  .object({
    /** 1 to 3: by coins spent on the creator's completed missions, the lower member id first on a tie. */
    rank: z.number().int().min(1).max(CREATOR_TOP_SUPPORTERS),
    user: userSummarySchema,
  })
  .meta({ id: 'CreatorSupporter' });
export type CreatorSupporter = z.infer<typeof creatorSupporterSchema>;

/** `GET /creators/{id}/ranking`: the creator page's Top-3 and ranking blocks. */
export const creatorRankingSchema = z
  .object({
    /** The fans who spent the most coins on the creator's completed missions (lottery entries left out), at most 3. */
    topSupporters: z.array(creatorSupporterSchema).max(CREATOR_TOP_SUPPORTERS),
    /**
     * The creator's place in the search's popular order (followers + likes) among listed creators (verified, not
     * adult-flagged); null when below `rankLimit` or not listed.
     */
    popularityRank: z.number().int().min(1).max(CREATOR_RANK_LIMIT).nullable(),
    rankLimit: z.number().int(),
    /** Whether the creator is listed at all (verified, not adult-flagged): an unlisted one has no rank to tell. */
    listed: z.boolean(),
  })
  .meta({ id: 'CreatorRanking' });
export type CreatorRanking = z.infer<typeof creatorRankingSchema>;
