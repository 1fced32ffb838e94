import path from 'node:path';
import { koreaDate, MEDIA_KINDS, MISSION_DOWNLOAD_EXTENSIONS, type MediaKind } from '@fanmission/contracts';
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

/** One part of a download's name: letters, digits and hyphens only (no spaces, folders, dots, quotes or emoji). */
function safePart(text: string): string {
  const kept = [...text.normalize('NFC')].filter((character) => /^[\p{L}\p{N}\p{M}-]$/u.test(character));
  return kept
    .slice(0, 40)
    .join('')
    .replace(/^-+|-+$/g, '');
}

/**
 * The name a completed mission's answer is saved under, before its extension: the creator, the product and the
 * Korea-time day it was performed, each in safe characters (`게임왕민준_무엇이든맞춤미션_2026-11-29`); `mission-<id>`
 * when nothing safe is left.
 */
export function downloadBaseName(
  names: { creator: string; product: string; completedAt: Date | null },
  missionId: number,
): string {
  const parts = [safePart(names.creator), safePart(names.product)].filter((part) => part !== '');
  if (parts.length === 0) return `mission-${missionId}`;
  return [...parts, ...(names.completedAt ? [koreaDate(names.completedAt)] : [])].join('_');
}

function extensionOf(kind: MediaKind, file: FileRow): string {
  const specExtension = (MISSION_DOWNLOAD_EXTENSIONS as Record<string, string>)[kind];
  if (specExtension && SPEC_EXTENSION_TYPES[kind] === file.content_type) return specExtension;
  return path.extname(file.storage_key).slice(1) || 'bin';
}

/**
 * The media file of a completed mission the caller may see, as it is served (its rendition: H.264/AAC MP4, AAC .m4a,
 * JPEG, or a PNG/WebP picture cleaned at upload), saved as creator_product_day plus .mp4 (video) or .jpg (picture);
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
  const names = await ctx.db
    .selectFrom('mission_products as p')
    .innerJoin('creators as c', 'c.id', 'p.creator_id')
    .select(['p.name as product', 'c.name as creator'])
    .where('p.id', '=', mission.product_id)
    .executeTakeFirst();
  const base = downloadBaseName(
    { creator: names?.creator ?? '', product: names?.product ?? '', completedAt: mission.completed_at },
    mission.id,
  );
  return { file, filename: `${base}.${extensionOf(chosen, file)}` };
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
