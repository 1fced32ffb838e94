import type { Catalog } from './catalog';

/** Server messages of the creator review, ko/en/ja. */
export const creatorReviewMessages = {
  'review.reasonRequired': {
    ko: '거절 사유를 입력해 주세요.',
    en: 'Enter the reason for the rejection.',
    ja: '却下の理由を入力してください。',
  },
  'creators.adultReasonRequired': {
    ko: '성인 콘텐츠 지정·해제 사유를 입력해 주세요. 크리에이터에게 알림과 메일로 전달됩니다.',
    en: 'Enter the reason for the adult-content decision: the creator is notified and mailed with it.',
    ja: '成人向けコンテンツの指定・解除の理由を入力してください。クリエイターに通知とメールで伝えられます。',
  },
  'creators.adultReasonTooLong': {
    ko: '성인 콘텐츠 지정·해제 사유는 1000자 이하로 입력해 주세요.',
    en: 'The reason may be at most 1000 characters.',
    ja: '成人向けコンテンツの指定・解除の理由は1000文字以内で入力してください。',
  },
  'notification.CREATOR_ADULT_FLAGGED': {
    ko: '운영자가 크리에이터 페이지를 성인 콘텐츠(19세 이상)로 지정했습니다. 성인 인증을 한 회원만 볼 수 있고 검색에 나오지 않습니다. 사유: {reason}',
    en: 'An operator marked your creator page as adult content (19+): only age-verified members see it, and it is out of search. Reason: {reason}',
    ja: '運営者がクリエイターページを成人向けコンテンツ（19歳以上）に指定しました。成人認証をした会員だけが閲覧でき、検索に表示されません。理由：{reason}',
  },
  'notification.CREATOR_ADULT_CLEARED': {
    ko: '운영자가 크리에이터 페이지의 성인 콘텐츠 지정을 해제했습니다. 다시 모든 회원이 볼 수 있고 검색에 나옵니다. 사유: {reason}',
    en: 'An operator cleared the adult-content mark of your creator page: every member sees it and it is in search again. Reason: {reason}',
    ja: '運営者がクリエイターページの成人向けコンテンツ指定を解除しました。再びすべての会員が閲覧でき、検索に表示されます。理由：{reason}',
  },
  'notification.CREATOR_ADULT_CLEAR_DECLINED': {
    ko: '성인 콘텐츠 지정 해제 요청이 거절되어 지정이 유지됩니다. 사유: {reason}',
    en: 'Your request to clear the adult-content mark was declined; the mark stays. Reason: {reason}',
    ja: '成人向けコンテンツ指定の解除リクエストは却下され、指定は維持されます。理由：{reason}',
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
