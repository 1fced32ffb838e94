import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// Uploaded media are served as renditions the media queue makes (services/src/files/renditions.ts), never as they
// came: H.264/AAC MP4 for video (and a 720p one for a larger source), AAC in MP4 for audio, JPEG (WebP for GIF) for
// pictures libvips cannot strip in the request (HEIC, HEIF, AVIF, TIFF, …). `storage_key` names the rendition (it
// does not exist while the file is pending); `original_key` the upload as it came until its rendition is verified
// (null after). `width`/`height` are the rendition's; `small_video_*` the 720p rendition of a video larger than 720p.
// deleted_files keeps those keys too, so the purge removes every object of a deleted file.
//
// Media stored before this migration were served as they came: they go back to the queue (`pending`), their stored
// object becomes their original and their rendition gets a key of its own.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table files
      add column original_key text,
      add column width integer,
      add column height integer,
      add column small_video_key text,
      add column small_video_size_bytes bigint,
      add column small_video_width integer,
      add column small_video_height integer`.execute(db);
  // `/files/<key>` looks a 720p rendition up by its key (services/src/files/access.ts), as it does thumbnails.
  await sql`create index files_small_video_key on files (small_video_key) where small_video_key is not null`.execute(
    db,
  );
  await sql`
    alter table deleted_files
      add column original_key text,
      add column small_video_key text`.execute(db);
  await sql`
    update files set
      original_key = storage_key,
      storage_key = regexp_replace(storage_key, '\.[^./]*$', '') || case
        when kind = 'video' then '.rendition.mp4'
        when kind = 'audio' then '.rendition.m4a'
        when content_type = 'image/gif' then '.rendition.webp'
        else '.rendition.jpg' end,
      content_type = case
        when kind = 'video' then 'video/mp4'
        when kind = 'audio' then 'audio/mp4'
        when content_type = 'image/gif' then 'image/webp'
        else 'image/jpeg' end,
      processing_status = 'pending',
      processing_attempts = 0,
      processing_after = null,
      processing_locked_until = null,
      processing_error = null
    where kind in ('video', 'audio')
      or (kind = 'image' and content_type not in ('image/jpeg', 'image/png', 'image/webp'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    update files set storage_key = original_key, processing_status = 'ready'
    where original_key is not null`.execute(db);
  await sql`alter table deleted_files drop column original_key, drop column small_video_key`.execute(db);
  await sql`drop index files_small_video_key`.execute(db);
  await sql`
    alter table files
      drop column original_key,
      drop column width,
      drop column height,
      drop column small_video_key,
      drop column small_video_size_bytes,
      drop column small_video_width,
      drop column small_video_height`.execute(db);
}
