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
