import { luckyCompensation, type MissionStatus } from '@fanmission/contracts';
import {
  compensateLuckyMission,
  isLedgerError,
  refundMission,
  releaseToCreator,
  type LedgerEntry,
} from '@fanmission/ledger';
import { ApplicationFailure } from '@temporalio/common';
import type { DbExecutor } from '../db';
import { domainEvent, recordEvents } from '../outbox';
import * as repository from './repository';
import type { MissionRow } from './table';

// The steps the mission activities share: the locked mission and its expected status, completion, the escrow's
// refund and the lucky compensation, each inside the activity's transaction.

export async function lockedMission(trx: DbExecutor, missionId: number): Promise<MissionRow> {
  const mission = await repository.lockMission(trx, missionId);
  if (!mission) throw ApplicationFailure.nonRetryable(`mission ${missionId} does not exist`, 'MissionNotFound');
  return mission;
}

/** A mission in a state its workflow did not expect is a bug, not something a retry mends. */
export function expectStatus(mission: MissionRow, expected: MissionStatus[]): void {
  if (!expected.includes(mission.status)) {
    throw ApplicationFailure.nonRetryable(
      `mission ${mission.id} is ${mission.status}, expected ${expected.join(' or ')}`,
      'UnexpectedMissionStatus',
    );
  }
}

export const parties = (mission: MissionRow) => ({
  missionId: mission.id,
  creatorId: mission.creator_id,
  userId: mission.user_id,
});

export async function productName(trx: DbExecutor, mission: MissionRow): Promise<string> {
  const product = await trx
    .selectFrom('mission_products')
    .select('name')
    .where('id', '=', mission.product_id)
    .executeTakeFirstOrThrow();
  return product.name;
}

/** → COMPLETED: the escrow goes to the creator's earnings. */
export async function complete(trx: DbExecutor, mission: MissionRow, at: Date): Promise<void> {
  const release = await ledgerOrNothing(() =>
    releaseToCreator(trx, {
      missionId: mission.id,
      creatorId: mission.creator_id,
      idempotencyKey: `mission-release:${mission.id}`,
      now: at,
    }),
  );
  await repository.updateMission(trx, mission.id, { status: 'COMPLETED', completed_at: at });
  await recordEvents(trx, [
    domainEvent(
      'mission.completed',
      {
        ...parties(mission),
        productName: await productName(trx, mission),
        productType: mission.type,
        coins: release ? coinsMoved(release, `earnings:${mission.creator_id}`) : 0,
        completedAt: at.toISOString(),
        onTime: true,
      },
      at,
    ),
  ]);
}

/** The escrow back into the fan's lots; returns the coins refunded. */
export async function refundEscrow(trx: DbExecutor, mission: MissionRow, at: Date): Promise<number> {
  const refund = await ledgerOrNothing(() =>
    refundMission(trx, {
      missionId: mission.id,
      reason: 'REJECTED',
      idempotencyKey: `mission-refund:${mission.id}`,
      now: at,
    }),
  );
  return refund ? coinsMoved(refund, `wallet:${mission.user_id}`) : 0;
}

/**
 * A won lucky mission not performed: beyond the winning roll's refunded coins, the fan gets back what the other rolls
 * cost, plus the capped bonus out of the creator's earnings (contracts' `luckyCompensation`). Returns the coins
 * compensated.
 */
export async function compensateLuckyWin(
  trx: DbExecutor,
  mission: MissionRow,
  refunded: number,
  at: Date,
): Promise<number> {
  const totals = await repository.rollTotals(trx, mission.id);
  const { refund, bonus } = luckyCompensation(totals.rolls, totals.coins);
  const coins = Math.max(0, refund - refunded);
  if (coins === 0 && bonus === 0) return 0;
  const entry = await ledgerOrNothing(() =>
    compensateLuckyMission(trx, {
      userId: mission.user_id,
      missionId: mission.id,
      coins,
      fromRevenue: Math.min(totals.lostCoins, coins),
      creatorId: mission.creator_id,
      bonusCoins: bonus,
      idempotencyKey: `lucky-compensation:${mission.id}`,
      now: at,
    }),
  );
  return entry ? coinsMoved(entry, `wallet:${mission.user_id}`) : 0;
}

/** An empty escrow (nothing was held, e.g. a 0-coin mission) moves nothing. */
async function ledgerOrNothing(operation: () => Promise<LedgerEntry>): Promise<LedgerEntry | null> {
  try {
    return await operation();
  } catch (error) {
    if (isLedgerError(error, 'ESCROW_EMPTY') || isLedgerError(error, 'NOTHING_TO_COMPENSATE')) return null;
    throw error;
  }
}

const coinsMoved = (entry: LedgerEntry, account: string) =>
  entry.postings.find((posting) => posting.account === account)?.amount ?? 0;
