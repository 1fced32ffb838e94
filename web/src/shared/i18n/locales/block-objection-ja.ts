// The ja texts of ./block-objection.ts (the blockObjection texts): a module of their own so that a visitor downloads
// only the chosen language's texts before the first paint (web/vite.config.ts).
import type { BlockObjectionMessages } from './block-objection';

export const blockObjectionJa: BlockObjectionMessages = {
  title: '利用制限への異議申し立て',
  intro:
    '運営ポリシー違反によりログインが制限された会員・クリエイターは、制限日から{{days}}日以内に一度だけ異議を申し立てられます。本人確認のため、アカウントのメールアドレスとパスワードを入力してください。',
  email: 'メールアドレス',
  password: 'パスワード',
  reason: '異議の理由',
  reasonHelp: '制限が誤りだと考える理由をお書きください。({{count}}/{{max}}文字)',
  submit: '異議を申し立てる',
  done: '異議申し立てを受け付けました（受付番号 {{id}}）。運営者が確認のうえ結果をお知らせします。',
  failed: '異議申し立てを送信できませんでした。しばらくしてから再度お試しください。',
  link: '利用制限への異議申し立て',
  showBlock: '制限の理由を確認',
  blockTitle: 'アカウントの利用制限',
  blockedAt: '制限日: {{date}}',
  blockReason: '理由: {{reason}}',
  noReason: '記録された理由はありません（お問い合わせください）',
  objectableUntil: '異議申し立て期限: {{date}}まで',
  alreadyObjected: 'この制限にはすでに異議を申し立てています。運営者の確認をお待ちください。',
};
