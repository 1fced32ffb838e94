/* What the generated people write: picked by id, so the texts take nothing from the seeded randomness. */

const REQUESTS = [
  '친구 생일인데 이름 불러 주시면서 축하해 주세요!',
  '다음 주 시험이에요. 힘내라고 한마디 부탁드려요 ㅠㅠ',
  '저희 엄마가 팬이세요! 엄마 이름 불러 주세요',
  '퇴근길에 들을 응원 메시지 부탁해요',
  '첫 출근 앞두고 있어요. 응원해 주세요!',
  '좋아하는 노래 한 소절 불러 주실 수 있나요?',
  'Please say happy birthday to my sister!',
  'お誕生日おめでとうって言ってください！',
];
const RESPONSES = [
  '요청 감사합니다! 즐겁게 찍었어요 😊',
  '생일 정말 축하드려요! 행복한 하루 보내세요',
  '시험 꼭 잘 보실 거예요. 화이팅!',
  '늘 응원해 주셔서 고마워요 💜',
  'Thank you so much for the request!',
  'リクエストありがとうございます！',
];
const COMMENTS = [
  '와 너무 좋아요!!',
  '저도 신청하고 싶어요 ㅎㅎ',
  '목소리 진짜 좋다',
  '보는 내내 웃었어요 ㅋㅋㅋ',
  '부럽다… 다음엔 저도!',
  '최고예요 👍',
  'So cute!',
  '素敵です！',
];
const REPLIES = ['맞아요 ㅋㅋ', '저도요!', '인정합니다', '222', 'Same here!'];

export const requestText = (id: number) => REQUESTS[id % REQUESTS.length]!;
export const responseText = (id: number) => RESPONSES[id % RESPONSES.length]!;
export const commentText = (id: number, reply: boolean) =>
  reply ? REPLIES[id % REPLIES.length]! : COMMENTS[id % COMMENTS.length]!;

const NICK_HEADS = ['행복한', '졸린', '용감한', '반짝이는', '배고픈', '수줍은', '신나는', '느긋한', '씩씩한', '다정한'];
const NICK_TAILS = ['고양이', '판다', '토끼', '여우', '펭귄', '다람쥐', '부엉이', '햄스터', '돌고래', '코알라'];

/** A fan's nickname from his index: a word pair and the index, so no two are alike. */
export const fanNickname = (index: number) =>
  `${NICK_HEADS[index % NICK_HEADS.length]!}${NICK_TAILS[Math.floor(index / NICK_HEADS.length) % NICK_TAILS.length]!}${index}`;

const BASIC_NAMES = [
  '생일 축하 영상',
  '이름 불러 주는 응원',
  '모닝콜 한마디',
  '시험 합격 기원',
  '깜짝 영상 편지',
  '노래 한 소절',
  '하루 마무리 인사',
  '기념일 축하 메시지',
];

/** A creator's n-th BASIC product name (counted from 1), varied between creators. */
export const basicProductName = (creatorId: number, n: number) =>
  BASIC_NAMES[(creatorId * 3 + n) % BASIC_NAMES.length]!;
