import type { EventActivities, EventEdit } from '@fanmission/workflows/events';
import type { Db } from '../db';
import type { DbExecutor } from '../db';
import { domainEvent, recordEvents } from '../outbox';
import { entriesHashOf, sortedEntries } from './fairness';
import * as repository from './repository';
import { lockedEvent, drawState, outcomeOf, entriesOf, nextSeq, setPicked, fillRandomly } from './draw-state';

/*
 * The lottery event workflow's activities: one DB transaction each, which locks the event row, checks the state it
 * starts from and writes the new state with its domain events. Finding the event already in the state it would
 * produce (a retry after a lost answer), each changes nothing.
 */
export interface EventActivityDependencies {
  db: Db;
}

export function createEventActivities({ db }: EventActivityDependencies): EventActivities {
  const inTransaction = <T>(work: (trx: DbExecutor) => Promise<T>) => db.transaction().execute(work);

  const manualPick =
    (action: 'PICK' | 'UNPICK') =>
    async ({ productId, missionId, at }: { productId: number; missionId: number; at: string }) =>
      await inTransaction(async (trx) => {
        const state = await drawState(trx, await lockedEvent(trx, productId));
        if (state.event.status !== 'DRAWING') return outcomeOf(state, 'NOT_DRAWING');
        if (!entriesOf(state.event).includes(missionId)) return outcomeOf(state, 'NOT_AN_APPLICANT');
        const isPicked = state.picked.includes(missionId);
        // Already as asked (a pick or an undo retried after its answer was lost): the same success, nothing written.
        if (isPicked === (action === 'PICK')) return outcomeOf(state);
        if (action === 'PICK' && state.picked.length >= state.event.draw_number) {
          return outcomeOf(state, 'DRAW_COUNT_EXCEEDED');
        }
        await setPicked(trx, missionId, action === 'PICK');
        await trx
          .insertInto('event_draws')
          .values({
            product_id: productId,
            seq: await nextSeq(trx, productId),
            choice: null,
            mission_id: missionId,
            manual: true,
            action,
            created_at: new Date(at),
          })
          .execute();
        state.picked = action === 'PICK' ? [...state.picked, missionId] : state.picked.filter((id) => id !== missionId);
        return outcomeOf(state);
      });

  return {
    async editEvent({ productId, edit, at }: { productId: number; edit: EventEdit; at: string }) {
      await inTransaction(async (trx) => {
        const event = await lockedEvent(trx, productId);
        if (event.status !== 'CREATED') return;
        const now = new Date(at);
        await trx
          .updateTable('mission_products')
          .set({
            name: edit.name,
            description: edit.description,
            description_picture_file_id: edit.descriptionPictureId,
            ...(edit.descriptionVideoId !== undefined && { description_video_file_id: edit.descriptionVideoId }),
            updated_at: now,
          })
          .where('id', '=', productId)
          .execute();
        await trx
          .updateTable('lottery_events')
          .set({
            title: edit.title,
            description: edit.description,
            draw_number: edit.drawNumber,
            apply_start: edit.dates.applyStart,
            apply_end: edit.dates.applyEnd,
            event_end: edit.dates.eventEnd,
            updated_at: now,
          })
          .where('product_id', '=', productId)
          .execute();
      });
    },

    async openApplications({ productId, at }) {
      await inTransaction(async (trx) => {
        const event = await lockedEvent(trx, productId);
        if (event.status !== 'CREATED') return;
        await repository.setEventStatus(trx, productId, 'APPLYING', { applying_at: new Date(at) });
      });
    },

    async closeApplications({ productId, at }) {
      return await inTransaction(async (trx) => {
        const event = await lockedEvent(trx, productId);
        if (event.status === 'APPLYING') {
          const entries = sortedEntries((await repository.applicationsOf(trx, productId)).map((a) => a.mission_id));
          await repository.setEventStatus(trx, productId, 'DRAWING', {
            drawing_at: new Date(at),
            entries,
            entries_hash: entriesHashOf(entries),
          });
          return { applyNumber: entries.length };
        }
        return { applyNumber: entriesOf(event).length };
      });
    },

    pickApplicant: manualPick('PICK'),
    unpickApplicant: manualPick('UNPICK'),

    async randomPickRest({ productId, at }) {
      return await inTransaction(async (trx) => {
        const state = await drawState(trx, await lockedEvent(trx, productId));
        if (state.event.status !== 'DRAWING') return outcomeOf(state, 'NOT_DRAWING');
        const taken = await fillRandomly(trx, state, new Date(at));
        return taken === 0 ? outcomeOf(state, 'DRAW_ALL_DONE') : outcomeOf(state);
      });
    },

    async finishDraw({ productId, automatic, at, prizeDueAt }) {
      return await inTransaction(async (trx) => {
        const state = await drawState(trx, await lockedEvent(trx, productId));
        const { event } = state;
        if (event.status === 'DRAWN' || event.status === 'CLOSED') return { winners: state.picked };
        if (event.status !== 'DRAWING') return { refused: 'NOT_DRAWING' as const, winners: [] };
        const now = new Date(at);
        if (automatic) await fillRandomly(trx, state, now);
        else if (!outcomeOf(state).drawable) return { refused: 'NOT_DRAWABLE' as const, winners: [] };
        const winners = new Set(state.picked);
        const product = await trx
          .selectFrom('mission_products')
          .select('creator_id')
          .where('id', '=', productId)
          .executeTakeFirstOrThrow();
        if (winners.size > 0) {
          await trx
            .updateTable('missions')
            .set({ status: 'ACCEPTED', accepted_at: now, perform_due_at: new Date(prizeDueAt), updated_at: now })
            .where('id', 'in', [...winners])
            .execute();
        }
        const losers = state.applications.map((a) => a.mission_id).filter((id) => !winners.has(id));
        if (losers.length > 0) {
          await trx
            .updateTable('missions')
            .set({ status: 'REJECTED', rejection_reason: 'NOT_WON', rejected_at: now, updated_at: now })
            .where('id', 'in', losers)
            .execute();
        }
        await repository.setEventStatus(trx, productId, 'DRAWN', {
          drawn_at: now,
          prize_due_at: new Date(prizeDueAt),
          drawn_automatically: automatic,
        });
        const events = state.applications.map((application) =>
          domainEvent(
            'event.drawn',
            {
              missionId: application.mission_id,
              creatorId: product.creator_id,
              userId: application.user_id,
              productId,
              title: event.title,
              won: winners.has(application.mission_id),
              automatic,
              prizeDueAt,
            },
            now,
          ),
        );
        await recordEvents(trx, events);
        return { winners: [...winners].sort((a, b) => a - b) };
      });
    },

    async cancelEvent({ productId, at }) {
      await inTransaction(async (trx) => {
        const event = await lockedEvent(trx, productId);
        if (event.status === 'CANCELED') return;
        const now = new Date(at);
        const open = await trx
          .selectFrom('missions')
          .select(['id', 'user_id', 'creator_id'])
          .where('product_id', '=', productId)
          .where('status', 'in', ['REQUESTED', 'ACCEPTED'])
          .execute();
        if (open.length > 0) {
          await trx
            .updateTable('missions')
            .set({ status: 'REJECTED', rejection_reason: 'CANCELED', rejected_at: now, updated_at: now })
            .where(
              'id',
              'in',
              open.map((mission) => mission.id),
            )
            .execute();
        }
        await repository.setEventStatus(trx, productId, 'CANCELED', { canceled_at: now });
        await recordEvents(
          trx,
          open.map((mission) =>
            domainEvent(
              'event.canceled',
              {
                missionId: mission.id,
                creatorId: mission.creator_id,
                userId: mission.user_id,
                productId,
                title: event.title,
              },
              now,
            ),
          ),
        );
      });
    },

    async closeEvent({ productId, at }) {
      await inTransaction(async (trx) => {
        const event = await lockedEvent(trx, productId);
        if (event.status !== 'DRAWN') return;
        await repository.setEventStatus(trx, productId, 'CLOSED', { closed_at: new Date(at) });
      });
    },
  };
}
