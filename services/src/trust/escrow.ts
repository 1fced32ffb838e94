import { ESCROW_STEP_KINDS, type EscrowState, type EscrowStep, type MissionEscrow } from '@fanmission/contracts';
import { earningsAccount, escrowAccount, walletAccount } from '@fanmission/ledger';
import type { Caller } from '../auth';
import type { ServiceContext } from '../context';
import type { DbExecutor } from '../db';
import { notFound } from '../http';
import { missionViewerOf, visibleMission } from '../mission-reads';
import type { MissionRow } from '../missions';

/*
 * The escrow timeline of a mission: built from the two sources of truth only, the mission row (written by
 * its workflow) and the ledger transactions that touched the mission's escrow account. Nothing is stored here.
 */

interface EscrowTransaction {
  id: number;
  type: string;
  occurredAt: Date;
  postings: { account: string; amount: number }[];
}

/** Every ledger transaction that touched the mission's escrow account, oldest first, with all its postings. */
async function escrowTransactions(db: DbExecutor, missionId: number): Promise<EscrowTransaction[]> {
  const rows = await db
    .selectFrom('ledger_postings as mine')
    .innerJoin('ledger_transactions as t', 't.id', 'mine.transaction_id')
    .innerJoin('ledger_postings as p', 'p.transaction_id', 't.id')
    .where('mine.account', '=', escrowAccount(missionId))
    .select(['t.id', 't.type', 't.occurred_at', 'p.account', 'p.amount'])
    .orderBy('t.occurred_at')
    .orderBy('t.id')
    .execute();
  const byId = new Map<number, EscrowTransaction>();
  for (const row of rows) {
    let transaction = byId.get(row.id);
    if (!transaction) {
      transaction = { id: row.id, type: row.type, occurredAt: row.occurred_at, postings: [] };
      byId.set(row.id, transaction);
    }
    transaction.postings.push({ account: row.account, amount: Number(row.amount) });
  }
  return [...byId.values()];
}

const OPEN_STATUSES = new Set(['REQUESTED', 'ACCEPTED', 'TRANSCODING']);

function step(kind: EscrowStep['kind'], at: Date, extra: Partial<EscrowStep> = {}): EscrowStep {
  return {
    kind,
    at: at.toISOString(),
    coins: null,
    creatorCoins: null,
    transactionId: null,
    reason: null,
    ...extra,
  };
}

/** The open deadline of a mission still running: the decision of a CUSTOM request, then the perform. */
function openDeadline(mission: MissionRow): MissionEscrow['deadline'] {
  if (!OPEN_STATUSES.has(mission.status)) return null;
  if (mission.status === 'REQUESTED' && mission.decision_due_at) {
    return { kind: 'DECISION', dueAt: mission.decision_due_at.toISOString() };
  }
  if (mission.perform_due_at) return { kind: 'PERFORM', dueAt: mission.perform_due_at.toISOString() };
  return null;
}

export function escrowTimeline(
  mission: MissionRow,
  transactions: readonly EscrowTransaction[],
  now: Date,
): MissionEscrow {
  const escrow = escrowAccount(mission.id);
  const wallet = walletAccount(mission.user_id);
  const earnings = earningsAccount(mission.creator_id);
  const steps: EscrowStep[] = [step('REQUESTED', mission.requested_at ?? mission.created_at)];
  let heldCoins = 0;
  let released = false;
  let refunded = false;
  for (const transaction of transactions) {
    const escrowAmount = transaction.postings
      .filter((posting) => posting.account === escrow)
      .reduce((sum, posting) => sum + posting.amount, 0);
    heldCoins += escrowAmount;
    const at = transaction.occurredAt;
    const base = { transactionId: transaction.id, coins: Math.abs(escrowAmount) };
    if (escrowAmount > 0) {
      steps.push(step('HELD', at, base));
    } else if (transaction.type === 'MISSION_RELEASE') {
      released = true;
      const creatorCoins = transaction.postings.find((posting) => posting.account === earnings)?.amount ?? null;
      steps.push(step('RELEASED', at, { ...base, creatorCoins }));
    } else if (escrowAmount < 0) {
      const backToWallet = transaction.postings.find((posting) => posting.account === wallet)?.amount;
      refunded = true;
      steps.push(step('REFUNDED', at, { ...base, coins: backToWallet ?? base.coins }));
    }
  }
  if (mission.accepted_at && mission.type === 'CUSTOM') steps.push(step('ACCEPTED', mission.accepted_at));
  if (mission.completed_at) steps.push(step('PERFORMED', mission.completed_at));
  if (mission.rejected_at) {
    steps.push(step('REFUSED', mission.rejected_at, { reason: mission.rejection_reason }));
    const expired = mission.rejection_reason === 'DECISION_EXPIRED' || mission.rejection_reason === 'PERFORM_EXPIRED';
    const due = mission.rejection_reason === 'DECISION_EXPIRED' ? mission.decision_due_at : mission.perform_due_at;
    if (expired && due) {
      const kind = mission.rejection_reason === 'DECISION_EXPIRED' ? 'DECISION' : 'PERFORM';
      steps.push(step('DEADLINE', due, { reason: kind }));
    }
  }
  const deadline = openDeadline(mission);
  if (deadline) steps.push(step('DEADLINE', new Date(deadline.dueAt), { reason: deadline.kind }));
  // Stable order by time; a step and the transaction it caused share an instant, the mission's step comes first
  // (ESCROW_STEP_KINDS lists the kinds in that order).
  const rank = (kind: EscrowStep['kind']) => ESCROW_STEP_KINDS.indexOf(kind);
  steps.sort((a, b) => a.at.localeCompare(b.at) || rank(a.kind) - rank(b.kind));
  let state: EscrowState = heldCoins > 0 ? 'HELD' : 'NOT_HELD';
  if (heldCoins === 0 && released) state = 'RELEASED';
  else if (heldCoins === 0 && refunded) state = 'REFUNDED';
  return {
    missionId: mission.id,
    status: mission.status,
    rejectionReason: mission.rejection_reason,
    state,
    heldCoins,
    deadline,
    now: now.toISOString(),
    steps,
  };
}

/**
 * `GET /missions/{id}/escrow`: for the requester, the creator and operators only; anybody else (a public mission
 * included) gets the same 404 as for a missing mission.
 */
export async function missionEscrow(ctx: ServiceContext, caller: Caller | null, missionId: number) {
  const viewer = missionViewerOf(caller);
  const mission = await visibleMission(ctx.db, viewer, missionId);
  const party = viewer.operator || viewer.userId === mission.user_id || viewer.creatorId === mission.creator_id;
  if (!party) throw notFound('missionReads.notFound');
  return escrowTimeline(mission, await escrowTransactions(ctx.db, mission.id), ctx.now());
}
