import { decideExpireWallet } from './decide';
import { asLedgerDb, runOperation, type LedgerExecutor } from './engine';
import { requireCoins, requireText } from './request-checks';
import { idempotencyConflict, LedgerError } from './errors';
import { claimBatchKey } from './repository';
import { findExpiryEntries, findExpiredLots, findWalletsWithExpiredLots } from './repository-reads';
import type { CommandContext } from './commands';
import type { LedgerTables } from './table';
import type { LedgerEntry } from './transaction';

/**
 * Expires, as of `now`, what is left of every lot whose 5 years have passed: one EXPIRY transaction per wallet, each
 * under the key `<idempotencyKey>:<wallet>` (and, given a pool, in its own DB transaction). Coins held in an escrow
 * do not expire there; if they are refunded after their expiry, the next run expires them.
 * Returns every entry appended under this run's key, including those of an earlier attempt with the same key.
 */
export async function expireLots<DB extends LedgerTables>(
  db: LedgerExecutor<DB>,
  input: CommandContext & { batchSize?: number },
): Promise<LedgerEntry[]> {
  const { idempotencyKey, now } = input;
  const batchSize = input.batchSize ?? 500;
  requireText('idempotencyKey', idempotencyKey);
  requireCoins('batchSize', batchSize);
  const ledgerDb = asLedgerDb(db);
  const request = JSON.stringify({ command: 'ExpireLots', asOf: now.toISOString() });
  const run = await claimBatchKey(ledgerDb, { idempotencyKey, request, now });
  if (!run.sameRequest) throw idempotencyConflict(idempotencyKey, run.firstRequest, request);
  const earlier = await findExpiryEntries(ledgerDb, `${idempotencyKey}:wallet:`);
  const appended = new Map(earlier.map((entry) => [entry.transactionId, entry]));
  let after = '';
  for (;;) {
    const wallets = await findWalletsWithExpiredLots(ledgerDb, now, after, batchSize);
    for (const account of wallets) {
      try {
        const entry = await runOperation(ledgerDb, {
          command: 'ExpireWallet',
          request: { account, asOf: now.toISOString() },
          context: { idempotencyKey: `${idempotencyKey}:${account}`, now },
          accounts: [account],
          userId: null,
          load: async (trx) => ({ lots: await findExpiredLots(trx, account, now) }),
          decide: (state) => decideExpireWallet({ account }, state, now),
        });
        appended.set(entry.transactionId, entry);
      } catch (error) {
        if (!(error instanceof LedgerError && error.code === 'NOTHING_TO_EXPIRE')) throw error;
      }
    }
    if (wallets.length < batchSize) break;
    after = wallets.at(-1)!;
  }
  return [...appended.values()].sort((a, b) => a.transactionId - b.transactionId);
}
