// The ja texts of ./trust.ts (the trust texts): a module of their own so that a visitor downloads only
// the chosen language's texts before the first paint (web/vite.config.ts).
import type { TrustMessages } from './trust';

export const trustJa: TrustMessages = {
  escrow: {
    title: 'コインの保管状況',
    intro: 'このミッションのコインが今どこにあるかを表示します。',
    stateHELD: '{{coins}}コイン保管中',
    stateRELEASED: 'クリエイターに支払い済み',
    stateREFUNDED: '返金済み',
    stateNOT_HELD: '保管中のコインはありません',
    stepREQUESTED: 'ミッション依頼',
    stepHELD: '{{coins}}コインを保管',
    stepACCEPTED: 'クリエイターが承諾',
    stepDEADLINE_PERFORM: '実行期限',
    stepDEADLINE_DECISION: '承諾期限',
    stepPERFORMED: 'ミッション実行',
    stepREFUSED: 'ミッション拒否',
    stepRELEASED: 'クリエイターに{{coins}}コインを支払い',
    stepRELEASED_share: 'クリエイターに{{coins}}コインを支払い（クリエイター分{{share}}コイン）',
    stepREFUNDED: '{{coins}}コインを返金',
    reasonREFUSED: 'クリエイターが拒否しました',
    reasonDECISION_EXPIRED: '承諾期限が過ぎました',
    reasonPERFORM_EXPIRED: '実行期限が過ぎました',
    reasonCANCELED: 'キャンセルされました',
    stepOWN_CANCEL: 'リクエスト取り消し（自分で取り消したリクエスト）',
    reasonNOT_WON: '当選しませんでした',
    countdown: '残り{{days}}日{{hours}}時間',
    countdownHours: '残り{{hours}}時間{{minutes}}分',
    passed: '期限切れ',
    history: 'コイン履歴を見る',
  },
  reliability: {
    onTime: '期限内実行 {{rate}}%',
    median: '平均実行 {{time}}',
    basis: '直近90日のミッション{{count}}件に基づく',
  },
  deletion: {
    title: '退会',
    intro: '退会するとアカウントと個人情報が削除され、元に戻せません。',
    open: '退会する',
    coinsTitle: '保有コイン {{coins}}コイン',
    coinsBody:
      '退会すると保有コインは失効します。チャージから7日以内の未使用コインはチャージ取消、有償コインは手数料3%を除いた一部返金を先に申請できます。',
    refundPreview:
      '今一部返金を申請すると、手数料{{fee}}コインを除いた{{coins}}コイン（{{amount}}ウォン）が返金されます。',
    refundLink: '返金の申請へ',
    heldBody: '進行中のミッションに保管された{{coins}}コインはミッションの結果に従って処理されます。',
    forfeit: '保有コインが失効することに同意します。',
    password: 'パスワード',
    passwordHelp: '本人確認のためパスワードを入力してください。',
    confirm: '退会する',
    done: '退会が完了しました。ご利用ありがとうございました。',
    failed: '退会できませんでした。もう一度お試しください。',
  },
};
