import type { Catalog } from './catalog';

/** Server messages of free-coin events (ko, en, ja). */
export const bonusGrantsMessages = {
  'bonusGrants.notBonusItem': {
    ko: '무료 코인(BONUS) 상품을 선택해 주세요.',
    en: 'Choose a BONUS coin item.',
    ja: '無料コイン（BONUS）商品を選択してください。',
  },
  'bonusGrants.unknownMembers': {
    ko: '지급할 수 없는 회원이 있습니다: {ids}',
    en: 'These are no members coins can be granted to: {ids}',
    ja: 'コインを付与できない会員が含まれています：{ids}',
  },
  'bonusGrants.budgetExceeded': {
    ko: '지급 코인({needed}코인)이 예산({budget}코인)을 넘습니다. 아무에게도 지급하지 않았습니다.',
    en: 'The grant needs {needed} coins, more than its budget of {budget}: nothing was granted.',
    ja: '付与コイン（{needed}コイン）が予算（{budget}コイン）を超えています。誰にも付与していません。',
  },
  'bonusGrants.tooManyRecipients': {
    ko: '한 번에 {max}명까지 지급할 수 있습니다. 조건을 좁혀 주세요.',
    en: 'A grant reaches at most {max} members: narrow the filter.',
    ja: '一度に付与できるのは{max}人までです。条件を絞り込んでください。',
  },
  'bonusGrants.noRecipients': {
    ko: '조건에 맞는 회원이 없습니다.',
    en: 'No member matches the filter.',
    ja: '条件に合う会員がいません。',
  },
  'bonusGrants.notFound': {
    ko: '무료 코인 지급 내역을 찾을 수 없습니다.',
    en: 'No such coin grant.',
    ja: 'コイン付与の記録が見つかりません。',
  },
} satisfies Catalog;
