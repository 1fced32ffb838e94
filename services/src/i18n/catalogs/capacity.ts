import type { Catalog } from './catalog';

/** Server messages of a creator's capacity settings (ko, en, ja): pause, return day, message and caps. */
export const capacityMessages = {
  'capacity.capInvalid': {
    ko: '요청 한도는 1에서 1000 사이의 정수로 입력해 주세요.',
    en: 'A request cap must be a whole number from 1 to 1000.',
    ja: 'リクエスト上限は1から1000までの整数で入力してください。',
  },
  'capacity.returnOnInvalid': {
    ko: '복귀 날짜는 YYYY-MM-DD 형식의 날짜로 입력해 주세요.',
    en: 'The return date must be a date as YYYY-MM-DD.',
    ja: '復帰日はYYYY-MM-DD形式の日付で入力してください。',
  },
  'capacity.returnOnNotAhead': {
    ko: '복귀 날짜는 내일 이후여야 해요.',
    en: 'The return date must be tomorrow or later.',
    ja: '復帰日は明日以降にしてください。',
  },
  'capacity.returnOnTooFar': {
    ko: '복귀 날짜는 {days}일 이내로 정해 주세요.',
    en: 'The return date must be within {days} days.',
    ja: '復帰日は{days}日以内にしてください。',
  },
  'capacity.pauseMessageTooLong': {
    ko: '안내 메시지는 80자까지 쓸 수 있어요.',
    en: 'The message can be at most 80 characters.',
    ja: '案内メッセージは80文字までです。',
  },
  'capacity.productNotFound': {
    ko: '내 미션 상품이 아니에요.',
    en: 'This is not one of your mission products.',
    ja: 'ご自身のミッション商品ではありません。',
  },
} satisfies Catalog;
