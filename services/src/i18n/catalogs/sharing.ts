import type { Catalog } from './catalog';

/** Share pages of completed missions and their unlisted links (services/src/sharing). */
export const sharingMessages = {
  'sharing.linkNotPossible': {
    ko: '공유 링크는 공유할 수 있는 비공개 완료 미션에만 만들 수 있습니다.',
    en: 'A share link can be made only for a private completed mission that may be shared.',
    ja: '共有リンクは共有できる非公開の完了ミッションにのみ作成できます。',
  },
  'sharing.pageTitle': {
    ko: '{creator}의 {product}',
    en: '{product} by {creator}',
    ja: '{creator}の{product}',
  },
  'sharing.pageDescription': {
    ko: '{creator}님이 팬미션에서 보낸 미션 답변({product})을 확인해 보세요.',
    en: 'See the answer {creator} sent on Fanmission for “{product}”.',
    ja: '{creator}さんがファンミッションで送ったミッションの回答（{product}）をご覧ください。',
  },
  'sharing.posterAlt': {
    ko: '{creator}의 미션 답변 미리보기',
    en: 'Preview of the mission answer by {creator}',
    ja: '{creator}のミッション回答のプレビュー',
  },
  'sharing.openInApp': {
    ko: '팬미션에서 보기',
    en: 'Open in Fanmission',
    ja: 'ファンミッションで見る',
  },
  'sharing.siteTitle': {
    ko: '팬미션',
    en: 'Fanmission',
    ja: 'ファンミッション',
  },
  'sharing.siteDescription': {
    ko: '좋아하는 크리에이터에게 나만의 미션을 요청하세요.',
    en: 'Ask the creators you love for a mission of your own.',
    ja: '好きなクリエイターにあなただけのミッションをリクエストしましょう。',
  },
  'sharing.pageNotFound': {
    ko: '공유된 미션을 찾을 수 없습니다.',
    en: 'The shared mission was not found.',
    ja: '共有されたミッションが見つかりません。',
  },
  'sharing.goHome': {
    ko: '팬미션 홈으로',
    en: 'Go to Fanmission',
    ja: 'ファンミッションのホームへ',
  },
} as const satisfies Catalog;
