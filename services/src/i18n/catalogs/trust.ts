import type { Catalog } from './catalog';

/** Server messages of the trust module (ko, en, ja), issue 22: leaving the service. */
export const trustMessages = {
  'trust.deletion.passwordRequired': {
    ko: '비밀번호를 입력해 주세요.',
    en: 'Please enter your password.',
    ja: 'パスワードを入力してください。',
  },
  'trust.deletion.passwordMismatch': {
    ko: '비밀번호가 일치하지 않습니다.',
    en: 'The password does not match.',
    ja: 'パスワードが一致しません。',
  },
  'trust.deletion.forfeitRequired': {
    ko: '보유 코인 {coins}코인이 소멸되는 것에 동의해 주세요. 먼저 환불을 신청할 수도 있습니다.',
    en: 'Please agree that your {coins} coins are forfeited. You can ask for a refund first.',
    ja: '保有コイン{coins}コインの失効に同意してください。先に返金を申請することもできます。',
  },
  'trust.deletion.openMissions': {
    ko: '진행 중인 미션이 {count}건 있습니다. 미션이 끝난 뒤 탈퇴할 수 있습니다.',
    en: 'You have {count} missions in progress. You can leave once they are finished.',
    ja: '進行中のミッションが{count}件あります。ミッションの終了後に退会できます。',
  },
  'trust.deletion.creator': {
    ko: '크리에이터 계정은 정산이 끝난 뒤 고객센터를 통해 탈퇴할 수 있습니다.',
    en: 'A creator account is closed through customer support once its settlement is finished.',
    ja: 'クリエイターアカウントは精算完了後にカスタマーセンターを通じて退会できます。',
  },
} as const satisfies Catalog;
