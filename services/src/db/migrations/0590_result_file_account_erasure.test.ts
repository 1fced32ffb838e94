// Migration 0590: the legal erasure of a staff approval's parameters keeps only the last four digits of a bank result
// file row's expected account number, as of its account number (going down, in a transaction rolled back, kept it).
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '@fanmission/tests/harness/app';
import { down } from './0590_result_file_account_erasure';

const testApp = useTestApp();

const params = {
  unpaid: [
    {
      line: 2,
      statementId: 4,
      problem: 'ACCOUNT_DIFFERS',
      bankAccountNumber: '999999999999',
      expectedBankAccountNumber: '1002123456789',
      bankReason: null,
    },
  ],
};

const erased = async (db: Kysely<unknown>) =>
  (
    await sql<{
      value: typeof params;
    }>`select approval_personal_data_erased(${JSON.stringify(params)}::jsonb) as value`.execute(db)
  ).rows[0]!.value;

describe('migration 0590_result_file_account_erasure', () => {
  it('keeps the last four digits of both account numbers; without it the expected one was kept whole', async () => {
    const db = testApp.current.app.db as unknown as Kysely<unknown>;
    const row = (await erased(db)).unpaid[0]!;
    expect(row.bankAccountNumber).not.toContain('99999999');
    expect(row.expectedBankAccountNumber).not.toContain('1002123');
    expect(row.expectedBankAccountNumber.endsWith('6789')).toBe(true);
    expect(row).toMatchObject({ line: 2, statementId: 4, problem: 'ACCOUNT_DIFFERS' });
    const rolledBack = new Error('rolled back');
    await expect(
      testApp.current.app.db.transaction().execute(async (transaction) => {
        const trx = transaction as unknown as Kysely<unknown>;
        await down(trx);
        expect((await erased(trx)).unpaid[0]!.expectedBankAccountNumber).toBe('1002123456789');
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
  });
});
