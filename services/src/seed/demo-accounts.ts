import type { Role, SnsLink } from '@fanmission/contracts';
import type { DEMO_TAGS } from './demo-content';

/** The password of every demo account (the generated world's too). */
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
}

interface DemoAccount {
  email: string;
  username: string;
  roles: Role[];
  creator?: DemoCreator;
}

/**
 * The demo's small-bank team: two finance and two operator accounts, so that a newcomer sees the four-eyes rule at
 * work (one asks, another approves; `demo-approvals.ts` leaves requests waiting). Console accounts, no member role.
 */
export const DEMO_STAFF = {
  financeMaker: 'finance1@fanmission.local',
  financeChecker: 'finance2@fanmission.local',
  operatorMaker: 'operator1@fanmission.local',
  operatorChecker: 'operator2@fanmission.local',
} as const;

/** Accounts a newcomer can log in with right after `npm start` (password `fanmission1`). */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'fan@fanmission.local', username: '팬하나', roles: ['ROLE_USER'] },
  { email: DEMO_STAFF.financeMaker, username: '재무 김하나', roles: ['ROLE_FINANCE'] },
  { email: DEMO_STAFF.financeChecker, username: '재무 이두리', roles: ['ROLE_FINANCE'] },
  { email: DEMO_STAFF.operatorMaker, username: '운영 박세나', roles: ['ROLE_OPERATOR'] },
  { email: DEMO_STAFF.operatorChecker, username: '운영 최네온', roles: ['ROLE_OPERATOR'] },
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
    },
  },
];
