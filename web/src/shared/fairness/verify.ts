import type { EventFairness, RouletteRoll } from '@fanmission/contracts';

/*
 * The browser's own check of provably fair draws and rolls (docs/provably-fair.md), with WebCrypto only: nothing of
 * the server's implementation is shared. Pure functions; the lottery event page and the rolls page show their results.
 *
 * - commitment = sha256(serverSeed bytes), hex.
 * - entriesHash = sha256(entry ids ascending joined by "\n"), hex.
 * - The n-th random choice: first 8 bytes, big-endian, of HMAC-SHA256(serverSeed, "{productId}:{entriesHash}:{n}")
 *   give v; among the k unpicked entries (ascending) index v mod k, unless v ≥ 2^64 − (2^64 mod k): rejected, n + 1.
 * - A roll: v of HMAC-SHA256(serverSeed, "{clientSeed}:{nonce}") wins when v / 2^64 < winProbability / 100, compared
 *   exactly as v × 1000 < tenths × 2^64.
 */

const TWO_64 = 1n << 64n;
const encoder = new TextEncoder();

export function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  if (!/^([0-9a-fA-F]{2})*$/.test(hex)) throw new Error('not a hex string');
  const bytes = new Uint8Array(new ArrayBuffer(hex.length / 2));
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

export const bytesToHex = (bytes: ArrayBuffer | Uint8Array): string =>
  Array.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');

const subtle = () => {
  const api = globalThis.crypto?.subtle;
  if (!api) throw new Error('WebCrypto is not available (the page needs a secure context)');
  return api;
};

/** sha256 of bytes or of a UTF-8 text, hex. */
export async function sha256Hex(data: string | Uint8Array<ArrayBuffer>): Promise<string> {
  const bytes = typeof data === 'string' ? encoder.encode(data) : data;
  return bytesToHex(await subtle().digest('SHA-256', bytes));
}

/** The first 8 bytes of HMAC-SHA256(key, message) as an unsigned big-endian integer. */
export async function hmacUint64(key: Uint8Array<ArrayBuffer>, message: string): Promise<bigint> {
  const cryptoKey = await subtle().importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = await subtle().sign('HMAC', cryptoKey, encoder.encode(message));
  return new DataView(mac).getBigUint64(0, false);
}

/** The index among k candidates, or null when v falls in the incomplete top range (the choice is rejected). */
export function unbiasedIndex(value: bigint, k: number): number | null {
  if (k <= 0) throw new Error('no candidates');
  const count = BigInt(k);
  return value >= TWO_64 - (TWO_64 % count) ? null : Number(value % count);
}

export interface PickCheck {
  /** Position in the draw record. */
  index: number;
  action: 'PICK' | 'UNPICK';
  manual: boolean;
  missionId: number;
  /** The choice number the server recorded (random picks). */
  n: number | null;
  /** What the browser computed: the choice number and the applicant (random picks only). */
  expectedN: number | null;
  expectedMissionId: number | null;
  /** Choice numbers rejected (top range) before the accepted one. */
  rejected: number[];
  ok: boolean;
}

export interface DrawVerification {
  /** Seed and entries are public (the event is DRAWN or later). */
  revealed: boolean;
  commitmentOk: boolean | null;
  entriesHashOk: boolean | null;
  picks: PickCheck[];
  /** The replayed picks equal the published winners. */
  winnersOk: boolean | null;
  allOk: boolean;
}

/** The n-th choice among `unpicked`, from choice `fromN` on. */
async function choose(
  seed: Uint8Array<ArrayBuffer>,
  productId: number,
  entriesHash: string,
  unpicked: readonly number[],
  fromN: number,
): Promise<{ n: number; missionId: number; rejected: number[] } | null> {
  const candidates = [...unpicked].sort((a, b) => a - b);
  if (candidates.length === 0) return null;
  const rejected: number[] = [];
  // A rejection has probability below k / 2^64: a thousand in a row means something else is wrong.
  for (let n = fromN; n < fromN + 1000; n += 1) {
    const index = unbiasedIndex(await hmacUint64(seed, `${productId}:${entriesHash}:${n}`), candidates.length);
    if (index !== null) return { n, missionId: candidates[index]!, rejected };
    rejected.push(n);
  }
  return null;
}

/** Recomputes an event's whole draw from its `/fairness` record. */
export async function verifyEventDraw(record: EventFairness): Promise<DrawVerification> {
  const { serverSeed, entries, entriesHash, commitment } = record;
  if (serverSeed === null || entries === null || entriesHash === null) {
    return { revealed: false, commitmentOk: null, entriesHashOk: null, picks: [], winnersOk: null, allOk: false };
  }
  let seed: Uint8Array<ArrayBuffer>;
  try {
    seed = hexToBytes(serverSeed);
  } catch {
    return { revealed: true, commitmentOk: false, entriesHashOk: null, picks: [], winnersOk: null, allOk: false };
  }
  const commitmentOk = (await sha256Hex(seed)) === commitment.toLowerCase();
  const ascending = [...entries].sort((a, b) => a - b);
  const entriesHashOk =
    (await sha256Hex(ascending.join('\n'))) === entriesHash.toLowerCase() &&
    ascending.every((id, i) => id === entries[i]);

  const picked: number[] = [];
  const picks: PickCheck[] = [];
  let nextN = 0;
  for (const [index, draw] of record.draws.entries()) {
    const base = { index, action: draw.action, manual: draw.manual, missionId: draw.missionId, n: draw.n };
    if (draw.action === 'UNPICK') {
      const at = picked.indexOf(draw.missionId);
      if (at >= 0) picked.splice(at, 1);
      picks.push({ ...base, expectedN: null, expectedMissionId: null, rejected: [], ok: at >= 0 && draw.manual });
      continue;
    }
    const unpicked = ascending.filter((id) => !picked.includes(id));
    if (draw.manual) {
      picks.push({
        ...base,
        expectedN: null,
        expectedMissionId: null,
        rejected: [],
        ok: unpicked.includes(draw.missionId) && draw.n === null,
      });
    } else {
      const choice = await choose(seed, record.productId, entriesHash, unpicked, nextN);
      picks.push({
        ...base,
        expectedN: choice?.n ?? null,
        expectedMissionId: choice?.missionId ?? null,
        rejected: choice?.rejected ?? [],
        ok: choice !== null && choice.n === draw.n && choice.missionId === draw.missionId,
      });
      nextN = (draw.n ?? choice?.n ?? nextN) + 1;
    }
    if (!picked.includes(draw.missionId)) picked.push(draw.missionId);
  }
  const winners = [...record.winners].sort((a, b) => a - b);
  const replayed = [...picked].sort((a, b) => a - b);
  const winnersOk = winners.length === replayed.length && winners.every((id, i) => id === replayed[i]);
  return {
    revealed: true,
    commitmentOk,
    entriesHashOk,
    picks,
    winnersOk,
    allOk: commitmentOk && entriesHashOk && winnersOk && picks.every((pick) => pick.ok),
  };
}

/** Whether v wins at a win probability in percent (whole tenths), exactly in integers. */
export function rollWins(value: bigint, winProbabilityPercent: number): boolean {
  return value * 1000n < BigInt(Math.round(winProbabilityPercent * 10)) * TWO_64;
}

export type RollVerification =
  | { state: 'legacy' }
  | { state: 'pending' }
  | { state: 'checked'; commitmentOk: boolean; value: number; wins: boolean; ok: boolean };

/** Recomputes one roulette roll; `pending` while its server seed is still secret, `legacy` for unrecorded ones. */
export async function verifyRoll(
  roll: Pick<RouletteRoll, 'serverSeed' | 'commitment' | 'clientSeed' | 'nonce' | 'winProbability' | 'success'>,
): Promise<RollVerification> {
  if (roll.commitment === null || roll.clientSeed === null || roll.nonce === null || roll.winProbability === null) {
    return { state: 'legacy' };
  }
  if (roll.serverSeed === null) return { state: 'pending' };
  let seed: Uint8Array<ArrayBuffer>;
  try {
    seed = hexToBytes(roll.serverSeed);
  } catch {
    return { state: 'checked', commitmentOk: false, value: NaN, wins: false, ok: false };
  }
  const commitmentOk = (await sha256Hex(seed)) === roll.commitment.toLowerCase();
  const v = await hmacUint64(seed, `${roll.clientSeed}:${roll.nonce}`);
  const wins = rollWins(v, roll.winProbability);
  return {
    state: 'checked',
    commitmentOk,
    value: Number(v) / 2 ** 64,
    wins,
    ok: commitmentOk && wins === roll.success,
  };
}
