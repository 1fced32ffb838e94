import type { Catalog } from './catalog';

/**
 * Server messages of the push module (ko, en, ja): the title of a push message per notification topic (its body is
 * the notification's text, catalogs/notifications.ts), and the problems of a subscription or of a choice.
 */
export const pushMessages = {
  'push.title.MISSION_REQUESTS': { ko: '새 미션 신청', en: 'New mission request', ja: '新しいミッションの申し込み' },
  'push.title.DEADLINE_REMINDERS': { ko: '미션 기한 알림', en: 'Mission deadline', ja: 'ミッションの期限' },
  'push.title.MISSION_ACCEPTED': { ko: '미션 수락', en: 'Mission accepted', ja: 'ミッション承諾' },
  'push.title.MISSION_COMPLETED': { ko: '미션 완료', en: 'Mission completed', ja: 'ミッション完了' },
  'push.title.MISSION_ENDED': {
    ko: '미션 취소 및 환불',
    en: 'Mission ended, coins refunded',
    ja: 'ミッション終了・返金',
  },
  'push.title.EVENT_DRAWS': { ko: '이벤트 추첨', en: 'Lottery event', ja: 'イベント抽選' },
  'push.title.COMMENTS': { ko: '새 댓글', en: 'New comment', ja: '新しいコメント' },
  'push.title.COINS_EXPIRING': { ko: '코인 소멸 예정', en: 'Coins expiring soon', ja: 'コインの有効期限' },
  'push.title.MONEY': { ko: '결제 및 정산', en: 'Payments and earnings', ja: '決済・精算' },
  'push.title.ACCOUNT_NOTICES': { ko: '서비스 안내', en: 'Notice', ja: 'お知らせ' },
  'push.title.MARKETING': { ko: '(광고) 팬미션', en: '(Ad) Fanmission', ja: '(広告) ファンミッション' },
  'push.keyFormat': {
    ko: '브라우저가 준 키 형식이 아닙니다(base64url).',
    en: 'This is not a key as the browser gives it (base64url).',
    ja: 'ブラウザが発行するキーの形式(base64url)ではありません。',
  },
  'push.endpointNotHttps': {
    ko: '푸시 서비스 주소는 https여야 합니다.',
    en: 'The push service address must be https.',
    ja: 'プッシュサービスのアドレスはhttpsである必要があります。',
  },
  'push.endpointHost': {
    ko: '브라우저 제조사의 푸시 서비스 주소가 아닙니다.',
    en: 'This is not the address of a browser vendor’s push service.',
    ja: 'ブラウザベンダーのプッシュサービスのアドレスではありません。',
  },
  'push.subscriptionExpired': {
    ko: '이미 만료된 구독입니다.',
    en: 'This subscription has already expired.',
    ja: 'この購読はすでに期限切れです。',
  },
  'push.notConfigured': {
    ko: '이 서버는 푸시 알림을 보내지 않습니다.',
    en: 'This server sends no push notifications.',
    ja: 'このサーバーはプッシュ通知を送信しません。',
  },
  'push.nightConsentNeedsConsent': {
    ko: '야간 광고 수신 동의는 광고 수신 동의가 있어야 합니다.',
    en: 'Promotions at night need the consent to promotions.',
    ja: '夜間の広告受信には広告受信への同意が必要です。',
  },
  'push.alimtalkTopic': {
    ko: '카카오톡 알림톡은 미션, 기한, 추첨, 결제 알림에만 쓸 수 있습니다.',
    en: 'KakaoTalk messages are for missions, deadlines, draws and payments only.',
    ja: 'カカオトークのお知らせはミッション、期限、抽選、決済の通知にのみ使えます。',
  },
} as const satisfies Catalog;
