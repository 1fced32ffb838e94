import type { HeldPortion, Member } from './decider-states';
import type { ReadState } from './repository';
import { byExpiry, type Lot } from './rules';
import type { NewTransaction } from './transaction';

/*
 * What this process last knew of the accounts and members it wrote, so that an uncontended optimistic operation can
 * decide without reading first and append in one round trip. Nothing here is trusted: every append decided from it
 * sends the versions of the accounts it read and the member's standing, and ledger_append_as_read writes nothing
 * when any of them moved (another process, a locked operation, a caller's transaction). The engine then forgets the
 * entries and runs the operation as before (read, then append). A refusal is never decided from remembered state.
 *
 * An account's entry is one consistent state: its balance and version and, when known, the lots of a wallet (as far
 * as a spend read them, unexpired as of `asOf`) or the lots an escrow holds, all as of that version. Lots only move
 * with a posting to their wallet and escrow holdings with a posting to their escrow (the append refuses a lot moved
 * outside its wallet, and a transaction's lot movements must match its postings), so the version covers them.
 */

interface AccountState {
  balance: number;
  version: number;
  /** A wallet's unexpired lots as of `asOf`, earliest expiry first, as far as a spend read them (a prefix). */
  lots?: { asOf: number; lots: Lot[] };
  /** The lots an escrow holds. */
  held?: HeldPortion[];
}

interface MemberState {
  member: Member;
  memberState: unknown;
}

/** What a read would have answered, from memory; or why not. */
export interface RememberedRead {
  accounts: string[];
  userId: number | null;
  spend?: { wallet: string; coins: number };
  escrow?: string;
}

const MAX_ENTRIES = 20_000;

/** An account never posted to: version 0, nothing in it (what ledger_read answers for an account not created yet). */
const UNTOUCHED: AccountState = { balance: 0, version: 0, lots: { asOf: -Infinity, lots: [] }, held: [] };

class Remembered<K, V> {
  private readonly entries = new Map<K, V>();
  get(key: K): V | undefined {
    return this.entries.get(key);
  }
  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as K);
  }
  delete(key: K): void {
    this.entries.delete(key);
  }
}

export class StateCache {
  private readonly accounts = new Remembered<string, AccountState>();
  private readonly members = new Remembered<number, MemberState>();

  /**
   * The state a read would answer if nothing moved since this process last saw it, or null when something it needs
   * is not remembered. An account never seen is assumed untouched (version 0): the append checks that too.
   */
  read(input: RememberedRead, now: Date): ReadState | null {
    let member: MemberState | undefined;
    if (input.userId !== null) {
      member = this.members.get(input.userId);
      if (!member) return null;
    }
    const balances = new Map<string, number>();
    const versions = new Map<string, number>();
    let lots: Lot[] | null = null;
    let held: HeldPortion[] | null = null;
    for (const account of input.accounts) {
      const state = this.accounts.get(account) ?? UNTOUCHED;
      balances.set(account, state.balance);
      versions.set(account, state.version);
      if (input.spend?.wallet === account) {
        // Lots read at an earlier clock miss none that is spendable now; at a later one they could.
        if (!state.lots || state.lots.asOf > now.getTime()) return null;
        lots = state.lots.lots;
      }
      if (input.escrow === account) {
        if (!state.held) return null;
        held = state.held;
      }
    }
    if (input.spend && lots === null) return null;
    if (input.escrow && held === null) return null;
    return {
      existing: null,
      balances,
      versions,
      member: member?.member ?? { exists: false, isCreator: false, coinsFrozenAt: null },
      memberState: member?.memberState ?? null,
      lots,
      held,
    };
  }

  /** Remembers what a read (outside any lock) answered. */
  remember(input: RememberedRead, read: ReadState, now: Date): void {
    if (input.userId !== null) {
      this.members.set(input.userId, { member: read.member, memberState: read.memberState });
    }
    for (const account of input.accounts) this.accounts.set(account, stateFrom(input, read, account, now.getTime()));
  }

  /**
   * Moves the accounts on by a transaction appended on top of `read` (the append checked their versions): the state
   * the next read would answer, computed as ledger_append computes it.
   */
  appended(input: RememberedRead, read: ReadState, now: Date, transaction: NewTransaction): void {
    const posted = new Map(transaction.postings.map((posting) => [posting.account, posting.amount]));
    for (const account of input.accounts) {
      const before = stateFrom(input, read, account, now.getTime());
      const amount = posted.get(account);
      if (amount === undefined) {
        this.accounts.set(account, before);
        continue;
      }
      this.accounts.set(account, {
        balance: before.balance + amount,
        version: before.version + 1,
        lots: movedLots(account, before.lots, transaction),
        held: movedHoldings(account, before.held, transaction, read.lots ?? []),
      });
    }
    // Accounts only credited were not read: whatever was remembered of them is now behind.
    for (const account of posted.keys()) if (!input.accounts.includes(account)) this.accounts.delete(account);
  }

  /** Forgets what a conflicting append showed to be behind. */
  forget(input: RememberedRead): void {
    if (input.userId !== null) this.members.delete(input.userId);
    for (const account of input.accounts) this.accounts.delete(account);
  }
}

function stateFrom(input: RememberedRead, read: ReadState, account: string, asOf: number): AccountState {
  const version = read.versions.get(account) ?? 0;
  const state: AccountState = { balance: read.balances.get(account) ?? 0, version };
  // Version 0: never posted to, so no lot and no holding (whatever the read asked for).
  if (version === 0) return { ...state, lots: { asOf: -Infinity, lots: [] }, held: [] };
  if (input.spend?.wallet === account && read.lots) state.lots = { asOf, lots: read.lots };
  if (input.escrow === account && read.held) state.held = read.held;
  return state;
}

function movedLots(account: string, lots: AccountState['lots'], transaction: NewTransaction): AccountState['lots'] {
  if (!lots) return undefined;
  // A new lot may expire before the remembered ones: they would no longer be the first.
  if (transaction.newLot?.account === account) return undefined;
  const remaining = new Map(lots.lots.map((lot) => [lot.id, lot.remaining]));
  for (const movement of transaction.lotMovements) {
    if (movement.wallet.account !== account || movement.wallet.amount === 0) continue;
    const before = remaining.get(movement.lotId);
    // A lot the spend did not read (or one emptied before) moves: what is remembered is no longer a prefix.
    if (before === undefined) return undefined;
    remaining.set(movement.lotId, before + movement.wallet.amount);
  }
  return {
    asOf: lots.asOf,
    lots: lots.lots.map((lot) => ({ ...lot, remaining: remaining.get(lot.id)! })).filter((lot) => lot.remaining > 0),
  };
}

function movedHoldings(
  account: string,
  held: HeldPortion[] | undefined,
  transaction: NewTransaction,
  readLots: Lot[],
): HeldPortion[] | undefined {
  if (!held) return undefined;
  const portions = new Map(held.map((portion) => [portion.lot.id, portion]));
  for (const movement of transaction.lotMovements) {
    if (movement.escrow?.account !== account) continue;
    const portion = portions.get(movement.lotId);
    const lot = portion?.lot ?? readLots.find((candidate) => candidate.id === movement.lotId);
    if (!lot) return undefined;
    portions.set(movement.lotId, { lot, coins: (portion?.coins ?? 0) + movement.escrow.amount });
  }
  return [...portions.values()].filter((portion) => portion.coins !== 0).sort((a, b) => byExpiry(a.lot, b.lot));
}

const caches = new WeakMap<object, StateCache>();

/** One cache per pool (each database its own). */
export function stateCacheFor(pool: object): StateCache {
  let cache = caches.get(pool);
  if (!cache) {
    cache = new StateCache();
    caches.set(pool, cache);
  }
  return cache;
}
