// Migration 0540: the legal erasure of a staff approval's parameters blanks a settlement batch's creator names and a
// bank result file's reasons, as it blanks the other names (going down, in a transaction rolled back, keeps them as
// migration 0421 did).
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '@fanmission/tests/harness/app';
import { down } from './0540_batch_approval_erasure';

const testApp = useTestApp();

const params = {
  statements: [{ id: 1, creatorId: 2, creatorName: '홍길동', toReceipt: 34_820, withheld: 1_180 }],
  unpaid: [{ line: 3, statementId: 4, problem: 'FAILED', bankReason: '예금주 홍길동 계좌 해지' }],
  transferReference: 'KB-1',
};

const erased = async (db: Kysely<unknown>) =>
  (
    await sql<{
      value: typeof params;
    }>`select approval_personal_data_erased(${JSON.stringify(params)}::jsonb) as value`.execute(db)
  ).rows[0]!.value;

describe('migration 0540_batch_approval_erasure', () => {
  it('blanks creatorName and bankReason, keeping ids and amounts; without it they were kept', async () => {
    const db = testApp.current.app.db as unknown as Kysely<unknown>;
    expect(await erased(db)).toEqual({
      statements: [{ id: 1, creatorId: 2, creatorName: '-', toReceipt: 34_820, withheld: 1_180 }],
      unpaid: [{ line: 3, statementId: 4, problem: 'FAILED', bankReason: '-' }],
      transferReference: 'KB-1',
    });
    const rolledBack = new Error('rolled back');
    await expect(
      testApp.current.app.db.transaction().execute(async (transaction) => {
        const trx = transaction as unknown as Kysely<unknown>;
        await down(trx);
        expect(await erased(trx)).toEqual(params);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect((await erased(db)).statements[0]!.creatorName).toBe('-');
  });
});
