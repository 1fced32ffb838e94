/**
 * Ledger accounts are named by strings (DESIGN.md §5). Only world accounts may go below zero: they are the other
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

/** The user owning a wallet account, or undefined for any other account. */
export function walletOwner(account: string): number | undefined {
  return isWallet(account) ? Number(account.slice('wallet:'.length)) : undefined;
}

/**
 * The one order in which every operation locks accounts: escrows, wallets, earnings, settled, platform, world; by
 * name within a kind. An operation locks the accounts its decision reads (those it debits, and escrows and wallets,
 * whose lots it moves) first, in this order; the accounts it only credits are locked when the transaction is
 * appended, and they always come later in this order (earnings after escrows, settled after earnings, platform and
 * world after everything). A refund locks the wallets its escrow's lots came from after the escrow: wallets come
 * after escrows. Taking every lock in one order means no deadlock.
 */
const LOCK_RANK: Record<AccountKind, number> = { ESCROW: 0, WALLET: 1, EARNINGS: 2, SETTLED: 3, REVENUE: 4, WORLD: 5 };

export function compareLockOrder(a: string, b: string): number {
  return LOCK_RANK[accountKind(a)] - LOCK_RANK[accountKind(b)] || compareAccounts(a, b);
}

export function lockOrder(accounts: Iterable<string>): string[] {
  return [...new Set(accounts)].sort(() => Math.random() - 0.5);
}

/** Plain name order, for presenting postings and reports. */
export function compareAccounts(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
