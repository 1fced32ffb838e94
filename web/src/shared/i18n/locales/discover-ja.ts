import type { DiscoverMessages } from './discover';

export const discoverJa: DiscoverMessages = {
  featuredCreators: 'おすすめクリエイター',
  allCreators: 'クリエイターをすべて見る',
  recentMissions: '最近完了したミッション',
  allMissions: 'ミッションをすべて見る',
  empty: {
    browseCompleted:
      'まだ完了したミッションはありません。好きなクリエイターに最初のミッションをリクエストしてみましょう。',
    browseReserved: '進行中のミッションはありません。クリエイターを探してミッションをリクエストしてみましょう。',
    creatorMissions:
      'このクリエイターにはまだリクエストできるミッションがありません。ほかのクリエイターのミッションを見てみましょう。',
    comments: 'まだコメントはありません。最初のコメントを書いてみましょう。',
    notifications:
      'まだお知らせはありません。クリエイターをフォローしてミッションをリクエストすると、ここにお知らせが届きます。',
    managementMissions:
      'まだ受け取ったミッションはありません。クリエイターページをシェアして、ファンからのリクエストを受け付けましょう。',
    ownMissions:
      'まだ登録したミッションがありません。最初のミッションを登録して、ファンからのリクエストを受けましょう。',
    managementEvents: '登録されたイベントはありません。最初の抽選イベントを登録してファンを集めましょう。',
  },
  actions: {
    findCreators: 'クリエイターを探す',
    browseMissions: 'ミッションを見る',
    writeComment: 'コメントを書く',
    myCreatorPage: 'マイクリエイターページを見る',
    registerMission: '最初のミッションを登録する',
    registerEvent: '最初のイベントを登録する',
  },
};
