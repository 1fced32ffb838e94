import type { Catalog } from './catalog';

/** Server messages of the trust module (ko, en, ja): leaving the service and the trust features. */
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
  'trust.objection.notBlocked': {
    ko: '이 계정은 차단되어 있지 않습니다. 그대로 로그인해 주세요.',
    en: 'This account is not blocked. Please log in.',
    ja: 'このアカウントはブロックされていません。そのままログインしてください。',
  },
  'trust.objection.tooLate': {
    ko: '이의 신청은 차단 후 {days}일 이내에만 할 수 있습니다.',
    en: 'An objection can be filed only within {days} days of the block.',
    ja: '異議申し立てはブロックから{days}日以内にのみできます。',
  },
  'trust.objection.exists': {
    ko: '이 차단에 대한 이의 신청이 이미 접수되었습니다.',
    en: 'An objection to this block has already been filed.',
    ja: 'このブロックへの異議申し立てはすでに受け付けられています。',
  },
  'trust.objection.notFound': {
    ko: '이의 신청을 찾을 수 없습니다.',
    en: 'The objection was not found.',
    ja: '異議申し立てが見つかりません。',
  },
  'trust.objection.decided': {
    ko: '이미 처리된 이의 신청입니다.',
    en: 'This objection has already been decided.',
    ja: 'この異議申し立てはすでに処理されています。',
  },
  'trust.objection.noteRequired': {
    ko: '기각 사유를 입력해 주세요.',
    en: 'Please give the reason for rejecting it.',
    ja: '却下の理由を入力してください。',
  },
  'notification.BLOCK_OBJECTION_ACCEPTED': {
    ko: '이의 신청이 받아들여져 계정 이용 제한이 해제되었습니다. 다시 로그인할 수 있습니다.',
    en: 'Your objection was accepted and the block on your account was lifted: you can log in again.',
    ja: '異議申し立てが認められ、アカウントの利用制限が解除されました。再びログインできます。',
  },
  'notification.BLOCK_OBJECTION_REJECTED': {
    ko: '이의 신청을 검토했지만 계정 이용 제한이 유지됩니다.',
    en: 'We reviewed your objection: the block on your account stays.',
    ja: '異議申し立てを検討しましたが、アカウントの利用制限は継続されます。',
  },
  'notification.message.BLOCK_OBJECTION_ACCEPTED': {
    ko: '운영자 의견: 「{message}」',
    en: 'The operator says: “{message}”',
    ja: '運営者のコメント：「{message}」',
  },
  'notification.message.BLOCK_OBJECTION_REJECTED': {
    ko: '운영자 의견: 「{message}」',
    en: 'The operator says: “{message}”',
    ja: '運営者のコメント：「{message}」',
  },
} as const satisfies Catalog;
