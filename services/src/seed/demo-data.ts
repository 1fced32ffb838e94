import type { Role, SnsLink } from '@fanmission/contracts';
import { hashPassword } from '../auth';
import type { ServiceContext } from '../context';
import { type DEMO_TAGS, seedDemoContent } from './demo-content';
import { drawDemoPortrait, storeDemoImage } from './demo-images';
import { seedDemoMissions } from './demo-missions';

export const DEMO_PASSWORD = 'fanmission1';

interface DemoCreator {
  name: string;
  url: string;
  /** Passed the operators' review (shown in search). */
  verified: boolean;
  adult?: boolean;
  description: string;
  tags: (typeof DEMO_TAGS)[number][];
  snsLinks: SnsLink[];
  /** The gradient of the drawn profile photo. */
  colours: [string, string];
}

interface DemoAccount {
  email: string;
  username: string;
  roles: Role[];
  creator?: DemoCreator;
}

/** Accounts a newcomer can log in with right after `npm start` (password `fanmission1`). */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'fan@fanmission.local', username: '팬하나', roles: ['ROLE_USER'] },
  {
    email: 'creator@fanmission.local',
    username: '별빛',
    roles: ['ROLE_USER', 'ROLE_CREATOR'],
    creator: {
      name: '별빛 크리에이터',
      url: 'starlight',
      verified: true,
      description: '노래로 하루를 밝혀 드리는 별빛입니다. 생일 축하 노래, 응원 메시지 모두 환영해요!',
      tags: ['노래', '토크'],
      snsLinks: [
        { type: 'YOUTUBE', link: 'https://www.youtube.com/@starlight-demo' },
        { type: 'INSTAGRAM', link: 'https://www.instagram.com/starlight.demo' },
      ],
      colours: ['#6a5af9', '#f7a8d8'],
    },
  },
  {
    email: 'newbie@fanmission.local',
    username: '새싹',
    roles: ['ROLE_USER', 'ROLE_CREATOR'],
    creator: {
      name: '새싹 크리에이터',
      url: 'sprout',
      // Still waiting for the operators' review.
      verified: false,
      description: '이제 막 시작한 새싹 크리에이터입니다.',
      tags: ['일상'],
      snsLinks: [{ type: 'TIKTOK', link: 'https://www.tiktok.com/@sprout-demo' }],
      colours: ['#8bd17c', '#e8f7c8'],
    },
  },
  {
    email: 'dancer@fanmission.local',
    username: '하늘',
    roles: ['ROLE_USER', 'ROLE_CREATOR'],
    creator: {
      name: '하늘 댄서',
      url: 'skydance',
      verified: true,
      description: 'K-POP 커버 댄스를 추는 하늘입니다. 원하는 곡의 포인트 안무를 영상으로 보내 드려요.',
      tags: ['댄스', '운동'],
      snsLinks: [
        { type: 'YOUTUBE', link: 'https://www.youtube.com/@skydance-demo' },
        { type: 'TIKTOK', link: 'https://www.tiktok.com/@skydance-demo' },
      ],
      colours: ['#2fb4ff', '#c1f0ff'],
    },
  },
  {
    email: 'cook@fanmission.local',
    username: '곰셰프',
    roles: ['ROLE_USER', 'ROLE_CREATOR'],
    creator: {
      name: '요리하는 곰',
      url: 'cookingbear',
      verified: true,
      description: '자취생을 위한 10분 요리! 냉장고 속 재료를 알려 주시면 레시피 영상을 만들어 드립니다.',
      tags: ['요리', '일상'],
      snsLinks: [
        { type: 'INSTAGRAM', link: 'https://www.instagram.com/cookingbear.demo' },
        { type: 'FACEBOOK', link: 'https://www.facebook.com/cookingbear.demo' },
      ],
      colours: ['#ff9f43', '#ffe1b5'],
    },
  },
  {
    email: 'gamer@fanmission.local',
    username: '민준',
    roles: ['ROLE_USER', 'ROLE_CREATOR'],
    creator: {
      name: '게임왕 민준',
      url: 'gameking',
      verified: true,
      description: '매일 밤 게임 방송을 하는 민준입니다. 닉네임을 부르며 응원 영상을 찍어 드려요.',
      tags: ['게임', '토크'],
      snsLinks: [
        { type: 'TWITCH', link: 'https://www.twitch.tv/gameking_demo' },
        { type: 'AFREECA', link: 'https://bj.afreecatv.com/gamekingdemo' },
      ],
      colours: ['#1e272e', '#576574'],
    },
  },
  {
    email: 'night@fanmission.local',
    username: '밤의목소리',
    roles: ['ROLE_USER', 'ROLE_CREATOR'],
    creator: {
      name: '밤의 속삭임',
      url: 'nightwhisper',
      verified: true,
      // Flagged for adult content: reachable by its page, never shown in search.
      adult: true,
      description: '성인 팬을 위한 ASMR 채널입니다.',
      tags: ['토크'],
      snsLinks: [{ type: 'YOUTUBE', link: 'https://www.youtube.com/@nightwhisper-demo' }],
      colours: ['#3d1c4f', '#8e44ad'],
    },
  },
];

/**
 * Seeds the demo accounts on a database that has none of them yet, with tags, FAQ entries and a popup; existing
 * rows are left alone, so a second start (or a real deployment that turned seeding on by mistake) never overwrites
 * anything. Demo creators get a drawn profile photo, Korean descriptions, tags and SNS links, and mission products;
 * the demo fan gets coins and a few missions (`demo-missions.ts`).
 */
export async function seedDemoData(ctx: ServiceContext): Promise<string[]> {
  const created: string[] = [];
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const hasPopup = await ctx.db.selectFrom('popups').select('id').limit(1).executeTakeFirst();
  const popupImage = hasPopup
    ? null
    : await storeDemoImage(ctx, ctx.db, null, await drawDemoPortrait(['#ff5a5f', '#ffd166']));
  const tagIds = await seedDemoContent(ctx, popupImage);
  for (const account of DEMO_ACCOUNTS) {
    await ctx.db.transaction().execute(async (trx) => {
      const user = await trx
        .insertInto('users')
        .values({
          email: account.email,
          username: account.username,
          password_hash: passwordHash,
          provider: 'local',
          roles: account.roles,
          email_verified_at: ctx.now(),
        })
        .onConflict((oc) => oc.column('email').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!user) return;
      created.push(account.email);
      const profile = account.creator;
      if (!profile) return;
      const imageId = await storeDemoImage(ctx, trx, user.id, await drawDemoPortrait(profile.colours));
      await trx.updateTable('users').set({ image_file_id: imageId }).where('id', '=', user.id).execute();
      const creator = await trx
        .insertInto('creators')
        .values({
          user_id: user.id,
          name: profile.name,
          url: profile.url,
          verified: profile.verified,
          contain_adult_content: profile.adult ?? false,
          description: profile.description,
          business_type: 'NONE',
          business_cash_receipt_number: '01000000000',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('creator_tags')
        .values(profile.tags.map((tag) => ({ creator_id: creator.id, tag_id: tagIds.get(tag)! })))
        .execute();
      await trx
        .insertInto('creator_sns_links')
        .values(profile.snsLinks.map((link) => ({ creator_id: creator.id, ...link })))
        .execute();
    });
  }
  await seedDemoMissions(ctx);
  return created;
}
