import type { Catalog } from './catalog';

/**
 * Server messages of the events module (ko, en, ja): the notification texts, one per notification kind.
 * `{actor}` is the other party (the fan for a creator, the creator for a fan), `{product}` the mission product.
 */
export const eventsMessages = {
  'notification.tooManyStreams': {
    ko: '열린 알림 스트림이 너무 많습니다. 다른 탭이나 기기를 닫고 다시 시도해 주세요.',
    en: 'Too many open notification streams. Close another tab or device and try again.',
    ja: '開いている通知ストリームが多すぎます。ほかのタブや端末を閉じてから、もう一度お試しください。',
  },
  'notification.COINS_DEPOSITED': {
    ko: '입금이 확인되어 {coins}코인이 충전되었습니다.',
    en: 'Your bank deposit arrived: {coins} coins were added.',
    ja: 'ご入金を確認し、{coins}コインをチャージしました。',
  },
  'notification.BONUS_COINS_RECEIVED': {
    ko: '보너스 {coins}코인이 지급되었습니다.',
    en: 'You received {coins} bonus coins.',
    ja: 'ボーナス{coins}コインが付与されました。',
  },
  'notification.COIN_REFUND_REQUESTED': {
    ko: '코인 환불이 접수되었습니다. {coins}코인이 환불 처리됩니다.',
    en: 'Your coin refund was requested: {coins} coins will be refunded.',
    ja: 'コインの返金を受け付けました。{coins}コインが返金されます。',
  },
  'notification.COIN_REFUND_PAID': {
    ko: '{to} {money} 환불이 완료되었습니다.',
    en: 'Your refund of {money} was paid {to}.',
    ja: '{to}{money}の返金が完了しました。',
  },
  'notification.COIN_REFUND_PAID.SPLIT': {
    ko: '{methods}로 {providerMoney}, {bank} ****{account} 계좌로 {accountMoney} 환불이 완료되었습니다.',
    en: 'Your refund was paid: {providerMoney} to {methods} and {accountMoney} to {bank} ****{account}.',
    ja: '{methods}へ{providerMoney}、{bank} ****{account}の口座へ{accountMoney}の返金が完了しました。',
  },
  'notification.COIN_REFUND_PAID.coins': {
    ko: '{coins}코인의 환불금이 지급되었습니다.',
    en: 'The refund of your {coins} coins was paid.',
    ja: '{coins}コインの返金が完了しました。',
  },
  'notification.refundTo.METHODS': { ko: '{methods}로', en: 'to {methods}', ja: '{methods}へ' },
  'notification.refundTo.ACCOUNT': {
    ko: '{bank} ****{account} 계좌로',
    en: 'to {bank} ****{account}',
    ja: '{bank} ****{account}の口座へ',
  },
  'notification.refundTo.DEPOSITING_ACCOUNT': {
    ko: '입금하신 계좌로',
    en: 'to the account you deposited from',
    ja: 'お振込元の口座へ',
  },
  'notification.won': { ko: '{amount}원', en: '{amount} won', ja: '{amount}ウォン' },
  'notification.payMethod.card': { ko: '신용카드', en: 'your card', ja: 'クレジットカード' },
  'notification.payMethod.kakaopay': { ko: '카카오페이', en: 'KakaoPay', ja: 'カカオペイ' },
  'notification.payMethod.phone': { ko: '휴대폰 소액결제', en: 'your phone bill', ja: '携帯電話決済' },
  'notification.payMethod.paypal': { ko: 'PayPal', en: 'PayPal', ja: 'PayPal' },
  'notification.payMethod.withoutbankbook': { ko: '무통장 입금', en: 'bank deposit', ja: '銀行振込' },
  'notification.COIN_REFUND_REFUSED': {
    ko: '코인 환불이 처리되지 않아 {coins}코인이 지갑으로 돌아왔습니다. 코인 내역에서 사유를 확인하세요.',
    en: 'Your coin refund could not be paid: {coins} coins are back in your wallet. See why in your coin history.',
    ja: 'コインの返金ができなかったため、{coins}コインがウォレットに戻りました。コイン履歴で理由をご確認ください。',
  },
  'notification.SETTLEMENT_PAID': {
    ko: '{date} 입금 · {bank} ****{account} · 정산금 {amount}원이 입금되었습니다.',
    en: 'Paid on {date} · {bank} ****{account} · your settlement of {amount} won arrived.',
    ja: '{date} 入金 · {bank} ****{account} · 精算金 {amount}ウォンが入金されました。',
  },
  'notification.SETTLEMENT_TRANSFER_FAILED': {
    ko: '정산금 이체가 실패했습니다({bank} ****{account}: {reason}). 정산 계좌를 확인해 주세요.',
    en: 'Your settlement transfer failed ({bank} ****{account}: {reason}). Please check your payout account.',
    ja: '精算金の振込に失敗しました（{bank} ****{account}：{reason}）。精算口座をご確認ください。',
  },
  'notification.CHARGE_WITHDRAWN': {
    ko: '충전이 취소되어 {coins}코인이 회수되었습니다. 결제하신 금액은 결제 수단으로 환불됩니다.',
    en: 'A charge was cancelled: {coins} coins were taken back, and the payment is refunded to your payment method.',
    ja: 'チャージが取り消され、{coins}コインが回収されました。お支払い額は決済手段に返金されます。',
  },
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
  'notification.MISSION_REVIEW_REMINDER': {
    ko: '「{product}」 답변은 어떠셨나요? {actor}님께 별점과 후기를 남겨 주세요.',
    en: 'How was the answer to “{product}”? Rate it and leave {actor} a review.',
    ja: '「{product}」の回答はいかがでしたか？{actor}さんに評価とレビューを届けましょう。',
  },
  'notification.MISSION_COMMENTED': {
    ko: '{actor}님이 미션에 댓글을 남겼습니다: {excerpt}',
    en: '{actor} commented on the mission: {excerpt}',
    ja: '{actor}さんがミッションにコメントしました: {excerpt}',
  },
  // Comments or replies grouped in one row: how many, never whose words.
  'notification.grouped.MISSION_COMMENTED': {
    ko: '미션에 새 댓글 {count}개가 달렸습니다.',
    en: '{count} new comments on your mission.',
    ja: 'ミッションに新しいコメントが{count}件あります。',
  },
  'notification.grouped.COMMENT_REPLIED': {
    ko: '내 댓글에 새 답글 {count}개가 달렸습니다.',
    en: '{count} new replies to your comments.',
    ja: 'あなたのコメントに新しい返信が{count}件あります。',
  },
  // A comment the operators hid (or its reports hid) since: the notification no longer repeats its words.
  'notification.hidden.MISSION_COMMENTED': {
    ko: '{actor}님이 미션에 댓글을 남겼습니다. (운영 정책에 따라 숨겨진 댓글입니다)',
    en: '{actor} commented on the mission. (The comment was hidden under the operating policy.)',
    ja: '{actor}さんがミッションにコメントしました。（運営ポリシーにより非表示になったコメントです）',
  },
  'notification.hidden.COMMENT_REPLIED': {
    ko: '{actor}님이 내 댓글에 답글을 남겼습니다. (운영 정책에 따라 숨겨진 답글입니다)',
    en: '{actor} replied to your comment. (The reply was hidden under the operating policy.)',
    ja: '{actor}さんがあなたのコメントに返信しました。（運営ポリシーにより非表示になった返信です）',
  },
  'notification.COMMENT_REPLIED': {
    ko: '{actor}님이 내 댓글에 답글을 남겼습니다: {excerpt}',
    en: '{actor} replied to your comment: {excerpt}',
    ja: '{actor}さんがあなたのコメントに返信しました: {excerpt}',
  },
  // Deadline reminders to the creator: `{left}` is the time left (notification.left.*), `{due}` the deadline in KST.
  'notification.MISSION_DECISION_DUE_SOON': {
    ko: '{actor}님의 「{product}」 요청을 수락하거나 거절할 기한이 {left} 남았습니다({due}까지). 기한이 지나면 자동으로 환불됩니다.',
    en: 'Only {left} left to accept or refuse {actor}’s request “{product}” (until {due}); after that it is refunded automatically.',
    ja: '{actor}さんの「{product}」リクエストを承諾または拒否する期限まであと{left}です（{due}まで）。期限を過ぎると自動的に返金されます。',
  },
  'notification.MISSION_PERFORM_DUE_SOON': {
    ko: '{actor}님의 「{product}」 미션을 수행할 기한이 {left} 남았습니다({due}까지). 기한을 넘기면 환불되고 페널티가 부과됩니다.',
    en: 'Only {left} left to perform {actor}’s mission “{product}” (until {due}); a missed deadline refunds the fan and brings a penalty.',
    ja: '{actor}さんの「{product}」ミッションを実行する期限まであと{left}です（{due}まで）。期限を過ぎると返金され、ペナルティが科されます。',
  },
  'notification.EVENT_PRIZE_DUE_SOON': {
    ko: '당첨자 {actor}님에게 「{product}」 상품을 전달할 기한이 {left} 남았습니다({due}까지). 기한을 넘기면 페널티가 부과됩니다.',
    en: 'Only {left} left to deliver the prize of “{product}” to the winner {actor} (until {due}); a missed deadline brings a penalty.',
    ja: '当選者{actor}さんに「{product}」の賞品を届ける期限まであと{left}です（{due}まで）。期限を過ぎるとペナルティが科されます。',
  },
  'notification.left.day': { ko: '1일', en: '1 day', ja: '1日' },
  'notification.left.days': { ko: '{count}일', en: '{count} days', ja: '{count}日' },
  'notification.left.hours': { ko: '{count}시간', en: '{count} hours', ja: '{count}時間' },
  'mailUnsubscribe.title': { ko: '메일 수신 거부', en: 'Unsubscribe from mails', ja: 'メールの配信停止' },
  'mailUnsubscribe.question': {
    ko: '「{topic}」 알림 메일을 더 이상 받지 않으시겠습니까? 앱 알림함에는 그대로 남습니다.',
    en: 'Stop the “{topic}” notification mails? They stay in your notifications in the app.',
    ja: '「{topic}」のお知らせメールを停止しますか？アプリのお知らせ一覧には残ります。',
  },
  'mailUnsubscribe.button': { ko: '수신 거부하기', en: 'Unsubscribe', ja: '配信停止する' },
  'mailUnsubscribe.done': {
    ko: '「{topic}」 알림 메일을 더 이상 보내지 않습니다. 알림 설정에서 언제든 다시 켤 수 있습니다.',
    en: 'No more “{topic}” notification mails. You can turn them on again in your notification settings.',
    ja: '「{topic}」のお知らせメールを停止しました。通知設定からいつでも再開できます。',
  },
  'mailUnsubscribe.unknown': {
    ko: '이 수신 거부 링크는 유효하지 않습니다. 알림 설정에서 메일을 끌 수 있습니다.',
    en: 'This unsubscribe link is not valid. You can turn mails off in your notification settings.',
    ja: 'この配信停止リンクは無効です。通知設定からメールを停止できます。',
  },
  'mailUnsubscribe.settings': { ko: '알림 설정 열기', en: 'Open notification settings', ja: '通知設定を開く' },
} as const satisfies Catalog;
