// Legal retention reaches the staff approvals: past the payment records' period, a request's copies of personal data
// (the payout account's whole number and holder, the maker's reason and address) are erased from the request, and
// every personal field of the audit log's rows about it (the summary's holder, the parameters' address) too.
import { APPROVAL_SUMMARY_PERSONAL_FIELDS, type AdminApproval } from '@fanmission/contracts';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { approveAs } from '@fanmission/tests/support/approvals';
import { createCreator } from '@fanmission/tests/support/creators';
import { destroyPastLegalRetention } from './legal';

const testApp = useTestApp();
const app = () => testApp.current.app;
const SIX_YEARS_LATER = new Date(Date.now() + 6 * 366 * 24 * 60 * 60 * 1000);

let finance: TestAccount;
let checker: TestAccount;

beforeAll(async () => {
  finance = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
  checker = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_FINANCE'] });
});

describe('legal erasure of the staff approvals', () => {
  it('erases a payout change request’s account number, holder, reason and address, and the audit log’s copies', async () => {
    const creator = await createCreator(app());
    const requested = await app().inject({
      method: 'PUT',
      url: `/api/admin/creator-payout-accounts/${creator.creatorId}`,
      headers: { ...finance.headers, 'accept-language': 'en' },
      payload: {
        bankName: '카카오뱅크',
        bankAccountHolder: '김별빛',
        bankAccountNumber: '3333012345678',
        reason: 'Customer call from 김별빛, 010-1234-5678',
      },
    });
    const requestId = requested.json<AdminApproval>().id;
    await approveAs(app(), checker, requested);

    const stored = async () =>
      app()
        .db.selectFrom('staff_approval_requests')
        .select(['params', 'reason'])
        .where('id', '=', requestId)
        .executeTakeFirstOrThrow();
    expect(JSON.stringify(await stored())).toContain('3333012345678');

    const result = await destroyPastLegalRetention(app().db, { now: SIX_YEARS_LATER, batchSize: 1 });
    expect(result.payment.staff_approval_requests).toBeGreaterThanOrEqual(1);

    const erased = await stored();
    expect(erased.params).toMatchObject({
      creatorId: creator.creatorId,
      account: { bankName: '카카오뱅크', bankAccountHolder: '-', bankAccountNumber: '****5678' },
      reason: '-',
      ip: null,
    });
    expect(erased.reason).toBe('-');
    const notes = await app()
      .db.selectFrom('staff_approval_steps')
      .select('note')
      .where('request_id', '=', requestId)
      .where('note', 'is not', null)
      .execute();
    expect(notes).toEqual([{ note: '-' }]);

    const { rows } = await sql<{ before: unknown; after: unknown }>`
      select before, after from admin_audit_log
      where resource in ('approvals', 'creator-payout-accounts')`.execute(app().db);
    const logged = JSON.stringify(rows);
    expect(logged).not.toContain('김별빛');
    expect(logged).not.toContain('127.0.0.1');
    expect(logged).toContain('"holder":"-"');

    // Run again: nothing left to erase.
    const again = await destroyPastLegalRetention(app().db, { now: SIX_YEARS_LATER, batchSize: 1 });
    expect(again.payment.staff_approval_requests).toBe(0);
  });

  it('erases from the audit log every field of the approval summaries that names a person', async () => {
    const { rows } = await sql<{ erased: Record<string, string> }>`
      select audit_personal_data_erased(${JSON.stringify(
        Object.fromEntries(APPROVAL_SUMMARY_PERSONAL_FIELDS.map((field) => [field, 'personal'])),
      )}::jsonb) as erased`.execute(app().db);
    expect(Object.values(rows[0]!.erased)).toEqual(APPROVAL_SUMMARY_PERSONAL_FIELDS.map(() => '-'));
  });
});
