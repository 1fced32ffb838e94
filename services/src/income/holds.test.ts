// "The account a statement pays is VERIFIED" is read in two places: the hold rule's query (`heldSql`, ./holds.ts),
// which leaves a statement out of batches and payments, and the database trigger that refuses a statement becoming
// APPROVED, IN_TRANSFER or PAID otherwise (settlement_statement_pays_verified_account, migrations 0520 and 0690).
// Both must be one rule: for every state of the account's check, the query holds the statement exactly when the
// trigger refuses to approve it.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { createIncomeCreator, releasedMission, settleMonth } from '@fanmission/tests/support/income';
import type { Transaction } from 'kysely';
import type { Database } from '../db';
import { heldSql } from './holds';

const testApp = useTestApp({ now: () => new Date('2026-11-01T01:00:00Z') });

type CheckStatus = 'UNVERIFIED' | 'VERIFIED' | 'MISMATCH' | 'FAILED';

describe('the hold rule and the verified-account trigger', () => {
  it('hold a statement exactly when the trigger refuses to approve it, for every state of its account check', async () => {
    const app = testApp.current.app;
    const creator = await createIncomeCreator(app, { verification: null });
    const other = await createIncomeCreator(app, { verification: null });
    await releasedMission(app.db, { creatorId: creator.creatorId, coins: 1_000, at: new Date('2026-10-15T03:00:00Z') });
    const finance = await createAccount(app, { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
    const [issued] = await settleMonth(app, finance, { year: 2026, month: 10 });
    const statement = await app.db
      .selectFrom('settlement_statements')
      .select(['id', 'creator_id', 'bank_name', 'bank_account_number', 'status', 'payout_held'])
      .where('id', '=', issued!)
      .executeTakeFirstOrThrow();
    expect(statement).toMatchObject({ status: 'ISSUED', payout_held: false });
    const account = { bank: statement.bank_name!, number: statement.bank_account_number! };

    /** Each state: the checks recorded (creator, bank, number, status) and whether the statement may be approved. */
    const states: { name: string; checks: [number, string, string, CheckStatus][]; payable: boolean }[] = [
      { name: 'never checked', checks: [], payable: false },
      { name: 'queued', checks: [[creator.creatorId, account.bank, account.number, 'UNVERIFIED']], payable: false },
      { name: 'verified', checks: [[creator.creatorId, account.bank, account.number, 'VERIFIED']], payable: true },
      { name: 'mismatch', checks: [[creator.creatorId, account.bank, account.number, 'MISMATCH']], payable: false },
      { name: 'failed', checks: [[creator.creatorId, account.bank, account.number, 'FAILED']], payable: false },
      {
        name: 'another number of his verified',
        checks: [[creator.creatorId, account.bank, `${account.number}9`, 'VERIFIED']],
        payable: false,
      },
      {
        name: 'the number at another bank verified',
        checks: [[creator.creatorId, '신한은행', account.number, 'VERIFIED']],
        payable: false,
      },
      {
        name: "another creator's check of the account verified",
        checks: [[other.creatorId, account.bank, account.number, 'VERIFIED']],
        payable: false,
      },
    ];
    const rolledBack = new Error('rolled back');
    const verdicts: { name: string; held: boolean; approved: boolean }[] = [];
    for (const state of states) {
      await expect(
        app.db.transaction().execute(async (trx: Transaction<Database>) => {
          await trx
            .deleteFrom('payout_account_verifications')
            .where('creator_id', 'in', [creator.creatorId, other.creatorId])
            .execute();
          for (const [creatorId, bank, number, status] of state.checks) {
            await trx
              .insertInto('payout_account_verifications')
              .values({
                creator_id: creatorId,
                bank_name: bank,
                bank_account_number: number,
                status,
                matched: status === 'VERIFIED' ? 'REAL_NAME' : null,
                queued_at: new Date(),
              })
              .execute();
          }
          const { held } = await trx
            .selectFrom('settlement_statements as s')
            .select(heldSql().as('held'))
            .where('s.id', '=', statement.id)
            .executeTakeFirstOrThrow();
          await sql`savepoint approve`.execute(trx);
          let approved = true;
          try {
            await trx
              .updateTable('settlement_statements')
              .set({ status: 'APPROVED' })
              .where('id', '=', statement.id)
              .execute();
          } catch (error) {
            expect(String(error)).toMatch(/pays an account whose holder is not verified/);
            approved = false;
            await sql`rollback to savepoint approve`.execute(trx);
          }
          verdicts.push({ name: state.name, held, approved });
          throw rolledBack;
        }),
      ).rejects.toBe(rolledBack);
    }
    // One rule: the query holds what the trigger refuses, and each state answers as the rule says.
    expect(verdicts).toEqual(
      states.map((state) => ({ name: state.name, held: !state.payable, approved: state.payable })),
    );
  });
});
