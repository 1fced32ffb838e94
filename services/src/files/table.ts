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
  thumbnail_key: string | null;
  created_at: Generated<Date>;
}

export interface FilesTables {
  files: FilesTable;
}

export type FileRow = Selectable<FilesTable>;
export type NewFile = Insertable<FilesTable>;
