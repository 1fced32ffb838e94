import { missionEscrowSchema, type MissionEscrow, type MissionProduct } from '@fanmission/contracts';
import { holdForMission, refundMission, releaseToCreator } from '@fanmission/ledger';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { createCreator, type TestCreator } from '@fanmission/tests/support/creators';
import { fund, insertMission, registerProduct } from '@fanmission/tests/support/missions';
import type { MissionRow } from '../missions';

const testApp = useTestApp();
const app = () => testApp.current.app;

function get(url: string, account?: TestAccount) {
  return app().inject({
    method: 'GET',
    url: `/api/v1${url}`,
    headers: { 'accept-language': 'en', ...(account && account.headers) },
  });
}

async function escrowOf(missionId: number, account: TestAccount): Promise<MissionEscrow> {
  const response = await get(`/missions/${missionId}/escrow`, account);
  expect(response.statusCode, response.body).toBe(200);
  return missionEscrowSchema.parse(response.json());
}

const at = (iso: string) => new Date(iso);
let creator: TestCreator;
let otherCreator: TestCreator;
let fan: TestAccount;
let stranger: TestAccount;
let operator: TestAccount;
let basic: MissionProduct;
let completed: MissionRow;
let refunded: MissionRow;
let open: MissionRow;

beforeAll(async () => {
  creator = await createCreator(app(), { username: 'escrowstar' });
  otherCreator = await createCreator(app());
  fan = await createAccount(app(), { username: 'escrowfan' });
  stranger = await createAccount(app());
  operator = await createAccount(app(), { roles: ['ROLE_USER', 'ROLE_OPERATOR'] });
  basic = await registerProduct(app(), creator, { type: 'BASIC', coinPrice: 100 });
  await fund(app().db, fan.id, 1000, at('2026-03-01T00:00:00Z'));
  const db = app().db;
  const hold = async (mission: MissionRow, when: string) =>
    holdForMission(db, {
      userId: fan.id,
      missionId: mission.id,
      coins: 100,
      idempotencyKey: `hold-${mission.id}`,
      now: at(when),
    });

  completed = await insertMission(app(), basic, {
    user_id: fan.id,
    status: 'COMPLETED',
    created_at: at('2026-03-02T00:00:00Z'),
    requested_at: at('2026-03-02T00:00:00Z'),
    accepted_at: at('2026-03-02T00:00:00Z'),
    perform_due_at: at('2026-03-12T00:00:00Z'),
    completed_at: at('2026-03-05T00:00:00Z'),
  });
  await hold(completed, '2026-03-02T00:00:00Z');
  await releaseToCreator(db, {
    missionId: completed.id,
    creatorId: creator.creatorId,
    idempotencyKey: `release-${completed.id}`,
    now: at('2026-03-05T00:00:00Z'),
  });

  refunded = await insertMission(app(), basic, {
    user_id: fan.id,
    status: 'REJECTED',
    is_private: true,
    created_at: at('2026-03-03T00:00:00Z'),
    requested_at: at('2026-03-03T00:00:00Z'),
    accepted_at: at('2026-03-03T00:00:00Z'),
    perform_due_at: at('2026-03-13T00:00:00Z'),
    rejected_at: at('2026-03-13T00:00:00Z'),
    rejection_reason: 'PERFORM_EXPIRED',
  });
  await hold(refunded, '2026-03-03T00:00:00Z');
  await refundMission(db, {
    missionId: refunded.id,
    reason: 'PERFORM_EXPIRED',
    idempotencyKey: `refund-${refunded.id}`,
    now: at('2026-03-13T00:00:00Z'),
  });

  open = await insertMission(app(), basic, {
    user_id: fan.id,
    status: 'ACCEPTED',
    created_at: at('2026-03-04T00:00:00Z'),
    requested_at: at('2026-03-04T00:00:00Z'),
    accepted_at: at('2026-03-04T00:00:00Z'),
    perform_due_at: at('2099-03-14T00:00:00Z'),
  });
  await hold(open, '2026-03-04T00:00:00Z');
});

describe('GET /missions/{id}/escrow', () => {
  it('shows a completed mission: requested, held, performed, released to the creator with his share', async () => {
    const escrow = await escrowOf(completed.id, fan);
    expect(escrow).toMatchObject({ missionId: completed.id, status: 'COMPLETED', state: 'RELEASED', heldCoins: 0 });
    expect(escrow.deadline).toBeNull();
    expect(escrow.steps.map((step) => step.kind)).toEqual(['REQUESTED', 'HELD', 'PERFORMED', 'RELEASED']);
    const [, held, performed, released] = escrow.steps;
    expect(held).toMatchObject({ coins: 100, at: '2026-03-02T00:00:00.000Z' });
    expect(held!.transactionId).toEqual(expect.any(Number));
    expect(performed!.at).toBe('2026-03-05T00:00:00.000Z');
    expect(released!.coins).toBe(100);
    expect(released!.creatorCoins).toBeGreaterThan(0);
    expect(released!.creatorCoins).toBeLessThanOrEqual(100);
  });

  it('shows a refunded mission: the missed deadline, the refusal and the coins back in the wallet', async () => {
    const escrow = await escrowOf(refunded.id, fan);
    expect(escrow).toMatchObject({ state: 'REFUNDED', heldCoins: 0, rejectionReason: 'PERFORM_EXPIRED' });
    expect(escrow.steps.map((step) => [step.kind, step.reason])).toEqual([
      ['REQUESTED', null],
      ['HELD', null],
      ['DEADLINE', 'PERFORM'],
      ['REFUSED', 'PERFORM_EXPIRED'],
      ['REFUNDED', null],
    ]);
    expect(escrow.steps.at(-1)).toMatchObject({ coins: 100, at: '2026-03-13T00:00:00.000Z' });
  });

  it('shows the coins still held and the open perform deadline of a running mission', async () => {
    const escrow = await escrowOf(open.id, fan);
    expect(escrow).toMatchObject({
      state: 'HELD',
      heldCoins: 100,
      deadline: { kind: 'PERFORM', dueAt: '2099-03-14T00:00:00.000Z' },
    });
    expect(escrow.steps.map((step) => step.kind)).toEqual(['REQUESTED', 'HELD', 'DEADLINE']);
    expect(Date.parse(escrow.now)).toBeLessThan(Date.parse(escrow.deadline!.dueAt));
  });

  it('shows the same timeline to the creator and to operators', async () => {
    const forFan = await escrowOf(refunded.id, fan);
    for (const account of [creator, operator]) {
      const escrow = await escrowOf(refunded.id, account);
      expect(escrow.steps).toEqual(forFan.steps);
    }
  });

  it('answers everybody else, public mission or not, with the 404 of a missing mission', async () => {
    const missing = (await get('/missions/999999/escrow', fan)).json();
    for (const mission of [completed, refunded]) {
      for (const account of [stranger, otherCreator, undefined]) {
        const response = await get(`/missions/${mission.id}/escrow`, account);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(missing);
      }
    }
    expect(missing).toMatchObject({ status: 404, message: 'The mission was not found.' });
  });

  it('refuses a malformed id with 400', async () => {
    const response = await get('/missions/zero/escrow', fan);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, subErrors: [expect.objectContaining({ field: 'id' })] });
  });
});
