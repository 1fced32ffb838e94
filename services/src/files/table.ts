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
}

export interface FilesTables {
  files: FilesTable;
}

export type FileRow = Selectable<FilesTable>;
export type NewFile = Insertable<FilesTable>;
