import { koreaMonthOf, monthKey, type CreatorGrade } from '@fanmission/contracts';
import { describe, expect, it } from 'vitest';
import { createAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { approveAs } from '@fanmission/tests/support/approvals';
import { basicRequest, createFan, createProduct, createVerifiedCreator } from '@fanmission/tests/support/missions';
import { penalizeCreator } from './penalties';

// A level-2 penalty drops the creator's grade to SILVER and keeps the grade it took; lifting it (an operator asks, a
// finance member approves) gives that grade back, unless a grade was confirmed while the penalty ran: the grade
// confirmed last wins.

const testApp = useTestApp();
const app = () => testApp.current.app;
const db = () => testApp.current.app.db;

async function gradeOf(creatorId: number): Promise<CreatorGrade> {
  const row = await db().selectFrom('creators').select('grade').where('id', '=', creatorId).executeTakeFirstOrThrow();
  return row.grade;
}

/** A DIAMOND creator with a level-2 penalty (a first one stands), as a missed deadline gives it. */
async function penalizedDiamondCreator() {
  const creator = await createVerifiedCreator(app());
  await db().updateTable('creators').set({ grade: 'DIAMOND' }).where('id', '=', creator.creatorId).execute();
  const product = await createProduct(db(), creator.creatorId, 'BASIC', { coinPrice: 1 });
  const fan = await createFan(app(), 10);
  const missions: number[] = [];
  for (let index = 0; index < 2; index += 1) {
    const response = await app().inject({
      method: 'POST',
      url: '/api/v1/missions',
      headers: fan.headers,
      payload: basicRequest(product),
    });
    missions.push(response.json<{ id: number }>().id);
  }
  const at = new Date();
  for (const missionId of missions) {
    await db()
      .transaction()
      .execute((trx) => penalizeCreator(trx, { creatorId: creator.creatorId, missionId, at }));
  }
  const penalty = await db()
    .selectFrom('creator_penalties')
    .select(['id', 'level', 'previous_grade'])
    .where('creator_id', '=', creator.creatorId)
    .where('level', '=', 2)
    .executeTakeFirstOrThrow();
  expect(penalty.previous_grade).toBe('DIAMOND');
  expect(await gradeOf(creator.creatorId)).toBe('SILVER');
  return { creator, penaltyId: penalty.id };
}

/** An operator asks to lift the penalty; a finance member approves (the lift gives a payout rate back). */
async function lift(penaltyId: number) {
  const operator = await createAccount(app(), { roles: ['ROLE_OPERATOR'] });
  const response = await app().inject({
    method: 'PUT',
    url: `/api/admin/creator-penalties/${penaltyId}`,
    headers: operator.headers,
    payload: { liftNote: 'appeal accepted' },
  });
  await approveAs(app(), await createAccount(app(), { roles: ['ROLE_FINANCE'] }), response);
}

describe('lifting a penalty that dropped the grade', () => {
  it('gives back the grade the penalty took', async () => {
    const { creator, penaltyId } = await penalizedDiamondCreator();
    await lift(penaltyId);
    expect(await gradeOf(creator.creatorId)).toBe('DIAMOND');
  });

  it('keeps the grade an operator confirmed while the penalty ran', async () => {
    const { creator, penaltyId } = await penalizedDiamondCreator();
    const now = koreaMonthOf(new Date());
    const previous = koreaMonthOf(new Date(Date.UTC(now.year, now.month - 2, 15)));
    const proposal = await db()
      .insertInto('grade_proposals')
      .values({
        creator_id: creator.creatorId,
        review_month: monthKey(previous.year, previous.month),
        applies_month: monthKey(now.year, now.month),
        on_time_completed: 3,
        grade_dropped: true,
        current_grade: 'SILVER',
        proposed_grade: 'SILVER',
        created_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const operator = await createAccount(app(), { roles: ['ROLE_OPERATOR'] });
    const confirmed = await app().inject({
      method: 'PUT',
      url: `/api/admin/grade-proposals/${proposal.id}`,
      headers: operator.headers,
      payload: { grade: 'GOLD' },
    });
    await approveAs(app(), await createAccount(app(), { roles: ['ROLE_FINANCE'] }), confirmed);
    expect(await gradeOf(creator.creatorId)).toBe('GOLD');

    await lift(penaltyId);
    expect(await gradeOf(creator.creatorId)).toBe('GOLD');
  });
});
