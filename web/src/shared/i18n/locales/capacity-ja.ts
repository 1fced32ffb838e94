// The ja texts of ./capacity.ts.
import type { CapacityMessages } from './capacity';

export const capacityJa: CapacityMessages = {
  button: {
    paused: '現在リクエストを受け付けていません',
    full: 'リクエストがいっぱいです ({{open}}/{{max}})',
  },
  notice: {
    defaultMessage: '少しお休みします',
    returnsOn: '{{date}}に戻ります',
  },
  responseTimes: {
    label: '応答時間',
    accept: '通常{{time}}以内に承諾',
    complete: '{{time}}以内に完了',
    basis: '直近90日間のミッションの中央値',
  },
  settings: {
    menu: 'リクエスト受付設定',
    title: 'リクエスト受付設定',
    intro:
      '新しいリクエストを一時停止したり、進行中のリクエスト数に上限を設けたりできます。受け付け済みのミッションはそのまま進みます。',
    pause: '新しいリクエストを一時停止',
    returnOn: '再開日 (任意)',
    returnOnHelp: 'この日の0時 (韓国時間) から再びリクエストを受け付けます。',
    message: 'ファンへのメッセージ (任意)',
    messageCount: '{{count}}/{{max}}',
    maxOpen: '進行中のリクエスト全体の上限 (任意)',
    productCaps: 'ミッションごとの上限',
    productCap: '{{name}}の上限',
    open: '進行中 {{count}}件',
    noLimit: '空欄なら上限なしです。',
    save: '保存',
    saved: 'リクエスト受付設定を保存しました。',
    failed: '保存できませんでした: {{reason}}',
    pausedNow: '現在、新しいリクエストを受け付けていません。',
  },
};
