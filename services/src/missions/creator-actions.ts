import {
  type AcceptMissionRequest,
  type PerformMissionRequest,
  type RefuseMissionRequest,
  answerMediaOf,
} from '@fanmission/contracts';
import { createHash } from 'node:crypto';
import { acceptMissionUpdate, performMissionUpdate, refuseMissionUpdate } from '@fanmission/workflows/missions';
import { type Caller } from '../auth';
import type { ServiceContext } from '../context';
import { accessDenied, invalidFields } from '../http';
import { actionNotApplicable, actionRefused, idempotencyConflict, missionNotFound } from './errors';
import * as repository from './repository';
import type { MissionRow } from './table';
import { sendMissionUpdate } from './workflow-client';

// The creator's actions on a mission (accept, refuse, perform), each an Update to the mission's workflow, once per
// Idempotency-Key: a retried action answers what the first one did.

/** The mission the creator acts on: 404 when it does not exist or is private to others, 403 when not his. */
async function creatorsMission(ctx: ServiceContext, caller: Caller, missionId: number): Promise<MissionRow> {
  const mission = await repository.findMission(ctx.db, missionId);
  if (!mission) throw missionNotFound();
  if (mission.creator_id !== caller.creatorId) {
    if (mission.is_private && mission.user_id !== caller.id) throw missionNotFound();
    throw accessDenied();
  }
  return mission;
}

type MissionAction = 'accept' | 'refuse' | 'perform';

/**
 * Runs a creator's action once per Idempotency-Key: a retry (same key, same mission and action) is answered with the
 * first result instead of being decided again; the same key for another mission or action is a conflict. The key
 * also becomes the Update's id, so a retry racing the first attempt (or following its 503) gets Temporal's answer
 * to that first Update.
 */
async function oncePerKey(
  ctx: ServiceContext,
  caller: Caller,
  mission: MissionRow,
  action: MissionAction,
  idempotencyKey: string | undefined,
  send: (updateId: string | undefined) => Promise<{ id: number }>,
): Promise<{ id: number }> {
  if (!idempotencyKey) return send(undefined);
  const earlier = await repository.findActionKey(ctx.db, caller.id, idempotencyKey);
  if (earlier) {
    if (earlier.mission_id !== mission.id || earlier.action !== action) throw idempotencyConflict();
    return { id: mission.id };
  }
  const keyHash = createHash('sha256').update(idempotencyKey).digest('base64url');
  const result = await send(`${action}-${caller.id}-${keyHash}`);
  await repository.insertActionKey(ctx.db, {
    user_id: caller.id,
    idempotency_key: idempotencyKey,
    mission_id: mission.id,
    action,
  });
  return result;
}

export async function acceptMission(
  ctx: ServiceContext,
  caller: Caller,
  missionId: number,
  body: AcceptMissionRequest,
  idempotencyKey?: string,
): Promise<{ id: number }> {
  const mission = await creatorsMission(ctx, caller, missionId);
  if (mission.type !== 'CUSTOM') throw actionNotApplicable();
  return oncePerKey(ctx, caller, mission, 'accept', idempotencyKey, (updateId) =>
    sendMissionUpdate(
      ctx,
      mission,
      acceptMissionUpdate,
      [{ feedback: body.feedback || null }],
      decided,
      updateId,
      decidedBy,
    ),
  );
}

export async function refuseMission(
  ctx: ServiceContext,
  caller: Caller,
  missionId: number,
  body: RefuseMissionRequest,
  idempotencyKey?: string,
): Promise<{ id: number }> {
  const mission = await creatorsMission(ctx, caller, missionId);
  if (mission.type !== 'CUSTOM') throw actionNotApplicable();
  return oncePerKey(ctx, caller, mission, 'refuse', idempotencyKey, (updateId) =>
    sendMissionUpdate(ctx, mission, refuseMissionUpdate, [{ feedback: body.feedback }], decided, updateId, decidedBy),
  );
}

export async function performMission(
  ctx: ServiceContext,
  caller: Caller,
  missionId: number,
  body: PerformMissionRequest,
  idempotencyKey?: string,
): Promise<{ id: number }> {
  const mission = await creatorsMission(ctx, caller, missionId);
  if (idempotencyKey) {
    // A retry of a perform that went through is answered before the mission's new state would refuse it.
    const earlier = await repository.findActionKey(ctx.db, caller.id, idempotencyKey);
    if (earlier) {
      if (earlier.mission_id !== mission.id || earlier.action !== 'perform') throw idempotencyConflict();
      return { id: mission.id };
    }
  }
  if (mission.status === 'CREATED' || mission.status === 'REQUESTED') throw actionRefused('NOT_ACCEPTED');
  const media = answerMediaOf(body);
  const file = await repository.findOwnedFile(ctx.db, media.fileId, caller.id);
  if (!file) throw invalidFields([{ field: media.field, key: 'missions.fileNotFound', rejectedValue: media.fileId }]);
  if (file.kind !== media.fileKind) {
    throw invalidFields([{ field: media.field, key: 'missions.unknownFileFormat', rejectedValue: media.fileId }]);
  }
  return oncePerKey(ctx, caller, mission, 'perform', idempotencyKey, (updateId) =>
    sendMissionUpdate(
      ctx,
      mission,
      performMissionUpdate,
      [{ responseComment: body.responseComment, media: { kind: media.kind, fileId: media.fileId } }],
      (current) =>
        current.status === 'COMPLETED'
          ? 'ALREADY_PERFORMED'
          : current.rejection_reason === 'PERFORM_EXPIRED'
            ? 'PERFORM_DEADLINE_PASSED'
            : 'NOT_ACCEPTED',
      updateId,
      (current, id) => (current.perform_update_id === id ? { id: current.id } : undefined),
    ),
  );
}

/** The answer of the accept or refuse Update whose decision the mission records (its own answer was lost). */
const decidedBy = (current: MissionRow, updateId: string) =>
  current.decision_update_id === updateId ? { id: current.id } : undefined;

/** A finished mission's answer to a late accept or refuse. */
export const decided = (current: MissionRow) =>
  current.rejection_reason === 'DECISION_EXPIRED'
    ? ('DECISION_DEADLINE_PASSED' as const)
    : ('ALREADY_DECIDED' as const);
