import type { MissionView } from '@fanmission/contracts';
import type { AppConfig } from '../config';
import type { DbExecutor } from '../db';
import { fileEntry, type FileAudience, type ShownFile, signedStorageUrl, storageUrl } from '../files';
import { fileEntryOf, type ProductRelations, productSummaryView } from '../mission-products';
import type { MissionRow } from '../missions';
import { findMissionCards, type MissionCard } from './cards-repository';
import type { MissionViewer } from './repository';

/*
 * The one mission view every read answers with: the requester, the product with its creator,
 * the request, the answer's media, and the caller's like and block marks.
 */

export const isMissionParty = (viewer: MissionViewer, mission: Pick<MissionRow, 'user_id' | 'creator_id'>) =>
  viewer.operator || viewer.userId === mission.user_id || viewer.creatorId === mission.creator_id;

/** Whether the viewer may see the mission at all (by id; lists are narrower, see the repository). */
export const canSeeMission = (viewer: MissionViewer, mission: MissionRow) =>
  isMissionParty(viewer, mission) ||
  (!mission.is_private && mission.status !== 'CREATED' && mission.content_blocked_at === null);

/**
 * Whether the mission's answer media are public: the same rule as `canSeeMission` for someone
 * who is no party (and what `/files` checks in `isPublicStoredKey`); an adult-flagged creator's never are (his
 * missions answer past the adult gate only). Otherwise their URLs are signed.
 */
const publicMedia = (mission: MissionRow): FileAudience =>
  !mission.is_private && mission.status !== 'CREATED' && mission.content_blocked_at === null && !mission.creator_adult
    ? 'public'
    : 'private';

function missionFile(config: AppConfig, files: Map<number, ShownFile>, id: number | null, audience: FileAudience) {
  const file = id === null ? undefined : files.get(id);
  return file ? { ...fileEntry(config, file, audience), filename: file.filename } : null;
}

const iso = (instant: Date | null) => instant?.toISOString() ?? null;

/**
 * Views of the missions with these ids for the viewer, in the order given, each read with what it shows in one
 * statement. `hiddenLeftOut`: the missions come from a list that left out those the viewer hid, so none is marked
 * hidden and the marks read only his likes.
 */
export async function missionViewsByIds(
  db: DbExecutor,
  config: AppConfig,
  viewer: MissionViewer,
  ids: readonly number[],
  options: { hiddenLeftOut?: boolean } = {},
): Promise<MissionView[]> {
  const cards = await findMissionCards(db, ids, viewer.userId, { blocks: options.hiddenLeftOut !== true });
  return cards.map((card) => missionViewOf(config, viewer, card));
}

function missionViewOf(config: AppConfig, viewer: MissionViewer, card: MissionCard): MissionView {
  const { mission, product, requester } = card;
  const files = new Map(card.files.map((file) => [file.id, file]));
  const relations: ProductRelations = { creators: new Map([[card.creator.id, card.creator]]), files };
  const party = isMissionParty(viewer, mission);
  const thumbnail = mission.thumbnail_file_id === null ? undefined : files.get(mission.thumbnail_file_id);
  const media = publicMedia(mission);
  return {
    id: mission.id,
    status: mission.status,
    user: {
      id: requester.id,
      username: requester.username,
      image: fileEntryOf(config, files, requester.image_file_id),
    },
    missionProduct: productSummaryView(config, relations, product),
    coinPrice: mission.coin_price,
    created: mission.created_at.toISOString(),
    accepted: iso(mission.accepted_at),
    completed: iso(mission.completed_at),
    rejected: iso(mission.rejected_at),
    rejectionReason: mission.rejection_reason,
    decisionDueAt: iso(mission.decision_due_at),
    performDueAt: iso(mission.perform_due_at),
    private: mission.is_private,
    toFriend: mission.to_friend,
    // A LUCKY mission shows the requester's username instead of the recipient.
    to: mission.type === 'LUCKY' ? requester.username : mission.recipient_name,
    from: mission.sender_name,
    requestComment: mission.request_comment,
    requestFile: party ? missionFile(config, files, mission.request_file_id, 'private') : null,
    feedback: party ? mission.feedback : null,
    responseComment: mission.response_comment,
    video: missionFile(config, files, mission.video_file_id, media),
    picture: missionFile(config, files, mission.picture_file_id, media),
    voice: missionFile(config, files, mission.voice_file_id, media),
    thumbnail: thumbnail
      ? { s3Url: (media === 'public' ? storageUrl : signedStorageUrl)(config, thumbnail.storage_key) }
      : null,
    mediaDuration: mission.media_duration_seconds === null ? null : Number(mission.media_duration_seconds),
    liked: card.liked,
    likesCount: mission.likes_count,
    commentsCount: mission.comments_count,
    blocked: card.blocked,
    contentHidden:
      party && mission.content_blocked_at !== null
        ? { at: mission.content_blocked_at.toISOString(), reason: mission.content_block_reason ?? '' }
        : null,
    event: null,
  };
}
