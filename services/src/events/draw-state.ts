import type { DrawOutcome } from '@fanmission/workflows/events';
import type { EventActionRefusal } from '@fanmission/workflows/events';
import { ApplicationFailure } from '@temporalio/common';
import type { DbExecutor } from '../db';
import { isDrawable } from './event-view';
import { randomPick } from './fairness';
import * as repository from './repository';
import type { LotteryEventRow } from './table';

// An event's draw as the activities see it inside their transaction: the locked event, its applicants, its picks and
// the provably fair random picks.

export async function lockedEvent(trx: DbExecutor, productId: number): Promise<LotteryEventRow> {
  const event = await repository.lockEvent(trx, productId);
  if (!event) throw ApplicationFailure.nonRetryable(`event ${productId} does not exist`, 'EventNotFound');
  return event;
}

interface DrawState {
  event: LotteryEventRow;
  applications: { mission_id: number; user_id: number; picked: boolean }[];
  picked: number[];
}

export async function drawState(trx: DbExecutor, event: LotteryEventRow): Promise<DrawState> {
  const applications = await repository.applicationsOf(trx, event.product_id);
  return {
    event,
    applications,
    picked: applications.filter((application) => application.picked).map((application) => application.mission_id),
  };
}

export function outcomeOf(state: DrawState, refused?: EventActionRefusal): DrawOutcome {
  const counts = { applyNumber: state.applications.length, pickedNumber: state.picked.length };
  return {
    ...(refused && { refused }),
    pickedNumber: counts.pickedNumber,
    drawNumber: state.event.draw_number,
    applyNumber: counts.applyNumber,
    drawable: isDrawable(state.event.draw_number, counts),
    picked: [...state.picked].sort((a, b) => a - b),
  };
}

/** The frozen entries of an event in DRAWING or later (mission ids ascending). */
export const entriesOf = (event: LotteryEventRow): number[] => (event.entries ?? []).map(Number);

export async function nextSeq(trx: DbExecutor, productId: number): Promise<number> {
  const row = await trx
    .selectFrom('event_draws')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function setPicked(trx: DbExecutor, missionId: number, picked: boolean): Promise<void> {
  await trx.updateTable('event_applications').set({ picked }).where('mission_id', '=', missionId).execute();
}

/**
 * The next provably fair random choice among the still-unpicked entries, without taking it (GET …/missions/random
 * previews it; `takeRandomPick` takes it). Null when nobody is left to pick.
 */
export function previewRandomPick(state: DrawState) {
  const entries = entriesOf(state.event);
  const unpicked = entries.filter((id) => !state.picked.includes(id));
  return randomPick(
    state.event.server_seed,
    state.event.product_id,
    state.event.entries_hash!,
    unpicked,
    state.event.next_choice,
  );
}

async function takeRandomPick(trx: DbExecutor, state: DrawState, at: Date): Promise<boolean> {
  const pick = previewRandomPick(state);
  if (!pick) return false;
  await setPicked(trx, pick.missionId, true);
  await trx
    .insertInto('event_draws')
    .values({
      product_id: state.event.product_id,
      seq: await nextSeq(trx, state.event.product_id),
      choice: pick.n,
      mission_id: pick.missionId,
      manual: false,
      action: 'PICK',
      created_at: at,
    })
    .execute();
  await trx
    .updateTable('lottery_events')
    .set({ next_choice: pick.nextN, updated_at: at })
    .where('product_id', '=', state.event.product_id)
    .execute();
  state.event = { ...state.event, next_choice: pick.nextN };
  state.picked.push(pick.missionId);
  return true;
}

/** Picks at random until picked = min(drawNumber, applicants). */
export async function fillRandomly(trx: DbExecutor, state: DrawState, at: Date): Promise<number> {
  const target = Math.min(state.event.draw_number, state.applications.length);
  let taken = 0;
  while (state.picked.length < target && (await takeRandomPick(trx, state, at))) taken += 1;
  return taken;
}

export async function loadDrawState(db: DbExecutor, productId: number): Promise<DrawState | null> {
  const event = await repository.findEvent(db, productId);
  return event ? await drawState(db, event) : null;
}
