import path from 'node:path';
import { MEDIA_KINDS, MISSION_DOWNLOAD_EXTENSIONS, type MediaKind } from '@fanmission/contracts';
import type { Caller } from '../auth';
import type { ServiceContext } from '../context';
import { AppError, notFound } from '../http';
import { type FileRow, findFiles } from '../files';
import type { MissionRow } from '../missions';
import { missionViewerOf, visibleMission } from './service';

/** The answer file of a completed mission and the name to save it under. */
export interface MissionDownload {
  file: FileRow;
  filename: string;
}

const MEDIA_COLUMNS = {
  video: 'video_file_id',
  picture: 'picture_file_id',
  voice: 'voice_file_id',
} as const satisfies Record<MediaKind, keyof MissionRow>;

/** The content types the spec's extensions (.mp4, .jpg) name; any other type keeps its own extension. */
const SPEC_EXTENSION_TYPES: Record<string, string> = { video: 'video/mp4', picture: 'image/jpeg' };

/** File-system-safe: no folders, quotes, control or reserved characters; at most 100 characters. */
export function downloadBaseName(responseComment: string | null, missionId: number): string {
  const cleaned = [...(responseComment ?? '').normalize('NFC')]
    .map((character) =>
      character < ' ' || character === '\u007f' || '\\/:*?"<>|'.includes(character) ? ' ' : character,
    )
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '');
  return [...cleaned].slice(0, 100).join('').trim() || `mission-${missionId}`;
}

function extensionOf(kind: MediaKind, file: FileRow): string {
  const specExtension = (MISSION_DOWNLOAD_EXTENSIONS as Record<string, string>)[kind];
  if (specExtension && SPEC_EXTENSION_TYPES[kind] === file.content_type) return specExtension;
  return path.extname(file.storage_key).slice(1) || 'bin';
}

/**
 * The media file of a completed mission the caller may see, as it is served (its rendition: H.264/AAC MP4, AAC .m4a,
 * JPEG, or a PNG/WebP picture cleaned at upload), saved as the response comment plus .mp4 (video) or .jpg (picture);
 * a file of another type keeps its rendition's extension (.m4a for a voice, a PNG is not renamed .jpg).
 */
export async function missionDownload(
  ctx: ServiceContext,
  caller: Caller | null,
  missionId: number,
  kind: MediaKind | undefined,
): Promise<MissionDownload> {
  const mission = await visibleMission(ctx.db, missionViewerOf(caller), missionId);
  if (mission.status !== 'COMPLETED') {
    throw new AppError(409, 'missionReads.mediaNotReady', { code: 'MISSION_NOT_COMPLETED' });
  }
  const chosen = kind ?? MEDIA_KINDS.find((candidate) => mission[MEDIA_COLUMNS[candidate]] !== null);
  const fileId = chosen ? mission[MEDIA_COLUMNS[chosen]] : null;
  const file = fileId === null ? undefined : (await findFiles(ctx.db, [fileId])).get(fileId);
  if (!chosen || !file) throw notFound('missionReads.mediaMissing');
  // Only a rendition is ever handed out (services/src/files/renditions.ts): none yet, or none possible.
  if (file.processing_status === 'pending') throw new AppError(409, 'files.processing', { code: 'FILE_PROCESSING' });
  if (file.processing_status === 'failed') {
    throw new AppError(422, 'files.processingFailed', { code: 'FILE_PROCESSING_FAILED' });
  }
  return { file, filename: `${downloadBaseName(mission.response_comment, mission.id)}.${extensionOf(chosen, file)}` };
}

/** `attachment` with an ASCII fallback name and the UTF-8 name (RFC 6266 / RFC 5987). */
export function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
