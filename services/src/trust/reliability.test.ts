import { creatorReliabilityListSchema } from '@fanmission/contracts';
import { describe, expect, it } from 'vitest';
import { createAccount } from '@fanmission/tests/harness/accounts';
import { useTestApp } from '@fanmission/tests/harness/app';
import { createCreator } from '@fanmission/tests/support/creators';
import { createProduct } from '@fanmission/tests/support/missions';
import { drainOutbox } from '@fanmission/tests/support/outbox';
import { domainEvent, recordEvents } from '../outbox';
import { creatorReliabilityConsumer } from './reliability';

const testApp = useTestApp();
const app = () => testApp.current.app;
const DAY = 24 * 60 * 60 * 1000;

describe('creator reliability consumer', () => {
  it('refreshes a creator’s figures when one of his missions is performed or expires', async () => {
    const creator = await createCreator(app(), { name: 'Reliable Rita' });
    const fan = await createAccount(app());
    const productId = await createProduct(app().db, creator.creatorId, 'BASIC');
    const now = Date.now();
    const at = (days: number) => new Date(now - days * DAY);
    const rows = await app()
      .db.insertInto('missions')
      .values([
        ...[1, 2, 3, 4, 5].map((n) => ({
          product_id: productId,
          creator_id: creator.creatorId,
          user_id: fan.id,
          type: 'BASIC' as const,
          status: 'COMPLETED' as const,
          coin_price: 10,
          accepted_at: at(n + 1),
          completed_at: at(n),
          perform_due_at: at(n - 9),
        })),
        {
          product_id: productId,
          creator_id: creator.creatorId,
          user_id: fan.id,
          type: 'BASIC' as const,
          status: 'REJECTED' as const,
          rejection_reason: 'PERFORM_EXPIRED' as const,
          coin_price: 10,
          accepted_at: at(12),
          perform_due_at: at(2),
          rejected_at: at(2),
        },
      ])
      .returning('id')
      .execute();
    const read = async () =>
      creatorReliabilityListSchema.parse(
        (await app().inject({ method: 'GET', url: `/api/v1/creators/reliability?ids=${creator.creatorId}` })).json(),
      );
    // Nothing refreshed yet: the maintained row is still empty.
    expect(await read()).toEqual([
      { creatorId: creator.creatorId, dueCount: 0, onTimeRate: null, medianPerformHours: null },
    ]);

    await app()
      .db.transaction()
      .execute((trx) =>
        recordEvents(trx, [
          domainEvent(
            'mission.rejected',
            {
              missionId: rows[5]!.id,
              creatorId: creator.creatorId,
              userId: fan.id,
              productName: 'basic',
              reason: 'PERFORM_EXPIRED',
              feedback: null,
              refundedCoins: 10,
            },
            new Date(now),
          ),
        ]),
      );
    await drainOutbox(app().db, { consumers: [creatorReliabilityConsumer] });
    expect(await read()).toEqual([
      { creatorId: creator.creatorId, dueCount: 6, onTimeRate: 5 / 6, medianPerformHours: 24 },
    ]);
  });
});
