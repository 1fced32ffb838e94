// The ja texts of ./notification-settings.ts: a module of their own so that a visitor downloads only the chosen
// language's texts before the first paint (web/vite.config.ts).
import type { NotificationSettingsMessages } from './notification-settings';

export const notificationSettingsJa: NotificationSettingsMessages = {
  title: '通知設定',
  intro: 'すべての通知はお知らせ一覧に残ります。トピックごとにプッシュ通知とメールを受け取るか選べます。',
  push: 'プッシュ',
  mail: 'メール',
  alimtalk: 'カカオトーク',
  alimtalkOnFile:
    'ミッション・期限・抽選・決済のお知らせは、認証済みの携帯電話番号にカカオトーク(알림톡)でも届きます。',
  alimtalkNoPhone:
    '携帯電話番号を認証すると、ミッション・期限・抽選・決済のお知らせをカカオトーク(알림톡)でも受け取れます。',
  phone: {
    title: '携帯電話番号の認証',
    intro: 'カカオトーク(알림톡)は、SMSの認証番号で確認した番号にだけ届きます。',
    confirmed: '{{phone}} 認証済み',
    unconfirmed: '{{phone}} 未認証',
    none: '携帯電話番号が登録されていません。',
    number: '携帯電話番号',
    send: '認証番号を受け取る',
    sent: '{{phone}}に認証番号を送りました。5分以内に入力してください。',
    code: '6桁の認証番号',
    confirm: '認証する',
    done: '携帯電話番号を認証しました。',
  },
  channelOf: '{{topic}} {{channel}}',
  topics: {
    MISSION_REQUESTS: '新しいミッションリクエスト',
    DEADLINE_REMINDERS: '判断・実行の期限',
    MISSION_ACCEPTED: 'ミッションの承諾',
    MISSION_COMPLETED: 'ミッション完了・賞品のお届け',
    MISSION_ENDED: '拒否・期限切れ・キャンセル(コイン返金)',
    EVENT_DRAWS: '抽選イベントの応募・結果',
    COMMENTS: 'コメントと返信',
    COINS_EXPIRING: 'コインの失効予定',
    MONEY: '決済・返金・精算',
    ACCOUNT_NOTICES: '規約の変更と運営の措置',
    MARKETING: 'イベント・特典(広告)',
  },
  marketingTitle: '広告情報の受信同意',
  marketingConsent: 'イベント・特典などの広告情報の受信に同意します(任意)',
  marketingNightConsent: '夜間(21時〜8時)にも広告情報を受け取ります(任意)',
  consentedOn: '{{date}}に同意',
  marketingHint: '同意しなくてもサービスの利用に制限はなく、いつでも撤回できます。',
  save: '通知設定を保存',
  saved: '通知設定を保存しました。',
  failed: '通知設定を保存できませんでした。しばらくしてからもう一度お試しください。',
  loadFailed: '通知設定を読み込めませんでした。',
  device: {
    title: 'この端末でプッシュ通知を受け取る',
    turnOn: 'プッシュ通知をオンにする',
    turnOff: 'プッシュ通知をオフにする',
    on: 'この端末でプッシュ通知を受け取っています。',
    off: 'この端末ではプッシュ通知を受け取りません。',
    blocked:
      'このブラウザではプッシュ通知を受け取れません。このサイトの通知がブロックされているため、アドレスバー左のサイト情報(鍵)アイコン → 通知 → 許可に変更してから、もう一度押してください。シークレットウィンドウの場合は、通常のウィンドウで開いてください。',
    needsInstall:
      'iPhone・iPadでは、ホーム画面に追加したアプリでのみプッシュ通知を受け取れます。Safariの共有ボタン →「ホーム画面に追加」の後、そのアプリでオンにしてください。',
    unsupported:
      'このブラウザではプッシュ通知を受け取れません。シークレットウィンドウの場合は通常のウィンドウで開き、そうでなければ最新のChrome・Edge・Firefox・Safari、またはホーム画面に追加したFanmissionアプリでオンにしてください。',
    refused:
      'このブラウザではプッシュ通知を受け取れません。シークレットウィンドウでは通知がブロックされるため、通常のウィンドウで開くか、ホーム画面に追加したFanmissionアプリでオンにしてください。',
    unavailable: '現在プッシュ通知を送信できません。',
    failed: 'プッシュ通知を設定できませんでした。しばらくしてからもう一度お試しください。',
  },
};
