import type { Generated, Insertable, Selectable } from 'kysely';

export type FileKind = 'image' | 'video' | 'audio';

export interface FilesTable {
  id: Generated<number>;
  owner_user_id: number | null;
  /**
   * The object served for the file. Video, audio and the pictures libvips cannot clean in the request are served as
   * the media queue's rendition (renditions.ts): this key does not exist until the file is `ready`.
   */
  storage_key: string;
  /** The upload as it came, kept (never served) until its rendition is verified; null for a file without one. */
  original_key: Generated<string | null>;
  filename: string;
  content_type: string;
  kind: FileKind;
  size_bytes: number;
  /** A still of the image (WebP) or the poster frame of a video (JPEG). */
  thumbnail_key: string | null;
  /** Length of a video or audio file, when ffprobe could read it. */
  duration_seconds: Generated<number | null>;
  /** The served picture's or video's size in pixels (upright), once known. */
  width: Generated<number | null>;
  height: Generated<number | null>;
  /** The 720p rendition of a video larger than 720p (for small screens), and its size. */
  small_video_key: Generated<string | null>;
  small_video_size_bytes: Generated<number | null>;
  small_video_width: Generated<number | null>;
  small_video_height: Generated<number | null>;
  created_at: Generated<Date>;
  /**
   * Renditions and details (duration, poster frame) are made by the media queue after the upload answered:
   * `pending` until then, `failed` when the file could not be converted after bounded attempts (never served then).
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
  original_key: Generated<string | null>;
  small_video_key: Generated<string | null>;
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

/** A resumable (tus) upload from its creation until it expires (services/src/files/resumable-uploads.ts). */
export interface ResumableUploadsTable {
  id: string;
  owner_user_id: number;
  purpose: string;
  filename: string;
  declared_type: string;
  size_bytes: number;
  reservation_id: string | null;
  sniffed_type: string | null;
  file_id: number | null;
  created_at: Generated<Date>;
  expires_at: Date;
}

export interface FilesTables {
  files: FilesTable;
  deleted_files: DeletedFilesTable;
  upload_usage: UploadUsageTable;
  upload_reservations: UploadReservationsTable;
  resumable_uploads: ResumableUploadsTable;
}

export type FileRow = Selectable<FilesTable>;
/** What a view shows of a file: its entry (file-entry.ts) and its name. */
export type ShownFile = Pick<
  FileRow,
  'id' | 'storage_key' | 'filename' | 'content_type' | 'thumbnail_key' | 'processing_status'
> &
  Partial<Pick<FileRow, 'small_video_key' | 'small_video_width' | 'small_video_height'>>;
export type NewFile = Insertable<FilesTable>;
