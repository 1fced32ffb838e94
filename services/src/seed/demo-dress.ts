import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { ServiceContext } from '../context';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { DEMO_CAST_CREATORS } from './demo-cast';
import type { DemoFiles } from './demo-files';
import { type CachedFile, type DemoMediaPool, paletteOf, type PoolVideo, type PoolVoice } from './demo-media-pool';

/** The pool's size: pictures, answer videos, and spoken answers per language. */
const POOL = { pictures: 12, videos: 12, voicesPerLanguage: 4 };
const LANGUAGES = ['ko', 'en', 'ja'];
const FANS_WITH_PHOTOS = 60;

export interface PreparedMedia {
  pictures: CachedFile[];
  videos: PoolVideo[];
  voices: PoolVoice[];
  /** Each known creator's intro video, by name. */
  intros: Map<string, PoolVideo>;
}

export interface DressReport {
  files: number;
  seconds: number;
  pool: { pictures: number; videos: number; voices: number; intros: number };
}

const paletteOfName = (name: string) =>
  paletteOf(parseInt(createHash('sha256').update(name).digest('hex').slice(0, 6), 16));

/** Makes the pool (or finds it cached): the tools run two at a time, the slowest items first. */
export async function prepareDemoMedia(pool: DemoMediaPool): Promise<PreparedMedia> {
  const names = [
    ...DEMO_CAST_CREATORS.map((creator) => creator.name),
    ...DEMO_ACCOUNTS.flatMap((account) => (account.creator ? [account.creator.name] : [])),
  ];
  const intros = Promise.all(names.map((name) => pool.video(name, paletteOfName(name))));
  const videos = Promise.all(Array.from({ length: POOL.videos }, (_, index) => pool.answerVideo(index)));
  const voices = Promise.all(
    LANGUAGES.flatMap((language) =>
      Array.from({ length: POOL.voicesPerLanguage }, (_, index) => pool.voice(language, index)),
    ),
  );
  const pictures = Promise.all(Array.from({ length: POOL.pictures }, (_, index) => pool.picture(index)));
  const introList = await intros;
  return {
    pictures: await pictures,
    videos: (await videos).filter((video) => video !== null),
    voices: (await voices).filter((voice) => voice !== null),
    intros: new Map(names.flatMap((name, index) => (introList[index] ? [[name, introList[index]] as const] : []))),
  };
}

/**
 * Gives what has no media yet its media: each creator a DiceBear photo and an intro video with his name, the demo
 * fan a photo, BASIC, LUCKY and EVENT products a cover, and each performed mission an answer by its id: a picture,
 * a video with its poster frame, or a voice (in Korean, English or Japanese), pictures standing in when a tool is
 * missing. Runs after the world and the demo accounts are written.
 */
export async function dressDemoWorld(
  ctx: ServiceContext,
  files: DemoFiles,
  pool: DemoMediaPool,
  media: PreparedMedia,
): Promise<DressReport> {
  const started = performance.now();
  let count = 0;
  const db = ctx.db;
  const creators = await db
    .selectFrom('creators')
    .innerJoin('users', 'users.id', 'creators.user_id')
    .select(['creators.id', 'creators.user_id', 'creators.name', 'creators.url', 'creators.intro_file_id'])
    .select('users.image_file_id')
    .orderBy('creators.id')
    .execute();
  for (const creator of creators) {
    if (creator.image_file_id === null) {
      const photo = await files.image(
        creator.user_id,
        await pool.avatar(creator.url ?? creator.name),
        `avatar-${creator.id}`,
      );
      await db.updateTable('users').set({ image_file_id: photo }).where('id', '=', creator.user_id).execute();
      count += 1;
    }
    const intro = media.intros.get(creator.name) ?? (await pool.video(creator.name, paletteOfName(creator.name)));
    if (creator.intro_file_id === null && intro) {
      const { video } = await files.video(creator.user_id, intro, `intro-${creator.id}`);
      await db.updateTable('creators').set({ intro_file_id: video }).where('id', '=', creator.id).execute();
      count += 2;
    }
  }
  // The demo accounts, and the most active fans (the first generated), have photos too.
  const fans = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('image_file_id', 'is', null)
    .where((eb) =>
      eb.or([
        eb('email', 'like', '%@fanmission.local'),
        eb(
          'id',
          'in',
          db
            .selectFrom('users')
            .select('id')
            .where(sql<boolean>`roles = array['ROLE_USER']::text[]`)
            .orderBy('id')
            .limit(FANS_WITH_PHOTOS),
        ),
      ]),
    )
    .orderBy('id')
    .execute();
  for (const fan of fans) {
    const photo = await files.image(fan.id, await pool.avatar(fan.email ?? String(fan.id)), `avatar-user-${fan.id}`);
    await db.updateTable('users').set({ image_file_id: photo }).where('id', '=', fan.id).execute();
    count += 1;
  }

  const products = await db
    .selectFrom('mission_products as p')
    .innerJoin('creators as c', 'c.id', 'p.creator_id')
    .select(['p.id', 'c.user_id'])
    .where('p.type', 'in', ['BASIC', 'LUCKY', 'EVENT'])
    .where('p.description_picture_file_id', 'is', null)
    .orderBy('p.id')
    .execute();
  for (const product of products) {
    const picture = media.pictures[product.id % media.pictures.length]!;
    const cover = await files.image(product.user_id, picture, `cover-${product.id}`);
    await db
      .updateTable('mission_products')
      .set({ description_picture_file_id: cover })
      .where('id', '=', product.id)
      .execute();
    count += 1;
  }

  const missions = await db
    .selectFrom('missions as m')
    .innerJoin('creators as c', 'c.id', 'm.creator_id')
    .select(['m.id', 'c.user_id'])
    .where('m.status', '=', 'COMPLETED')
    .where('m.video_file_id', 'is', null)
    .where('m.picture_file_id', 'is', null)
    .where('m.voice_file_id', 'is', null)
    .orderBy('m.id')
    .execute();
  for (const { id, user_id: owner } of missions) {
    const video = id % 3 === 1 ? media.videos[id % Math.max(1, media.videos.length)] : undefined;
    const voice = id % 3 === 2 ? media.voices[id % Math.max(1, media.voices.length)] : undefined;
    if (video) {
      const stored = await files.video(owner, video, `mission-${id}`);
      await db
        .updateTable('missions')
        .set({ video_file_id: stored.video, thumbnail_file_id: stored.poster, media_duration_seconds: video.seconds })
        .where('id', '=', id)
        .execute();
      count += 2;
    } else if (voice) {
      const stored = await files.voice(owner, voice, `mission-${id}`);
      await db
        .updateTable('missions')
        .set({ voice_file_id: stored, media_duration_seconds: voice.seconds.toFixed(3) })
        .where('id', '=', id)
        .execute();
      count += 1;
    } else {
      const picture = media.pictures[id % media.pictures.length]!;
      const stored = await files.image(owner, picture, `mission-${id}`);
      await db.updateTable('missions').set({ picture_file_id: stored }).where('id', '=', id).execute();
      count += 1;
    }
  }
  return {
    files: count,
    seconds: (performance.now() - started) / 1000,
    pool: {
      pictures: media.pictures.length,
      videos: media.videos.length,
      voices: media.voices.length,
      intros: media.intros.size,
    },
  };
}
