import type { InferResult } from 'kysely';
import { type EventApplicant, type EventApplicantPageQuery, type Page } from '@fanmission/contracts';
import { type Caller } from '../auth';
import type { ServiceContext } from '../context';
import { type DbExecutor } from '../db';
import { privateFileEntry } from '../files';
import type { FileRow } from '../files';
import { pageOffset, toPage } from '../http';
import { loadDrawState, previewRandomPick } from './draw-state';
import { applicantNotFound, eventActionRefused } from './errors';
import type { EventProduct } from './repository';
import { visibleEvent, managesEvent, ownEvent } from './event-access';

// An event's applicants as its creator, operators and the applicants themselves see them: pages, one applicant, a
// random preview.

function applicantQuery(db: DbExecutor, productId: number) {
  return db
    .selectFrom('missions as m')
    .innerJoin('event_applications as a', 'a.mission_id', 'm.id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .where('m.product_id', '=', productId);
}

async function applicantViews(
  ctx: ServiceContext,
  rows: ApplicantRow[],
  privileged: boolean,
): Promise<EventApplicant[]> {
  const fileIds = rows
    .flatMap((row) => [
      row.request_file_id,
      row.video_file_id,
      row.picture_file_id,
      row.voice_file_id,
      row.thumbnail_file_id,
    ])
    .filter((id): id is number => id !== null);
  const files = new Map<number, FileRow>(
    fileIds.length === 0
      ? []
      : (
          await ctx.db
            .selectFrom('files')
            .selectAll()
            .where('id', 'in', [...new Set(fileIds)])
            .execute()
        ).map((file) => [file.id, file]),
  );
  const entry = (id: number | null) => {
    const file = id === null ? undefined : files.get(id);
    // Applications are not public: the application image and any answer media go out as signed URLs.
    return file ? privateFileEntry(ctx.config, file) : null;
  };
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    requestComment: row.request_comment,
    requestFile: entry(row.request_file_id),
    created: row.created_at.toISOString(),
    completed: row.completed_at?.toISOString() ?? null,
    missionProduct: { id: row.product_id },
    user: { id: row.user_id, username: row.username },
    event: {
      name: privileged ? row.name : null,
      phone: privileged ? row.phone : null,
      address: privileged ? row.address : null,
      addressDetail: privileged ? row.address_detail : null,
      read: row.read_at !== null,
      temporaryAccepted: row.picked,
    },
    responseComment: row.response_comment,
    video: entry(row.video_file_id),
    picture: entry(row.picture_file_id),
    voice: entry(row.voice_file_id),
    thumbnail: entry(row.thumbnail_file_id),
    performDueAt: row.perform_due_at?.toISOString() ?? null,
  }));
}

/**
 * `GET /mission-products/{id}/missions/page`: the applications, oldest first. Only the event's creator and
 * operators see the applicants' real name, phone and address.
 */
export async function applicantPage(
  ctx: ServiceContext,
  caller: Caller | null,
  productId: number,
  query: EventApplicantPageQuery,
): Promise<Page<EventApplicant>> {
  const product = await visibleEvent(ctx, caller, productId);
  let base = applicantQuery(ctx.db, productId);
  if (query.status && query.status.length > 0) base = base.where('m.status', 'in', query.status);
  const total = await base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  const rows = await selectApplicantsFrom(base).offset(pageOffset(query)).limit(query.size).execute();
  return toPage(await applicantViews(ctx, rows, managesEvent(caller, product)), Number(total.count), query);
}

type ApplicantRow = InferResult<ReturnType<typeof selectApplicantsFrom>>[number];

function selectApplicantsFrom(base: ReturnType<typeof applicantQuery>) {
  return base
    .select([
      'm.id',
      'm.status',
      'm.product_id',
      'm.user_id',
      'm.request_comment',
      'm.request_file_id',
      'm.created_at',
      'm.completed_at',
      'm.response_comment',
      'm.video_file_id',
      'm.picture_file_id',
      'm.voice_file_id',
      'm.thumbnail_file_id',
      'm.perform_due_at',
      'u.username',
      'a.name',
      'a.phone',
      'a.address',
      'a.address_detail',
      'a.read_at',
      'a.picked',
    ])
    .orderBy('m.id');
}

async function oneApplicant(ctx: ServiceContext, product: EventProduct, missionId: number, privileged: boolean) {
  const rows = await selectApplicantsFrom(applicantQuery(ctx.db, product.id).where('m.id', '=', missionId)).execute();
  if (rows.length === 0) throw applicantNotFound();
  return (await applicantViews(ctx, rows, privileged))[0]!;
}

async function markRead(ctx: ServiceContext, missionId: number): Promise<void> {
  await ctx.db
    .updateTable('event_applications')
    .set({ read_at: ctx.now() })
    .where('mission_id', '=', missionId)
    .where('read_at', 'is', null)
    .execute();
}

/** `GET /mission-products/{id}/missions/{missionId}`: one application; the creator reading it marks it read. */
export async function getApplicant(
  ctx: ServiceContext,
  caller: Caller | null,
  productId: number,
  missionId: number,
): Promise<EventApplicant> {
  const product = await visibleEvent(ctx, caller, productId, { missionId });
  const privileged = managesEvent(caller, product);
  const applicant = await oneApplicant(ctx, product, missionId, privileged);
  if (caller?.creatorId === product.creator_id) {
    await markRead(ctx, missionId);
    applicant.event.read = true;
  }
  return applicant;
}

/** `GET /mission-products/{id}/missions/random`: the applicant the next provably fair random choice would pick. */
export async function randomApplicant(ctx: ServiceContext, caller: Caller, productId: number): Promise<EventApplicant> {
  const product = await ownEvent(ctx, caller, productId);
  const state = await loadDrawState(ctx.db, productId);
  if (!state || state.event.status !== 'DRAWING') throw eventActionRefused('NOT_DRAWING');
  // Every draw picked (or every applicant, when fewer): nobody is left to draw.
  if (state.picked.length >= Math.min(state.event.draw_number, state.applications.length)) {
    throw eventActionRefused('DRAW_ALL_DONE');
  }
  const pick = previewRandomPick(state);
  if (!pick) throw eventActionRefused('DRAW_ALL_DONE');
  await markRead(ctx, pick.missionId);
  return await oneApplicant(ctx, product, pick.missionId, true);
}
