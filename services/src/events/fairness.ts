import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * Provably fair draws (docs/provably-fair.md). Pure functions, no I/O: the event service and the lucky roulette call
 * them; the tests' independent verifier (tests/support/fairness-verifier.ts) recomputes the same values its own way.
 *
 * Lottery events
 * - At creation the server draws a 32-byte secret `serverSeed` and publishes `commitment = sha256(serverSeed)` (hex).
 * - When applications close the entry list is frozen: the applicants' mission ids ascending,
 *   `entriesHash = sha256(ids joined by "\n")` (hex of the UTF-8 text).
 * - The n-th random choice (n = 0, 1, …) is `HMAC-SHA256(key = serverSeed, "{productId}:{entriesHash}:{n}")`, whose
 *   first 8 bytes are read as an unsigned big-endian integer v. Among the k still-unpicked applicants (ascending
 *   ids) it picks index v mod k, unless v falls in the incomplete top range (v ≥ 2^64 − 2^64 mod k): then it is
 *   rejected and choice n + 1 is tried, so every applicant is equally likely.
 *
 * Lucky roulette
 * - Each fan has a committed server seed, a client seed he may change and a nonce per roll:
 *   `value = HMAC-SHA256(serverSeed, "{clientSeed}:{nonce}")` first 8 bytes / 2^64, a win when
 *   value < winProbability / 100 (compared exactly: v × 1000 < tenths × 2^64 / 100 … see `rollWins`).
 */

export const FAIRNESS_ALGORITHM = 'HMAC-SHA256/v1' as const;
export const SERVER_SEED_BYTES = 32;
const TWO_64 = 1n << 64n;

export const newServerSeed = (): Buffer => randomBytes(SERVER_SEED_BYTES);

export const sha256Hex = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');

/** The published commitment of a seed: sha256 of its 32 bytes, hex. */
export const commitmentOf = (serverSeed: Uint8Array): string => sha256Hex(serverSeed);

/** Whether a revealed seed (hex) matches a commitment. */
export function seedMatchesCommitment(serverSeedHex: string, commitment: string): boolean {
  const expected = Buffer.from(commitmentOf(Buffer.from(serverSeedHex, 'hex')), 'hex');
  const given = Buffer.from(commitment, 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The frozen entry list: ids ascending (numerically), deduplicated. */
export const sortedEntries = (ids: readonly number[]): number[] => [...new Set(ids)].sort((a, b) => a - b);

export const entriesHashOf = (ascendingIds: readonly number[]): string => sha256Hex(ascendingIds.join('\n'));

/** The first 8 bytes of HMAC-SHA256(key, message) as an unsigned big-endian integer. */
export function hmacUint64(key: Uint8Array, message: string): bigint {
  return createHmac('sha256', key).update(message, 'utf8').digest().readBigUInt64BE(0);
}

/** The value of the n-th choice of an event's draw. */
export const drawValue = (serverSeed: Uint8Array, productId: number, entriesHash: string, n: number): bigint =>
  hmacUint64(serverSeed, `${productId}:${entriesHash}:${n}`);

/** The index among k candidates of a value, or null when it falls in the incomplete top range (rejected). */
export function unbiasedIndex(value: bigint, k: number): number | null {
  if (k <= 0) throw new Error('no candidates');
  const count = BigInt(k);
  const limit = TWO_64 - (TWO_64 % count);
  return value >= limit ? null : Number(value % count);
}

export interface RandomPick {
  /** The choice number that produced the pick. */
  n: number;
  missionId: number;
  /** The next unused choice number. */
  nextN: number;
}

/**
 * One random pick among `unpicked` (the still-unpicked entries, any order: they are sorted ascending here), starting
 * at choice `fromN`. Null when nobody is left.
 */
export function randomPick(
  serverSeed: Uint8Array,
  productId: number,
  entriesHash: string,
  unpicked: readonly number[],
  fromN: number,
): RandomPick | null {
  const candidates = sortedEntries(unpicked);
  if (candidates.length === 0) return null;
  for (let n = fromN; ; n += 1) {
    const index = unbiasedIndex(drawValue(serverSeed, productId, entriesHash, n), candidates.length);
    if (index !== null) return { n, missionId: candidates[index]!, nextN: n + 1 };
  }
}

/** The roulette's value of one roll as the 64-bit integer v (value = v / 2^64). */
export const rollValue = (serverSeed: Uint8Array, clientSeed: string, nonce: number): bigint =>
  hmacUint64(serverSeed, `${clientSeed}:${nonce}`);

/**
 * Whether a roll wins: v / 2^64 < winProbability / 100, with the probability in tenths of a percent (0.1 % steps)
 * compared exactly in integers: v × 1000 < tenths × 2^64.
 */
export function rollWins(value: bigint, winProbabilityPercent: number): boolean {
  const tenths = BigInt(Math.round(winProbabilityPercent * 10));
  return value * 1000n < tenths * TWO_64;
}
