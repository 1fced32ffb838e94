import type { Catalog } from './catalog';

/**
 * Server messages of the events module (ko, en, ja): the notification texts, one per notification kind.
 * `{actor}` is the other party (the fan for a creator, the creator for a fan), `{product}` the mission product.
 */
export const eventsMessages = {
  'notification.MISSION_REQUESTED': {
    ko: '{actor}님이 「{product}」 미션을 신청했습니다.',
    en: '{actor} requested your mission “{product}”.',
    ja: '{actor}さんが「{product}」ミッションを申し込みました。',
  },
  'notification.MISSION_ACCEPTED': {
    ko: '{actor}님이 「{product}」 미션을 수락했습니다.',
    en: '{actor} accepted your mission “{product}”.',
    ja: '{actor}さんが「{product}」ミッションを承諾しました。',
  },
  'notification.message.MISSION_ACCEPTED': {
    ko: '크리에이터의 메시지: 「{message}」',
    en: 'The creator says: “{message}”',
    ja: 'クリエイターからのメッセージ:「{message}」',
  },
  'notification.MISSION_COMPLETED': {
    ko: '{actor}님이 「{product}」 미션을 완료했습니다. 지금 확인해 보세요!',
    en: '{actor} completed your mission “{product}”. Take a look!',
    ja: '{actor}さんが「{product}」ミッションを完了しました。今すぐ確認しましょう！',
  },
  'notification.MISSION_REFUSED': {
    ko: '{actor}님이 「{product}」 미션을 거절했습니다. {coins}코인이 환불되었습니다.',
    en: '{actor} refused your mission “{product}”. {coins} coins were refunded.',
    ja: '{actor}さんが「{product}」ミッションを拒否しました。{coins}コインが返金されました。',
  },
  'notification.message.MISSION_REFUSED': {
    ko: '거절 사유: 「{message}」',
    en: 'Reason: “{message}”',
    ja: '拒否の理由:「{message}」',
  },
  'notification.MISSION_DECISION_EXPIRED': {
    ko: '「{product}」 미션이 30일 안에 수락되지 않아 취소되었습니다. {coins}코인이 환불되었습니다.',
    en: '“{product}” was not accepted within 30 days and was cancelled. {coins} coins were refunded.',
    ja: '「{product}」ミッションは30日以内に承諾されなかったためキャンセルされました。{coins}コインが返金されました。',
  },
  'notification.MISSION_PERFORM_EXPIRED': {
    ko: '「{product}」 미션이 10일 안에 수행되지 않아 취소되었습니다. {coins}코인이 환불되었습니다.',
    en: '“{product}” was not performed within 10 days and was cancelled. {coins} coins were refunded.',
    ja: '「{product}」ミッションは10日以内に実行されなかったためキャンセルされました。{coins}コインが返金されました。',
  },
  'notification.MISSION_CANCELED': {
    ko: '「{product}」 미션이 취소되었습니다. {coins}코인이 환불되었습니다.',
    en: '“{product}” was cancelled. {coins} coins were refunded.',
    ja: '「{product}」ミッションがキャンセルされました。{coins}コインが返金されました。',
  },
  'notification.MISSION_COMMENTED': {
    ko: '{actor}님이 미션에 댓글을 남겼습니다: {excerpt}',
    en: '{actor} commented on the mission: {excerpt}',
    ja: '{actor}さんがミッションにコメントしました: {excerpt}',
  },
  'notification.COMMENT_REPLIED': {
    ko: '{actor}님이 내 댓글에 답글을 남겼습니다: {excerpt}',
    en: '{actor} replied to your comment: {excerpt}',
    ja: '{actor}さんがあなたのコメントに返信しました: {excerpt}',
  },
} as const satisfies Catalog;
