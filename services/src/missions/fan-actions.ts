import { cancelMissionUpdate } from '@fanmission/workflows/missions';
import type { Caller } from '../auth';
import type { ServiceContext } from '../context';
import { actionNotApplicable, actionRefused, missionNotFound } from './errors';
import * as repository from './repository';
import type { MissionRow } from './table';
import { sendMissionUpdate } from './workflow-client';
import { decided } from './creator-actions';

// The requester's own action on his mission: withdrawing a CUSTOM request the creator has not decided yet. Like the
// creator's actions it is an Update to the mission's workflow, the only writer of the mission's state; its activity
// gives the escrow back to the fan's wallet through the ledger and records `mission.rejected` (reason CANCELED).

/** The caller's own mission: 404 for anybody else's, whether it exists or not. */
async function requestersMission(ctx: ServiceContext, caller: Caller, missionId: number): Promise<MissionRow> {
  const mission = await repository.findMission(ctx.db, missionId);
  if (!mission || mission.user_id !== caller.id) throw missionNotFound();
  return mission;
}

/** A cancel that already went through is answered as it was; any other end is the decision that came first. */
const cancelledAlready = (mission: MissionRow) =>
  mission.status === 'REJECTED' && mission.rejection_reason === 'CANCELED';

/**
 * Cancels the caller's CUSTOM request while it is REQUESTED and its decision deadline is ahead: his coins are back
 * in his wallet when this answers. Repeating it answers the same; a request the creator accepted or refused (or
 * whose deadline passed) is 409, a BASIC, LUCKY or lottery mission 409 NOT_REQUESTED.
 */
export async function cancelMission(ctx: ServiceContext, caller: Caller, missionId: number): Promise<{ id: number }> {
  const mission = await requestersMission(ctx, caller, missionId);
  if (mission.type !== 'CUSTOM') throw actionNotApplicable();
  if (cancelledAlready(mission)) return { id: mission.id };
  if (mission.status !== 'REQUESTED') throw actionRefused(decided(mission));
  return sendMissionUpdate(ctx, mission, cancelMissionUpdate, [{}], decided, undefined, (current) =>
    cancelledAlready(current) ? { id: current.id } : undefined,
  );
}
