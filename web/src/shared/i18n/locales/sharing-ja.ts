// The ja texts of ./sharing.ts: a module of their own so that a visitor downloads only the chosen language's texts
// before the first paint (web/vite.config.ts).
import type { SharingMessages } from './sharing';

export const sharingJa: SharingMessages = {
  section: 'シェア',
  title: '{{creator}}の{{product}}',
  share: 'シェア',
  copied: 'リンクをコピーしました。',
  copyFailed: 'リンクをコピーできませんでした：{{url}}',
  failed: '処理できませんでした。もう一度お試しください。',
  privateHint: '非公開ミッションです。共有リンクを作ると、リンクを受け取った人だけがログインせずに見られます。',
  linkActive: '共有リンクが有効です。取り消すと開けなくなります。',
  createLink: '共有リンクを作成',
  newLink: '新しいリンクを作成',
  revokeLink: 'リンクを取り消す',
  linkCreated: '共有リンクを作成しました。「シェア」を押して送りましょう。',
  linkRevoked: '共有リンクを取り消しました。',
  creatorSwitch: '完了したミッションのシェアを許可',
  creatorSwitchHint: 'オフにすると、ミッションのシェアページと共有リンクは開けなくなり、シェアボタンも表示されません。',
  creatorSwitchSaved: 'シェア設定を保存しました。',
};
