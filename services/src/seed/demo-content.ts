import { sql } from 'kysely';
import type { FaqCategory } from '@fanmission/contracts';
import type { ServiceContext } from '../context';

/** Activity tags of the creator search. */
export const DEMO_TAGS = ['노래', '댄스', '게임', '요리', '뷰티', '운동', '일상', '토크'] as const;

/** Each demo tag's English and Japanese names (readers of those languages see them). */
export const DEMO_TAG_TRANSLATIONS: Record<(typeof DEMO_TAGS)[number], { en: string; ja: string }> = {
  노래: { en: 'Singing', ja: '歌' },
  댄스: { en: 'Dance', ja: 'ダンス' },
  게임: { en: 'Gaming', ja: 'ゲーム' },
  요리: { en: 'Cooking', ja: '料理' },
  뷰티: { en: 'Beauty', ja: 'ビューティー' },
  운동: { en: 'Fitness', ja: 'フィットネス' },
  일상: { en: 'Daily life', ja: '日常' },
  토크: { en: 'Talk', ja: 'トーク' },
};

/** The FAQ in Korean, with its English and Japanese (a reader of those languages gets his own). */
export const DEMO_FAQS: {
  category: FaqCategory;
  title: string;
  content: string;
  title_en: string;
  content_en: string;
  title_ja: string;
  content_ja: string;
}[] = [
  {
    category: 'PAYMENT',
    title: '코인은 어떻게 충전하나요?',
    content:
      '코인 내역 화면의 코인 충전 버튼을 눌러 카드, 카카오페이, 휴대폰 결제, PayPal 또는 무통장 입금으로 충전할 수 있습니다. 1코인은 100원입니다.',
    title_en: 'How do I buy coins?',
    content_en:
      'Press Charge coins on your coin history and pay by card, KakaoPay, mobile phone, PayPal or bank deposit. One coin is 100 won.',
    title_ja: 'コインはどうやってチャージしますか？',
    content_ja:
      'コイン履歴のコインチャージボタンから、カード、カカオペイ、携帯電話決済、PayPal、銀行振込でチャージできます。1コインは100ウォンです。',
  },
  {
    category: 'PAYMENT',
    title: '무통장 입금은 언제 반영되나요?',
    content:
      '평일 10시부터 19시 사이에는 입금 후 2시간 안에 반영됩니다. 대기 중인 요청은 코인 내역의 대기 탭에서 볼 수 있습니다.',
    title_en: 'When does a bank deposit arrive?',
    content_en:
      'On weekdays from 10:00 to 19:00, within 2 hours of your payment. Requests waiting for the money are on the pending tab of your coin history.',
    title_ja: '銀行振込はいつ反映されますか？',
    content_ja:
      '平日10時から19時の間は、入金から2時間以内に反映されます。待機中のリクエストはコイン履歴の待機タブで確認できます。',
  },
  {
    category: 'PAYMENT',
    title: '충전한 코인을 환불받을 수 있나요?',
    content:
      '충전 후 7일 안에 사용하지 않은 코인은 전액 환불됩니다. 7일이 지났거나 일부를 사용한 경우 보유 코인에서 3%를 뺀 금액이 환불됩니다.',
    title_en: 'Can I get my coins refunded?',
    content_en:
      'Coins unused within 7 days of the charge are refunded in full. After 7 days, or once some are used, the coins you hold are refunded less 3 %.',
    title_ja: 'チャージしたコインは返金できますか？',
    content_ja:
      'チャージから7日以内で未使用のコインは全額返金されます。7日を過ぎたか一部を使った場合は、保有コインから3%を差し引いて返金されます。',
  },
  {
    category: 'PAYMENT',
    title: '코인의 유효기간이 있나요?',
    content: '충전하거나 받은 날로부터 5년 동안 사용할 수 있으며, 이후 소멸됩니다.',
    title_en: 'Do coins expire?',
    content_en: 'Coins can be used for 5 years from the day you charged or received them; after that they expire.',
    title_ja: 'コインに有効期限はありますか？',
    content_ja: 'チャージまたは受け取った日から5年間使えます。その後は失効します。',
  },
  {
    category: 'MISSION',
    title: '미션은 언제 완료되나요?',
    content:
      '기본·럭키 미션은 요청(당첨) 후 10일 안에 수행됩니다. 기한 안에 수행되지 않으면 코인이 자동으로 환불됩니다.',
    title_en: 'When is a mission performed?',
    content_en:
      'Basic and lucky missions are performed within 10 days of the request (or the win). A mission not performed in time is refunded automatically.',
    title_ja: 'ミッションはいつ完了しますか？',
    content_ja:
      'ベーシック・ラッキーミッションはリクエスト（当選）から10日以内に実施されます。期限内に実施されない場合、コインは自動で返金されます。',
  },
  {
    category: 'MISSION',
    title: '커스텀 미션은 무엇인가요?',
    content:
      '원하는 내용과 금액을 제안하는 미션입니다. 크리에이터가 30일 안에 수락하거나 거절하며, 거절되면 코인이 환불됩니다.',
    title_en: 'What is a custom mission?',
    content_en:
      'A mission whose content and price you propose. The creator accepts or refuses within 30 days; a refused request is refunded.',
    title_ja: 'カスタムミッションとは何ですか？',
    content_ja:
      '内容と金額を提案するミッションです。クリエイターが30日以内に承諾または拒否し、拒否された場合はコインが返金されます。',
  },
  {
    category: 'MISSION',
    title: '럭키 미션의 당첨 확률은 어떻게 되나요?',
    content:
      '상품마다 0.1%에서 10% 사이의 당첨 확률이 표시됩니다. 당첨되면 크리에이터가 3일 안에 반응 영상을 보내 드립니다.',
    title_en: "What are a lucky mission's odds?",
    content_en:
      'Each product shows its chance to win, from 0.1 % to 10 %. When you win, the creator sends you a reaction video.',
    title_ja: 'ラッキーミッションの当選確率は？',
    content_ja: '商品ごとに0.1%から10%の当選確率が表示されます。当選すると、クリエイターがリアクション動画を送ります。',
  },
];

export const DEMO_POPUP = {
  title: '팬미션 오픈 기념 이벤트',
  link_background_color: '#FF5A5F',
  link_text_color: '#FFFFFF',
  link_logged_on: '/browse-missions',
  link_logged_off: '/sns-login',
  link_text_logged_on: '진행 중인 미션 보러 가기',
  link_text_logged_off: '로그인하고 참여하기',
};

/** Tags (by name, once), and FAQ entries and the popup when there are none yet. */
export async function seedDemoContent(
  ctx: ServiceContext,
  popupImageFileId: number | null,
): Promise<Map<string, number>> {
  await ctx.db
    .insertInto('tags')
    .values(
      DEMO_TAGS.map((name) => ({
        name,
        name_en: DEMO_TAG_TRANSLATIONS[name].en,
        name_ja: DEMO_TAG_TRANSLATIONS[name].ja,
      })),
    )
    // A tag already there keeps its names; only a translation it lacks is filled in.
    .onConflict((oc) =>
      oc.column('name').doUpdateSet({
        name_en: sql<string>`coalesce(tags.name_en, excluded.name_en)`,
        name_ja: sql<string>`coalesce(tags.name_ja, excluded.name_ja)`,
      }),
    )
    .execute();
  const tags = await ctx.db.selectFrom('tags').select(['id', 'name']).execute();

  const hasFaqs = await ctx.db.selectFrom('faqs').select('id').limit(1).executeTakeFirst();
  if (!hasFaqs) {
    await ctx.db
      .insertInto('faqs')
      .values(DEMO_FAQS.map((faq, index) => ({ ...faq, position: index })))
      .execute();
  }
  const hasPopup = await ctx.db.selectFrom('popups').select('id').limit(1).executeTakeFirst();
  if (!hasPopup) {
    await ctx.db
      .insertInto('popups')
      .values({ ...DEMO_POPUP, web_image_file_id: popupImageFileId })
      .execute();
    // A popup picture, as if the console had uploaded it (popups show no other file: migration 0374).
    if (popupImageFileId !== null) {
      await ctx.db
        .insertInto('popup_images')
        .values({ file_id: popupImageFileId, uploaded_by: null })
        .onConflict((conflict) => conflict.column('file_id').doNothing())
        .execute();
    }
  }
  return new Map(tags.map((tag) => [tag.name, tag.id]));
}
