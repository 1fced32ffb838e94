import type { FaqCategory } from '@fanmission/contracts';
import type { ServiceContext } from '../context';

/** Activity tags of the creator search. */
export const DEMO_TAGS = ['노래', '댄스', '게임', '요리', '뷰티', '운동', '일상', '토크'] as const;

export const DEMO_FAQS: { category: FaqCategory; title: string; content: string }[] = [
  {
    category: 'PAYMENT',
    title: '코인은 어떻게 충전하나요?',
    content:
      '코인 내역 화면의 코인 충전 버튼을 눌러 카드, 카카오페이, 휴대폰 결제, PayPal 또는 무통장 입금으로 충전할 수 있습니다. 1코인은 100원입니다.',
  },
  {
    category: 'PAYMENT',
    title: '무통장 입금은 언제 반영되나요?',
    content:
      '평일 10시부터 19시 사이에는 입금 후 2시간 안에 반영됩니다. 대기 중인 요청은 코인 내역의 대기 탭에서 볼 수 있습니다.',
  },
  {
    category: 'PAYMENT',
    title: '충전한 코인을 환불받을 수 있나요?',
    content:
      '충전 후 7일 안에 사용하지 않은 코인은 전액 환불됩니다. 7일이 지났거나 일부를 사용한 경우 보유 코인에서 3%를 뺀 금액이 환불됩니다.',
  },
  {
    category: 'PAYMENT',
    title: '코인의 유효기간이 있나요?',
    content: '충전하거나 받은 날로부터 5년 동안 사용할 수 있으며, 이후 소멸됩니다.',
  },
  {
    category: 'MISSION',
    title: '미션은 언제 완료되나요?',
    content:
      '기본·럭키 미션은 요청(당첨) 후 10일 안에 수행됩니다. 기한 안에 수행되지 않으면 코인이 자동으로 환불됩니다.',
  },
  {
    category: 'MISSION',
    title: '커스텀 미션은 무엇인가요?',
    content:
      '원하는 내용과 금액을 제안하는 미션입니다. 크리에이터가 30일 안에 수락하거나 거절하며, 거절되면 코인이 환불됩니다.',
  },
  {
    category: 'MISSION',
    title: '럭키 미션의 당첨 확률은 어떻게 되나요?',
    content:
      '상품마다 0.1%에서 10% 사이의 당첨 확률이 표시됩니다. 당첨되면 크리에이터가 3일 안에 반응 영상을 보내 드립니다.',
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
    .values(DEMO_TAGS.map((name) => ({ name })))
    .onConflict((oc) => oc.column('name').doNothing())
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
