import { z } from 'zod';
import { PAGE_SIZES } from './limits';
import { pageQuerySchema, pageSchema } from './page';

/*
 * The provably fair lucky roulette (docs/provably-fair.md): each fan's committed server seed, his client
 * seed and the nonce of his next roll; every roll with what it was decided with.
 */

export const CLIENT_SEED_MAX_LENGTH = 64;

/** `GET` and `PUT /users/me/roulette-seed`. */
export const rouletteSeedSchema = z
  .object({
    /** sha256 of the secret server seed the next rolls use (hex). */
    commitment: z.string(),
    clientSeed: z.string(),
    nextNonce: z.number().int().nonnegative(),
  })
  .meta({ id: 'RouletteSeed' });
export type RouletteSeed = z.infer<typeof rouletteSeedSchema>;

export const rouletteClientSeedRequestSchema = z.strictObject({
  clientSeed: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(CLIENT_SEED_MAX_LENGTH, { error: 'roulette.clientSeedTooLong' })
    .regex(/^[\x21-\x7e]+$/, { error: 'roulette.clientSeedCharacters' })
    .describe('Printable ASCII without spaces, at most 64 characters.'),
});
export type RouletteClientSeedRequest = z.infer<typeof rouletteClientSeedRequestSchema>;

/** `POST /users/me/roulette-seed/rotate`: the old seed revealed, the new one committed. */
export const rouletteSeedRotationSchema = z
  .object({
    revealedServerSeed: z.string(),
    revealedCommitment: z.string(),
    commitment: z.string(),
  })
  .meta({ id: 'RouletteSeedRotation' });
export type RouletteSeedRotation = z.infer<typeof rouletteSeedRotationSchema>;

/** One roll as `GET /users/me/rolls/page` lists it; `serverSeed` once its seed has been rotated away. */
export const rouletteRollSchema = z
  .object({
    id: z.number().int(),
    missionId: z.number().int(),
    productId: z.number().int(),
    productName: z.string(),
    /** The creator whose roulette it is. */
    creatorId: z.number().int(),
    creatorName: z.string(),
    /** What the roll cost. */
    coins: z.number().int(),
    /** Percent. */
    winProbability: z.number().nullable(),
    commitment: z.string().nullable(),
    clientSeed: z.string().nullable(),
    nonce: z.number().int().nullable(),
    success: z.boolean(),
    created: z.iso.datetime({ offset: true }),
    serverSeed: z.string().nullable(),
  })
  .meta({ id: 'RouletteRoll' });
export type RouletteRoll = z.infer<typeof rouletteRollSchema>;
export const rouletteRollPageSchema = pageSchema(rouletteRollSchema);
export const rouletteRollPageQuerySchema = pageQuerySchema(PAGE_SIZES.default);
