/**
 * Ledger accounts are named by strings. Only world accounts may go below zero: they are the other
 * side of coins entering (cash in, bonus issuance) or leaving (cash out, expiry) the system.
 */
export const ACCOUNT_KINDS = ['WALLET', 'ESCROW', 'EARNINGS', 'SETTLED', 'REVENUE', 'WORLD'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

export const PLATFORM_REVENUE = 'platform:revenue';
export const WORLD_CASH_IN = 'world:cash-in';
export const WORLD_CASH_OUT = 'world:cash-out';
export const WORLD_BONUS = 'world:bonus';
export const WORLD_EXPIRED = 'world:expired';

/**
 * The house accounts: every per-request path credits or debits one of them (a losing roll, a purchase, a refund, a
 * bonus, an expiry). Each is kept as HOUSE_ACCOUNT_SHARDS ordinary accounts, `<name>` (shard 0, the name it always
 * had) and `<name>:1` … `<name>:<N-1>`, each with its own balance row, version, lock and non-negative rule: a
 * transaction locks one shard, never a row the whole marketplace shares. The house account itself is their sum.
 */
export const HOUSE_ACCOUNTS = [PLATFORM_REVENUE, WORLD_CASH_IN, WORLD_CASH_OUT, WORLD_BONUS, WORLD_EXPIRED] as const;
export type HouseAccount = (typeof HOUSE_ACCOUNTS)[number];

/**
 * Shards of each house account. It may grow (a member's shard moves, balances stay where they are: every read sums
 * all shards), never shrink (a retired shard's balance would no longer be read).
 */
export const HOUSE_ACCOUNT_SHARDS = 16;

/** The shard of a house account that a member's transactions use: the same one for every transaction of his. */
export function houseShard(house: HouseAccount, memberId: number): string {
  const shard = ((memberId % HOUSE_ACCOUNT_SHARDS) + HOUSE_ACCOUNT_SHARDS) % HOUSE_ACCOUNT_SHARDS;
  return shard === 0 ? house : `${house}:${shard}`;
}

/** Every shard of a house account, shard 0 (its own name) first. */
export function houseShards(house: HouseAccount): string[] {
  return Array.from({ length: HOUSE_ACCOUNT_SHARDS }, (_, shard) => (shard === 0 ? house : `${house}:${shard}`));
}

/** The house account whose shard `account` is (its own name for shard 0), or null for any other account. */
export function houseAccountOf(account: string): HouseAccount | null {
  for (const house of HOUSE_ACCOUNTS) {
    if (account === house) return house;
    if (account.startsWith(`${house}:`) && /^\d+$/.test(account.slice(house.length + 1))) return house;
  }
  return null;
}

export const walletAccount = (userId: number) => `wallet:${userId}`;
export const escrowAccount = (missionId: number) => `escrow:mission:${missionId}`;
export const earningsAccount = (creatorId: number) => `earnings:${creatorId}`;
export const settledAccount = (creatorId: number) => `settled:${creatorId}`;

const KIND_BY_PREFIX: ReadonlyArray<readonly [string, AccountKind]> = [
  ['wallet:', 'WALLET'],
  ['escrow:', 'ESCROW'],
  ['earnings:', 'EARNINGS'],
  ['settled:', 'SETTLED'],
  ['platform:', 'REVENUE'],
  ['world:', 'WORLD'],
];

export function accountKind(account: string): AccountKind {
  for (const [prefix, kind] of KIND_BY_PREFIX) if (account.startsWith(prefix)) return kind;
  throw new Error(`not a ledger account: ${account}`);
}

/** Wallets and escrows hold coins that belong to lots; every posting to them is explained by lot movements. */
export const tracksLots = (account: string) => account.startsWith('wallet:') || account.startsWith('escrow:');
export const isWallet = (account: string) => account.startsWith('wallet:');
export const mayGoNegative = (account: string) => accountKind(account) === 'WORLD';

/**
 * The one order in which every lock on accounts is taken: escrows, wallets, earnings, settled, platform, world; by
 * name within a kind. ledger_append creates-or-locks every account a transaction touches in this order, row by row,
 * before writing. Under locks, ledger_read has already locked the accounts the decision reads (those it debits,
 * and escrows and wallets whose lots it moves); the accounts only credited always come after them in this order
 * (a refund's wallets after its escrow, earnings after escrows, settled after earnings, platform and world after
 * everything), so the append still takes its new locks in order. One order for all: no deadlock.
 */
const LOCK_RANK: Record<AccountKind, number> = { ESCROW: 0, WALLET: 1, EARNINGS: 2, SETTLED: 3, REVENUE: 4, WORLD: 5 };

export function compareLockOrder(a: string, b: string): number {
  return LOCK_RANK[accountKind(a)] - LOCK_RANK[accountKind(b)] || compareAccounts(a, b);
}

export function lockOrder(accounts: Iterable<string>): string[] {
  return [...new Set(accounts)].sort(compareLockOrder);
}

/** Plain name order, for presenting postings and reports. */
export function compareAccounts(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
