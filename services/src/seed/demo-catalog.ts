import { type DemoMotif } from './demo-images';

/* What the demo world's creators offer and the missions its fan has asked for, in each state. */

interface DemoProduct {
  type: 'BASIC' | 'LUCKY';
  name: string;
  /** BASIC: the description; LUCKY: the perform item. */
  description: string;
  coinPrice: number;
  /** LUCKY: percent. */
  winProbability?: number;
  allowAttachments?: boolean;
  motif: DemoMotif;
}

export interface DemoCreatorProducts {
  url: string;
  colours: [string, string];
  products: DemoProduct[];
  /** A CUSTOM product (and the creator's custom settings) with this minimum offer. */
  customMinimumCost?: number;
}

/** Products of the verified demo creators (by creator url). */
export const DEMO_PRODUCTS: DemoCreatorProducts[] = [
  {
    url: 'starlight',
    colours: ['#6a5af9', '#f7a8d8'],
    customMinimumCost: 100,
    products: [
      {
        type: 'BASIC',
        name: '생일 축하 노래',
        description: '이름을 넣어 생일 축하 노래를 불러 드려요. 받는 분의 이름을 꼭 적어 주세요!',
        coinPrice: 50,
        motif: 'note',
      },
      {
        type: 'BASIC',
        name: '응원 음성 메시지',
        description: '시험, 면접, 새 출발을 앞둔 분께 힘이 되는 응원 메시지를 음성으로 보내 드립니다.',
        coinPrice: 30,
        allowAttachments: true,
        motif: 'heart',
      },
      {
        type: 'LUCKY',
        name: '럭키 별빛 라이브',
        description: '당첨되면 신청곡 한 소절을 라이브로 불러 드려요.',
        coinPrice: 10,
        winProbability: 5,
        motif: 'star',
      },
    ],
  },
  {
    url: 'skydance',
    colours: ['#2fb4ff', '#c1f0ff'],
    customMinimumCost: 150,
    products: [
      {
        type: 'BASIC',
        name: '포인트 안무 영상',
        description: '원하는 K-POP 곡의 포인트 안무를 영상으로 보내 드려요.',
        coinPrice: 80,
        motif: 'star',
      },
      {
        type: 'LUCKY',
        name: '럭키 댄스 챌린지',
        description: '당첨되면 이름을 부르며 댄스 챌린지 영상을 찍어 드려요.',
        coinPrice: 10,
        winProbability: 3.5,
        motif: 'clover',
      },
    ],
  },
  {
    url: 'cookingbear',
    colours: ['#ff9f43', '#ffe1b5'],
    products: [
      {
        type: 'BASIC',
        name: '냉장고 파먹기 레시피',
        description: '냉장고 속 재료 세 가지를 알려 주시면 10분 레시피를 사진과 함께 보내 드립니다.',
        coinPrice: 40,
        motif: 'bowl',
      },
      {
        type: 'LUCKY',
        name: '럭키 도시락 메뉴',
        description: '당첨되면 일주일 도시락 메뉴를 짜 드려요.',
        coinPrice: 5,
        winProbability: 10,
        motif: 'gift',
      },
    ],
  },
  {
    url: 'gameking',
    colours: ['#1e272e', '#576574'],
    products: [
      {
        type: 'BASIC',
        name: '닉네임 응원 영상',
        description: '방송 중에 닉네임을 불러 드리고 응원 영상을 남겨 드려요.',
        coinPrice: 60,
        motif: 'gamepad',
      },
      {
        type: 'LUCKY',
        name: '럭키 듀오 한 판',
        description: '당첨되면 함께 게임 한 판을 플레이해요.',
        coinPrice: 20,
        winProbability: 0.5,
        motif: 'clover',
      },
    ],
  },
  {
    url: 'nightwhisper',
    colours: ['#3d1c4f', '#8e44ad'],
    products: [
      {
        type: 'BASIC',
        name: '잠들기 전 ASMR',
        description: '이름을 불러 드리는 10분 수면 ASMR을 보내 드려요.',
        coinPrice: 70,
        motif: 'moon',
      },
    ],
  },
];

type DemoMissionState = 'COMPLETED' | 'ACCEPTED' | 'REJECTED';

export interface DemoMission {
  /** Stored as the mission's idempotency key of the demo fan: seeded once. */
  key: string;
  creatorUrl: string;
  /** The creator's BASIC product of that name. */
  productName: string;
  state: DemoMissionState;
  /** Days before the seeding the fan requested it. */
  requestedDaysAgo: number;
  recipient: string;
  requestComment: string;
  private?: boolean;
  /** COMPLETED and private: seeded with an active unlisted share link (docs/rules/sharing.md). */
  shareLink?: boolean;
  /** COMPLETED: the creator's answer. */
  responseComment?: string;
  answerMotif?: DemoMotif;
}

export const DEMO_FAN_EMAIL = 'fan@fanmission.local';
/** Coins the demo fan bought (once), enough for the seeded missions and some to try requests with. */
export const DEMO_FAN_COINS = 1_000;

/**
 * The demo fan's missions: three delivered (two public, whose share pages anybody opens, one private with an active
 * unlisted share link), one in progress (its workflow is started by the reconciler), one expired.
 */
export const DEMO_MISSIONS: DemoMission[] = [
  {
    key: 'demo-mission-completed-song',
    creatorUrl: 'starlight',
    productName: '생일 축하 노래',
    state: 'COMPLETED',
    requestedDaysAgo: 6,
    recipient: '지민',
    requestComment: '친구 지민이의 생일이에요! 밝은 노래로 축하해 주세요.',
    responseComment: '지민 님, 생일 축하드려요! 오늘 하루 별빛처럼 반짝이길 바라요.',
    answerMotif: 'note',
  },
  {
    key: 'demo-mission-completed-recipe',
    creatorUrl: 'cookingbear',
    productName: '냉장고 파먹기 레시피',
    state: 'COMPLETED',
    requestedDaysAgo: 4,
    recipient: '팬하나',
    requestComment: '계란, 양파, 김치가 있어요. 간단한 요리 부탁드려요!',
    responseComment: '김치 양파 계란볶음밥 레시피예요. 마지막에 참기름 한 방울 잊지 마세요!',
    answerMotif: 'bowl',
  },
  {
    key: 'demo-mission-completed-private-cheer',
    creatorUrl: 'starlight',
    productName: '생일 축하 노래',
    state: 'COMPLETED',
    requestedDaysAgo: 3,
    recipient: '팬하나',
    requestComment: '시험 전날이에요. 저만 들을 수 있게 응원 노래 부탁드려요!',
    responseComment: '팬하나 님, 시험 잘 볼 거예요! 별빛 응원 보내요.',
    answerMotif: 'star',
    private: true,
    shareLink: true,
  },
  {
    key: 'demo-mission-accepted-dance',
    creatorUrl: 'skydance',
    productName: '포인트 안무 영상',
    state: 'ACCEPTED',
    requestedDaysAgo: 2,
    recipient: '팬하나',
    requestComment: '요즘 유행하는 챌린지 곡의 포인트 안무를 배우고 싶어요.',
  },
  {
    key: 'demo-mission-rejected-game',
    creatorUrl: 'gameking',
    productName: '닉네임 응원 영상',
    state: 'REJECTED',
    requestedDaysAgo: 15,
    recipient: '팬하나',
    requestComment: '대회 나가기 전에 응원 한마디 부탁드려요!',
    private: true,
  },
];
