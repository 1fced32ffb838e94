import type { Generated, Insertable, Selectable } from 'kysely';

export type FileKind = 'image' | 'video' | 'audio';

export interface FilesTable {
  id: Generated<number>;
  owner_user_id: number | null;
  storage_key: string;
  filename: string;
  content_type: string;
  kind: FileKind;
  size_bytes: number;
  /** A still of the image (WebP) or the poster frame of a video (JPEG). */
  thumbnail_key: string | null;
  /** Length of a video or audio file, when ffprobe could read it. */
  duration_seconds: Generated<number | null>;
  created_at: Generated<Date>;
  /**
   * Video and audio details (duration, poster frame) are taken by the media queue after the upload answered
   *: `pending` until then, `failed` when ffmpeg could not read the file after bounded attempts.
   */
  processing_status: Generated<FileProcessingStatus>;
  processing_attempts: Generated<number>;
  /** A pending file is not claimed before this (retry back-off). */
  processing_after: Generated<Date | null>;
  /** Held by a processing run until then; a crashed process's claim lapses and another run takes it. */
  processing_locked_until: Generated<Date | null>;
  processing_error: Generated<string | null>;
}

export type FileProcessingStatus = 'pending' | 'ready' | 'failed';

/** A deleted file's stored objects, kept 30 days before the purge job removes them. */
export interface DeletedFilesTable {
  id: number;
  owner_user_id: number | null;
  storage_key: string;
  thumbnail_key: string | null;
  filename: string;
  content_type: string;
  kind: FileKind;
  size_bytes: number;
  created_at: Date;
  deleted_at: Date;
  purge_after: Date;
}

/** One row per stored upload, kept two days: what the upload quota counts (services/src/files/quota.ts). */
export interface UploadUsageTable {
  id: Generated<string>;
  user_id: number;
  bytes: number;
  created_at: Generated<Date>;
}

/** An upload under way and the bytes it may still store, seen by every API process (services/src/files/quota.ts). */
export interface UploadReservationsTable {
  id: Generated<string>;
  user_id: number;
  bytes: number;
  expires_at: Date;
}

export interface FilesTables {
  files: FilesTable;
  deleted_files: DeletedFilesTable;
  upload_usage: UploadUsageTable;
  upload_reservations: UploadReservationsTable;
}

export type FileRow = Selectable<FilesTable>;
/** What a view shows of a file: its entry (file-entry.ts) and its name. */
export type ShownFile = Pick<
  FileRow,
  'id' | 'storage_key' | 'filename' | 'content_type' | 'thumbnail_key' | 'processing_status'
>;
export type NewFile = Insertable<FilesTable>;
