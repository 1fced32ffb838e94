import { sql } from 'kysely';
import type { DbExecutor } from '../db';

/*
 * Which stored objects are public, read from where a file is used rather than stored on it, so
 * a mission turning private or being blocked takes its media out of public reach at once:
 * - profile pictures, creator intros, product and event covers, event description videos, popup images: public;
 * - the answer media (video, picture, voice, thumbnail) of a mission anyone may see (not private, past CREATED, not
 *   blocked: the same rule as `canSeeMission`), unless its creator is flagged adult (behind the adult gate): public;
 * - everything else is private: request attachments (lottery application images included), the media of private or
 *   blocked missions and of adult-flagged creators' ones, and uploads not used anywhere yet. Those are served only through signed URLs.
 * A thumbnail (or video poster) and a video's 720p rendition share their file's audience. The upload as it came
 * (original_key) is never served to anyone.
 */
export async function isPublicStoredKey(db: DbExecutor, key: string): Promise<boolean> {
  const result = await sql<{ public: boolean }>`
    select exists (
      select 1 from files f
      where (f.storage_key = ${key} or f.thumbnail_key = ${key} or f.small_video_key = ${key})
        and (
          exists (select 1 from users u where u.image_file_id = f.id)
          or exists (select 1 from creators c where c.intro_file_id = f.id)
          or exists (select 1 from mission_products p where p.description_picture_file_id = f.id)
          or exists (select 1 from mission_products p where p.description_video_file_id = f.id)
          or exists (select 1 from popups p where p.web_image_file_id = f.id)
          or exists (
            select 1 from missions m
            where f.id in (m.video_file_id, m.picture_file_id, m.voice_file_id, m.thumbnail_file_id)
              and not m.is_private and m.status <> 'CREATED' and m.content_blocked_at is null
              and not m.creator_adult
          )
        )
    ) as public`.execute(db);
  return result.rows[0]?.public === true;
}
