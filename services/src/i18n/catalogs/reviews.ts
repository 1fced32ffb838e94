import type { Catalog } from './catalog';

/** Server messages of the reviews module (ko, en, ja): rules and failures. */
export const reviewsMessages = {
  'reviews.notFound': {
    ko: '후기를 찾을 수 없습니다.',
    en: 'The review was not found.',
    ja: 'レビューが見つかりません。',
  },
  'reviews.ratingInvalid': {
    ko: '별점은 1점부터 5점까지 고를 수 있습니다.',
    en: 'Please choose a rating from 1 to 5 stars.',
    ja: '評価は1〜5の星から選んでください。',
  },
  'reviews.contentInvalid': {
    ko: '후기 내용을 확인해 주세요.',
    en: 'Please check the review’s words.',
    ja: 'レビューの内容を確認してください。',
  },
  'reviews.contentTooLong': {
    ko: '후기는 1,000자까지 입력할 수 있습니다.',
    en: 'A review can be at most 1,000 characters.',
    ja: 'レビューは1,000文字まで入力できます。',
  },
  'reviews.replyRequired': {
    ko: '답글을 입력해 주세요.',
    en: 'Please enter a reply.',
    ja: '返信を入力してください。',
  },
  'reviews.replyTooLong': {
    ko: '답글은 1,000자까지 입력할 수 있습니다.',
    en: 'A reply can be at most 1,000 characters.',
    ja: '返信は1,000文字まで入力できます。',
  },
  'reviews.sortInvalid': {
    ko: '정렬 방법을 확인해 주세요.',
    en: 'Unknown sort order.',
    ja: '並べ替えの方法を確認してください。',
  },
  'reviews.cursorInvalid': {
    ko: '잘못된 페이지 위치입니다.',
    en: 'The page position is not valid.',
    ja: 'ページの位置が正しくありません。',
  },
  'reviews.notReviewable': {
    ko: '완료된 미션만 후기를 남길 수 있습니다.',
    en: 'Only a completed mission can be reviewed.',
    ja: '完了したミッションのみレビューできます。',
  },
  'reviews.writeWindowClosed': {
    ko: '후기는 미션 완료 후 30일 안에 남길 수 있습니다.',
    en: 'A review can be written within 30 days of the mission’s completion.',
    ja: 'レビューはミッション完了から30日以内に書けます。',
  },
  'reviews.alreadyReviewed': {
    ko: '이미 후기를 남긴 미션입니다.',
    en: 'This mission has already been reviewed.',
    ja: 'このミッションはすでにレビュー済みです。',
  },
  'reviews.editWindowClosed': {
    ko: '작성 후 7일이 지나 수정할 수 없습니다.',
    en: 'It can no longer be edited: 7 days have passed since it was written.',
    ja: '作成から7日が過ぎたため編集できません。',
  },
  'reviews.replyExists': {
    ko: '이미 답글을 남겼습니다.',
    en: 'You have already replied to this review.',
    ja: 'すでに返信済みです。',
  },
  'reviews.ownReview': {
    ko: '내가 쓴 후기에는 할 수 없습니다.',
    en: 'Not on your own review.',
    ja: '自分のレビューにはできません。',
  },
} as const satisfies Catalog;
