import type { SNS_TYPES } from '@fanmission/contracts';
import type { CastCreator, WorldCast } from '../world';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { DEMO_FAN_EMAIL } from './demo-catalog';

/* The demo world's creators (the generated world's 30, most followed first) and its named fan. */

const PERSONAS: [name: string, url: string, tags: [string, string], description: string][] = [
  ['하루노래', 'harusong', ['노래', '음악'], '매일 한 곡씩 노래하는 하루입니다. 생일 축하 노래라면 자신 있어요!'],
  ['춤추는 지아', 'jiadance', ['댄스', '운동'], '아이돌 커버 댄스 전문! 포인트 안무를 알려 드려요.'],
  ['먹방요정 소라', 'soraeats', ['먹방', '요리'], '맛있게 먹는 소라예요. 추천 메뉴를 먹고 후기 영상 보내 드려요.'],
  ['겜돌이 태오', 'taeoplay', ['게임', '토크'], '롤, 발로, 마크까지! 닉네임 불러 드리며 응원합니다.'],
  ['새벽라디오', 'dawnradio', ['토크', 'ASMR'], '잠 못 드는 밤, 사연을 읽어 드리는 라디오 DJ입니다.'],
  ['그림쟁이 유나', 'yunadraws', ['그림', '일상'], '이름을 넣은 캐릭터 일러스트를 그려 드려요.'],
  ['여행하는 민', 'minwanders', ['여행', '일상'], '세계 곳곳에서 여러분의 이름을 외쳐 드립니다.'],
  ['헬스왕 도윤', 'doyunfit', ['운동', '토크'], '홈트 루틴 짜 드리고 응원 영상도 보내 드려요.'],
  ['피아노 서윤', 'seoyunkeys', ['음악', '노래'], '신청곡을 피아노로 연주해 드려요.'],
  ['공부하는 하진', 'hajinstudy', ['공부', '토크'], '수험생 응원 전문! 합격 기원 메시지를 보내 드려요.'],
  ['뷰티 크리에이터 예린', 'yerinbeauty', ['뷰티', '일상'], '데일리 메이크업 팁과 응원 메시지를 드려요.'],
  ['ASMR 달빛', 'moonasmr', ['ASMR', '토크'], '속삭이는 목소리로 이름을 불러 드려요.'],
  ['요리사 준호', 'junhocooks', ['요리', '먹방'], '자취 요리 10분 레시피, 원하는 재료로 만들어 드려요.'],
  ['기타치는 현우', 'hyunwooguitar', ['음악', '노래'], '통기타 한 곡과 함께 축하 메시지를 보내 드려요.'],
  ['댄서 리아', 'riamoves', ['댄스', '일상'], '챌린지 영상에 이름을 넣어 드려요.'],
  ['게임여신 하나', 'hanagames', ['게임', '일상'], '같이 게임하고 싶은 분들 환영! 응원 영상 보내 드려요.'],
  ['수다쟁이 보라', 'borachats', ['토크', '일상'], '고민 상담부터 생일 축하까지, 수다 떨어요.'],
  ['캠핑가는 지호', 'jihocamps', ['여행', '요리'], '캠핑장에서 요리하며 인사 영상 보내 드려요.'],
  ['트로트 신동 은수', 'eunsutrot', ['노래', '음악'], '부모님께 트로트 한 곡 선물하세요!'],
  ['일러스트 채원', 'chaewonart', ['그림', 'ASMR'], '그리는 과정을 영상으로 보내 드려요.'],
  ['요가하는 수아', 'suayoga', ['운동', 'ASMR'], '하루 10분 요가와 힐링 메시지를 드려요.'],
  ['성대모사 건우', 'gunwoovoice', ['토크', '게임'], '원하는 캐릭터 목소리로 인사해 드려요.'],
  ['빵굽는 다은', 'daeunbakes', ['요리', '일상'], '이름을 새긴 케이크를 구워 드려요.'],
  ['영어선생님 케이트', 'katesays', ['공부', '토크'], 'Hello! 영어로 응원 메시지를 보내 드려요.'],
  ['랩하는 시우', 'siwoorap', ['음악', '노래'], '이름으로 즉석 랩을 만들어 드려요.'],
  ['메이크업 아티스트 린', 'linmakeup', ['뷰티', '토크'], '메이크업 Q&A와 응원 영상을 드려요.'],
  ['마라톤 러너 태양', 'taeyangruns', ['운동', '여행'], '달리면서 이름을 외쳐 드립니다.'],
  ['낚시왕 덕배', 'deokbaefish', ['여행', '먹방'], '잡은 물고기로 인사드려요.'],
  ['보드게임 마스터 지안', 'jianboards', ['게임', '공부'], '보드게임 룰 설명과 응원 영상을 보내 드려요.'],
  ['우쿨렐레 나래', 'naraeuke', ['음악', 'ASMR'], '우쿨렐레로 잔잔한 생일 축하곡을 연주해 드려요.'],
];

const SNS_PAIRS: [(typeof SNS_TYPES)[number], (typeof SNS_TYPES)[number]][] = [
  ['YOUTUBE', 'INSTAGRAM'],
  ['TIKTOK', 'INSTAGRAM'],
  ['YOUTUBE', 'TWITCH'],
  ['AFREECA', 'YOUTUBE'],
  ['FACEBOOK', 'INSTAGRAM'],
];
const SNS_HOSTS: Record<(typeof SNS_TYPES)[number], string> = {
  YOUTUBE: 'https://www.youtube.com/@',
  INSTAGRAM: 'https://www.instagram.com/',
  TIKTOK: 'https://www.tiktok.com/@',
  TWITCH: 'https://www.twitch.tv/',
  AFREECA: 'https://bj.afreecatv.com/',
  FACEBOOK: 'https://www.facebook.com/',
};

/** The README's verified demo creators, among the most followed; the one awaiting review stays out of the world. */
const README_CREATORS: CastCreator[] = DEMO_ACCOUNTS.flatMap(({ email, username, creator }) =>
  creator?.verified
    ? [
        {
          email,
          username,
          name: creator.name,
          url: creator.url,
          description: creator.description,
          tags: creator.tags,
          snsLinks: creator.snsLinks,
          ...(creator.adult && { adult: true }),
        },
      ]
    : [],
);

const GENERATED_CREATORS: CastCreator[] = PERSONAS.map(([name, url, tags, description], index) => ({
  email: `${url}@demo.fanmission.local`,
  username: name.split(' ').at(-1)!,
  name,
  url,
  description,
  tags,
  snsLinks: SNS_PAIRS[index % SNS_PAIRS.length]!.map((type) => ({ type, link: `${SNS_HOSTS[type]}${url}` })),
}));

/** The world's creators: the README's first, then the personas, 30 in all. */
export const DEMO_CAST_CREATORS: CastCreator[] = [...README_CREATORS, ...GENERATED_CREATORS].slice(0, 30);

/** The generated world's first fan is the demo fan, its most active member. */
export const DEMO_CAST: WorldCast = {
  creators: DEMO_CAST_CREATORS,
  fans: [
    { email: DEMO_FAN_EMAIL, username: DEMO_ACCOUNTS.find((account) => account.email === DEMO_FAN_EMAIL)!.username },
  ],
};
