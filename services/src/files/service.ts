import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { DAY_MS, FILE_LIMITS } from '@fanmission/contracts';
import type { ServiceContext } from '../context';
import { AppError, accessDenied, conflict } from '../http';
import type { MessageKey } from '../i18n';
import { announcePendingMedia } from './media-queue';
import { needsPictureRendition, pictureRenditionType } from './picture-rendition';
import { AUDIO_RENDITION_CONTENT_TYPE, VIDEO_RENDITION_CONTENT_TYPE } from './renditions';
import { purgeUploadUsage, uploadQuotaExceeded, type UploadBudget } from './quota';
import * as repository from './repository';
import type { StorageDriver } from './storage-driver';
import type { FileKind, FileRow } from './table';
import { makeThumbnail, stripImageMetadata, THUMBNAIL_CONTENT_TYPE, THUMBNAIL_EXTENSION } from './thumbnails';
import { fileTooLarge, limitedStream, readAllBytes, sniffUpload } from './upload-stream';

/** A file arriving in a request, not read yet. */
export interface IncomingFile {
  /** The form field it came in, named in error answers. */
  field: string;
  /** The name the client gave it: kept for display, never used for the type or the storage key. */
  filename: string;
  stream: Readable;
  /** True when the request parser cut the file at its own size limit. */
  truncated(): boolean;
}

/** Which kinds a route takes, each with its size limit in bytes, and what to say about any other file. */
export interface UploadPolicy {
  maxBytes: Partial<Record<FileKind, number>>;
  rejectedKindKey: MessageKey;
}

/**
 * `POST /files/s3`: request and event attachments, mission responses, covers and intros. Images are held to the
 * spec's 5 MB for attachment images everywhere (the upload route does not know what the file is for);
 * video and audio to the 500 MB upload guidance.
 */
export const ATTACHMENT_POLICY: UploadPolicy = {
  maxBytes: { image: FILE_LIMITS.attachmentImageBytes, video: FILE_LIMITS.mediaBytes, audio: FILE_LIMITS.mediaBytes },
  rejectedKindKey: 'files.unknownFormat',
};

/** Profile pictures: images only, 5 MB. */
export const PROFILE_IMAGE_POLICY: UploadPolicy = {
  maxBytes: { image: FILE_LIMITS.attachmentImageBytes },
  rejectedKindKey: 'files.imageOnly',
};

export function largestAllowedBytes(policy: UploadPolicy): number {
  return Math.max(...Object.values(policy.maxBytes));
}

export function kindOfMime(mime: string): FileKind | undefined {
  const [topLevel] = mime.split('/');
  return topLevel === 'image' || topLevel === 'video' || topLevel === 'audio' ? topLevel : undefined;
}

/** The client's file name without folders or control characters, for display. */
export function displayFilename(name: string, extension: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').normalize('NFC');
  const printable = [...base].filter((character) => character >= ' ' && character !== '\u007f').join('');
  return printable.trim().slice(0, 255) || `upload.${extension}`;
}

export type StoredUpload = Pick<
  FileRow,
  'storage_key' | 'filename' | 'content_type' | 'kind' | 'size_bytes' | 'thumbnail_key' | 'duration_seconds'
> &
  Partial<Pick<FileRow, 'processing_status' | 'processing_after' | 'original_key'>>;

/** What the media queue turns an upload into (its content type and the extension of its key), if anything. */
function renditionTypeOf(
  kind: FileKind,
  sniffed: { mime: string; ext: string },
): { contentType: string; extension: string } | undefined {
  if (kind === 'video') return { contentType: VIDEO_RENDITION_CONTENT_TYPE, extension: 'mp4' };
  if (kind === 'audio') return { contentType: AUDIO_RENDITION_CONTENT_TYPE, extension: 'm4a' };
  return needsPictureRendition(sniffed.mime) ? pictureRenditionType(sniffed.ext) : undefined;
}

/**
 * Puts an upload in the store after recognising its type from its bytes. JPEG, PNG and WebP pictures (small) are read
 * into memory, lose their metadata and get a thumbnail; video, audio and other pictures (HEIC, AVIF, TIFF, GIF, …)
 * stream straight to the store under their original_key and are left `pending` for the media queue
 * (`media-queue.ts`), which makes the rendition served under their storage_key (MP4, M4A, JPEG or WebP), their
 * duration and (videos) a poster frame, and then deletes the original. A rejected or failed upload
 * leaves nothing stored. The stream is cut where the caller's upload quota ends (`budget`, from `withinUploadQuota`):
 * 429 then, 413 past the kind's own limit; what was stored is reported to the budget.
 */
export async function storeUpload(
  ctx: ServiceContext,
  storage: StorageDriver,
  file: IncomingFile,
  policy: UploadPolicy,
  budget: UploadBudget,
): Promise<StoredUpload> {
  const sniffed = await sniffUpload(file.stream);
  const kind = sniffed.type ? kindOfMime(sniffed.type.mime) : undefined;
  const kindMaxBytes = kind ? policy.maxBytes[kind] : undefined;
  if (!sniffed.type || !kind || !kindMaxBytes) {
    await sniffed.discard();
    throw new AppError(400, policy.rejectedKindKey, {
      code: 'UNKNOWN_FILE_FORMAT',
      fields: [{ field: file.field, key: policy.rejectedKindKey, rejectedValue: file.filename }],
    });
  }

  const quotaCuts = budget.bytesLeft < kindMaxBytes;
  const maxBytes = quotaCuts ? budget.bytesLeft : kindMaxBytes;
  const overLimit = () => (quotaCuts ? uploadQuotaExceeded() : fileTooLarge(kindMaxBytes));
  const { ext, mime } = sniffed.type;
  const now = ctx.now();
  const folder = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  const base = `${folder}/${randomUUID()}`;
  const stored = {
    storage_key: `${base}.${ext}`,
    filename: displayFilename(file.filename, ext),
    content_type: mime,
    kind,
  };

  const rendition = renditionTypeOf(kind, sniffed.type);
  if (rendition) {
    // The upload is kept (never served) until the media queue has made and verified its rendition (no ffmpeg inside
    // the request). The answer says `processing: PENDING` and its URL answers 409 until then.
    const originalKey = `${base}.original.${ext}`;
    const limited = limitedStream(sniffed.chunks, maxBytes, overLimit);
    await storage.put(originalKey, limited.stream, mime);
    if (file.truncated()) {
      await storage.delete(originalKey);
      throw fileTooLarge(kindMaxBytes);
    }
    budget.stored(limited.bytes());
    return {
      ...stored,
      storage_key: `${base}.${rendition.extension}`,
      original_key: originalKey,
      content_type: rendition.contentType,
      size_bytes: limited.bytes(),
      thumbnail_key: null,
      duration_seconds: null,
      processing_status: 'pending',
      processing_after: now,
    };
  }

  const original = await readAllBytes(sniffed.chunks, maxBytes, overLimit);
  if (file.truncated()) throw fileTooLarge(kindMaxBytes);
  // Metadata (EXIF with GPS, XMP, IPTC) never reaches the store.
  const bytes = await withoutMetadata(original, mime, file);
  await storage.put(stored.storage_key, bytes, mime);
  const thumbnailKey = await storeThumbnail(ctx, storage, bytes, `${base}.thumb.${THUMBNAIL_EXTENSION}`).catch(
    async (error: unknown) => {
      await storage.delete(stored.storage_key);
      throw error;
    },
  );
  budget.stored(original.length);
  return { ...stored, size_bytes: bytes.length, thumbnail_key: thumbnailKey, duration_seconds: null };
}

/**
 * The image re-encoded without metadata. One that cannot be decoded is refused (400 on its field): stored as it came
 * it would keep whatever it carries, a location among it.
 */
async function withoutMetadata(image: Buffer, mime: string, file: IncomingFile): Promise<Buffer> {
  try {
    return (await stripImageMetadata(image, mime)) ?? image;
  } catch {
    throw new AppError(400, 'files.unreadablePicture', {
      code: 'UNREADABLE_FILE',
      fields: [{ field: file.field, key: 'files.unreadablePicture', rejectedValue: file.filename }],
    });
  }
}

/** The thumbnail's key, or null when the image cannot be decoded (the upload itself is still accepted). */
async function storeThumbnail(ctx: ServiceContext, storage: StorageDriver, image: Buffer, key: string) {
  let thumbnail: Buffer;
  try {
    thumbnail = await makeThumbnail(image);
  } catch (error) {
    ctx.log.warn({ err: error }, 'no thumbnail: the image could not be decoded');
    return null;
  }
  await storage.put(key, thumbnail, THUMBNAIL_CONTENT_TYPE);
  return key;
}

/**
 * Removes a file's objects once its row is gone. Failures are logged, not thrown: an orphaned object only costs
 * space, while failing the request would leave the caller unsure whether the file is gone.
 */
export async function removeStoredObjects(
  ctx: ServiceContext,
  storage: StorageDriver,
  file: Pick<FileRow, 'storage_key' | 'thumbnail_key'> & Partial<Pick<FileRow, 'original_key' | 'small_video_key'>>,
): Promise<void> {
  for (const key of [file.storage_key, file.thumbnail_key, file.original_key, file.small_video_key]) {
    if (!key) continue;
    try {
      await storage.delete(key);
    } catch (error) {
      ctx.log.error({ err: error, key }, 'removing a stored object failed');
    }
  }
}

export async function uploadFile(
  ctx: ServiceContext,
  storage: StorageDriver,
  ownerUserId: number,
  file: IncomingFile,
  budget: UploadBudget,
  policy: UploadPolicy = ATTACHMENT_POLICY,
): Promise<FileRow> {
  const stored = await storeUpload(ctx, storage, file, policy, budget);
  let row: FileRow;
  try {
    row = await repository.insertFile(ctx.db, { ...stored, owner_user_id: ownerUserId });
  } catch (error) {
    await removeStoredObjects(ctx, storage, stored);
    throw error;
  }
  if (row.processing_status === 'pending') announcePendingMedia();
  return row;
}

const FOREIGN_KEY_VIOLATION = '23503';

/** How long a deleted file's stored objects are kept before the purge job removes them. */
export const DELETED_FILE_RETENTION_DAYS = 30;

/**
 * Deletes a file its uploader no longer wants. Anyone else gets 403 `access denied` whether or not the id exists,
 * so ids cannot be probed; the uploader asking twice gets 403 the second time for the same reason. A file a mission,
 * an intro or a product cover still holds is 409 (the foreign keys refuse). The row goes at once; its stored objects
 * are kept DELETED_FILE_RETENTION_DAYS in `deleted_files` (a mistaken delete can be restored by an operator), then
 * `purgeDeletedFiles` removes them.
 */
export async function deleteUploadedFile(
  ctx: ServiceContext,
  _storage: StorageDriver,
  callerId: number,
  fileId: number,
): Promise<void> {
  let deleted: FileRow | undefined;
  try {
    deleted = await ctx.db.transaction().execute(async (trx) => {
      const row = await repository.deleteOwnedFile(trx, fileId, callerId);
      if (row) {
        const now = ctx.now();
        await repository.retainDeletedFile(
          trx,
          row,
          now,
          new Date(now.getTime() + DELETED_FILE_RETENTION_DAYS * DAY_MS),
        );
      }
      return row;
    });
  } catch (error) {
    if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION) throw conflict('files.inUse');
    throw error;
  }
  if (!deleted) throw accessDenied();
}

/**
 * Removes the stored objects of files deleted more than the retention period ago (answers how many went), and the
 * upload records the quota no longer reads.
 */
export async function purgeDeletedFiles(ctx: ServiceContext, storage: StorageDriver, limit = 500): Promise<number> {
  await purgeUploadUsage(ctx.db);
  const due = await repository.findDeletedFilesDue(ctx.db, ctx.now(), limit);
  for (const file of due) {
    await removeStoredObjects(ctx, storage, file);
    await repository.forgetDeletedFile(ctx.db, file.id);
  }
  return due.length;
}
