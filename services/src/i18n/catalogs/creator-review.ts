import type { Catalog } from './catalog';

/** Server messages of the creator review, ko/en/ja. */
export const creatorReviewMessages = {
  'review.reasonRequired': {
    ko: '거절 사유를 입력해 주세요.',
    en: 'Enter the reason for the rejection.',
    ja: '却下の理由を入力してください。',
  },
  'review.reasonTooLong': {
    ko: '거절 사유는 1000자 이하로 입력해 주세요.',
    en: 'The reason may be at most 1000 characters.',
    ja: '却下の理由は1000文字以内で入力してください。',
  },
  'review.backToPendingNotAllowed': {
    ko: '심사 결과를 대기 상태로 되돌릴 수 없습니다. 승인 또는 거절을 선택해 주세요.',
    en: 'A decided review cannot go back to pending: approve or reject.',
    ja: '審査結果を審査待ちに戻すことはできません。承認か却下を選んでください。',
  },
  'review.verifiedConflict': {
    ko: '승인 여부와 심사 상태가 서로 맞지 않습니다.',
    en: 'verified and reviewStatus contradict each other.',
    ja: '認証状態と審査状態が一致しません。',
  },
  'review.nothingToUpdate': {
    ko: '변경할 항목이 없습니다.',
    en: 'There is nothing to update.',
    ja: '変更する項目がありません。',
  },
} satisfies Catalog;
