import type { AdminLedgerAccount } from '@fanmission/contracts';
import { accountsNamed } from '@fanmission/ledger';
import { sql } from 'kysely';
import type { DbExecutor } from '../db';

/**
 * One ledger account's balance and kind (null kind: no such account yet) and its newest 100 coin lots; a house
 * account (`platform:revenue`) as one, the sum of its shards.
 */
export async function ledgerAccountWithLots(db: DbExecutor, account: string): Promise<AdminLedgerAccount> {
  const [row, lots] = await Promise.all([
    db
      .selectFrom('ledger_accounts')
      .select([sql<AdminLedgerAccount['kind']>`min(kind)`.as('kind'), sql<string>`sum(balance)`.as('balance')])
      .where('account', 'in', accountsNamed(account))
      .executeTakeFirst(),
    db
      .selectFrom('ledger_lots')
      .select(['id', 'source', 'amount', 'remaining', 'expires_at', 'created_at'])
      .where('account', '=', account)
      .orderBy('id', 'desc')
      .limit(100)
      .execute(),
  ]);
  return {
    account,
    kind: row?.kind ?? null,
    balance: Number(row?.balance ?? 0),
    lots: lots.map((lot) => ({
      id: Number(lot.id),
      source: lot.source,
      amount: Number(lot.amount),
      remaining: Number(lot.remaining),
      expiresAt: lot.expires_at.toISOString(),
      createdAt: lot.created_at.toISOString(),
    })),
  };
}
