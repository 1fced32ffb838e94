import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type AcceptMissionInput,
  MISSION_MEDIA_MISSING,
  type MissionActivities,
  type RecordPerformanceInput,
  type RejectMissionInput,
  type RemindDeadlineInput,
} from '@fanmission/workflows/missions';
import { ApplicationFailure } from '@temporalio/common';
import type { Db } from '../db';
import { domainEvent, recordEvents } from '../outbox';
import { extractPosterFrame, type MediaTools, MediaToolMissingError, probeMedia, type StorageDriver } from '../files';
import { penalizeCreator } from './penalties';
import * as repository from './repository';
import {
  lockedMission,
  expectStatus,
  parties,
  productName,
  complete,
  refundEscrow,
  compensateLuckyWin,
} from './activity-steps';
export interface MissionActivityDependencies {
  db: Db;
  /** Where performed videos are read from and their poster frames written to. */
  storage: StorageDriver;
  /** The ffmpeg and ffprobe the poster frame is taken with (`mediaToolsOf(config)`). */
  mediaTools: MediaTools;
}

/**
 * The mission workflow's activities. Each is one DB transaction that locks the mission row, checks the state it
 * starts from and writes the new state, the ledger entry and the domain events together; finding the mission already
 * in the state it would produce (a retry after a lost answer), it does nothing.
 */
export function createMissionActivities(deps: MissionActivityDependencies): MissionActivities {
  const { db } = deps;
  return {
    async remindDeadline(input: RemindDeadlineInput) {
      await db.transaction().execute(async (trx) => {
        const mission = await lockedMission(trx, input.missionId);
        // Decided, performed or ended since the workflow's timer fired: nothing left to remind of.
        if (mission.status !== (input.deadline === 'DECISION' ? 'REQUESTED' : 'ACCEPTED')) return;
        const at = new Date(input.at);
        const first = await trx
          .insertInto('mission_deadline_reminders')
          .values({
            mission_id: mission.id,
            deadline: input.deadline,
            before_ms: input.beforeMs,
            due_at: new Date(input.dueAt),
            sent_at: at,
          })
          .onConflict((conflict) => conflict.doNothing())
          .returning('mission_id')
          .executeTakeFirst();
        if (!first) return;
        await recordEvents(trx, [
          domainEvent(
            'mission.deadline-approaching',
            {
              ...parties(mission),
              productName: await productName(trx, mission),
              deadline: input.deadline,
              dueAt: input.dueAt,
              beforeMs: input.beforeMs,
            },
            at,
          ),
        ]);
      });
    },

    async acceptMission(input: AcceptMissionInput) {
      await db.transaction().execute(async (trx) => {
        const mission = await lockedMission(trx, input.missionId);
        if (mission.status === 'ACCEPTED' && mission.accepted_at) return;
        expectStatus(mission, ['REQUESTED']);
        const at = new Date(input.at);
        const performDueAt = new Date(input.performDueAt);
        await repository.updateMission(trx, mission.id, {
          status: 'ACCEPTED',
          feedback: input.feedback,
          accepted_at: at,
          perform_due_at: performDueAt,
          ...(input.decisionUpdateId && { decision_update_id: input.decisionUpdateId }),
        });
        await recordEvents(trx, [
          domainEvent(
            'mission.accepted',
            {
              ...parties(mission),
              productName: await productName(trx, mission),
              performDueAt: input.performDueAt,
              feedback: input.feedback ?? null,
            },
            at,
          ),
        ]);
      });
    },

    async rejectMission(input: RejectMissionInput) {
      return await db.transaction().execute(async (trx) => {
        const mission = await lockedMission(trx, input.missionId);
        if (mission.status === 'REJECTED') return { refundedCoins: mission.refunded_coins ?? 0 };
        expectStatus(mission, input.reason === 'PERFORM_EXPIRED' ? ['ACCEPTED'] : ['REQUESTED']);
        const at = new Date(input.at);
        const refund = await refundEscrow(trx, mission, at);
        let refundedCoins = refund;
        if (input.reason === 'PERFORM_EXPIRED' && mission.type === 'LUCKY') {
          refundedCoins += await compensateLuckyWin(trx, mission, refund, at);
        }
        await repository.updateMission(trx, mission.id, {
          status: 'REJECTED',
          rejection_reason: input.reason,
          feedback: input.reason === 'REFUSED' ? input.feedback : mission.feedback,
          refunded_coins: refundedCoins,
          rejected_at: at,
          ...(input.decisionUpdateId && { decision_update_id: input.decisionUpdateId }),
        });
        await recordEvents(trx, [
          domainEvent(
            'mission.rejected',
            {
              ...parties(mission),
              productName: await productName(trx, mission),
              reason: input.reason,
              feedback: input.reason === 'REFUSED' ? input.feedback : null,
              refundedCoins,
            },
            at,
          ),
        ]);
        if (input.reason === 'PERFORM_EXPIRED') {
          await penalizeCreator(trx, { creatorId: mission.creator_id, missionId: mission.id, at });
        }
        return { refundedCoins };
      });
    },

    async recordPerformance(input: RecordPerformanceInput) {
      return await db.transaction().execute(async (trx) => {
        const mission = await lockedMission(trx, input.missionId);
        if (mission.status === 'TRANSCODING') return { transcoding: true };
        if (mission.status === 'COMPLETED') return { transcoding: false };
        expectStatus(mission, ['ACCEPTED']);
        const { kind, fileId } = input.media;
        // The file under a share lock: a concurrent delete waits for this commit, then meets the foreign key (409).
        // A file already deleted fails the perform for good (never retried), and the mission stays ACCEPTED.
        if (!(await repository.lockFileForShare(trx, fileId))) {
          throw ApplicationFailure.create({
            type: MISSION_MEDIA_MISSING,
            message: `file ${fileId} of mission ${mission.id} no longer exists`,
            nonRetryable: true,
          });
        }
        const at = new Date(input.at);
        await repository.updateMission(trx, mission.id, {
          response_comment: input.responseComment,
          video_file_id: kind === 'video' ? fileId : null,
          picture_file_id: kind === 'picture' ? fileId : null,
          voice_file_id: kind === 'voice' ? fileId : null,
          ...(kind === 'video' ? { status: 'TRANSCODING' as const } : {}),
          ...(input.performUpdateId && { perform_update_id: input.performUpdateId }),
        });
        if (kind === 'video') return { transcoding: true };
        await complete(trx, { ...mission, status: 'ACCEPTED' }, at);
        return { transcoding: false };
      });
    },

    async transcodeMissionVideo({ missionId }) {
      const mission = await repository.findMission(db, missionId);
      if (!mission?.video_file_id || mission.thumbnail_file_id) return;
      const video = await processedVideo(db, mission.video_file_id);
      if (!video) return;
      if (video.processing_status === 'pending') {
        // The media queue is still making the rendition (a long clip on a busy machine): the workflow retries.
        throw ApplicationFailure.retryable(`the video of mission ${missionId} is still being converted`);
      }
      if (video.processing_status === 'failed') {
        throw ApplicationFailure.nonRetryable(
          `the video of mission ${missionId} cannot be converted`,
          'UnreadableVideo',
        );
      }
      if (video.thumbnail_key) {
        // The upload already took the poster frame and the duration (files/media-details.ts): no second ffmpeg run.
        await attachPoster(db, missionId, {
          key: video.thumbnail_key,
          sizeBytes: await storedSize(deps.storage, video.thumbnail_key),
          // Shared with the video's row: nobody deletes it through DELETE /files (its object goes with the video).
          ownerUserId: null,
          durationSeconds: video.duration_seconds,
        });
        return;
      }
      if (!deps.storage.localRoot) return;
      const videoPath = path.join(deps.storage.localRoot, video.storage_key);
      const folder = await mkdtemp(path.join(tmpdir(), 'fanmission-poster-'));
      try {
        const posterPath = path.join(folder, 'poster.jpg');
        let durationSeconds: number | null;
        try {
          ({ durationSeconds } = await probeMedia(deps.mediaTools, videoPath));
          await extractPosterFrame(deps.mediaTools, videoPath, posterPath);
        } catch (error) {
          if (error instanceof MediaToolMissingError) return;
          throw ApplicationFailure.nonRetryable(`the video cannot be read: ${String(error)}`, 'UnreadableVideo');
        }
        const poster = await readFile(posterPath);
        const now = new Date();
        const key = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}.jpg`;
        await deps.storage.put(key, poster, 'image/jpeg');
        await attachPoster(db, missionId, {
          key,
          sizeBytes: poster.length,
          ownerUserId: video.owner_user_id,
          durationSeconds: video.duration_seconds ?? durationSeconds,
        });
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },

    async completeMission({ missionId, at }) {
      await db.transaction().execute(async (trx) => {
        const mission = await lockedMission(trx, missionId);
        if (mission.status === 'COMPLETED') return;
        expectStatus(mission, ['TRANSCODING']);
        await complete(trx, mission, new Date(at));
      });
    },
  };
}

/** How long one run of transcodeMissionVideo waits for the media queue (below the activity's 15-minute limit). */
const RENDITION_WAIT_MS = 12 * 60_000;
const RENDITION_POLL_MS = 1_000;

/** The video's row once the media queue is done with it, or still pending after RENDITION_WAIT_MS. */
async function processedVideo(db: Db, fileId: number) {
  const deadline = Date.now() + RENDITION_WAIT_MS;
  for (;;) {
    const video = await db
      .selectFrom('files')
      .select(['storage_key', 'owner_user_id', 'thumbnail_key', 'duration_seconds', 'processing_status'])
      .where('id', '=', fileId)
      .executeTakeFirst();
    if (video?.processing_status !== 'pending' || Date.now() >= deadline) return video;
    await sleep(RENDITION_POLL_MS);
  }
}

/** Records the mission's poster frame (as a file row of its own) and the video's duration. */
async function attachPoster(
  db: Db,
  missionId: number,
  poster: { key: string; sizeBytes: number; ownerUserId: number | null; durationSeconds: number | null },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const file = await trx
      .insertInto('files')
      .values({
        owner_user_id: poster.ownerUserId,
        storage_key: poster.key,
        filename: `mission-${missionId}-poster.jpg`,
        content_type: 'image/jpeg',
        kind: 'image',
        size_bytes: poster.sizeBytes,
        thumbnail_key: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await repository.updateMission(trx, missionId, {
      thumbnail_file_id: file.id,
      media_duration_seconds: poster.durationSeconds === null ? null : poster.durationSeconds.toFixed(3),
    });
  });
}

/** The stored object's size on local disk; a remote store is not asked (0: unknown). */
async function storedSize(storage: StorageDriver, key: string): Promise<number> {
  if (!storage.localRoot) return 0;
  try {
    return (await stat(path.join(storage.localRoot, ...key.split('/')))).size;
  } catch {
    return 0;
  }
}
