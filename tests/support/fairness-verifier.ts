/*
 * An independent verifier of provably fair draws and rolls (docs/provably-fair.md). It shares no code with the
 * server's services/src/events/fairness.ts: it uses WebCrypto (as a browser would) and reads the 64-bit values with a
 * DataView. Given the public `/fairness` data of an event (or a fan's revealed rolls) it recomputes everything and
 * returns the list of differences; an empty list means the draw is what the published seed commitment promised.
 */

export interface FairnessDraw {
  n: number | null;
  missionId: number;
  manual: boolean;
  action: 'PICK' | 'UNPICK';
}

export interface EventFairness {
  productId: number;
  algorithm: string;
  commitment: string;
  entriesHash: string | null;
  serverSeed: string | null;
  entries: number[] | null;
  draws: FairnessDraw[];
  /** The winners as the event shows them (mission ids), to compare with the replayed draw. */
  winners?: number[];
}

const subtle = globalThis.crypto.subtle;
const encoder = new TextEncoder();

const toHex = (buffer: ArrayBuffer): string =>
  Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');

function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  if (!/^([0-9a-f]{2})*$/i.test(hex)) throw new Error(`not hex: ${hex}`);
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

async function sha256(data: Uint8Array<ArrayBuffer>): Promise<string> {
  return toHex(await subtle.digest('SHA-256', data));
}

async function hmacFirst64(keyBytes: Uint8Array<ArrayBuffer>, message: string): Promise<bigint> {
  const key = await subtle.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = await subtle.sign('HMAC', key, encoder.encode(message));
  const view = new DataView(mac);
  return (BigInt(view.getUint32(0)) << 32n) | BigInt(view.getUint32(4));
}

/** Recomputes a lottery event's draw; returns the differences found (empty: verified). */
export async function verifyEventDraw(data: EventFairness): Promise<string[]> {
  const problems: string[] = [];
  if (data.serverSeed === null || data.entries === null || data.entriesHash === null) {
    return ['the seed and the entries are not revealed yet'];
  }
  const seed = fromHex(data.serverSeed);
  if (seed.length !== 32) problems.push(`the server seed has ${seed.length} bytes, not 32`);
  const commitment = await sha256(seed);
  if (commitment !== data.commitment)
    problems.push(`sha256(serverSeed) = ${commitment} ≠ commitment ${data.commitment}`);
  const ascending = [...data.entries].sort((a, b) => a - b);
  if (ascending.some((id, i) => id !== data.entries![i] || (i > 0 && id === ascending[i - 1]))) {
    problems.push('the entries are not strictly ascending');
  }
  const entriesHash = await sha256(encoder.encode(ascending.join('\n')));
  if (entriesHash !== data.entriesHash)
    problems.push(`sha256(entries) = ${entriesHash} ≠ entriesHash ${data.entriesHash}`);

  const entrySet = new Set(ascending);
  const picked = new Set<number>();
  let next = 0;
  for (const [index, draw] of data.draws.entries()) {
    const where = `draw #${index}`;
    if (!entrySet.has(draw.missionId)) problems.push(`${where}: ${draw.missionId} is not an entry`);
    if (draw.action === 'UNPICK') {
      if (!picked.delete(draw.missionId)) problems.push(`${where}: ${draw.missionId} was not picked`);
      continue;
    }
    if (picked.has(draw.missionId)) problems.push(`${where}: ${draw.missionId} picked twice`);
    if (draw.manual) {
      if (draw.n !== null) problems.push(`${where}: a manual pick carries n = ${draw.n}`);
      picked.add(draw.missionId);
      continue;
    }
    const candidates = ascending.filter((id) => !picked.has(id));
    const k = BigInt(candidates.length);
    let expected: { n: number; missionId: number } | null = null;
    for (let n = next; candidates.length > 0 && n < next + 1000; n += 1) {
      const value = await hmacFirst64(seed, `${data.productId}:${entriesHash}:${n}`);
      const usable = (1n << 64n) - ((1n << 64n) % k);
      if (value < usable) {
        expected = { n, missionId: candidates[Number(value % k)]! };
        break;
      }
    }
    if (!expected) {
      problems.push(`${where}: no candidate left for a random pick`);
    } else if (expected.n !== draw.n || expected.missionId !== draw.missionId) {
      problems.push(
        `${where}: expected choice n=${expected.n} → ${expected.missionId}, published n=${draw.n} → ${draw.missionId}`,
      );
    }
    if (expected) next = expected.n + 1;
    picked.add(draw.missionId);
  }
  if (data.winners) {
    const winners = [...data.winners].sort((a, b) => a - b);
    const replayed = [...picked].sort((a, b) => a - b);
    if (winners.join(',') !== replayed.join(',')) {
      problems.push(`winners ${winners.join(',')} ≠ replayed picks ${replayed.join(',')}`);
    }
  }
  return problems;
}

export interface RollRecord {
  /** Null for rolls made before provable fairness existed. */
  commitment: string | null;
  clientSeed: string | null;
  nonce: number | null;
  winProbability: number | null;
  success: boolean;
  serverSeed: string | null;
}

/** Recomputes revealed roulette rolls; returns the differences (a roll whose seed is not revealed is one). */
export async function verifyRolls(rolls: readonly RollRecord[]): Promise<string[]> {
  const problems: string[] = [];
  for (const [index, roll] of rolls.entries()) {
    const where = `roll #${index} (nonce ${roll.nonce})`;
    if (roll.commitment === null || roll.clientSeed === null || roll.nonce === null || roll.winProbability === null) {
      problems.push(`${where}: not a provably fair roll`);
      continue;
    }
    if (roll.serverSeed === null) {
      problems.push(`${where}: the server seed is not revealed yet`);
      continue;
    }
    const seed = fromHex(roll.serverSeed);
    if ((await sha256(seed)) !== roll.commitment) problems.push(`${where}: the seed does not match its commitment`);
    const value = await hmacFirst64(seed, `${roll.clientSeed}:${roll.nonce}`);
    // value / 2^64 < p / 100  ⇔  value × 100 × 10 < round(p × 10) × 2^64
    const wins = value * 1000n < BigInt(Math.round(roll.winProbability * 10)) * (1n << 64n);
    if (wins !== roll.success)
      problems.push(`${where}: recomputed ${wins ? 'win' : 'loss'}, published ${roll.success}`);
  }
  return problems;
}
